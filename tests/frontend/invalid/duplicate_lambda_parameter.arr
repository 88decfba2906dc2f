-- error: 3:38: parameter 'y' appears twice in this parameter list
-- A lambda binds each name once; `_` may repeat (an unused index).
entry main(x: [n]f64): f64 = sum((\y y -> y)(x, build([n], \_ -> 1.0)))
