-- ARGS: --dump-after=simplify --verify-ir
-- A let whose single use is evaluated once per element (in a build, or in the
-- index function of a gather) is NOT inlined: that would recompute the value
-- for every element.

-- The use is in a build.
entry in_build(a: [k]f64) = let y = sum(a) in build([k], \i -> a[i] - y)
-- INPUTS(in_build): [1.0, 2.0, 4.5]
-- CHECK-LABEL: entry in_build (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}let [[Y:y_[0-9]+]] : f64 = sumOuter [[A]] in
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> (index [[A]] [[[I]]]) - [[Y]]){{$}}

-- The use is in a build nested in a build, the let inside the outer one.
entry nested(m: [k,p]f64) = build([k], \i -> let s = sum(m[i]) in build([p], \j -> m[i, j] / s))
-- INPUTS(nested): [[1.0, 3.0], [2.0, 2.0]]
-- CHECK-LABEL: entry nested (
-- CHECK-SAME: [[M:m_[0-9]+]] : [k,p]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> let [[S:s_[0-9]+]] : f64 = sumOuter (index [[M]] [[[I]]]) in
-- CHECK-NEXT: {{^    }}build1 p (\[[J:j_[0-9]+]] -> (index [[M]] [[[I]], [[J]]]) / [[S]])){{$}}

-- The use is in a gather's index function.
entry in_gather(a: [k]f64, j: i64) = let y = j * 2 in gather([k], a, \i -> [i + y])
-- INPUTS(in_gather): [1.0, 2.0, 4.5, 8.0] 1
-- CHECK-LABEL: entry in_gather (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}let [[Y:y_[0-9]+]] : i64 = [[J]] * 2 in
-- CHECK-NEXT: {{^  }}gather [k] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]] + [[Y]]]){{$}}
