#!/usr/bin/env python3
"""The special functions of LANGUAGE.md §6 (asin acos atan sinh cosh log2 lgamma
digamma) against mpmath at many points, through `arrc --interpret` and a native
executable (both call the same runtime functions, so they must also agree with
each other exactly).

LANGUAGE.md promises results accurate to about 1e-12 relative in f64; this test
checks 1e-12 relative everywhere except within 1e-6 of a zero of the function
(where only an absolute error of 1e-15 times the local scale can be asked of any
floating-point method), at 400 points per function spread over its domain,
negative arguments between poles included.

    special_functions.py --arrc build/compiler/arrc
"""

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile

try:
    import mpmath
except ImportError:  # cmake/bootstrap.sh installs python3-mpmath
    print("mpmath is not installed (Debian package python3-mpmath)", file=sys.stderr)
    sys.exit(1)

mpmath.mp.dps = 40


def reference(name, x):
    x = mpmath.mpf(x)
    if name == "asin":
        return mpmath.asin(x)
    if name == "acos":
        return mpmath.acos(x)
    if name == "atan":
        return mpmath.atan(x)
    if name == "sinh":
        return mpmath.sinh(x)
    if name == "cosh":
        return mpmath.cosh(x)
    if name == "log2":
        return mpmath.log(x, 2)
    if name == "lgamma":
        return mpmath.log(abs(mpmath.gamma(x)))
    if name == "digamma":
        return mpmath.digamma(x)
    raise ValueError(name)


def points(name, rng):
    def uniform(lo, hi, count):
        return [rng.uniform(lo, hi) for _ in range(count)]

    def logarithmic(lo, hi, count):
        return [10 ** rng.uniform(lo, hi) for _ in range(count)]

    if name in ("asin", "acos"):
        return uniform(-1, 1, 300) + [math.copysign(1 - 10 ** -rng.uniform(1, 15), rng.uniform(-1, 1)) for _ in range(100)]
    if name == "atan":
        return uniform(-10, 10, 200) + [s * x for x in logarithmic(-300, 300, 100) for s in (1, -1)]
    if name in ("sinh", "cosh"):
        return uniform(-5, 5, 200) + uniform(-700, 700, 100) + logarithmic(-300, -1, 100)
    if name == "log2":
        return logarithmic(-300, 300, 300) + uniform(0.5, 2, 100)
    if name == "lgamma":
        negative = [-k - rng.uniform(0.01, 0.99) for k in range(0, 50) for _ in range(2)]
        return uniform(0.01, 10, 150) + logarithmic(1, 300, 100) + logarithmic(-12, -2, 50) + negative
    if name == "digamma":
        negative = [-k - rng.uniform(0.01, 0.99) for k in range(0, 50) for _ in range(2)]
        return (uniform(0.01, 10, 150) + logarithmic(1, 300, 50) + logarithmic(-12, -2, 50)
                + uniform(1.2, 1.8, 50) + negative)
    raise ValueError(name)


def run(command, stdin):
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {result.stderr.strip()}")
    return result.stdout


def parse_floats(text):
    inner = text.strip().strip("[]")
    return [float(v) for v in inner.split(",")] if inner else []


def close(name, x, got, expected):
    want = float(expected)
    if math.isinf(want) or math.isnan(want):
        return got == want or (math.isnan(got) and math.isnan(want))
    if got == want:
        return True
    error = abs(got - want)
    if error <= 1e-12 * abs(want):
        return True
    # Near a zero of the function the value is small compared with its slope there.
    slope = abs(float(mpmath.diff(lambda t: reference(name, t), x)))
    return error <= 1e-15 * max(slope * abs(x), abs(want)) and abs(want) <= 1e-6 * max(1.0, slope)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--arrc", required=True)
    args = parser.parse_args()
    names = ["asin", "acos", "atan", "sinh", "cosh", "log2", "lgamma", "digamma"]
    rng = random.Random(7)
    failures = 0
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "special.arr")
        with open(source, "w") as out:
            for name in names:
                out.write(f"entry {name}_(a: [n]f64): [n]f64 = {name}(a)\n")
        executable = os.path.join(work, "special")
        run([args.arrc, source, "-o", executable], "")
        for name in names:
            xs = points(name, rng)
            text = "[" + ", ".join(repr(x) for x in xs) + "]\n"
            interpreted = parse_floats(run([args.arrc, "--interpret", "--entry", name + "_", source], text))
            native = parse_floats(run([executable, "--entry", name + "_"], text))
            bad = 0
            for x, got, same in zip(xs, interpreted, native):
                if repr(got) != repr(same):
                    print(f"{name}({x!r}): interpreter {got!r}, native {same!r}")
                    bad += 1
                elif not close(name, x, got, reference(name, x)):
                    print(f"{name}({x!r}) = {got!r}, mpmath {mpmath.nstr(reference(name, x), 17)}")
                    bad += 1
            print(f"{name}: {len(xs) - bad} of {len(xs)} points agree")
            failures += bad
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
