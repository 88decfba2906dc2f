-- Found by tests/gen/gen.py (seed 10, program 206), shrunk by hand. The gradient of
-- sum(sum(matmul(a, replicate(3, replicate(2, x))))) interprets correctly, but arrc -o
-- failed with "internal error: loop lowering: cannot pull an element of a node of kind
-- 13": the gradient holds a scatter to a scalar, which was never stored. Fixed.
def loss(a: [1, 3]f64, x: f64): f64 = sumOuter(sumOuter(matmul(a, replicate(3, replicate(2, x)))))
entry loss_v(a: [1, 3]f64, x: f64): f64 = loss(a, x)
entry loss_g(a: [1, 3]f64, x: f64) = grad(loss)(a, x)
-- GEN-GRAD: loss_v loss_g | [1,3]f64 []f64
-- GEN-INPUT: [[1.0, 2.0, -0.5]]
-- GEN-INPUT: 0.75
