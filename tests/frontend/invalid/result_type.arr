-- error: 4:3: result
-- The declared result type differs from the body.
def f(x: f64): i64 =
  x * 2.0
