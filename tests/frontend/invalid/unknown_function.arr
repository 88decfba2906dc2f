-- error: 5:6: unknown name 'foo'
-- A function that is not defined.
entry main(x: f64): f64 =
  let a = x * 2.0
  in foo(a)
