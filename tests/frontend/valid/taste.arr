-- LANGUAGE.md section 1, "A taste", verbatim (plus the FileCheck lines).
-- Dot product and its gradient.
def dot(a: [n]f64, b: [n]f64): f64 =
  sum(build([n], \i -> a[i] * b[i]))
-- CHECK: def dot(a: [n]f64, b: [n]f64): f64 =
-- CHECK-NEXT: sum(build({{.*}}\(i: i64) -> (a[i] * b[i])))

entry main(a: [n]f64, b: [n]f64): f64 = dot(a, b)
-- CHECK: entry main(a: [n]f64, b: [n]f64): f64 =
-- CHECK-NEXT: dot(a, b)

-- Gradient of dot with respect to both arguments: returns ([n]f64, [n]f64).
entry dmain(a: [n]f64, b: [n]f64) = grad(dot)(a, b)
-- CHECK: entry dmain(a: [n]f64, b: [n]f64): ([n]f64, [n]f64) =

-- A two-layer perceptron loss; gradient with respect to the weights only.
def mlp(w1: [h,d]f64, w2: [c,h]f64, x: [d]f64): [c]f64 =
  let hidden = map(relu, matvec(w1, x))
  in matvec(w2, hidden)
-- CHECK: def mlp(w1: [h,d]f64, w2: [c,h]f64, x: [d]f64): [c]f64 =
-- CHECK: let hidden: [h]f64 =

entry loss_grad(w1: [h,d]f64, w2: [c,h]f64, x: [d]f64, y: [c]f64) =
  grad(\v1 v2 -> sum((mlp(v1, v2, x) - y) ** 2.0))(w1, w2)
-- CHECK: entry loss_grad(w1: [h,d]f64, w2: [c,h]f64, x: [d]f64, y: [c]f64): ([h,d]f64, [c,h]f64) =
-- CHECK-NEXT: grad(\(v1: [h,d]f64, v2: [c,h]f64) ->
