-- A literal takes the type of the first concrete use it meets, also when that use
-- comes after it (LANGUAGE.md §2): through let, if, build, array literals, tuples,
-- and the states of fold, scan, mapAccum, iterate and while. Unconstrained literals
-- keep the defaults f64 and i64.
def pick<T>(a: T, b: T): T = a

entry main(w: [n]f32, xs: [k][n]f32, ys: [k]f32, zs: [k]f64, c: bool) =
  let decay = fold(\v x -> 0.9 * v + x * w, build([n], \_ -> 0.0), xs)
  let half = 0.5
  let scaled = half * w
  let count = 3
  let asFloat = count * ys[0]
  let chosen = if c then build([n], \_ -> 1.0) else w
  let rows = [build([n], \_ -> 2), w]
  let pair = (0.0, 0)
  let summed = fold(\s y -> (s.0 + y, s.1 + 1), pair, ys)
  let running = scan(\a y -> a + y, 0, ys)
  let carried = mapAccum(\a y -> (a * y, a), 1.0, ys)
  let iterated = iterate(4, \i s -> s + ys[i], 0.0)
  let stepped = while(10, \s -> s < 5.0, \s -> s + ys[0], 0)
  let generic = pick(2.5, ys[0])
  let longs = fold(\a z -> a + z, 0, zs)
  let plain = 1.5
  let whole = 7
  let both = [plain, 2]
  in (decay, scaled, asFloat, chosen, rows, summed, running, carried, iterated, stepped,
      generic, longs, plain, whole, both)
-- CHECK: let decay: [n]f32 =
-- CHECK: let half: f32 =
-- CHECK: let count: f32 =
-- CHECK: let chosen: [n]f32 =
-- CHECK: let rows: [2,n]f32 =
-- CHECK: let pair: (f32, i64) =
-- CHECK: let summed: (f32, i64) =
-- CHECK: let running: [k]f32 =
-- CHECK: let carried: (f32, [k]f32) =
-- CHECK: let iterated: f32 =
-- CHECK: let stepped: f32 =
-- CHECK: let generic: f32 =
-- CHECK: let longs: f64 =
-- CHECK: let plain: f64 =
-- CHECK: let whole: i64 =
-- CHECK: let both: [2]f64 =
