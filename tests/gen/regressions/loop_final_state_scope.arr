-- Found by tests/gen/gen.py (seed 1, program 216 once loops were generated), shrunk by
-- hand. The loop lowering placed what reads a loop's final state in the loop's own
-- scope (where the state changes from step to step), even after the loop: the guarded
-- read of the scan's output at the fold's final state was emitted into the closed step
-- loop, and code generation failed with "safe is read before it is set".
entry main0(xs: [2, 2]i64, k: i64): i64 =
  (scan(\s e -> s + 1, xs, xs))[1][fold(\s e -> e, k, xs[0]), 0]
-- GEN-RUN: main0
-- GEN-INPUT: [[1, 1], [3, 4]]
-- GEN-INPUT: 1
-- GEN-RUN: main0
-- GEN-INPUT: [[1, 2], [3, 4]]
-- GEN-INPUT: 7
