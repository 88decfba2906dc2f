-- error: 4:25: vjp:
-- The cotangent must have the result's type ([n]f64).
def f(v: [n]f64): [n]f64 = v * 2.0
entry main(v: [n]f64) = vjp(f)(v, 1.0)
