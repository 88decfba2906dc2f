-- error: 5:10: unknown name 't'
-- A let binding is not in scope outside its body.
entry main(x: f64): f64 =
  let y = (let t = x * x in t + 1.0)
  in y + t
