-- Forty nested let-bound literals, each first used with f32: each takes f32. A failure
-- at one use retries only the binding used there, not every combination of the
-- bindings around it (2^40 attempts).
entry main(x: f32): f32 =
  let a0 = 0.0
  let a1 = 1.0
  let a2 = 2.0
  let a3 = 3.0
  let a4 = 4.0
  let a5 = 5.0
  let a6 = 6.0
  let a7 = 7.0
  let a8 = 8.0
  let a9 = 9.0
  let a10 = 10.0
  let a11 = 11.0
  let a12 = 12.0
  let a13 = 13.0
  let a14 = 14.0
  let a15 = 15.0
  let a16 = 16.0
  let a17 = 17.0
  let a18 = 18.0
  let a19 = 19.0
  let a20 = 20.0
  let a21 = 21.0
  let a22 = 22.0
  let a23 = 23.0
  let a24 = 24.0
  let a25 = 25.0
  let a26 = 26.0
  let a27 = 27.0
  let a28 = 28.0
  let a29 = 29.0
  let a30 = 30.0
  let a31 = 31.0
  let a32 = 32.0
  let a33 = 33.0
  let a34 = 34.0
  let a35 = 35.0
  let a36 = 36.0
  let a37 = 37.0
  let a38 = 38.0
  let a39 = 39.0
  in a0 * x + a1 * x + a2 * x + a3 * x + a4 * x + a5 * x + a6 * x + a7 * x
     + a8 * x + a9 * x + a10 * x + a11 * x + a12 * x + a13 * x + a14 * x + a15 * x
     + a16 * x + a17 * x + a18 * x + a19 * x + a20 * x + a21 * x + a22 * x + a23 * x
     + a24 * x + a25 * x + a26 * x + a27 * x + a28 * x + a29 * x + a30 * x + a31 * x
     + a32 * x + a33 * x + a34 * x + a35 * x + a36 * x + a37 * x + a38 * x + a39 * x
-- CHECK: let a0: f32 =
-- CHECK: let a39: f32 =
