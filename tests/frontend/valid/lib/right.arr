import "common.arr"
def right(x: f64): f64 = shared(x) * 3.0
