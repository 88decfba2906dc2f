-- ARGS: --dump-after=llvm -O2 --strict-fp
-- Two parallel loops that differ only in the buffers they read (sum(b) and sum(a):
-- z * y + x and x * y + z) share one chunk function: its context is laid out in the
-- order the loop first uses its locals and buffers, so the same code serves both. The
-- steps of an unrolled recurrence compile so into one set of chunks.
-- Each access in a chunk carries an alias scope of its buffer and the others' as
-- noalias (distinct buffers never overlap; the entry's parameters and results are
-- noalias): the vectorised loop needs no run-time test of overlapping memory.
entry twice(x: [n]f64, y: [n]f64, z: [n]f64): [n]f64 =
  let a = x * y + z in
  let b = z * y + x in
  a * sum(b) + b * sum(a)
-- CHECK-LABEL: define {{.*}}@arr.entry.twice(
-- CHECK: call i64 @arrrt_parallel_for(i64 %{{[0-9]+}}, i64 2, ptr nonnull @[[SUM:arr.entry.twice.chunk[0-9]+]],
-- CHECK: call i64 @arrrt_parallel_for(i64 %{{[0-9]+}}, i64 2, ptr nonnull @[[SUM]],
-- CHECK: call i64 @arrrt_parallel_for(i64 %{{[0-9]+}}, i64 3, ptr nonnull @[[OUT:arr.entry.twice.chunk[0-9]+]],
-- CHECK-NOT: define {{.*}}@arr.entry.twice.chunk
-- CHECK: define internal {{.*}}@[[SUM]](
-- CHECK: load double, ptr {{%[0-9]+}}, align 8, !alias.scope [[XSCOPE:![0-9]+]], !noalias [[XOTHERS:![0-9]+]]
-- CHECK-NOT: define {{.*}}@arr.entry.twice.chunk
-- CHECK: define internal {{.*}}@[[OUT]](
-- CHECK-NOT: memcheck
-- CHECK: vector.body:
-- CHECK: store <{{[0-9]+}} x double> {{%[0-9]+}}, ptr {{%[0-9]+}}, align 8, !alias.scope [[OSCOPE:![0-9]+]], !noalias [[OOTHERS:![0-9]+]]
-- CHECK-NOT: memcheck
-- CHECK-NOT: define {{.*}}@arr.entry.twice.chunk
-- CHECK: [[XSCOPE]] = !{[[X:![0-9]+]]}
-- CHECK: [[XOTHERS]] = !{[[O1:![0-9]+]], [[O2:![0-9]+]]}
