-- Found by tests/gen/gen.py (seed 5, program 43), shrunk by hand. A constant index
-- past the end of an array literal, inside a build: arrc -o (and --dump-after=core)
-- crashed with a segmentation fault (the loop lowering pulled a literal element that
-- does not exist); the interpreter gives [0.0], and so does native code now.
entry main(): [1]f64 = let a = [1.0] in build([1], \i -> a[1])
-- GEN-RUN: main
