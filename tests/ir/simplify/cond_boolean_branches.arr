-- ARGS: --dump-after=simplify --verify-ir
-- cond c true false = c and cond c false true = !c; a comparison of a cond of
-- constants with a constant moves into the branches and folds.
entry main(c: bool, b: bool) = (if c then true else false, if b then false else true)
-- INPUTS: true false
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[C:c_[0-9]+]] : bool, [[B:b_[0-9]+]] : bool) =
-- CHECK-NEXT: {{^  }}([[C]], ![[B]]){{$}}

entry compare(x: i64) = (if x < 3 then 0 else 1) == 0
-- INPUTS(compare): 2
-- CHECK-LABEL: entry compare (
-- CHECK-SAME: [[X:x_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}[[X]] < 3{{$}}
