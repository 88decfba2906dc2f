-- Array literals: 1-D, nested 2-D, of variables, of arrays, of bools, of
-- tuples, and with integer literals that become floats next to a float.
entry main(x: f64, y: f64, v: [n]f64, w: [n]f64):
    ([3]i64, [2]f64, [2,2]f64, [2,n]f64, [2]bool, [3]f64, ([2]f64, [2]i64), [2,2,1]i64) =
  let ints = [1, 2, 3]
  let floats = [1.5, 2.0]
  let matrix = [[1.0, 2.0], [3.0, 4.0]]
  let rows = [v, w * 2.0]
  let bools = [true, x < y]
  let mixed = [x, 1, y]
  let pairs = [(x, 1), (y, 2)]
  let cube = [[[1], [2]], [[3], [4]]]
  let one = [x]
  in (ints, floats, matrix + one[0], rows, bools, mixed, pairs, cube)
-- CHECK: let ints: [3]i64 =
-- CHECK: let floats: [2]f64 =
-- CHECK: let matrix: [2,2]f64 =
-- CHECK: let rows: [2,n]f64 =
-- CHECK: let bools: [2]bool =
-- CHECK: let mixed: [3]f64 =
-- CHECK: let pairs: ([2]f64, [2]i64) =
-- CHECK: let cube: [2,2,1]i64 =
-- CHECK: let one: [1]f64 =
