-- error: 5:11: function
-- Functions are second class.
def f(x: f64): f64 = x * 2.0
entry main(x: f64): f64 =
  let g = f
  in g(x)
