-- `if` is strict: both branches are evaluated and one is selected. Inside a
-- build the condition is per element, and guarded out-of-range reads stay total.
-- Pads a with b's tail, or truncates it, to b's length.
entry pad(a: [n]f64, b: [k]f64): [k]f64 = build([k], \i -> if i < n then a[i] else b[i])

entry clampIndex(a: [n]i64, idx: [k]i64): [k]i64 =
  build([k], \i -> if idx[i] >= 0 && idx[i] < n then a[idx[i]] else -1)

-- Both branches divide; the unused one may divide by zero without trapping.
entry safeDiv(a: [n]i64, b: [n]i64): [n]i64 = build([n], \i -> if b[i] == 0 then 0 - 1 else a[i] / b[i])

entry safeLog(a: [n]f64): [n]f64 = build([n], \i -> if a[i] > 0.0 then log(a[i]) else 0.0)

entry scalarIf(x: f64): (f64, i64) = (if x < 0.0 then -x else x, if x == 0.0 then 1 else 2)

-- The branches are arrays.
entry selectRow(a: [n, m]f64, b: [n, m]f64, first: bool): [m]f64 = if first then a[0] else b[n - 1]

entry nested(a: [n]i64): [n]i64 =
  build([n], \i -> if a[i] < 0 then -1 else if a[i] == 0 then 0 else 1)

-- RUN: --entry pad
-- INPUT: [1.0, 2.0] [9.0, 9.0, 9.0, 9.0]
-- EXPECT: [1.0, 2.0, 9.0, 9.0]
-- RUN: --entry pad
-- INPUT: [1.0, 2.0, 3.0] [9.0]
-- EXPECT: [1.0]
-- RUN: --entry pad
-- INPUT: empty([0]f64) [9.0, 8.0]
-- EXPECT: [9.0, 8.0]
-- RUN: --entry clampIndex
-- INPUT: [10, 20, 30] [0, 3, -1, 2]
-- EXPECT: [10, -1, -1, 30]
-- RUN: --entry safeDiv
-- INPUT: [7, 7, -7] [2, 0, 2]
-- EXPECT: [3, -1, -4]
-- RUN: --entry safeLog
-- INPUT: [1.0, -1.0, 0.0]
-- EXPECT: [0.0, 0.0, 0.0]
-- RUN: --entry scalarIf
-- INPUT: -2.5
-- EXPECT: 2.5
-- EXPECT: 2
-- RUN: --entry scalarIf
-- INPUT: 0.0
-- EXPECT: 0.0
-- EXPECT: 1
-- RUN: --entry selectRow
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] [[5.0, 6.0], [7.0, 8.0]] true
-- EXPECT: [1.0, 2.0]
-- RUN: --entry selectRow
-- INPUT: [[1.0, 2.0], [3.0, 4.0]] [[5.0, 6.0], [7.0, 8.0]] false
-- EXPECT: [7.0, 8.0]
-- RUN: --entry nested
-- INPUT: [-5, 0, 9]
-- EXPECT: [-1, 0, 1]
