-- ARGS: -D scale=2 -D n=0
-- `-D` with an integer literal for a float constant gives that float (literals
-- adapt, LANGUAGE.md section 2); a size constant may be overridden with 0.
def scale = 0.25
-- CHECK: def scale: f64 = 2{{(\.0*)?$}}
def n = 4
-- CHECK: def n: i64 = 0

entry main(a: [n]f64): [n]f64 = a * scale
-- CHECK: entry main(a: [0]f64): [0]f64 =
