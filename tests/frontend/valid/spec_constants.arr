-- ARGS: -D n=2000
-- LANGUAGE.md section 4: `def n = 1000`, `def scale = 0.25`, `arrc -D n=2000`.
def n = 1000
-- CHECK: def n: i64 = 2000
def scale = 0.25
-- CHECK: def scale: f64 = 0.25

entry main(a: [n]f64): [n]f64 = a * scale
-- CHECK: entry main(a: [2000]f64): [2000]f64 =
