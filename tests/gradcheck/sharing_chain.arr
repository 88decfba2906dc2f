-- Sharing: x1 = x + x, x2 = x1 + x1, ..., x60 = x59 + x59 = 2^60 x. Each
-- binding is used twice, so a transposition without sharing would build a tree
-- of 2^60 terms; the gradient must be exactly 2^60 and arrc must stay fast
-- (every run is limited to 10 s).
def chain(x: f64): f64 =
  let x1 = x + x
  let x2 = x1 + x1
  let x3 = x2 + x2
  let x4 = x3 + x3
  let x5 = x4 + x4
  let x6 = x5 + x5
  let x7 = x6 + x6
  let x8 = x7 + x7
  let x9 = x8 + x8
  let x10 = x9 + x9
  let x11 = x10 + x10
  let x12 = x11 + x11
  let x13 = x12 + x12
  let x14 = x13 + x13
  let x15 = x14 + x14
  let x16 = x15 + x15
  let x17 = x16 + x16
  let x18 = x17 + x17
  let x19 = x18 + x18
  let x20 = x19 + x19
  let x21 = x20 + x20
  let x22 = x21 + x21
  let x23 = x22 + x22
  let x24 = x23 + x23
  let x25 = x24 + x24
  let x26 = x25 + x25
  let x27 = x26 + x26
  let x28 = x27 + x27
  let x29 = x28 + x28
  let x30 = x29 + x29
  let x31 = x30 + x30
  let x32 = x31 + x31
  let x33 = x32 + x32
  let x34 = x33 + x33
  let x35 = x34 + x34
  let x36 = x35 + x35
  let x37 = x36 + x36
  let x38 = x37 + x37
  let x39 = x38 + x38
  let x40 = x39 + x39
  let x41 = x40 + x40
  let x42 = x41 + x41
  let x43 = x42 + x42
  let x44 = x43 + x43
  let x45 = x44 + x44
  let x46 = x45 + x45
  let x47 = x46 + x46
  let x48 = x47 + x47
  let x49 = x48 + x48
  let x50 = x49 + x49
  let x51 = x50 + x50
  let x52 = x51 + x51
  let x53 = x52 + x52
  let x54 = x53 + x53
  let x55 = x54 + x54
  let x56 = x55 + x55
  let x57 = x56 + x56
  let x58 = x57 + x57
  let x59 = x58 + x58
  let x60 = x59 + x59
  in x60
entry loss(x: f64): f64 = chain(x)
entry dloss(x: f64) = grad(chain)(x)
entry vjpChain(x: f64, w: f64) = vjp(chain)(x, w)
entry jvpChain(x: f64, t: f64) = jvp(chain)(x, t)

-- The same chain on an array, through a build.
def chainArray(a: [n]f64): f64 =
  let y1 = build([n], \i -> a[i] + a[i])
  let y2 = y1 + y1
  let y3 = y2 + y2
  let y4 = y3 + y3
  let y5 = y4 + y4
  let y6 = y5 + y5
  let y7 = y6 + y6
  let y8 = y7 + y7
  let y9 = y8 + y8
  let y10 = y9 + y9
  let y11 = y10 + y10
  let y12 = y11 + y11
  let y13 = y12 + y12
  let y14 = y13 + y13
  let y15 = y14 + y14
  let y16 = y15 + y15
  let y17 = y16 + y16
  let y18 = y17 + y17
  let y19 = y18 + y18
  let y20 = y19 + y19
  let y21 = y20 + y20
  let y22 = y21 + y21
  let y23 = y22 + y22
  let y24 = y23 + y23
  let y25 = y24 + y24
  let y26 = y25 + y25
  let y27 = y26 + y26
  let y28 = y27 + y27
  let y29 = y28 + y28
  let y30 = y29 + y29
  let y31 = y30 + y30
  let y32 = y31 + y31
  let y33 = y32 + y32
  let y34 = y33 + y33
  let y35 = y34 + y34
  let y36 = y35 + y35
  let y37 = y36 + y36
  let y38 = y37 + y37
  let y39 = y38 + y38
  let y40 = y39 + y39
  let y41 = y40 + y40
  let y42 = y41 + y41
  let y43 = y42 + y42
  let y44 = y43 + y43
  let y45 = y44 + y44
  let y46 = y45 + y45
  let y47 = y46 + y46
  let y48 = y47 + y47
  let y49 = y48 + y48
  let y50 = y49 + y49
  let y51 = y50 + y50
  let y52 = y51 + y51
  let y53 = y52 + y52
  let y54 = y53 + y53
  let y55 = y54 + y54
  let y56 = y55 + y55
  let y57 = y56 + y56
  let y58 = y57 + y57
  let y59 = y58 + y58
  let y60 = y59 + y59
  in sum(y60 * a)
entry lossArray(a: [n]f64): f64 = chainArray(a)
entry dlossArray(a: [n]f64) = grad(chainArray)(a)

-- TIME-LIMIT: 10
-- CHECK-OUTPUT: dloss
-- INPUT: 0.75
-- EXPECT: 1152921504606846976.0
-- CHECK-OUTPUT: loss
-- INPUT: 0.75
-- EXPECT: 864691128455135232.0
-- CHECK-OUTPUT: vjpChain
-- INPUT: 0.75 0.5
-- EXPECT: 576460752303423488.0
-- CHECK-OUTPUT: jvpChain
-- INPUT: 0.75 -2.0
-- EXPECT: 864691128455135232.0 -2305843009213693952.0
-- CHECK-OUTPUT: dlossArray
-- INPUT: [1.0, -0.5]
-- EXPECT: [2305843009213693952.0, -1152921504606846976.0]
-- CHECK-GRAD: loss dloss []
-- CHECK-GRAD: lossArray dlossArray [3]
-- CHECK-VJP-JVP: loss vjpChain jvpChain []
