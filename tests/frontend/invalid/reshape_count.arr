-- error: 4:25: reshape:
-- error-contains: elements
-- [n]f64 has n elements, not 2*n.
entry main(a: [n]f64) = reshape([n, 2], a)
