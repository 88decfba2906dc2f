-- f64 f32 i64 bool: elementwise conversions between all element types.
entry main(x: f64, s: f32, i: i64, b: bool, v: [n]f64, iv: [n]i64, bv: [n]bool):
    (f64, f32, i64, bool, [n]i64, [n]f64, [n]bool, [n]f32, f64, i64) =
  let a = f64(s) + f64(i) + f64(b) + f64(x)
  let c = f32(x) + f32(i) + f32(b) + f32(s)
  let d = i64(x) + i64(s) + i64(b) + i64(i)
  let e = bool(x) && bool(s) && bool(i) && bool(b)
  let f = i64(v)
  let g = f64(iv) + f64(bv)
  let h = bool(iv)
  let k = f32(v)
  let l = f64(1) + f64(true)
  let m = i64(2.7)
  in (a, c, d, e, f, g, h, k, l, m)
-- CHECK: let a: f64 =
-- CHECK: let c: f32 =
-- CHECK: let d: i64 =
-- CHECK: let e: bool =
-- CHECK: let f: [n]i64 = i64(v)
-- CHECK: let g: [n]f64 =
-- CHECK: let h: [n]bool =
-- CHECK: let k: [n]f32 =
-- CHECK: let l: f64 =
-- CHECK: let m: i64 =
