-- Results of rank 0 to 4 for every element type, printed in the nested text format.
entry r0(): (f64, i64, bool, f32) = (1.5, -2, true, f32(0.25))

entry r1(x: f64): [2]f64 = [x, -x]

entry r2(): [2, 3]i64 = [[1, 2, 3], [4, 5, 6]]

entry r3(): [2, 2, 1]bool = [[[true], [false]], [[false], [true]]]

entry r4(): [1, 2, 2, 2]f32 = f32(reshape([1, 2, 2, 2], iota(8))) * f32(0.5)

entry id4(a: [p, q, r, s]f64): [p, q, r, s]f64 = a

entry sum4(a: [p, q, r, s]i64): [q, r, s]i64 = sumOuter(a)

-- RUN: --entry r0
-- EXPECT: 1.5
-- EXPECT: -2
-- EXPECT: true
-- EXPECT: 0.25
-- RUN: --entry r1
-- INPUT: 2.5
-- EXPECT: [2.5, -2.5]
-- RUN: --entry r2
-- EXPECT: [[1, 2, 3], [4, 5, 6]]
-- RUN: --entry r3
-- EXPECT: [[[true], [false]], [[false], [true]]]
-- RUN: --entry r4
-- EXPECT: [[[[0.0, 0.5], [1.0, 1.5]], [[2.0, 2.5], [3.0, 3.5]]]]
-- RUN: --entry id4
-- INPUT: [[[[1.0, 2.0]], [[3.0, 4.0]]], [[[5.0, 6.0]], [[7.0, 8.0]]]]
-- EXPECT: [[[[1.0, 2.0]], [[3.0, 4.0]]], [[[5.0, 6.0]], [[7.0, 8.0]]]]
-- RUN: --entry id4
-- INPUT: empty([1,2,0,3]f64)
-- EXPECT: empty([1,2,0,3]f64)
-- RUN: --entry sum4
-- INPUT: [[[[1, 2]], [[3, 4]]], [[[5, 6]], [[7, 8]]]]
-- EXPECT: [[[6, 8]], [[10, 12]]]
