-- A library imported by imports.arr (not a test itself: only top-level .arr files are run).
def scale2 = 2.0

def dist2(a: [n]f64, b: [n]f64): f64 = sum((a - b) ** 2.0)

-- Shadows the prelude's reverse for the importing program.
def reverse<T>(x: [n]T): [n]T = x
