-- error: 3:25: syntax error: unexpected '%' in a dimension: dimensions allow only +, - and *
-- Also in a result type, after another dimension.
def f(x: [n]f64): [n, n % 2]f64 = build([n, n % 2], \i j -> x[i])
