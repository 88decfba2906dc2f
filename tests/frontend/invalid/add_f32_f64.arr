-- error: 3:37: cannot add f32 and f64
-- f32 and f64 do not mix implicitly.
entry main(x: f32, y: f64): f64 = x + y
