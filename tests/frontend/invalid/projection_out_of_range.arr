-- error: 3:41: has no component
-- A pair has components 0 and 1.
entry main(t: (f64, f64)): f64 = t.0 + t.2
