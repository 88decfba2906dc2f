-- error: 3:5: cannot redefine built-in 'prodOuter'
-- prodOuter is a built-in of LANGUAGE.md §6, like sumOuter.
def prodOuter(x: [n]f64): f64 = 1.0
