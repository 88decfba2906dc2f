-- Totality (LANGUAGE.md §7) of Fig. 10's binary-op rule,
-- index (op t u) ix ~> op (index t ix) (index u ix).
-- Out of range, the left side reads 0.0 (false) while the right side computes
-- op 0.0 0.0: 0.0 / 0.0 = nan, (0.0 == 0.0) = true, pow 0.0 0.0 = 1.0
-- (arrc --interpret with a = c = [1.0, 2.0], i = 7: 0.0, false; after
-- --bot-all: nan, true; in a build, build([k], \i -> (a / a)[i + 1]) gives
-- [1.0, 0.0] before and [1.0, nan] after the BOT). Ops that do not map zeros
-- to zero need the guard that the rules dropping an index get.
-- EXPECTED TO FAIL until the BOT guards this case.
entry quotient(a: [k]f64, c: [k]f64, i: i64) = (a / c)[i]
-- CHECK-LABEL: entry quotient (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size k))) ((index [[A]] [[[I]]]) / (index [[C]] [[[I]]])) 0.0{{$}}

entry equal(a: [k]f64, c: [k]f64, i: i64) = (a == c)[i]
-- CHECK-LABEL: entry equal (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[C:c_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size k))) ((index [[A]] [[[I]]]) == (index [[C]] [[[I]]])) false{{$}}
