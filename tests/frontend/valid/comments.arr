-- Comments run from `--` to the end of the line, anywhere on a line.
--no space after the marker; --- more dashes; keywords: def let in if
-- def hidden(x: f64): f64 = x   (commented out: must not appear in the dump)
-- CHECK-NOT: hidden

def f(x: f64): f64 = -- a comment after `=`
  x * x + x -- a comment after the body
-- CHECK: def f(x: f64): f64 =
-- CHECK-NEXT: ((x * x) + x)

def g(x: f64): f64 = x--no space before the marker either
-- CHECK: def g(x: f64): f64 =
-- CHECK-NEXT: {{^ *x$}}

-- A double negation needs a space; `- -x` is not a comment.
def h(x: f64): f64 = - -x
-- CHECK: def h(x: f64): f64 =
-- CHECK-NEXT: (-(-x))

entry main(
  a: f64, -- first parameter
  b: f64  -- second parameter
): f64 =
  let c = f(a) -- comment inside a let
  in c + g(b) + h(a)
-- CHECK: entry main(a: f64, b: f64): f64 =
-- CHECK: let c: f64 =
-- comment on the last line without a newline at the end