-- Floor division and remainder by powers of two (native code shifts and masks)
-- on negative, zero, positive and extreme values.
entry divs(x: [n]i64): ([n]i64, [n]i64, [n]i64, [n]i64) = (x / 2, x % 2, x / 8, x % 8)

-- RUN:
-- INPUT: [-9, -8, -7, -1, 0, 1, 7, 8, 9, -9223372036854775807]
-- EXPECT: [-5, -4, -4, -1, 0, 0, 3, 4, 4, -4611686018427387904]
-- EXPECT: [1, 0, 1, 1, 0, 1, 1, 0, 1, 1]
-- EXPECT: [-2, -1, -1, -1, 0, 0, 0, 1, 1, -1152921504606846976]
-- EXPECT: [7, 0, 1, 7, 0, 1, 7, 0, 1, 1]
