-- error: 4:1: syntax error
-- `if` without `else`: the next declaration is unexpected.
entry main(c: bool): f64 = if c then 1.0
entry other(): f64 = 2.0
