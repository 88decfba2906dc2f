-- error: 5:15: unknown name 'i'
-- A lambda parameter is not in scope after the lambda.
entry main(a: [n]f64): f64 =
  let b = build([n], \i -> a[i] * 2.0)
  in b[0] + a[i]
