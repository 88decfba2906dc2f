-- error: 4:25: vjp:
-- vjp needs a cotangent after the arguments.
def f(v: [n]f64): [n]f64 = v * 2.0
entry main(v: [n]f64) = vjp(f)(v)
