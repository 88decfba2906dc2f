-- GradBench's `hello` eval (evals/hello/README.md): f(x) = x^2 and its derivative.

def sq(x: f64): f64 = x * x

entry square(x: f64): f64 = sq(x)

-- The gradient of `square`, 2x, by reverse mode.
entry double(x: f64): f64 = grad(sq)(x)
