-- Identifiers: [A-Za-z_][A-Za-z0-9_']*, including primes, and names that merely
-- start with a keyword or a built-in name.
def f'(x: f64): f64 = x * x
-- CHECK: def f'(x: f64): f64 =

def _private(x_1: f64, x': f64, x'': f64): f64 = x_1 + x' * x''
-- CHECK: def _private(x_1: f64, x': f64, x'': f64): f64 =
-- CHECK-NEXT: (x_1 + (x' * x''))

entry main(define: f64, entry_point: f64, iff: f64, lets: f64, input: f64,
           thenx: f64, elsewhere: f64, trueish: f64, falsey: f64, imports: f64,
           expo: f64, builder: f64, sumOuter2: f64, F64: f64, A'b'C: f64): f64 =
  let in' = define + entry_point
  let let' = iff + lets + input + thenx + elsewhere
  let if'' = trueish + falsey + imports + expo + builder + sumOuter2 + F64 + A'b'C
  in f'(in') + _private(let', if'', in')
-- CHECK: entry main(define: f64, entry_point: f64, iff: f64, lets: f64, input: f64, thenx: f64, elsewhere: f64, trueish: f64, falsey: f64, imports: f64, expo: f64, builder: f64, sumOuter2: f64, F64: f64, A'b'C: f64): f64 =
-- CHECK: let in': f64 = (define + entry_point)
-- CHECK: let let': f64 =
-- CHECK: let if'': f64 =
