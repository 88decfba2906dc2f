-- Size stress for the BOT: a build over a 10-element array literal of
-- expressions (Fig. 9's array-literal rule: tr [1, 0] of ten builds), and the
-- literal indexed by a computed index (Fig. 11: a gather of the transposed
-- literal).
entry ten(a: [n]f64, b: [n]f64, c: f64) =
  build([n], \i ->
    [a[i] * 2.0, a[i] + b[i], exp(a[i]), b[i] - c, sqrt(abs(a[i] * b[i])),
     max(a[i], b[i]), if a[i] > b[i] then a[i] else c, sin(b[i]) * cos(a[i]),
     f64(i) * c, a[i] / (1.0 + b[i] * b[i])])

entry picked(a: [n]f64, b: [n]f64, c: f64) =
  build([n], \i ->
    [a[i] * 2.0, a[i] + b[i], exp(a[i]), b[i] - c, sqrt(abs(a[i] * b[i])),
     max(a[i], b[i]), if a[i] > b[i] then a[i] else c, sin(b[i]) * cos(a[i]),
     f64(i) * c, a[i] / (1.0 + b[i] * b[i])][i % 10])
