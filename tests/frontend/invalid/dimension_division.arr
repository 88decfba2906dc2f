-- error: 4:18: syntax error: unexpected '/' in a dimension: dimensions allow only +, - and *
-- A dimension is a polynomial in the size variables: no division (nor %),
-- which would not always give a whole size.
entry main(x: [n / 2]f64): f64 = x[0]
