-- error: 3:25: scatter:
-- The lambda takes two indices but the input is a vector.
entry main(v: [k]f64) = scatter([4], v, \i j -> [i])
