-- error: 4:64: the branches of 'if' have different types: [b,n]f64 and [n]f64
-- The branches of if do not broadcast, not even along a suffix (LANGUAGE.md
-- §5).
entry main(c: bool, m: [b,n]f64, v: [n]f64) = if c then m else v
