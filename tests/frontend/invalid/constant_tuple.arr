-- error: 3:5: constant
-- A constant must be a scalar, not a tuple.
def pair = (1, 2.0)
