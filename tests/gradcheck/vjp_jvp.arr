-- vjp with non-scalar outputs and jvp: checked by <w, J v> = <J^T w, v> and by
-- finite differences of J v. A matrix-valued function of two inputs, a tuple
-- output with arrays of different ranks, a scalar output, an integer input
-- passed through, and vjp of a scalar function equal to grad scaled by the
-- cotangent.
def f(a: [n]f64, b: [m]f64): [n, m]f64 = build([n, m], \i j -> sin(a[i]) * exp(b[j]) + a[i] * a[i] * b[j])
entry primal(a: [n]f64, b: [m]f64): [n, m]f64 = f(a, b)
entry vjpF(a: [n]f64, b: [m]f64, w: [n, m]f64) = vjp(f)(a, b, w)
entry jvpF(a: [n]f64, b: [m]f64, ta: [n]f64, tb: [m]f64) = jvp(f)(a, b, ta, tb)

def g(m: [r, c]f64): ([c]f64, f64, [r, c]f64) = (sumOuter(m * m), sum(sumOuter(m)), tr([1, 0], tr([1, 0], m)) * 3.0)
entry primalG(m: [r, c]f64): ([c]f64, f64, [r, c]f64) = g(m)
entry vjpG(m: [r, c]f64, w: ([c]f64, f64, [r, c]f64)) = vjp(g)(m, w)
entry jvpG(m: [r, c]f64, t: [r, c]f64) = jvp(g)(m, t)

def h(k: i64, a: [n]f64): [n]f64 = a * f64(k) + exp(a) * a
entry primalH(k: i64, a: [n]f64): [n]f64 = h(k, a)
entry vjpH(k: i64, a: [n]f64, w: [n]f64) = vjp(h)(k, a, w)
entry jvpH(k: i64, a: [n]f64, t: [n]f64) = jvp(h)(k, a, t)

def s(a: [n]f64, x: f64): f64 = sum(a * a) * x
entry primalS(a: [n]f64, x: f64): f64 = s(a, x)
entry vjpS(a: [n]f64, x: f64, w: f64) = vjp(s)(a, x, w)
entry jvpS(a: [n]f64, x: f64, ta: [n]f64, tx: f64) = jvp(s)(a, x, ta, tx)
entry vjpOne(a: [n]f64, x: f64) = vjp(s)(a, x, 1.0)
entry gradS(a: [n]f64, x: f64) = grad(s)(a, x)

-- CHECK-VJP-JVP: primal vjpF jvpF [3] [2]
-- CHECK-VJP-JVP: primalG vjpG jvpG [2,3]
-- CHECK-VJP-JVP: primalH vjpH jvpH []i64@1:4 [4]
-- CHECK-VJP-JVP: primalS vjpS jvpS [3] []
-- CHECK-EQUAL: vjpOne gradS [3] []
-- CHECK-GRAD: primalS vjpOne [3] []

-- A tuple result with an integer component: its cotangent is an (ignored) i64
-- and it has no tangent.
def withIndex(a: [n]f64): ([n]f64, i64, f64) = (a * a, argmax(a), sum(exp(a)))
entry primalI(a: [n]f64): ([n]f64, i64, f64) = withIndex(a)
entry vjpI(a: [n]f64, w: ([n]f64, i64, f64)) = vjp(withIndex)(a, w)
entry jvpI(a: [n]f64, t: [n]f64) = jvp(withIndex)(a, t)
-- CHECK-VJP-JVP: primalI vjpI jvpI [4]
