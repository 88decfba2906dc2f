-- error: 4:43: array literal elements have different types: [n]i64 and [n]f32
-- An i64 array that is not made of literals does not become a float.
entry main(w: [n]f32, v: [n]i64): [2][n]f32 =
  let rows = [build([n], \i -> v[i] + 1), w] in rows
