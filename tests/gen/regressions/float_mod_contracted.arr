-- Found by tests/gen/gen.py --seed 11 (program 162), shrunk: 1.0 % s for s squared
-- towards 1e-20 and below. LANGUAGE.md defines x % y as x - y * floor(x / y), each step
-- rounded: 0 here, as the interpreter computes it. Native code at -O2 let LLVM fuse the
-- product and the subtraction into a multiply-add, which left the product's rounding
-- error (about 1e-16, of either sign). The two instructions now forbid contraction.
entry call_main0(x1: [m]f32): ([m, m]f64, bool) =
  ((build([m, m], \i12 i13 -> 1.0) % scan(\st16 el17 -> (st16 * st16), build([m], \i23 -> f64(x1[i23])), x1)), false)
-- GEN-RUN: call_main0
-- GEN-INPUT: [1.0, 1.0, 1.0, 1.0, 0.0, -0.1]
