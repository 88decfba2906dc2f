#!/usr/bin/env python3
"""Parallel loops of compiled programs agree with the interpreter.

tests/native/parallel.arr is compiled twice, with --strict-fp and by default
(LANGUAGE.md section 9); each entry runs on inputs large enough for the runtime
to split its loops across threads (and for reductions to be vectorised), with
--threads 1 and --threads 2. The strict build on one thread must give exactly the
interpreter's output. Otherwise (two threads add per-thread partial sums; the
default build reassociates sums and contracts multiply-adds) every element must
be within what another order of floating-point operations explains: the
tolerances `arrc --interpret-loops --print-tolerances` prints (integers and
booleans exactly).
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def run(command):
    result = subprocess.run(command, capture_output=True, text=True, timeout=300)
    if result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{result.stderr}")
    return result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    args = parser.parse_args()
    program = os.path.join(HERE, "parallel.arr")
    rng = np.random.default_rng(7)
    failures = 0
    checks = 0
    with tempfile.TemporaryDirectory() as work:
        executables = {}
        for mode, flags in (("strict", ["--strict-fp"]), ("default", [])):
            executables[mode] = os.path.join(work, "parallel_" + mode)
            run([args.arrc, program] + flags + ["-o", executables[mode]])

        def save(name, value):
            path = os.path.join(work, name + ".npy")
            np.save(path, value)
            return path

        vector_a = save("a", rng.random(300_000))
        vector_b = save("b", rng.random(300_000))
        matrix = save("m", rng.standard_normal((400, 300)))
        left = save("l", rng.standard_normal((120, 90)))
        right = save("r", rng.standard_normal((90, 110)))
        for entry, inputs in [
            ("dot", [vector_a, vector_b]),
            ("largest", [vector_a]),
            ("count", [vector_a]),
            ("scaled", [vector_a]),
            ("transposed", [matrix]),
            ("product", [left, right]),
            ("columns", [matrix]),
        ]:
            expected_path = os.path.join(work, entry + "_expected.npy")
            run([args.arrc, "--interpret", "--entry", entry, program] + inputs +
                ["-o", expected_path])
            expected = np.load(expected_path)
            tolerance_path = os.path.join(work, entry + "_tolerance.npy")
            run([args.arrc, "--interpret-loops", "--print-tolerances", "--entry", entry, program] +
                inputs + ["-o", tolerance_path])
            allowed = np.load(tolerance_path)
            for mode, threads in (("strict", 1), ("strict", 2), ("default", 1), ("default", 2)):
                out = os.path.join(work, f"{entry}_{mode}_{threads}.npy")
                run([executables[mode], "--entry", entry, "--threads", str(threads), "-o", out] +
                    inputs)
                actual = np.load(out)
                checks += 1
                same = actual.shape == expected.shape and actual.dtype == expected.dtype
                if same and mode == "strict" and threads == 1:
                    same = np.array_equal(actual, expected, equal_nan=True) and \
                        np.array_equal(np.signbit(actual), np.signbit(expected))
                elif same and expected.dtype.kind == "f":
                    same = bool(np.all((np.abs(actual.astype(np.float64) - expected) <= allowed) |
                                       (np.isnan(actual) & np.isnan(expected))))
                elif same:
                    same = np.array_equal(actual, expected)
                if not same:
                    failures += 1
                    print(f"FAIL {entry} {mode} --threads {threads}: expected {expected!r}, "
                          f"got {actual!r}")
    print(f"{checks - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
