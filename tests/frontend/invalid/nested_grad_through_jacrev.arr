-- error: 4:35: nested differentiation is not supported yet: this is inside the function passed as 'f' to jacrev, which differentiates it
-- A Hessian by jacrev of a gradient: the inner grad is found through the prelude's jacrev.
def f(x: [n]f64): f64 = sum(x * x * x)
entry e(x: [n]f64) = jacrev(\x -> grad(f)(x), x)
