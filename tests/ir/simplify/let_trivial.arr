-- ARGS: --dump-after=simplify --verify-ir
-- let x = v in b with a trivial v (a variable, a constant or a size) is inlined
-- everywhere, even into loops and when x is used several times. Here v becomes
-- trivial only by simplification (the lowering inlines literally trivial values).

-- A constant: 2.0 * 3.0 folds to 6.0, then both uses inside the build get it.
entry constant(a: [k]f64) = let y = 2.0 * 3.0 in build([k], \i -> a[i] * y + y)
-- INPUTS(constant): [1.0, -0.5]
-- CHECK-LABEL: entry constant (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> ((index [[A]] [[[I]]]) * 6.0) + 6.0){{$}}

-- A variable: a * 1.0 is a.
entry variable(a: [k]f64) = let y = a * 1.0 in build([k], \i -> y[i] * y[0])
-- INPUTS(variable): [1.0, -0.5, 3.0]
-- CHECK-LABEL: entry variable (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> (index [[A]] [[[I]]]) * (index [[A]] [0])){{$}}

-- A size: k + 0 is the size k.
entry size(a: [k]f64) = let m = k + 0 in build([k], \i -> a[i] * f64(m) + f64(m * 2))
-- INPUTS(size): [1.0, -0.5, 3.0]
-- CHECK-LABEL: entry size (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64) =
-- CHECK-NEXT: {{^  }}build1 k (\[[I:i_[0-9]+]] -> ((index [[A]] [[[I]]]) * (f64 (size k))) + (f64 ((size k) * 2))){{$}}

-- Used several times outside loops, and inside a gather's index function.
entry index(a: [k]f64, j: i64) = let y = j * 1 in gather([2], a, \i -> [i + y]) * f64(y)
-- INPUTS(index): [1.0, -0.5, 3.0] 1
-- CHECK-LABEL: entry index (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f64, [[J:j_[0-9]+]] : i64) =
-- CHECK-NEXT: {{^  }}(gather [2] [[A]] (\[[[I:i_[0-9]+]]] -> [[[I]] + [[J]]])) * (replicate 2 (f64 [[J]])){{$}}
