-- max, min, pow, atan2: elementwise on equal shapes, a scalar with any shape.
entry main(x: f64, y: f64, v: [n]f64, w: [n]f64, i: i64, j: i64, s: f32):
    (f64, [n]f64, [n]f64, f64, [n]f64, i64, f32) =
  let a = max(x, y) + min(x, y) + pow(x, y) + atan2(y, x)
  let b = max(v, w) - min(w, v)
  let c = pow(v, 2.0) + atan2(v, w) + atan2(1.0, v)
  let d = pow(x, 3)
  let e = min(max(v, 0.0), 6.0)
  let f = max(i, j) + min(i, 0)
  let g = pow(s, s) + max(s, 1.0)
  in (a, b, c, d, e, f, g)
-- CHECK: let a: f64 =
-- CHECK: let b: [n]f64 =
-- CHECK: let c: [n]f64 =
-- CHECK: let d: f64 =
-- CHECK: let e: [n]f64 =
-- CHECK: let f: i64 =
-- CHECK: let g: f32 =
