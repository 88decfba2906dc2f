-- A small realistic program: a two-layer classifier, its loss, one SGD step
-- with valueAndGrad, and a forward-mode directional derivative.
def hidden = 16

def layer(w: [o,i]f64, b: [o]f64, x: [i]f64): [o]f64 = matvec(w, x) + b

def forward(w1: [hidden,d]f64, b1: [hidden]f64, w2: [c,hidden]f64, b2: [c]f64, x: [d]f64): [c]f64 =
  let h = map(relu, layer(w1, b1, x))
  in softmax(layer(w2, b2, h))
-- CHECK: def forward(w1: [16,d]f64, b1: [16]f64, w2: [c,16]f64, b2: [c]f64, x: [d]f64): [c]f64 =
-- CHECK: let h: [16]f64 =

def batchLoss(w1: [hidden,d]f64, b1: [hidden]f64, w2: [c,hidden]f64, b2: [c]f64,
              xs: [n,d]f64, ys: [n]i64): f64 =
  let losses = build([n], \s ->
    let p = forward(w1, b1, w2, b2, xs[s])
    in -log(p[ys[s]] + 1e-12))
  in sum(losses) / f64(n)
-- CHECK: def batchLoss(w1: [16,d]f64, b1: [16]f64, w2: [c,16]f64, b2: [c]f64, xs: [n,d]f64, ys: [n]i64): f64 =
-- CHECK: let losses: [n]f64 =
-- CHECK: let p: [c]f64 =

entry train(w1: [hidden,d]f64, b1: [hidden]f64, w2: [c,hidden]f64, b2: [c]f64,
            xs: [n,d]f64, ys: [n]i64, rate: f64) =
  let (l, (g1, gb1, g2, gb2)) = valueAndGrad(\p1 p2 p3 p4 -> batchLoss(p1, p2, p3, p4, xs, ys))(w1, b1, w2, b2)
  in (l, w1 - rate * g1, b1 - rate * gb1, w2 - rate * g2, b2 - rate * gb2)
-- CHECK: entry train(w1: [16,d]f64, b1: [16]f64, w2: [c,16]f64, b2: [c]f64, xs: [n,d]f64, ys: [n]i64, rate: f64): (f64, [16,d]f64, [16]f64, [c,16]f64, [c]f64) =
-- CHECK: let (l: f64, (g1: [16,d]f64, gb1: [16]f64, g2: [c,16]f64, gb2: [c]f64)) =

entry directional(w1: [hidden,d]f64, b1: [hidden]f64, w2: [c,hidden]f64, b2: [c]f64,
                  x: [d]f64, dx: [d]f64): [c]f64 =
  let (_, t) = jvp(\v -> forward(w1, b1, w2, b2, v))(x, dx)
  in t
-- CHECK: entry directional(w1: [16,d]f64, b1: [16]f64, w2: [c,16]f64, b2: [c]f64, x: [d]f64, dx: [d]f64): [c]f64 =
