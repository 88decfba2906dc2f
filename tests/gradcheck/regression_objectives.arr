-- Classic objectives: least squares, L2-regularised logistic regression with
-- i64 labels, a Huber loss (a comparison on the residual), and a k-means-like
-- objective (the squared distance to the nearest centre, through a minimum).
def leastSquares(w: [d]f64, b: f64, x: [n, d]f64, y: [n]f64): f64 =
  sum((matvec(x, w) + b - y) ** 2.0) / f64(n)
entry loss(w: [d]f64, b: f64, x: [n, d]f64, y: [n]f64): f64 = leastSquares(w, b, x, y)
entry dloss(w: [d]f64, b: f64, x: [n, d]f64, y: [n]f64) = grad(\v c -> leastSquares(v, c, x, y))(w, b)

def logistic(w: [d]f64, x: [n, d]f64, labels: [n]i64): f64 =
  let z = matvec(x, w)
  let y = f64(labels)
  in sum(log1p(exp(-z)) + (1.0 - y) * z) + 0.1 * sum(w * w)
entry lossLogistic(w: [d]f64, x: [n, d]f64, labels: [n]i64): f64 = logistic(w, x, labels)
entry dlossLogistic(w: [d]f64, x: [n, d]f64, labels: [n]i64) = grad(logistic)(w, x, labels)

def huber(pred: [n]f64, y: [n]f64): f64 =
  sum(build([n], \i ->
    let r = abs(pred[i] - y[i])
    in if r < 0.5 then 0.5 * r * r else 0.5 * (r - 0.25)))
entry lossHuber(pred: [n]f64, y: [n]f64): f64 = huber(pred, y)
entry dlossHuber(pred: [n]f64, y: [n]f64) = grad(huber)(pred, y)

def kmeans(centres: [k, d]f64, x: [n, d]f64): f64 =
  sum(build([n], \i -> minimum(build([k], \j -> sum((x[i] - centres[j]) ** 2.0)))))
entry lossKmeans(centres: [k, d]f64, x: [n, d]f64): f64 = kmeans(centres, x)
entry dlossKmeans(centres: [k, d]f64, x: [n, d]f64) = grad(kmeans)(centres, x)

-- CHECK-GRAD: loss dloss [2] [] ~[3,2] ~[3]
-- CHECK-GRAD: lossLogistic dlossLogistic [2] [3,2] [3]i64@0:1
-- CHECK-GRAD: lossHuber dlossHuber [6] [6]
-- CHECK-GRAD: lossKmeans dlossKmeans [2,2] [3,2]

-- vjp and jvp of the objectives' residual vectors and of the objectives: the
-- least-squares residual through a lambda capturing the data, the logistic loss
-- with i64 labels passed through, the Huber terms and the distances to the
-- nearest centre.
entry residual(w: [d]f64, b: f64, x: [n, d]f64, y: [n]f64): [n]f64 = matvec(x, w) + b - y
entry vjpResidual(w: [d]f64, b: f64, x: [n, d]f64, y: [n]f64, ct: [n]f64) = vjp(\v c -> matvec(x, v) + c - y)(w, b, ct)
entry jvpResidual(w: [d]f64, b: f64, x: [n, d]f64, y: [n]f64, tw: [d]f64, tb: f64) = jvp(\v c -> matvec(x, v) + c - y)(w, b, tw, tb)
entry vjpLogistic(w: [d]f64, x: [n, d]f64, labels: [n]i64, ct: f64) = vjp(logistic)(w, x, labels, ct)
entry jvpLogistic(w: [d]f64, x: [n, d]f64, labels: [n]i64, tw: [d]f64, tx: [n, d]f64) = jvp(logistic)(w, x, labels, tw, tx)
def huberTerms(pred: [n]f64, y: [n]f64): [n]f64 =
  build([n], \i -> let r = abs(pred[i] - y[i]) in if r < 0.5 then 0.5 * r * r else 0.5 * (r - 0.25))
entry primalHuber(pred: [n]f64, y: [n]f64): [n]f64 = huberTerms(pred, y)
entry vjpHuber(pred: [n]f64, y: [n]f64, ct: [n]f64) = vjp(huberTerms)(pred, y, ct)
entry jvpHuber(pred: [n]f64, y: [n]f64, tp: [n]f64, ty: [n]f64) = jvp(huberTerms)(pred, y, tp, ty)
def nearest(centres: [k, d]f64, x: [n, d]f64): [n]f64 =
  build([n], \i -> minimum(build([k], \j -> sum((x[i] - centres[j]) ** 2.0))))
entry primalNearest(centres: [k, d]f64, x: [n, d]f64): [n]f64 = nearest(centres, x)
entry vjpNearest(centres: [k, d]f64, x: [n, d]f64, ct: [n]f64) = vjp(nearest)(centres, x, ct)
entry jvpNearest(centres: [k, d]f64, x: [n, d]f64, tc: [k, d]f64, tx: [n, d]f64) = jvp(nearest)(centres, x, tc, tx)

-- CHECK-VJP-JVP: residual vjpResidual jvpResidual [2] [] ~[3,2] ~[3]
-- CHECK-VJP-JVP: lossLogistic vjpLogistic jvpLogistic [2] [3,2] [3]i64@0:1
-- CHECK-VJP-JVP: primalHuber vjpHuber jvpHuber [6] [6]
-- CHECK-VJP-JVP: primalNearest vjpNearest jvpNearest [2,2] [3,2]
