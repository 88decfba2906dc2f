-- error: 3:10: unknown type 'T'
-- A type variable that is not declared.
def f(x: T): T = x
