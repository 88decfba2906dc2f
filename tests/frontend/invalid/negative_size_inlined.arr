-- error: 6:33: size m of take is n-3 = -1 here, a negative size
-- ARGS: --dump-after=core
-- Known only once first3 is inlined with n = 2 (when arrc lowers the program):
-- still a compile-time error, at the call that binds the size, with a note at
-- the call of first3.
def first3(x: [n]f64): [3]f64 = take(3, x)
entry main(x: [2]f64): [3]f64 = first3(x)
