-- A dense layer with tanh, its gradient with respect to weights and input.
def n = 10
def f(w: [n, n]f64, x: [n]f64): f64 = sum(map(tanh, matvec(w, x)) * x)
entry main(w: [n, n]f64, x: [n]f64) = grad(f)(w, x)
