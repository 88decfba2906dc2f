#!/usr/bin/env python3
"""Parallel loops of compiled programs agree with the interpreter.

tests/native/parallel.arr is compiled once; each entry runs on inputs large
enough for the runtime to split its loops across threads, with --threads 1 and
--threads 2. One thread must give exactly the interpreter's output; two threads
must agree within 1e-12 relative (float sums combine per-thread partial sums,
so the last bits may differ) and exactly for integers and non-sum results.
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


def close(expected, actual, tolerance):
    if expected == actual:
        return True
    if tolerance == 0:
        return False
    try:
        x, y = float(expected), float(actual)
    except ValueError:
        return False
    return abs(x - y) <= tolerance * max(abs(x), abs(y))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    args = parser.parse_args()
    program = os.path.join(HERE, "parallel.arr")
    rng = np.random.default_rng(7)
    failures = 0
    checks = 0
    with tempfile.TemporaryDirectory() as work:
        exe = os.path.join(work, "parallel")
        run([args.arrc, program, "-o", exe])

        def save(name, value):
            path = os.path.join(work, name + ".npy")
            np.save(path, value)
            return path

        vector_a = save("a", rng.random(300_000))
        vector_b = save("b", rng.random(300_000))
        matrix = save("m", rng.standard_normal((400, 300)))
        left = save("l", rng.standard_normal((120, 90)))
        right = save("r", rng.standard_normal((90, 110)))
        cases = [
            ("dot", [vector_a, vector_b], 1e-12),
            ("largest", [vector_a], 0),
            ("count", [vector_a], 0),
            ("scaled", [vector_a], 0),
            ("transposed", [matrix], 0),
            ("product", [left, right], 0),
            ("columns", [matrix], 0),
        ]
        for entry, inputs, tolerance in cases:
            expected_path = os.path.join(work, entry + "_expected.npy")
            run([args.arrc, "--interpret", "--entry", entry, program] + inputs +
                ["-o", expected_path])
            expected = np.load(expected_path)
            for threads in (1, 2):
                out = os.path.join(work, f"{entry}_{threads}.npy")
                run([exe, "--entry", entry, "--threads", str(threads), "-o", out] + inputs)
                actual = np.load(out)
                checks += 1
                allowed = 0 if threads == 1 else tolerance
                same = actual.shape == expected.shape and actual.dtype == expected.dtype
                if same and allowed == 0:
                    same = np.array_equal(actual, expected, equal_nan=True) and \
                        np.array_equal(np.signbit(actual), np.signbit(expected))
                elif same:
                    same = bool(np.all(np.abs(actual - expected) <=
                                       allowed * np.maximum(np.abs(actual), np.abs(expected))))
                if not same:
                    failures += 1
                    print(f"FAIL {entry} --threads {threads}: expected {expected!r}, got {actual!r}")
    print(f"{checks - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
