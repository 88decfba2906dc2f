-- Integer and float literal forms and their default types.
entry main(): (i64, f64, f64, f64, f64, f64, bool, bool) =
  let i = 42
  let big = 9223372036854775807
  let a = 1.5
  let b = 1e-3
  let c = 2.
  let d = 0.5e2
  let e = 7e2
  let t = true
  let f = false
  in (i + big, a, b, c, d, e, t, f)
-- CHECK: entry main(): (i64, f64, f64, f64, f64, f64, bool, bool) =
-- CHECK: let i: i64 =
-- CHECK: let big: i64 =
-- CHECK: let a: f64 =
-- CHECK: let b: f64 =
-- CHECK: let c: f64 =
-- CHECK: let d: f64 =
-- CHECK: let e: f64 =
-- CHECK: let t: bool =
-- CHECK: let f: bool =

-- `2.` is a float literal even right before a closing parenthesis or an operator.
def twoDot(x: f64): f64 = x * 2.+1.
-- CHECK: def twoDot(x: f64): f64 =
