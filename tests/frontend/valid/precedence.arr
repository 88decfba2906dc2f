-- Operator precedence and associativity, checked on the fully parenthesised dump:
-- || < && < comparisons < + - < * / % < unary - ! < ** (right-associative).
def addMul(a: f64, b: f64, c: f64): f64 = a + b * c
-- CHECK: def addMul(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: (a + (b * c))
def mulAdd(a: f64, b: f64, c: f64): f64 = a * b + c
-- CHECK: def mulAdd(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: ((a * b) + c)
def subLeft(a: f64, b: f64, c: f64): f64 = a - b - c
-- CHECK: def subLeft(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: ((a - b) - c)
def addSub(a: f64, b: f64, c: f64): f64 = a + b - c
-- CHECK: def addSub(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: ((a + b) - c)
def divLeft(a: f64, b: f64, c: f64): f64 = a / b / c
-- CHECK: def divLeft(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: ((a / b) / c)
def divMulMod(a: i64, b: i64, c: i64): i64 = a / b * c % a
-- CHECK: def divMulMod(a: i64, b: i64, c: i64): i64 =
-- CHECK-NEXT: (((a / b) * c) % a)
def parens(a: f64, b: f64, c: f64): f64 = (a + b) * c
-- CHECK: def parens(a: f64, b: f64, c: f64): f64 =
-- CHECK-NEXT: ((a + b) * c)
def negMul(a: f64, b: f64): f64 = -a * b
-- CHECK: def negMul(a: f64, b: f64): f64 =
-- CHECK-NEXT: ((-a) * b)
def mulNeg(a: f64, b: f64): f64 = a * -b
-- CHECK: def mulNeg(a: f64, b: f64): f64 =
-- CHECK-NEXT: (a * (-b))
def subNeg(a: f64, b: f64): f64 = a - -b
-- CHECK: def subNeg(a: f64, b: f64): f64 =
-- CHECK-NEXT: (a - (-b))
def cmpArith(a: f64, b: f64, c: f64, d: f64): bool = a + b < c * d
-- CHECK: def cmpArith(a: f64, b: f64, c: f64, d: f64): bool =
-- CHECK-NEXT: ((a + b) < (c * d))
def orAnd(p: bool, q: bool, r: bool): bool = p || q && r
-- CHECK: def orAnd(p: bool, q: bool, r: bool): bool =
-- CHECK-NEXT: (p || (q && r))
def andOr(p: bool, q: bool, r: bool): bool = p && q || r
-- CHECK: def andOr(p: bool, q: bool, r: bool): bool =
-- CHECK-NEXT: ((p && q) || r)
def orLeft(p: bool, q: bool, r: bool): bool = p || q || r
-- CHECK: def orLeft(p: bool, q: bool, r: bool): bool =
-- CHECK-NEXT: ((p || q) || r)
def andCmp(a: f64, b: f64, c: f64, d: f64): bool = a == b && c != d || a <= c && b >= d
-- CHECK: def andCmp(a: f64, b: f64, c: f64, d: f64): bool =
-- CHECK-NEXT: (((a == b) && (c != d)) || ((a <= c) && (b >= d)))
def notAnd(p: bool, q: bool): bool = !p && q
-- CHECK: def notAnd(p: bool, q: bool): bool =
-- CHECK-NEXT: ((!p) && q)
def notCmp(a: f64, b: f64): bool = !(a > b)
-- CHECK: def notCmp(a: f64, b: f64): bool =
-- CHECK-NEXT: (!(a > b))
def notNot(p: bool): bool = !!p
-- CHECK: def notNot(p: bool): bool =
-- CHECK-NEXT: (!(!p))
def eqBool(a: f64, b: f64, p: bool): bool = a < b == p
-- CHECK: def eqBool(a: f64, b: f64, p: bool): bool =
-- CHECK-NEXT: ((a < b) == p)
