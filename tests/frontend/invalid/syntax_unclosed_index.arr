-- error: 4:1: syntax error
-- An index never closed before the next declaration.
entry main(a: [n]f64): f64 = a[0
entry other(): f64 = 2.0
