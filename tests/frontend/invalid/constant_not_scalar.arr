-- error: 3:5: constant
-- A constant must be a scalar.
def c = [1, 2]
