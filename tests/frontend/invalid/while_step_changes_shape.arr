-- error: 5:38: while: the step returns the state as [n,n]f64, but the initial state has type [n]f64; the state keeps one type in every step
-- A step that turns a vector state into a matrix: the error is at the step's body and
-- names both types.
entry main(v: [n]f64): [n]f64 =
  while(5, \s -> sum(s) > 0.0, \s -> build([n, n], \i j -> s[i] * s[j]), v)
