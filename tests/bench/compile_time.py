#!/usr/bin/python3
"""Compile time against program length: chains of N steps under `grad`, compiled with
`arrc -O2`, for N doubling. Not a test (nothing passes or fails on a time): it prints,
per family and N, the wall-clock seconds of `arrc -O2 PROG -o EXE`, the ratio to the
previous N (2.0 is linear), and the size of the IR after the main stages, read from
`--time-passes`: core nodes after `optimize`, loop-IR statements, LLVM instructions.

    /usr/bin/python3 tests/bench/compile_time.py [--arrc build/compiler/arrc] [--sizes 10,20,40,80]
        [--only lse,softmax_chain,...] [--opt -O2]

Families (each a function of x: [n]f64 and w: [n]f64, differentiated by grad):
  lse            x_{i+1} = x_i - logSumExp(x_i * w)
  softmax_chain  x_{i+1} = x_i - logSumExp(x_i * w) * softmax(x_i + w)
  lets           x_{i+1} = sin(x_i) * w + x_i, a plain chain of lets
  recurrence     an unrolled recurrence on a scalar state, s_{i+1} = tanh(s_i * w[i % n] + x[i % n])
  deep_builds    N builds nested in each other's bodies, build([n], \\i -> ... x[i] ...)
  fold           the recurrence written as a fold over N elements (compile time must not
                 depend on N: the loop is compiled once)
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def lse(n):
    lines = ["def f(x0: [n]f64, w: [n]f64): f64 ="]
    lines += ["  let x%d = x%d - logSumExp(x%d * w) in" % (i + 1, i, i) for i in range(n)]
    return lines + ["  sum(x%d)" % n]


def softmax_chain(n):
    lines = ["def f(x0: [n]f64, w: [n]f64): f64 ="]
    lines += ["  let x%d = x%d - logSumExp(x%d * w) * softmax(x%d + w) in" % (i + 1, i, i, i)
              for i in range(n)]
    return lines + ["  sum(x%d)" % n]


def lets(n):
    lines = ["def f(x0: [n]f64, w: [n]f64): f64 ="]
    lines += ["  let x%d = sin(x%d) * w + x%d in" % (i + 1, i, i) for i in range(n)]
    return lines + ["  sum(x%d)" % n]


def recurrence(n):
    lines = ["def f(x: [n]f64, w: [n]f64): f64 =", "  let s0 = 0.5 in"]
    lines += ["  let s%d = tanh(s%d * w[%d %% n] + x[%d %% n]) in" % (i + 1, i, i, i) for i in range(n)]
    return lines + ["  s%d" % n]


def deep_builds(n):
    body = "x[i0] * w[i0]"
    for level in range(1, n):
        body = "sum(build([n], \\k%d -> (%s) * x[k%d]))" % (level, body, level)
    return ["def f(x: [n]f64, w: [n]f64): f64 =", "  sum(build([n], \\i0 -> %s))" % body]


def fold(n):
    return ["def f(x: [n]f64, w: [n]f64): f64 =",
            "  fold(\\s e -> tanh(s * e.0 + e.1), 0.5, (build([%d], \\i -> x[i %% n]), build([%d], \\i -> w[i %% n])))" % (n, n)]


FAMILIES = {"lse": lse, "softmax_chain": softmax_chain, "lets": lets, "recurrence": recurrence,
            "deep_builds": deep_builds, "fold": fold}


def program(family, n):
    return "\n".join(FAMILIES[family](n) + ["entry g(x: [n]f64, w: [n]f64) = grad(f)(x, w)", ""])


def sizes_from(report):
    sizes = {}
    for line in report.splitlines():
        match = re.search(r"\)\s+(\d+) (nodes|statements|instructions)\s+(\S+)\s*$", line)
        if match:
            sizes[match.group(3)] = int(match.group(1))
    return sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", default=os.path.join(ROOT, "build", "compiler", "arrc"))
    parser.add_argument("--sizes", default="10,20,40,80")
    parser.add_argument("--only", default=",".join(FAMILIES))
    parser.add_argument("--opt", default="-O2")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print("%-14s %5s %9s %6s %10s %11s %13s" % ("family", "N", "seconds", "ratio", "core nodes",
                                               "loop stmts", "llvm instrs"))
    with tempfile.TemporaryDirectory(prefix="arr-compile-time-") as directory:
        for family in args.only.split(","):
            previous = None
            for n in sizes:
                source = os.path.join(directory, "%s_%d.arr" % (family, n))
                with open(source, "w") as out:
                    out.write(program(family, n))
                start = time.perf_counter()
                done = subprocess.run([args.arrc, args.opt, "--time-passes", source, "-o",
                                       os.path.join(directory, "exe")], capture_output=True, text=True)
                seconds = time.perf_counter() - start
                if done.returncode != 0:
                    print("%-14s %5d failed: %s" % (family, n, done.stderr.strip()[:200]))
                    break
                sizes_seen = sizes_from(done.stderr)
                ratio = "%6.2f" % (seconds / previous) if previous else "%6s" % "-"
                print("%-14s %5d %9.2f %s %10s %11s %13s" % (
                    family, n, seconds, ratio, sizes_seen.get("optimize", "?"),
                    sizes_seen.get("loops", "?"), sizes_seen.get("llvm", "?")))
                sys.stdout.flush()
                previous = seconds
    return 0


if __name__ == "__main__":
    sys.exit(main())
