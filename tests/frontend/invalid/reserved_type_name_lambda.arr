-- error: 3:38: syntax error: unexpected 'bool': it is a reserved type name and cannot name anything
-- Nor a lambda's parameter.
entry main(x: [n]f64): [n]f64 = map(\bool -> bool * 2.0, x)
