#!/usr/bin/env python3
"""Derivatives as lean as their objectives (issue #37): the gradients of the five
patterns of tests/bench (pairwise.arr, gather_rows.arr, rank1_fold.arr, heat.arr,
cross_entropy.arr, conv1d.arr) and of a diagonal GMM, compiled, agree with the reference interpreter at sizes
that leave remainders after every tile and vector (-O2 on one and two threads, and
--strict-fp on one thread bit for bit), and none of them allocates an array larger than
the largest its objective receives, returns or allocates (from --memory-report):

  - the pairwise gradient holds no [n, n, d] cotangent;
  - a gathered row's components accumulate into the row, with no parameter-sized array
    per component read;
  - the rank-1 fold and the heat equation keep no state of their steps;
  - the cross-entropy's maximum and label select in the logits' layout, with no [c, b]
    buffer;
  - the convolution's gradient holds no [n, 5, c] temporary;
  - a recurrence reading x[t] at step t (recurrence.arr) accumulates x's gradient in place,
    one row per step, with no [n, d] array zero-filled and copied per step;
  - a diagonal GMM in a [k, n] layout (diagonal_gmm.arr here) holds no [k, n, d]
    cotangent, summed alone and times x - mu.

    lean_derivatives_test.py --arrc build/compiler/arrc
"""

import os
import random
import subprocess
import sys
import tempfile

from memory_report import largest_by_entry
from native_checks import arrc_argument
from native_checks import close, numbers, report, summary, vector, with_threads
from native_checks import compile_program

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(os.path.dirname(HERE), "bench")


def matrix(rows):
    return "[" + ", ".join(vector(row) for row in rows) + "]"


def cases(rng):
    """(program, inputs as text, sizes for the memory report) per pattern."""
    def floats(count, scale=1.0):
        return [scale * rng.uniform(-1, 1) for _ in range(count)]

    def rows(n, m, scale=1.0):
        return [floats(m, scale) for _ in range(n)]

    n, d = 37, 19  # remainders after the 16-column panels, the 8-row tiles and the vectors
    yield "pairwise", matrix(rows(n, d, 0.3)), {"n": n, "d": d}
    nc, p = 7, 1001
    yield ("gather_rows",
           matrix(rows(nc, 4)) + "\n" + vector([rng.randrange(nc) for _ in range(p)]) + "\n"
           + vector(floats(p)), {"nc": nc, "p": p})
    n, k, m = 13, 9, 17
    yield "rank1_fold", matrix(rows(n, k)) + "\n" + matrix(rows(k, m)), {"n": n, "k": k, "m": m}
    n = 1001
    yield "heat", vector(floats(n)), {"n": n}
    b, c = 37, 29
    yield ("cross_entropy",
           matrix(rows(b, c, 3.0)) + "\n" + vector([rng.randrange(c) for _ in range(b)]),
           {"b": b, "c": c})
    n, c = 101, 13
    yield "conv1d", matrix(rows(n, c)) + "\n" + matrix(rows(5, c)), {"n": n, "c": c}
    n, d = 57, 11
    yield ("recurrence", matrix(rows(n, d)) + "\n" + matrix(rows(d, d, 0.3)), {"n": n, "d": d})
    n, d, k = 203, 13, 7
    yield ("diagonal_gmm",
           matrix(rows(n, d)) + "\n" + matrix(rows(k, d)) + "\n" + matrix(rows(k, d, 0.1)) + "\n"
           + vector(floats(k)), {"n": n, "d": d, "k": k})


def run(command, entry, text, threads=1):
    return subprocess.run(command + ["--entry", entry], input=text, capture_output=True,
                          text=True, timeout=600, env=with_threads(threads))


def main():
    arrc = arrc_argument(__doc__)
    rng = random.Random(37)
    with tempfile.TemporaryDirectory() as work:
        for name, text, sizes in cases(rng):
            program = os.path.join(BENCH if name != "diagonal_gmm" else HERE, name + ".arr")
            interpreted = run([arrc, "--interpret", program], "main_grad", text)
            want = numbers(interpreted.stdout)
            report(interpreted.returncode == 0 and want, f"{name}: the interpreter runs",
                   interpreted.stderr[:2000])
            default = compile_program(arrc, program, os.path.join(work, name))
            strict = compile_program(arrc, program, os.path.join(work, name + "_strict"),
                                     "--strict-fp")
            for threads in (1, 2):
                got = run([default], "main_grad", text, threads)
                report(got.returncode == 0 and close(numbers(got.stdout), want, 1e-9),
                       f"{name}: -O2 on {threads} thread(s) agrees with the interpreter",
                       got.stderr[:2000] + got.stdout[:500])
            exact = run([strict], "main_grad", text)
            report(exact.returncode == 0 and numbers(exact.stdout) == want,
                   f"{name}: --strict-fp on one thread agrees bit for bit",
                   exact.stderr[:2000] + exact.stdout[:500])

            largest = largest_by_entry(arrc, program, sizes)
            objective, gradient = largest["main"], largest["main_grad"]
            report(gradient["allocated"] <= objective["all"],
                   f"{name}: the gradient allocates no array larger than the objective's "
                   f"largest ({gradient['allocated']} <= {objective['all']} bytes at {sizes})",
                   "\n".join(gradient["report"]))
    sys.exit(summary())


if __name__ == "__main__":
    main()
