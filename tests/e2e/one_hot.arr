-- One-hot encodings with build and with scatter, decoded again with argmax;
-- class counts with sumOuter.
entry encode(labels: [n]i64): [n, 4]f64 = build([n, 4], \i c -> if labels[i] == c then 1.0 else 0.0)

entry encodeScatter(labels: [n]i64): [n, 4]i64 =
  build([n], \i -> scatter([4], [1], \t -> [labels[i]]))

entry decode(onehot: [n, c]f64): [n]i64 = map(argmax, onehot)

entry counts(labels: [n]i64): [4]f64 = sumOuter(build([n, 4], \i c -> if labels[i] == c then 1.0 else 0.0))

-- RUN: --entry encode
-- INPUT: [2, 0, 3]
-- EXPECT: [[0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
-- RUN: --entry encodeScatter
-- INPUT: [2, 0, 7, -1]
-- EXPECT: [[0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
-- RUN: --entry decode
-- INPUT: [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.2, 0.5, 0.5]]
-- EXPECT: [2, 0, 1]
-- RUN: --entry counts
-- INPUT: [1, 1, 3, 0, 1]
-- EXPECT: [1.0, 3.0, 0.0, 1.0]
