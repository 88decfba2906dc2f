-- Imported by helpers.arr (a path relative to lib/, not to the main file).
def square2(x: f64): f64 = x * x
def halve(x: f64): f64 = x / 2.0
