-- GradBench's `kmeans` eval (evals/kmeans/README.md): the k-means cost
-- f(P, C) = sum_i min_j |C_j - P_i|^2, and the Newton direction J H^-1, where J is the
-- gradient of f with respect to the centroids C and H its Hessian, which is diagonal.

def kmeansCost(points: [n,d]f64, centroids: [k,d]f64): f64 =
  sumOuter(build([n], \i ->
    minimum(build([k], \j -> let v = points[i] - centroids[j] in sumOuter(v * v)))))

entry cost(points: [n,d]f64, centroids: [k,d]f64): f64 = kmeansCost(points, centroids)

-- The same function written for its derivative: each point's nearest centroid is picked
-- first (the index carries no derivative, as the minimum's derivative goes to the
-- nearest centroid anyway), then its distance is computed again from that centroid. The
-- derivative then flows to one centroid per point (a scatter over the points: the
-- histogram of the eval's README) instead of through the minimum's [n, k] adjoint:
-- grad of kmeansCost takes 46 ms at k = 100, n = 10000, d = 16, this one 8 ms.
def nearestCost(points: [n,d]f64, centroids: [k,d]f64): f64 =
  sumOuter(build([n], \i ->
    let j = argmaxOuter(build([k], \j -> let v = points[i] - noGrad(centroids[j]) in -sumOuter(v * v)))
    let v = points[i] - centroids[j]
    in sumOuter(v * v)))

-- H is diagonal, so H applied to the all-ones matrix is its diagonal: one forward pass
-- over the reverse-mode gradient (a Hessian-vector product) gives J and diag(H) together.
entry dir(points: [n,d]f64, centroids: [k,d]f64): [k,d]f64 =
  let (j, h) = jvp(\c -> grad(\c' -> nearestCost(points, c'))(c))(centroids, replicate(k, replicate(d, 1.0)))
  in j / h
