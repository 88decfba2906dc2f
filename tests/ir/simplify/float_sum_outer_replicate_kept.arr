-- ARGS: --dump-after=simplify --verify-ir
-- sumOuter (replicate k a) is NOT a * k for floats: the sum of k copies rounds
-- differently (0.1 added ten times is 0.9999999999999999, 0.1 * 10 is 1.0).
entry main(x: [n]f64) = sumOuter(replicate(10, x))
-- INPUTS: [0.1, 1e308, -0.0]
-- CHECK-LABEL: entry main (
-- CHECK-SAME: [[X:x_[0-9]+]] : [n]f64) =
-- CHECK-NEXT: {{^  }}sumOuter (replicate 10 [[X]]){{$}}
-- CHECK-NOT: *

entry sized(a: [k]f32, x: f32) = sumOuter(replicate(k, x))
-- INPUTS(sized): [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0] 0.1
-- CHECK-LABEL: entry sized (
-- CHECK-SAME: [[A:a_[0-9]+]] : [k]f32, [[X:x_[0-9]+]] : f32) =
-- CHECK-NEXT: {{^  }}sumOuter (replicate k [[X]]){{$}}
