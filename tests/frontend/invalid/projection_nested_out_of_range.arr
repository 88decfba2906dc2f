-- error: 3:45: has no component
-- t.1 is a pair; t.1.2 does not exist.
entry main(t: (f64, (i64, bool))): i64 = t.1.2
