#!/usr/bin/env python3
"""Compile time that grows with the program: near-linear, or a limit with a diagnostic.

    compile_scaling.py --arrc PATH                 run the checks (a ctest test)
    compile_scaling.py --arrc PATH --measure CASE SIZE...
                                                   print time and peak memory per size

The checks compare arrc's run time on a program of size N with one of size 4N, asserting
a ratio far below quadratic (16) with a floor so that noise on tiny times cannot fail
them, and that the programs past a documented limit (README "Compile-time limits") get
one diagnostic with line:col quickly. The time limit is a hang guard, not a benchmark.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

# Sanitizer builds run several times slower (cmake/sanitizers/options.sh sets the scale).
TIME_SCALE = float(os.environ.get("ARR_TIME_SCALE", "1"))
HANG_GUARD_SECONDS = 20 * TIME_SCALE
# A run shorter than this is all start-up and noise; ratios are taken over at least it.
FLOOR_SECONDS = 0.25 * TIME_SCALE
# Four times the program may cost at most this many times the time (quadratic is 16).
MAX_RATIO = 8.0


# ---- generators ----------------------------------------------------------------------

def doubling_types(depth):
    """f_i<T>(x: T) = f_{i+1}((x, x)): the type at depth i has 2^i components."""
    lines = ["def f%d<T>(x: T) = f%d((x, x))" % (i, i + 1) for i in range(depth)]
    lines.append("def f%d<T>(x: T) = x" % depth)
    lines.append("entry main(x: f64) = f0(x)")
    return "\n".join(lines) + "\n"


def many_instances(width):
    """g_i<T> calls g_{i+1} on (T, i64) and on (T, f64): 2^i distinct small instances at level i."""
    lines = ["def g%d<T>(x: T): f64 = g%d((x, 1)) + g%d((x, 1.0))" % (i, i + 1, i + 1)
             for i in range(width)]
    lines.append("def g%d<T>(x: T): f64 = 1.0" % width)
    lines.append("entry main(x: f64) = g0(x)")
    return "\n".join(lines) + "\n"


def plus_chain(terms):
    """x + x + ... + x: a left-deep tree of `terms` operands."""
    return "entry main(x: f64): f64 = " + " + ".join(["x"] * terms) + "\n"


def let_chain(count):
    """Each let its own scope, each reading the previous one and a parameter."""
    lines = ["entry main(x: f64, y: f64): f64 ="]
    lines += ["  let x%d = %s * 0.5 + y in" % (i, "x" if i == 0 else "x%d" % (i - 1))
              for i in range(count)]
    lines.append("  x%d" % (count - 1))
    return "\n".join(lines) + "\n"


def flat_let_chain(count):
    """One let of `count` bindings (nesting has a parser limit; bindings do not)."""
    lines = ["entry main(x: f64, y: f64): f64 ="]
    lines += ["  let x%d = %s * 0.5 + y" % (i, "x" if i == 0 else "x%d" % (i - 1))
              for i in range(count)]
    lines.append("  in x%d" % (count - 1))
    return "\n".join(lines) + "\n"


def power_dim(power, variables=8):
    """A dimension (a+b+...+h)^power, written as a product: C(power+7, 7) monomials expanded."""
    names = [chr(ord("a") + i) for i in range(variables)]
    factor = "(" + "+".join(names) + ")"
    dim = "*".join([factor] * power)
    params = ", ".join("%s: i64" % name for name in names)
    return ("def f(%s): [%s]f64 = build([%s], \\i -> 1.0)\n" % (params, dim, dim) +
            "entry main(x: f64): f64 = sum(f(%s)) + x\n" % ", ".join(["1"] * variables))


def power_in_body(power, variables=8):
    """The same dimension as a size expression of a body (a build's shape)."""
    names = [chr(ord("a") + i) for i in range(variables)]
    factor = "(" + "+".join(names) + ")"
    params = ", ".join("%s: i64" % name for name in names)
    return ("def f(%s): f64 =\n  sum(build([%s], \\i -> 1.0))\n" % (params, "*".join([factor] * power)) +
            "entry main(x: f64): f64 = f(%s) + x\n" % ", ".join(["1"] * variables))


def entry_sizes(count):
    params = ", ".join("x%d: [n%d]f64" % (i, i) for i in range(count))
    body = " + ".join("x%d[0]" % i for i in range(min(count, 4)))
    return "entry e(%s): f64 = %s\n" % (params, body)


GENERATORS = {
    "types": doubling_types,
    "instances": many_instances,
    "plus": plus_chain,
    "lets": let_chain,
    "flatlets": flat_let_chain,
    "power": power_dim,
    "power_body": power_in_body,
    "entry": entry_sizes,
}


# ---- running arrc --------------------------------------------------------------------

def run_arrc(arrc, directory, text, args):
    """Runs arrc on `text` in `directory`; returns (seconds, exit status, stderr)."""
    path = os.path.join(directory, "program.arr")
    with open(path, "w") as f:
        f.write(text)
    command = [arrc] + args + [path]
    start = time.monotonic()
    try:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   cwd=directory)
        _, stderr = process.communicate(timeout=HANG_GUARD_SECONDS)
        status = process.returncode
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        status = None
        stderr = b"(timed out after %.0f s)" % HANG_GUARD_SECONDS
    seconds = time.monotonic() - start
    return seconds, status, stderr.decode("utf-8", "replace")


TYPECHECK = ["--dump-after=typecheck"]
# Every pass to LLVM IR, without LLVM's code generation (its own superlinear steps on
# blocks of tens of thousands of instructions would dominate the time).
TO_LLVM_IR = ["--emit-llvm", "-o", "program.ll"]
COMPILE = ["-o", "program"]


def measure(arrc, case, sizes, compile_too):
    with tempfile.TemporaryDirectory() as directory:
        for size in sizes:
            text = GENERATORS[case](size)
            for label, args in [("typecheck", TYPECHECK)] + ([("compile", COMPILE)] if compile_too else []):
                # Peak memory per run: measure in a fresh child through /usr/bin/time when present.
                if os.path.exists("/usr/bin/time"):
                    path = os.path.join(directory, "program.arr")
                    with open(path, "w") as f:
                        f.write(text)
                    start = time.monotonic()
                    result = subprocess.run(["/usr/bin/time", "-v", arrc] + args + [path],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                            cwd=directory)
                    seconds = time.monotonic() - start
                    err = result.stderr.decode("utf-8", "replace")
                    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
                    first = next((l for l in err.splitlines() if "error" in l), "")
                    print("%-9s %-9s %7d  %8.2f s  %8.1f MB  exit %d  %s" %
                          (case, label, size, seconds, int(peak.group(1)) / 1024 if peak else -1,
                           result.returncode, first[:150]))
                else:
                    seconds, status, stderr = run_arrc(arrc, directory, text, args)
                    print("%-9s %-9s %7d  %8.2f s  exit %s" % (case, label, size, seconds, status))
                sys.stdout.flush()


# ---- checks --------------------------------------------------------------------------

class Checks:
    def __init__(self, arrc, directory):
        self.arrc = arrc
        self.directory = directory
        self.failed = 0
        self.passed = 0

    def record(self, name, problems):
        if problems:
            self.failed += 1
            print("FAIL  %s" % name)
            for problem in problems:
                print("      - %s" % problem)
        else:
            self.passed += 1
            print("PASS  %s" % name)
        sys.stdout.flush()

    def scaling(self, name, case, size, args, max_ratio=MAX_RATIO):
        """The program at 4*size costs well under 16 times the one at size."""
        small, small_status, small_err = run_arrc(self.arrc, self.directory,
                                                     GENERATORS[case](size), args)
        large, large_status, large_err = run_arrc(self.arrc, self.directory,
                                                     GENERATORS[case](4 * size), args)
        problems = []
        for n, status, err in ((size, small_status, small_err), (4 * size, large_status, large_err)):
            if status != 0:
                problems.append("at %d: exit %s: %s" % (n, status, err.strip()[:400]))
        ratio = large / max(small, FLOOR_SECONDS)
        if ratio > max_ratio:
            problems.append("%d -> %d: %.2f s -> %.2f s, %.1f times (at most %.0f)" %
                            (size, 4 * size, small, large, ratio, max_ratio))
        self.record("%s: %d -> %d costs %.2f s -> %.2f s" % (name, size, 4 * size, small, large),
                    problems)

    def limit(self, name, case, size, args, line, message):
        """The program gets one error at `line` (any line when None), with a column, that
        says `message`."""
        seconds, status, stderr = run_arrc(self.arrc, self.directory, GENERATORS[case](size), args)
        problems = []
        errors = [l for l in stderr.splitlines() if "error:" in l]
        if status != 1:
            problems.append("exit status %s, expected 1" % status)
        if len(errors) != 1:
            problems.append("expected one error, got %d" % len(errors))
        pattern = r":%s:\d+: error: .*%s" % (r"\d+" if line is None else line, message)
        if not any(re.search(pattern, l) for l in errors):
            problems.append("no error at line %s matching %r" % (line, message))
        if problems:
            problems.append("stderr: %s" % stderr.strip()[:600])
        self.record("%s (%.2f s)" % (name, seconds), problems)


def run_checks(arrc):
    with tempfile.TemporaryDirectory() as directory:
        checks = Checks(arrc, directory)
        # 25 doublings: f13's argument (x, x), on line 14, would hold 2^14 arrays.
        checks.limit("doubling types stop at the type-size limit", "types", 25, TYPECHECK, 14,
                     r"holds 16384 arrays, over the limit of 10000 arrays in one type \(README")
        checks.limit("exponentially many instances stop at the instance limit", "instances", 20,
                     TYPECHECK, None, r"instance 1001 of 'g\d+', over the limit of 1000 instances")
        # (a+...+h)^6 already has 1716 terms: the error is at its last factor's product.
        checks.limit("a dimension of too many terms stops at the term limit", "power", 12,
                     TYPECHECK, 1, r"1716 terms exceeds the limit of 1000 terms in one dimension")
        checks.limit("a size expression of too many terms stops at the term limit", "power_body",
                     6, TYPECHECK, 2, r"1716 terms exceeds the limit of 1000 terms in one dimension")
        checks.scaling("x + x + ... + x type-checks in near-linear time", "plus", 5000, TYPECHECK)
        checks.scaling("a chain of lets type-checks in near-linear time", "lets", 5000, TYPECHECK)
        # Lowering was quadratic here (10.4 times before); the passes after it still grow a
        # little faster than linearly on one huge expression (about 5 to 7 times).
        checks.scaling("a chain of lets lowers to LLVM IR in near-linear time", "lets", 3000,
                       TO_LLVM_IR, max_ratio=10)
        checks.scaling("an entry's size variables compile in near-linear time", "entry", 200,
                       COMPILE)
        print("%d passed, %d failed" % (checks.passed, checks.failed))
        return 1 if checks.failed else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--measure", nargs="+", metavar=("CASE", "SIZE"))
    parser.add_argument("--compile", action="store_true", help="with --measure: also compile")
    args = parser.parse_args()
    args.arrc = os.path.abspath(args.arrc)
    if args.measure:
        measure(args.arrc, args.measure[0], [int(s) for s in args.measure[1:]], args.compile)
        return 0
    return run_checks(args.arrc)


if __name__ == "__main__":
    sys.exit(main())
