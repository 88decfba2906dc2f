-- The five patterns of issue #37 (tests/bench/pairwise.arr, gather_rows.arr,
-- rank1_fold.arr, heat.arr, cross_entropy.arr, conv1d.arr) at small sizes, against
-- central differences, vjp against jvp: their gradients accumulate where the primal
-- replicated (pairs of rows), read back one-element and shifted scatters as gathers
-- (gathered components, stencils, the maximum's and the label's column), and keep no
-- state of a loop linear in it.
def pairwise(x: [n, d]f64): f64 =
  sum(build([n], \i -> sum(build([n], \j -> exp(-sum((x[i] - x[j]) ** 2.0))))))
entry pw(x: [n, d]f64): f64 = pairwise(x)
entry dpw(x: [n, d]f64) = grad(pairwise)(x)
entry vjpPw(x: [n, d]f64, w: f64) = vjp(pairwise)(x, w)
entry jvpPw(x: [n, d]f64, t: [n, d]f64) = jvp(pairwise)(x, t)
-- CHECK-GRAD: pw dpw [4,3]
-- CHECK-VJP-JVP: pw vjpPw jvpPw [4,3]

def weighted(cams: [nc, 4]f64, obs: [p]i64, u: [p]f64): f64 =
  sum(build([p], \i -> let c = cams[obs[i]] in (c[0] * c[1] + sin(c[2]) * c[3]) * u[i]))
entry rows(cams: [nc, 4]f64, obs: [p]i64, u: [p]f64): f64 = weighted(cams, obs, u)
entry drows(cams: [nc, 4]f64, obs: [p]i64, u: [p]f64) = grad(\c -> weighted(c, obs, u))(cams)
-- CHECK-GRAD: rows drows [3,4] [6]i64@0:3 ~[6]

def product(a: [n, k]f64, b: [k, m]f64): [n, m]f64 =
  fold(\acc p -> build([n, m], \i j -> acc[i, j] + a[i, p] * b[p, j]),
       build([n, m], \i j -> 0.0), iota(k))
def squares(a: [n, k]f64, b: [k, m]f64): f64 = sum(sum(product(a, b) ** 2.0))
entry rank1(a: [n, k]f64, b: [k, m]f64): f64 = squares(a, b)
entry drank1(a: [n, k]f64, b: [k, m]f64) = grad(squares)(a, b)
-- CHECK-GRAD: rank1 drank1 [2,3] [3,2]

def energy(u0: [n]f64): f64 =
  let u = iterate(7, \t v -> build([n], \i -> v[i] + 0.1 * (v[i - 1] - 2.0 * v[i] + v[i + 1])), u0)
  in sum(u * u)
entry heat(u0: [n]f64): f64 = energy(u0)
entry dheat(u0: [n]f64) = grad(energy)(u0)
-- CHECK-GRAD: heat dheat [9]

def xent(logits: [b, c]f64, labels: [b]i64): f64 =
  sum(build([b], \i ->
    let m = maximum(logits[i]) in
    log(sum(map(\z -> exp(z - m), logits[i]))) + m - logits[i, labels[i]])) / f64(b)
entry ce(logits: [b, c]f64, labels: [b]i64): f64 = xent(logits, labels)
entry dce(logits: [b, c]f64, labels: [b]i64) = grad(\l -> xent(l, labels))(logits)
-- CHECK-GRAD: ce dce [3,4] [3]i64@0:4

def conv(x: [n, c]f64, w: [5, c]f64): f64 =
  sum(build([n], \i -> sum(sum(build([5, c], \t k -> x[i + t - 2, k] * w[t, k])))) ** 2.0)
entry conv1d(x: [n, c]f64, w: [5, c]f64): f64 = conv(x, w)
entry dconv1d(x: [n, c]f64, w: [5, c]f64) = grad(conv)(x, w)
-- CHECK-GRAD: conv1d dconv1d [6,2] [5,2]

-- A recurrence reading x[t] at step t: the reverse sweep adds one row of x's gradient
-- per step into a state it updates in place.
def recur(x: [n, d]f64, w: [d, d]f64): f64 =
  sum(fold(\h t -> map(tanh, matvec(w, h) + x[t]), replicate(d, 0.0), iota(n)))
entry rec(x: [n, d]f64, w: [d, d]f64): f64 = recur(x, w)
entry drec(x: [n, d]f64, w: [d, d]f64) = grad(recur)(x, w)
entry vjpRec(x: [n, d]f64, w: [d, d]f64, s: f64) = vjp(recur)(x, w, s)
entry jvpRec(x: [n, d]f64, w: [d, d]f64, tx: [n, d]f64, tw: [d, d]f64) = jvp(recur)(x, w, tx, tw)
-- CHECK-GRAD: rec drec [5,3] [3,3]
-- CHECK-VJP-JVP: rec vjpRec jvpRec [5,3] [3,3]
