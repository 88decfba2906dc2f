-- Found by tests/gen/gen.py --seed 7 (program 8), shrunk; failed with --bot-all:
-- the IR after pass simplify is malformed: unbound variable j. Composing the gathers
-- substitutes i4 := 1 into a let that simplify had already walked with a non-trivial value;
-- the let, now trivial, was dropped while its body's walked nodes kept the variable.
entry main1(x1: [k]i64): [2]bool =
  gather([2], build([k], \i4 -> (if (build([k + 2, 3], \s0 s1 -> false))[0, (i4 + 1)] then false else false)), \i3 -> [1])
-- GEN-RUN: main1
-- GEN-INPUT: empty([0]i64)
