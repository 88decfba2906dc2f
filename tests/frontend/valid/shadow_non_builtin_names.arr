-- Only the names of LANGUAGE.md §6 (and the differentiation operators of §8) are
-- reserved. Names the compiler uses internally (trigamma, polygamma, neg), the
-- prelude functions built on §6's operations (product over prodOuter, iterate over
-- fold), and the prelude's differentiation helpers are ordinary names a program
-- may define; its definitions are the ones used.
def trigamma(x: f64): i64 = 1
def polygamma(n: i64, x: f64): i64 = n
def neg(x: f64): f64 = 0.0 - x
def checkpoint_fits(x: f64): bool = x > 0.0
def product(x: [n]f64): i64 = 3
def iterate(x: f64): f64 = x
def hessian(x: f64): f64 = x
def hvp(x: f64): f64 = x

entry main(x: f64, v: [n]f64): (i64, i64, f64, bool, i64, f64, f64, f64, f64) =
  (trigamma(x), polygamma(1, x), neg(x), checkpoint_fits(x), product(v), iterate(x),
   hessian(x), hvp(x), lgamma(x) + digamma(x))
-- CHECK: def trigamma(x: f64): i64 =
-- CHECK: def product(x: [n]f64): i64 =
