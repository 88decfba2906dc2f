-- error: 4:53: cannot apply '&&' to [b,n]bool and [n]bool: the shapes [b,n] and [n] differ, and '&&' only broadcasts a scalar
-- && and || replicate a scalar operand but do not broadcast other suffixes
-- (LANGUAGE.md §5).
entry main(m: [b,n]bool, v: [n]bool): [b,n]bool = m && v
