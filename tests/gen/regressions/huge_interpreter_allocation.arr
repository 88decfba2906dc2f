-- Found by tests/gen/gen.py (seed 2) in the sanitizer build of cmake/robustness.sh. The
-- interpreter asked operator new for 34 GB (k = 4294967181 doubles); under ASan a failed
-- operator new aborts instead of throwing std::bad_alloc, so arrc crashed instead of
-- reporting "out of memory". Arrays larger than memory plus swap are now refused up front.
entry main0(x2: [k, m]f32): bool =
  (0.0 < maxOuter(build([k], \s0 -> 0.0)))
-- GEN-RUN: main0 huge
-- GEN-INPUT: empty([4294967181,0]f32)
