-- Size variables are also i64 values in the body.
def len(a: [n]f64): i64 = n
-- CHECK: def len(a: [n]f64): i64 =
-- CHECK-NEXT: {{^ *n$}}

def mean(a: [n]f64): f64 = sumOuter(a) / f64(n)
-- CHECK: def mean(a: [n]f64): f64 =

def area(a: [n,m]f64): i64 = n * m
-- CHECK: def area(a: [n,m]f64): i64 =
-- CHECK-NEXT: (n * m)

def lastIndex(a: [n]f64): f64 = a[n - 1]

entry main(a: [n,m]f64, b: [k]f64): (i64, f64, i64, bool) =
  let total = n * m + k
  let half = k / 2
  let big = n > m
  in (total + half, mean(b) + lastIndex(b), area(a) + len(b), big)
-- CHECK: entry main(a: [n,m]f64, b: [k]f64): (i64, f64, i64, bool) =
-- CHECK: let total: i64 = ((n * m) + k)
-- CHECK: let half: i64 =
-- CHECK: let big: bool = (n > m)
