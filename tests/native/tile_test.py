#!/usr/bin/python3
"""Register tiles of products (loops/Tile.cpp), checked through arrc and the executables.

    /usr/bin/python3 tests/native/tile_test.py --arrc build/compiler/arrc

Every entry of tests/native/tile.arr (products in several layouts, f64, f32 and i64, a
dense layer with a relu before and after the sum, a batched product, a result stored
transposed, the two gradients of a product loss, the weights' gradient of a layer with a
relu before its product, a product written as updates of its result (a gradient with
respect to weights read by rows), the loss itself and a result that reads
another matrix across the columns, whose sums are split off into a temporary, and 3 x 3
convolutions: one, a loss over one and that loss's gradient with respect to the weights,
and one with its taps outside its channels)
is run on shapes around the tiles'
edges (8 rows and 16 columns with AVX-512, 6 and 8 with AVX2: 0, 1, 3 .. 9, 15, 16, 17,
33 and more):
- its dump after the `tile` pass holds a packed panel (so the tiles are what runs);
- with --strict-fp, the native executable's result is bit for bit what
  `arrc --interpret` computes, on one thread and on two, and what the executable
  compiled with --disable-pass=tile computes, and what the executable with AVX2's tile
  shape (--target-cpu=haswell: 6 rows by 8 lanes of f64) computes (the loss, a sum over a parallel loop, is
  exact on one thread only);
- in the default mode (fused multiply-adds allowed) it is within 1e-12 (relative) of
  the interpreter's.

Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import os
import sys
import tempfile

import numpy as np

from native_checks import report, run, summary, with_threads

PROGRAM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tile.arr")

# (n, k, m) around the tile edges; k = 0 makes every sum empty.
SHAPES = [(0, 3, 20), (3, 0, 17), (1, 1, 1), (5, 7, 16), (4, 3, 33), (9, 17, 47),
          (17, 5, 15), (33, 40, 50), (6, 2, 64), (8, 4, 16), (15, 9, 31)]


def inputs_for(entry, n, k, m, rng):
    """The entry's arguments for the product of an [n, k] and a [k, m] matrix."""
    def real(*shape, dtype=np.float64):
        return rng.standard_normal(shape).astype(dtype)

    if entry == "product":
        return [real(n, k), real(k, m)]
    if entry == "productBt":
        return [real(n, k), real(m, k)]
    if entry == "productAt":
        return [real(k, n), real(k, m)]
    if entry == "product32":
        return [real(n, k, dtype=np.float32), real(k, m, dtype=np.float32)]
    if entry == "productInt":
        return [rng.integers(-1000, 1000, (n, k)), rng.integers(-1000, 1000, (k, m))]
    if entry == "dense":
        return [real(n, k), real(k, m), real(m)]
    if entry == "batched":
        return [real(3, n, k), real(3, k, m)]
    if entry == "transposedResult":
        return [real(n, k), real(k, m)]
    if entry == "strided":
        return [real(n, k), real(k, m), real(m, n)]
    if entry in ("lossGradA", "lossGradB", "lossValue", "layerGradW"):
        return [real(n, k), real(k, m), real(n, m)]
    if entry == "rowsGradW":
        return [real(n, k), real(m, k), real(n, m)]
    if entry in ("conv2d", "convLoss", "convGradW", "convTapsOutside"):  # n output channels, k input, m columns
        return [real(n, k, 3, 3), real(k, 3, m)]
    raise ValueError(entry)


# Entries whose result is a sum over a parallel loop: on two threads it adds per-thread
# partial sums, so it may differ in the last bits in both modes (README, Floating point).
SPLIT_SUMS = {"lossValue", "convLoss"}

ENTRIES = ["product", "productBt", "productAt", "product32", "productInt", "dense", "batched",
           "transposedResult", "lossGradA", "lossGradB", "layerGradW", "rowsGradW", "lossValue",
           "strided", "conv2d", "convLoss", "convGradW", "convTapsOutside"]


def compile_all(arrc, directory):
    executables = {}
    for name, flags in [("strict", ["--strict-fp"]),
                        ("untiled", ["--strict-fp", "--disable-pass=tile"]),
                        ("avx2", ["--strict-fp", "--target-cpu=haswell"]),
                        ("default", [])]:
        path = os.path.join(directory, "tile_" + name)
        result = run([arrc, "-O2"] + flags + [PROGRAM, "-o", path])
        if not report(result.returncode == 0, "arrc %s compiles tile.arr" % " ".join(flags),
                      result.stderr):
            return None
        executables[name] = path
    return executables


def check_dump(arrc):
    result = run([arrc, "--dump-after=tile", "--verify-ir", PROGRAM])
    if not report(result.returncode == 0, "--dump-after=tile --verify-ir", result.stderr):
        return
    functions = ("\n" + result.stdout).split("\nloops ")
    for entry in ENTRIES:
        body = next((f for f in functions if f.lstrip().startswith(entry + "(")), "")
        report("= alloc" in body and "panel_" in body and "x16 " in body,
               "%s runs as register tiles over packed panels" % entry, body[:1500])


def check_shapes(arrc, executables, directory):
    rng = np.random.default_rng(20261125)
    for entry in ENTRIES:
        for n, k, m in SHAPES:
            label = "%s n=%d k=%d m=%d" % (entry, n, k, m)
            paths = []
            for i, value in enumerate(inputs_for(entry, n, k, m, rng)):
                path = os.path.join(directory, "%s_%d.npy" % (entry, i))
                np.save(path, value)
                paths.append(path)
            expected_path = os.path.join(directory, "expected.npy")
            result = run([arrc, "--strict-fp", "--interpret", PROGRAM, "--entry", entry] + paths +
                         ["-o", expected_path])
            if not report(result.returncode == 0, label + ": the interpreter runs", result.stderr):
                continue
            expected = np.load(expected_path)
            outcomes = []
            for name, count in [("strict", 1), ("strict", 2), ("untiled", 1), ("avx2", 1),
                                ("default", 2)]:
                out = os.path.join(directory, "%s_%d.npy" % (name, count))
                result = run([executables[name], "--entry", entry] + paths + ["-o", out],
                             env=with_threads(count))
                if result.returncode != 0:
                    outcomes.append("%s on %d threads failed: %s" % (name, count, result.stderr))
                    continue
                got = np.load(out)
                if got.shape != expected.shape or got.dtype != expected.dtype:
                    outcomes.append("%s: %s %s, expected %s %s" %
                                    (name, got.shape, got.dtype, expected.shape, expected.dtype))
                elif got.dtype.kind == "f" and (name == "default" or
                                                (count > 1 and entry in SPLIT_SUMS)):
                    scale = max(1.0, float(np.abs(expected).max(initial=0.0)))
                    tolerance = (1e-4 if got.dtype == np.float32 else 1e-12) * scale
                    error = float(np.abs(got - expected).max(initial=0.0))
                    if error > tolerance:
                        outcomes.append("default: off by %g (tolerance %g)" % (error, tolerance))
                elif got.tobytes() != expected.tobytes():
                    differing = int(np.sum(got != expected))
                    outcomes.append("%s on %d threads: %d elements differ from the interpreter's" %
                                    (name, count, differing))
            report(not outcomes, label + ": strict bit-exact (1 and 2 threads, untiled, AVX2), default close",
                   "\n".join(outcomes))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--arrc", required=True)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        check_dump(args.arrc)
        executables = compile_all(args.arrc, directory)
        if executables:
            check_shapes(args.arrc, executables, directory)
    sys.exit(summary())


if __name__ == "__main__":
    main()
