-- error: 3:27: 'f32' is a reserved type name, not a variable; as a function, f32(x) converts x to f32
-- Used as a value, an element type name is a conversion function, not a variable.
entry main(x: f32): f32 = f32 + x
