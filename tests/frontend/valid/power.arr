-- `**` is right-associative and binds tighter than unary minus; it is pow.
def powRight(a: f64, b: f64, c: f64): f64 = a ** b ** c
-- CHECK: def powRight(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: (a ** (b ** c))
def negPow(a: f64, b: f64): f64 = -a ** b
-- CHECK: def negPow(a: f64, b: f64): f64 =
-- CHECK-NEXT: (-(a ** b))
def mulPow(a: f64, b: f64, c: f64): f64 = a * b ** c
-- CHECK: def mulPow(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: (a * (b ** c))
def powMul(a: f64, b: f64, c: f64): f64 = a ** b * c
-- CHECK: def powMul(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: ((a ** b) * c)
def parenPow(a: f64, b: f64): f64 = (-a) ** b
-- CHECK: def parenPow(a: f64, b: f64): f64 =
-- CHECK-NEXT: ((-a) ** b)
def powIndex(v: [n]f64, b: f64): f64 = v[0] ** b
-- CHECK: def powIndex(v: [n]f64, b: f64): f64 =
-- CHECK-NEXT: (v[0] ** b)

entry main(a: f64, v: [n]f64): ([n]f64, f64, [n]f64) =
  let p = v ** 2.0
  let q = a ** 2
  let r = pow(v, v) + 2.0 ** v
  in (p, q + negPow(a, 3.0), r)
-- CHECK: entry main(a: f64, v: [n]f64): ([n]f64, f64, [n]f64) =
-- CHECK: let p: [n]f64 =
-- CHECK: let q: f64 =
-- CHECK: let r: [n]f64 =
