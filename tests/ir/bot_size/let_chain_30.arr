-- Size stress for the BOT: a chain of 30 lets inside a build, each bound
-- value depending on the index and on the previous binding. Every let is
-- lifted to an array (Fig. 9's dependent let rule) and every use becomes an
-- identity gather of the lifted variable: the result grows linearly.
entry chain(a: [n]f64, b: [n]f64) =
  build([n], \i ->
    let y1 = a[i] * 2.0
    let y2 = y1 + y1 * 0.5
    let y3 = y2 * b[i] + 1.0
    let y4 = sin(y3) - a[i]
    let y5 = y4 + y3 * 0.5
    let y6 = y5 * b[i] + 1.0
    let y7 = sin(y6) - a[i]
    let y8 = y7 + y6 * 0.5
    let y9 = y8 * b[i] + 1.0
    let y10 = sin(y9) - a[i]
    let y11 = y10 + y9 * 0.5
    let y12 = y11 * b[i] + 1.0
    let y13 = sin(y12) - a[i]
    let y14 = y13 + y12 * 0.5
    let y15 = y14 * b[i] + 1.0
    let y16 = sin(y15) - a[i]
    let y17 = y16 + y15 * 0.5
    let y18 = y17 * b[i] + 1.0
    let y19 = sin(y18) - a[i]
    let y20 = y19 + y18 * 0.5
    let y21 = y20 * b[i] + 1.0
    let y22 = sin(y21) - a[i]
    let y23 = y22 + y21 * 0.5
    let y24 = y23 * b[i] + 1.0
    let y25 = sin(y24) - a[i]
    let y26 = y25 + y24 * 0.5
    let y27 = y26 * b[i] + 1.0
    let y28 = sin(y27) - a[i]
    let y29 = y28 + y27 * 0.5
    let y30 = y29 * b[i] + 1.0
    in y30 + y1)
