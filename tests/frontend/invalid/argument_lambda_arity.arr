-- error: 4:33: argument
-- A two-parameter lambda where a one-parameter function is expected.
def apply(f: f64 -> f64, x: f64): f64 = f(x)
entry main(x: f64): f64 = apply(\a b -> a + b, x)
