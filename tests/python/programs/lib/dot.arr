-- Imported by interface.arr (the cache key covers imports).
def dot(a: [n]f64, b: [n]f64): f64 = sum(build([n], \i -> a[i] * b[i]))
