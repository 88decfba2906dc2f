-- The cost of calling an entry from Python (python_overhead.py): entries that do
-- almost no work, so the time of a call is the time of its overhead.

-- Two scalars in, one out.
entry add(a: f64, b: f64): f64 = a + b

-- A vector of any length in (passed without a copy), one scalar out.
entry first(x: [n]f64): f64 = x[0]

-- A vector in and a vector out (allocated by the caller, here the package).
entry copy(x: [n]f64): [n]f64 = x
