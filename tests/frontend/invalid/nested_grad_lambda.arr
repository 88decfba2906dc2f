-- error: 3:33: nested differentiation
-- A grad inside a lambda being differentiated.
entry main(x: f64) = grad(\a -> grad(\b -> a * b * b)(a))(x)
