-- error: 4:29: cannot instantiate dbl
-- dbl<T> with T = bool: bool + bool does not type-check.
def dbl<T>(x: T): T = x + x
entry main(b: bool): bool = dbl(b)
