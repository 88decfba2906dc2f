-- error: 3:31: unknown name 'y'
-- A variable that is not in scope.
entry main(x: f64): f64 = x + y
