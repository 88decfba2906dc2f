-- error: 5:29: nested differentiation is not supported yet: this is inside the function passed as 'g' to wrap, which differentiates it
-- The outer jvp is applied to a function parameter; the inner grad is in the named
-- function passed through it, via another function.
def f(x: [n]f64): f64 = sum(x * x * x)
def gr(x: [n]f64): [n]f64 = grad(f)(x)
def tangent(h: [n]f64 -> [n]f64, x: [n]f64): [n]f64 = (jvp(h)(x, x)).1
def wrap(g: [n]f64 -> [n]f64, x: [n]f64): [n]f64 = tangent(g, x)
entry e(x: [n]f64) = wrap(gr, x)
