-- Entry points named like the runtime's functions: entry NAME is the C function
-- arr_NAME (LANGUAGE.md section 9), and arr_alloc, arr_free, arr_set_threads, ...
-- were the runtime's own names. runtime_names_main.c calls every one of them
-- through the object file of `arrc -c`; names_test.py also runs them in an
-- executable. Their bodies allocate buffers, run parallel loops and use integer
-- powers, so the program needs the runtime functions whose names it takes.

-- A long literal of constants (data, not a chain of selects) and a parallel sum.
entry alloc(x: [n]f64): (f64, [n]f64) =
  let table = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5]
  in (sum(build([n], \i -> x[i] * table[i % 16])), build([n], \i -> table[(i * 7) % 16] + x[i]))

-- A stored intermediate (used at shifted indices), freed after its last use.
entry free(x: [n]f64): [n]f64 =
  let t = build([n], \i -> exp(x[i] * 0.001))
  in build([n], \i -> t[i] + t[(i + 1) % n] + t[(i + n - 1) % n])

entry set_threads(k: i64): i64 = k * 2 + 1

entry parallel_for(n: i64, p: i64): i64 = n ** p

entry parallel_max_chunks(x: [n]f64): f64 = maximum(x)

entry set_error(x: [n]f64) = drop(3, x)

entry pow_i64(a: [n]i64): i64 = sum(build([n], \i -> a[i] ** 2))

entry entry_table(x: f64): f64 = x + 1.0

entry entry_count(): i64 = 7

entry set_negative_dimension_error(x: [n]f64): f64 = sum(x)

-- Thirty levels of functions that each call the previous one twice: inlined once
-- per level, not 2^30 times.
def d0(x: f64): f64 = x * 0.5 + 1.0
def d1(x: f64): f64 = d0(x) * d0(x) * 0.5
def d2(x: f64): f64 = d1(x) * d1(x) * 0.5
def d3(x: f64): f64 = d2(x) * d2(x) * 0.5
def d4(x: f64): f64 = d3(x) * d3(x) * 0.5
def d5(x: f64): f64 = d4(x) * d4(x) * 0.5
def d6(x: f64): f64 = d5(x) * d5(x) * 0.5
def d7(x: f64): f64 = d6(x) * d6(x) * 0.5
def d8(x: f64): f64 = d7(x) * d7(x) * 0.5
def d9(x: f64): f64 = d8(x) * d8(x) * 0.5
def d10(x: f64): f64 = d9(x) * d9(x) * 0.5
def d11(x: f64): f64 = d10(x) * d10(x) * 0.5
def d12(x: f64): f64 = d11(x) * d11(x) * 0.5
def d13(x: f64): f64 = d12(x) * d12(x) * 0.5
def d14(x: f64): f64 = d13(x) * d13(x) * 0.5
def d15(x: f64): f64 = d14(x) * d14(x) * 0.5
def d16(x: f64): f64 = d15(x) * d15(x) * 0.5
def d17(x: f64): f64 = d16(x) * d16(x) * 0.5
def d18(x: f64): f64 = d17(x) * d17(x) * 0.5
def d19(x: f64): f64 = d18(x) * d18(x) * 0.5
def d20(x: f64): f64 = d19(x) * d19(x) * 0.5
def d21(x: f64): f64 = d20(x) * d20(x) * 0.5
def d22(x: f64): f64 = d21(x) * d21(x) * 0.5
def d23(x: f64): f64 = d22(x) * d22(x) * 0.5
def d24(x: f64): f64 = d23(x) * d23(x) * 0.5
def d25(x: f64): f64 = d24(x) * d24(x) * 0.5
def d26(x: f64): f64 = d25(x) * d25(x) * 0.5
def d27(x: f64): f64 = d26(x) * d26(x) * 0.5
def d28(x: f64): f64 = d27(x) * d27(x) * 0.5
def d29(x: f64): f64 = d28(x) * d28(x) * 0.5
def d30(x: f64): f64 = d29(x) * d29(x) * 0.5
entry call_main(x: f64): f64 = d30(x)
