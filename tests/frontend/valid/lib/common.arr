-- Imported by both lib/left.arr and lib/right.arr (a diamond).
def shared(x: f64): f64 = x + 1.0
