-- Size variables with `*` dimensions: flattening with reshape, products of
-- dimensions, and equality of products up to normalisation.
def flatten(a: [m,n]f64): [m*n]f64 = reshape([m*n], a)
-- CHECK: def flatten(a: [m,n]f64): [m*n]f64 =

def flattenSwapped(a: [m,n]f64): [n*m]f64 = reshape([m*n], a)
-- CHECK: def flattenSwapped(a: [m,n]f64): [{{m\*n|n\*m}}]f64 =

def regroup(a: [m,n,p]f64): [m,n*p]f64 = reshape([m, n*p], a)
-- CHECK: def regroup(a: [m,n,p]f64): [m,n*p]f64 =

def cube(a: [n]f64): [n*n*n]f64 =
  reshape([n*n*n], build([n, n, n], \i j k -> a[i] * a[j] * a[k]))
-- CHECK: def cube(a: [n]f64): [{{.*}}]f64 =

entry main(x: [m,n]f64, y: [n,m]f64): [m*n]f64 =
  let fx = flatten(x)
  let fy = flattenSwapped(y)
  let g = regroup(reshape([m, n, 1], x))
  in fx + fy + g[0, 0]
-- CHECK: entry main(x: [m,n]f64, y: [n,m]f64): [m*n]f64 =
-- CHECK: let fx: [m*n]f64 =
-- CHECK: let fy: [m*n]f64 =
-- CHECK: let g: [m,n]f64 =
