-- ARGS: --dump-after=simplify --bot-all --verify-ir
-- Gathers of gathers made by the BOT: a let-bound gather inside a build
-- becomes a gather over all i, read by a second gather; the let is used once
-- (outside loops, after the BOT), so it is inlined and the gathers compose.

-- Element 0 of each window: r[i][0] = a[0 + i] when 0 < n (for n = 0 there is
-- nothing to read); the check 0 < n stays as the guard.
entry main(a: [n]f64) = build([n], \i -> let r = gather([n], a, \j -> [j + i]) in r[0])
-- INPUTS: [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[A:a_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}gather [n] [[A]] (\[[[I:i_[0-9]+]]] -> [cond (true && (0 < (size n))) [[I]] (-1)]){{$}}

-- With a constant size 3 the constant 2 is known to be in range: no guard,
-- and the index (j + i) at j = 2 is i + 2. Past the end of a the read is zero.
entry window(a: [3]f64) = build([3], \i -> let r = gather([3], a, \j -> [j + i]) in r[2])
-- INPUTS(window): [1.0, 2.0, 3.0]
-- CHECK-LABEL: entry window (
-- CHECK-SAME: [[A:a_[0-9]+]] : [3]f64) =
-- CHECK-NEXT: {{^  }}gather [3] [[A]] (\[[[I:i_[0-9]+]]] -> [2 + [[I]]]){{$}}

-- Reading outside the window (index 3 of a window of 3): guarded, so zeros
-- although a[i + 3] exists.
entry outside(a: [6]f64) = build([3], \i -> let r = gather([3], a, \j -> [j + i]) in r[3])
-- INPUTS(outside): [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
-- CHECK-LABEL: entry outside (
-- CHECK-SAME: [[A:a_[0-9]+]] : [6]f64) =
-- CHECK-NEXT: {{^  }}gather [3] [[A]] (\[{{i_[0-9]+}}] -> [-1]){{$}}
