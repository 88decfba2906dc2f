-- Forward and reverse mode through array literals with a constant (inactive)
-- element. The bulk-operation transform turns `if` inside a build into a gather
-- from the literal [then-branch, else-branch], so a build whose if has a
-- constant branch (a prefix sum, a relu written with if) also goes through this.
-- Each function is checked with vjp/jvp and its sum with grad.
def lit(x: f64): [3]f64 = [x * x, 2.0, x]
entry primalLit(x: f64): [3]f64 = lit(x)
entry vjpLit(x: f64, w: [3]f64) = vjp(lit)(x, w)
entry jvpLit(x: f64, t: f64) = jvp(lit)(x, t)
entry lossLit(x: f64): f64 = sum(lit(x))
entry dlossLit(x: f64) = grad(\y -> sum(lit(y)))(x)

def rows(a: [n]f64): [2, n]f64 = [replicate(n, 0.5), exp(a)]
entry primalRows(a: [n]f64): [2, n]f64 = rows(a)
entry vjpRows(a: [n]f64, w: [2, n]f64) = vjp(rows)(a, w)
entry jvpRows(a: [n]f64, t: [n]f64) = jvp(rows)(a, t)

def reluIf(a: [n]f64): [n]f64 = build([n], \i -> if a[i] > 0.0 then a[i] * a[i] else 0.0)
entry primalRelu(a: [n]f64): [n]f64 = reluIf(a)
entry vjpRelu(a: [n]f64, w: [n]f64) = vjp(reluIf)(a, w)
entry jvpRelu(a: [n]f64, t: [n]f64) = jvp(reluIf)(a, t)
entry lossRelu(a: [n]f64): f64 = sum(reluIf(a))
entry dlossRelu(a: [n]f64) = grad(\x -> sum(reluIf(x)))(a)

def cumsum(a: [n]f64): [n]f64 = build([n], \i -> sum(build([n], \j -> if j <= i then a[j] else 0.0)))
entry primalCumsum(a: [n]f64): [n]f64 = cumsum(a)
entry vjpCumsum(a: [n]f64, w: [n]f64) = vjp(cumsum)(a, w)
entry jvpCumsum(a: [n]f64, t: [n]f64) = jvp(cumsum)(a, t)

-- CHECK-VJP-JVP: primalLit vjpLit jvpLit []
-- CHECK-GRAD: lossLit dlossLit []
-- CHECK-VJP-JVP: primalRows vjpRows jvpRows [3]
-- CHECK-VJP-JVP: primalRelu vjpRelu jvpRelu [6]
-- CHECK-GRAD: lossRelu dlossRelu [6]
-- CHECK-VJP-JVP: primalCumsum vjpCumsum jvpCumsum [5]
-- CHECK-OUTPUT: jvpLit
-- INPUT: 3.0 0.5
-- EXPECT: [9.0, 2.0, 3.0] [3.0, 0.0, 0.5]
