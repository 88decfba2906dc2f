-- Found by tests/gen/gen.py (seed 2), shrunk by hand; fixed in 0493d34. With --bot-all, simplify shares
-- the range test of the index n + 2 (bound to j by a let) and unshare places that
-- shared test before the let: "the IR after 'unshare' is malformed: unbound variable j".
entry main0(x1: [n]f64): f64 = tan(concat(build([2], \s -> 0.0), x1)[n + 2])
-- GEN-RUN: main0
-- GEN-INPUT: [1.0]
-- GEN-RUN: main0
-- GEN-INPUT: empty([0]f64)
