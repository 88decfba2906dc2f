-- Imported by ../imports.arr; imports inner.arr relative to this file.
import "inner.arr"

def cube(x: f64): f64 = x * square2(x)
def helperSize = 4
def addAll(v: [n]f64): f64 = sumOuter(v) + halve(1.0)
