-- ARGS: --dump-after=llvm -O2
-- By default (LANGUAGE.md section 9) float arithmetic may be contracted: the
-- multiply and the add of a * x + y carry LLVM's `contract` flag, so that the
-- back end fuses them into an FMA where the CPU has one.
entry axpy(a: f64, x: [n]f64, y: [n]f64): [n]f64 = a * x + y
-- CHECK: define {{.*}}@arr.entry.axpy
-- CHECK: vector.body:
-- CHECK: = fmul contract <[[W:[0-9]+]] x double>
-- CHECK: = fadd contract <[[W]] x double>
