-- customVjp(f, rule) and customJvp(f, rule) outside differentiation: the value of f,
-- called directly, passed to map and fold, inside build, combined, with tuples and
-- integer parameters; the rules are never run.
def lse(x: [n]f64): f64 = let m = maximum(x) in m + log(sum(map(\v -> exp(v - m), x)))
def lseRule(x: [n]f64, y: f64, ct: f64): [n]f64 = map(\v -> ct * exp(v - y), x)

entry stableLse(x: [n]f64): f64 = customVjp(lse, lseRule)(x)

-- A rule that would give wrong values if it were evaluated instead of f.
entry squares(x: [n]f64): [n]f64 =
  map(customJvp(\v -> v * v, \v y t -> 100.0 * t), x)

entry folded(x: [n]f64, w: f64): f64 =
  fold(customVjp(\s v -> s * w + v, \s v y ct -> (ct * w, ct)), 0.0, x)

entry both(x: [n]f64, k: i64): [n]f64 =
  build([n], \i -> customJvp(customVjp(\v j -> v * f64(j), \v j y ct -> ct), \v j y t -> t)(x[i], k + i))

entry pair(a: f64, b: f64): (f64, f64) =
  customVjp(\u v -> (u + v, u * v), \u v y ct -> (ct.0 + ct.1 * v, ct.0 + ct.1 * u))(a, b)

-- RUN: --entry stableLse
-- INPUT: [1000.0, 1000.0]
-- EXPECT: 1000.6931471805599
-- RUN: --entry squares
-- INPUT: [1.0, -2.0, 3.0]
-- EXPECT: [1.0, 4.0, 9.0]
-- RUN: --entry folded
-- INPUT: [1.0, 2.0, 3.0] 2.0
-- EXPECT: 11.0
-- RUN: --entry both
-- INPUT: [1.0, 2.0, 3.0] 2
-- EXPECT: [2.0, 6.0, 12.0]
-- RUN: --entry pair
-- INPUT: 2.0 3.0
-- EXPECT: 5.0
-- EXPECT: 6.0
