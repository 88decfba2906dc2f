-- Entry points: no parameters, tuple results (nested), tuple parameters,
-- several entries in one file, and entries calling functions.
entry constant(): f64 = 1.5
-- CHECK: entry constant(): f64 =

entry noParamsArray(): [3]i64 = [1, 2, 3]
-- CHECK: entry noParamsArray(): [3]i64 =

entry inferred() = (1, 2.5, true)
-- CHECK: entry inferred(): (i64, f64, bool) =

entry tupleResult(v: [n]f64): (f64, ([n]f64, i64)) = (sumOuter(v), (v, n))
-- CHECK: entry tupleResult(v: [n]f64): (f64, ([n]f64, i64)) =

entry tupleParam(p: (f64, [n]f64), q: ((i64, bool), [n,m]f32)): [n]f64 =
  p.1 * p.0 + f64(q.0.0)
-- CHECK: entry tupleParam(p: (f64, [n]f64), q: ((i64, bool), [n,m]f32)): [n]f64 =

entry arrayOfTuples(p: [n](f64, bool)): [n]f64 = p.0
-- CHECK: entry arrayOfTuples(p: ([n]f64, [n]bool)): [n]f64 =

entry allElemTypes(a: [n]f64, b: [n]f32, c: [n]i64, d: [n]bool): [n]f64 =
  a + f64(b) + f64(c) + f64(d)
-- CHECK: entry allElemTypes(a: [n]f64, b: [n]f32, c: [n]i64, d: [n]bool): [n]f64 =

entry callsOther(x: f64): f64 = helper() + x
-- CHECK: entry callsOther(x: f64): f64 =

def helper(): f64 = 2.0
-- CHECK: def helper(): f64 =
