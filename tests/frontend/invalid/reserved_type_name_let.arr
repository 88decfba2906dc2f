-- error: 4:7: syntax error: unexpected 'f32': it is a reserved type name and cannot name anything
-- Element type names are keywords: f32 cannot name a variable.
entry main(x: f64): f64 =
  let f32 = x * 2.0
  in f32
