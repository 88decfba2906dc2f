-- error: 3:41: nested differentiation
-- A jvp inside a vjp.
entry main(x: f64, ct: f64) = vjp(\a -> jvp(\b -> sin(b))(a, 1.0).1)(x, ct)
