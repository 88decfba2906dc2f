-- Sizes with `-` (LANGUAGE.md §3): differences of neighbours ([n - 1]) and a
-- valid convolution ([n - k + 1]), differentiated with respect to the signal and
-- the kernel.
def diff(x: [n]f64): [n - 1]f64 = build([n - 1], \i -> x[i + 1] - x[i])
def conv(x: [n]f64, w: [k]f64): [n - k + 1]f64 =
  build([n - k + 1], \i -> sum(build([k], \j -> x[i + j] * w[j])))

def smooth(x: [n]f64, w: [k]f64): f64 = sum(square(diff(conv(x, w)))) + sum(diff(x) * diff(x))
entry loss(x: [n]f64, w: [k]f64): f64 = smooth(x, w)
entry dloss(x: [n]f64, w: [k]f64) = grad(smooth)(x, w)

entry primal(x: [n]f64, w: [k]f64): [n - k]f64 = diff(conv(x, w))
entry vjpPrimal(x: [n]f64, w: [k]f64, ct: [n - k]f64) = vjp(\a b -> diff(conv(a, b)))(x, w, ct)
entry jvpPrimal(x: [n]f64, w: [k]f64, tx: [n]f64, tw: [k]f64) = jvp(\a b -> diff(conv(a, b)))(x, w, tx, tw)

-- CHECK-GRAD: loss dloss [6] [3]
-- CHECK-VJP-JVP: primal vjpPrimal jvpPrimal [6] [3]
