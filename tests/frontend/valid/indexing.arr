-- Indexing: full, partial (a sub-array), chained, with computed indices.
entry main(a: [n]f64, m: [n,k]f64, c: [p,q,r]f64, is: [n]i64, i: i64):
    (f64, [k]f64, f64, [r]f64, [q,r]f64, f64, f64, f64) =
  let x = a[i]
  let row = m[i]
  let cell = m[i, 0]
  let fiber = c[0, i]
  let slab = c[i]
  let chained = c[0][1][2]
  let computed = a[is[i] * 2 + 1 - i % 3]
  let viaN = m[n - 1, k - 1]
  in (x, row, cell, fiber, slab, chained, computed, viaN)
-- CHECK: entry main(a: [n]f64, m: [n,k]f64, c: [p,q,r]f64, is: [n]i64, i: i64): (f64, [k]f64, f64, [r]f64, [q,r]f64, f64, f64, f64) =
-- CHECK: let x: f64 = a[i]
-- CHECK: let row: [k]f64 = m[i]
-- CHECK: let cell: f64 =
-- CHECK: let fiber: [r]f64 =
-- CHECK: let slab: [q,r]f64 =
-- CHECK: let chained: f64 =
-- CHECK: let computed: f64 =
-- CHECK: let viaN: f64 =
