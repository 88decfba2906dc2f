-- Indices computed inside the differentiated function: an i64 index array built
-- in the function, ranks computed by comparing float elements (a sort by
-- scatter to the rank), a top-1 selection by argmax, and histogram-weighted
-- sums. The indices carry no derivative; the values moved by them do.
def viaIndexArray(a: [n]f64): f64 =
  let idx = build([n], \i -> (i * 2 + 1) % n)
  in sum(gather([n], a, \i -> [idx[i]]) * exp(a))
entry loss(a: [n]f64): f64 = viaIndexArray(a)
entry dloss(a: [n]f64) = grad(viaIndexArray)(a)

def ranks(a: [n]f64): [n]i64 = build([n], \i -> sum(build([n], \j -> if a[j] < a[i] then 1 else 0)))
def sorted(a: [n]f64): [n]f64 = let r = ranks(a) in scatter([n], a, \i -> [r[i]])
def sortLoss(a: [n]f64): f64 = sum(sorted(a) * build([n], \i -> f64(i * i) + 0.5)) + sorted(a)[0] * sorted(a)[n - 1]
entry lossSort(a: [n]f64): f64 = sortLoss(a)
entry dlossSort(a: [n]f64) = grad(sortLoss)(a)

def top(a: [n]f64, b: [n]f64): f64 = let k = argmax(a * b) in a[k] * b[k] + b[(k + 1) % n]
entry lossTop(a: [n]f64, b: [n]f64): f64 = top(a, b)
entry dlossTop(a: [n]f64, b: [n]f64) = grad(top)(a, b)

def binned(a: [n]f64, x: [n]f64): f64 =
  let bins = build([n], \i -> i64(floor((x[i] + 1.0) * 2.0)))
  let sums = scatter([4], a * x, \i -> [bins[i]])
  in sum(sums * sums)
entry lossBinned(a: [n]f64, x: [n]f64): f64 = binned(a, x)
entry dlossBinned(a: [n]f64, x: [n]f64) = grad(binned)(a, x)

entry primal(a: [n]f64): [n]f64 = sorted(a) * sorted(a)
entry vjpPrimal(a: [n]f64, w: [n]f64) = vjp(\x -> sorted(x) * sorted(x))(a, w)
entry jvpPrimal(a: [n]f64, t: [n]f64) = jvp(\x -> sorted(x) * sorted(x))(a, t)

-- CHECK-GRAD: loss dloss [5]
-- CHECK-GRAD: lossSort dlossSort [6]
-- CHECK-GRAD: lossTop dlossTop [5] [5]
-- CHECK-GRAD: lossBinned dlossBinned [6] [6]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [6]
