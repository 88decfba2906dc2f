-- Suffix broadcasting (LANGUAGE.md §5): an operand whose shape is a proper
-- suffix of the other's is replicated along the missing leading dimensions, in
-- every arithmetic operator, comparison and binary built-in, in either order.
-- The result has the longer shape; comparisons give bool.
entry main(m: [b,n]f64, v: [n]f64, t: [a,b,n]f64, iv: [n]i64, im: [b,n]i64):
    ([b,n]f64, [b,n]f64, [a,b,n]f64, [a,b,n]f64, [b,n]bool, [a,b,n]bool, [b,n]i64, [b,n]f64) =
  let plus = m + v
  let minus = v - m
  let rows = t * v
  let planes = m / t
  let compare = v < m
  let equal = t == m
  let ints = im % iv + iv * im - iv
  let builtins = max(m, v) + min(v, m) + pow(m, v) + atan2(v, m) + v ** m
  in (plus, minus, rows, planes, compare, equal, ints, builtins)
-- CHECK: let plus: [b,n]f64 = (m + v)
-- CHECK: let minus: [b,n]f64 = (v - m)
-- CHECK: let rows: [a,b,n]f64 = (t * v)
-- CHECK: let planes: [a,b,n]f64 = (m / t)
-- CHECK: let compare: [b,n]bool = (v < m)
-- CHECK: let equal: [a,b,n]bool = (t == m)
-- CHECK: let ints: [b,n]i64 =
-- CHECK: let builtins: [b,n]f64 =
