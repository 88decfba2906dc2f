-- Lexical structure and layout: comments everywhere, identifiers with digits,
-- underscores and primes, expressions spread over lines, float literal forms.
def x_1' = 3   -- a constant whose name has a digit, an underscore and a prime

def f'(a_b: f64, c'': f64): f64 =   -- primes in parameter names
  a_b
    * c''      -- continues on the next line
    + 1.

entry main(v: [n]f64): [n]f64 =
  let w' = v * f64(x_1')
  -- a comment between bindings
  let w'' = build([n], \i_0 -> f'(w'[i_0], 2.0))
  in w''

entry numbers(): (f64, f64, f64, f64, i64) = (1e3, 1.5E-2, 2., 0.125, 007)

-- RUN:
-- INPUT: [1.0, -0.5]
-- EXPECT: [7.0, -2.0]
-- RUN: --entry numbers
-- EXPECT: 1000.0
-- EXPECT: 0.015
-- EXPECT: 2.0
-- EXPECT: 0.125
-- EXPECT: 7
