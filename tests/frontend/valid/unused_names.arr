-- `_` names a value that is not used: it may appear several times in a lambda
-- (an index build does not need) and in a pattern, and shadowing in an inner
-- scope is not a repetition.
entry main(x: [n]f64): ([n, 2]f64, f64) =
  let grid = build([n, 2], \_ _ -> 1.0)
  let (_, _) = (1.0, 2.0)
  let y = (\x -> x * 2.0)(x)
  in (grid, sum(y))
