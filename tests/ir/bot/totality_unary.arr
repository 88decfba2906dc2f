-- Totality (LANGUAGE.md §7) of Fig. 10's unary-op rule, index (op t) ix ~> op (index t ix).
-- The rule keeps the index, but when it is out of range the left side reads
-- 0.0 while the right side computes op 0.0, and exp 0.0 = 1.0
-- (arrc --interpret: `exp(a)[7]` with a = [1.0, 2.0] is 0.0, after
-- --bot-all 1.0). For an op that does not map 0 to 0 the result must be
-- guarded as for the rules that drop an index:
--   cond ((0 <= i) && (i < k)) (exp (index a [i])) 0.0
-- EXPECTED TO FAIL until the BOT guards this case (arrc gives exp (index a [i])).
entry ex(a: [k]f64, i: i64) = exp(a)[i]
-- CHECK-LABEL: entry ex (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size k))) (exp (index [[A]] [[[I]]])) 0.0{{$}}

-- The same for `!` on booleans: out of range reads false, !false is true.
entry negation(a: [k]bool, i: i64) = (!a)[i]
-- CHECK-LABEL: entry negation (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]bool, [[I:i_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}cond ((0 <= [[I]]) && ([[I]] < (size k))) (!(index [[A]] [[[I]]])) false{{$}}
