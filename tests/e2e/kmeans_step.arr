-- One k-means step: squared distances, nearest centroid via argmax of the
-- negated distances, then new centroids from scatter-added sums and counts.
def distances(x: [n, d]f64, c: [k, d]f64): [n, k]f64 =
  build([n, k], \i j -> sum((x[i] - c[j]) ** 2.0))

def assign(x: [n, d]f64, c: [k, d]f64): [n]i64 =
  map(\row -> argmax(-row), distances(x, c))

entry dists(x: [n, d]f64, c: [k, d]f64): [n, k]f64 = distances(x, c)

entry assignment(x: [n, d]f64, c: [k, d]f64): [n]i64 = assign(x, c)

entry step(x: [n, d]f64, c: [k, d]f64): ([k, d]f64, [k]i64) =
  let a = assign(x, c)
  let sums = scatter([k], x, \i -> [a[i]])
  let counts = scatter([k], replicate(n, 1), \i -> [a[i]])
  in (build([k], \j -> if counts[j] == 0 then c[j] else sums[j] / f64(counts[j])), counts)

-- RUN: --entry dists
-- INPUT: [[0.0, 0.0], [3.0, 4.0], [1.0, 1.0]] [[0.0, 1.0], [3.0, 3.0]]
-- EXPECT: [[1.0, 18.0], [18.0, 1.0], [1.0, 8.0]]
-- RUN: --entry assignment
-- INPUT: [[0.0, 0.0], [3.0, 4.0], [1.0, 1.0]] [[0.0, 1.0], [3.0, 3.0]]
-- EXPECT: [0, 1, 0]
-- RUN: --entry assignment
-- INPUT: [[1.0], [2.0]] [[0.0], [2.0], [4.0]]
-- EXPECT: [0, 1]
-- RUN: --entry step
-- INPUT: [[0.0, 0.0], [3.0, 4.0], [1.0, 1.0]] [[0.0, 1.0], [3.0, 3.0]]
-- EXPECT: [[0.5, 0.5], [3.0, 4.0]]
-- EXPECT: [2, 1]
-- RUN: --entry step
-- INPUT: [[1.0], [2.0]] [[0.0], [2.0], [9.0]]
-- EXPECT: [[1.0], [2.0], [9.0]]
-- EXPECT: [1, 1, 0]
-- RUN: --entry step
-- INPUT: [[1.0, 2.0]] [[0.0]]
-- EXPECT-ERROR: disagree on size d
