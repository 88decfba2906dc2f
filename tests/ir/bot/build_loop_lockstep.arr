-- A loop inside a build becomes one loop whose state and elements gain the build's
-- dimension: the b loops run in lock-step. The elements [b, n] are transposed so that
-- step t reads row t, a captured value that does not depend on the build's index is
-- captured as it is, and the step is the old one built over the lanes (in normal form).
entry lockstep(m: [b, n]f64, w: f64): [b]f64 = build([b], \i -> fold(\a x -> a * w + x, f64(i), m[i]))
-- CHECK-LABEL: entry lockstep (
-- CHECK-SAME: [[M:m_[0-9]+]] : [b,n]f64, [[W:w_[0-9]+]] : f64) =
-- CHECK: let [[L:loop_[0-9]+]] : [b]f64 = loop n [gather [b] {{.*}}] [tr [1, 0] (gather [b] {{.*}})] [[[W]]] (\[[S:s_[0-9]+]] [[X:x_[0-9]+]] [[C:w_[0-9]+]] ->
-- CHECK-NEXT: ((gather [b] [[S]] (\[[[LANE:lane_[0-9]+]]] -> [[[LANE]]])) * (replicate b [[C]])) + (gather [b] [[X]] (\[[[LANE]]] -> [[[LANE]]]))) in
-- CHECK-NEXT: gather [b] [[L]] (\[{{i_[0-9]+}}] -> [{{i_[0-9]+}}])
