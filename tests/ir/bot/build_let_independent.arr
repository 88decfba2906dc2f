-- Fig. 9, build1 of let whose bound value does not mention the index:
-- build1 k (\i. let x = v in u) ~> let x = v in build1 k (\i. u).
-- (The paper's single let rule would bind x' = replicate k v and read it back
-- with gather [k] x' (\[i] -> [i]): the same array, bigger; arrc keeps the let
-- outside instead.) The let binds a scalar, not a [k] array.
entry f(a: [k]f64, x: f64) = build([k], \i -> let y = x * 2.0 in y + a[i])
-- CHECK-LABEL: entry f (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[X:x_[0-9]+]] : f64) =
-- CHECK-NEXT: {{^  }}let [[Y:y_[0-9]+]] : f64 = [[X]] * 2.0 in{{$}}
-- CHECK-NEXT: {{^  }}(replicate k [[Y]]) + (gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]]])){{$}}
