-- Compile-time constants: integer constants in types (printed by value) and in
-- expressions, float constants, and constants defined from other constants.
def n = 4
-- CHECK: def n: i64 = 4
def scale = 0.25
-- CHECK: def scale: f64 = 0.25
def eps = 1e-8
-- CHECK: def eps: f64 =
def flag = true
-- CHECK: def flag: bool = true

def scaled(a: [n]f64): [n]f64 = a * scale + eps
-- CHECK: def scaled(a: [4]f64): [4]f64 =

entry main(a: [n]f64, b: [4]f64): (f64, i64) =
  let s = scaled(a) + b
  let k = n * 3
  let z = if flag then f64(k) else scale
  in (sum(s) + z, k)
-- CHECK: entry main(a: [4]f64, b: [4]f64): (f64, i64) =
-- CHECK: let s: [4]f64 =
-- CHECK: let k: i64 =
-- CHECK: let z: f64 =
