import "common.arr"
def left(x: f64): f64 = shared(x) * 2.0
