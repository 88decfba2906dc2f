#!/usr/bin/python3
"""Programs that are small to write but used to cost the compiler time or memory out of
all proportion: each compiles within a generous limit and computes the right result.

    /usr/bin/python3 tests/native/compile_scaling.py --arrc build/compiler/arrc [--memory-limit GB]

Each case is compiled with `arrc -O2 PROG -o EXE` at a small and at a large size (the
large one 4 to 10 times the small one), then run; the results are checked against
values computed here or against `arrc --interpret`. The compile times of both sizes
are printed, for information: what is checked is that the large size compiles within
TIMEOUT seconds and the memory limit (default 3 GB of address space per process),
where it used to take minutes or run out of memory:

  - an array literal of 10^5 constants (was a chain of 10^5 selects: over 600 s, 860 MB),
    and one of 2*10^4 elements, a third of them computed;
  - a tuple nested 8000 deep, (x, (x, ...)) (141 s; 24 GB at 40000);
  - reads nested 8000 deep, x[x[...x[0]]] (7.8 GB at 40000);
  - lets nested 4000 deep in their values;
  - a type of rank 300, [1][1]...f64 (163 s at rank 1000);
  - 30 levels of functions each calling the previous one twice (out of memory; 2^30
    inlined copies), also through `arrc --interpret`.

Prints one line per check and "N passed, M failed"; exits 1 on any failure.
Sanitizer builds run several times slower: ARR_TIME_SCALE scales the time limit.
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from native_checks import report, summary

TIMEOUT = 300 * float(os.environ.get("ARR_TIME_SCALE", "1"))

def first_lines(text, count=3):
    return " | ".join(text.strip().splitlines()[:count]) or "(nothing)"


# ---- the programs: (name, sizes, source for a size, stdin, expected output for a size) --
# Expected output None: the interpreter's.

def constant_literal(n):
    values = ", ".join("%d.5" % i for i in range(n))
    return "entry main(k: i64): f64 = let a = [%s] in a[k] + sum(a) + a[k * 2]\n" % values


def constant_literal_result(n):
    return "%r\n" % (7.5 + sum(i + 0.5 for i in range(n)) + 14.5)


def mixed_literal(n):
    values = ", ".join("x * %d.0" % i if i % 3 == 0 else "%d.25" % i for i in range(n))
    return "entry main(k: i64, x: f64): (f64, f64) = let a = [%s] in (a[k], sum(a))\n" % values


def nested_tuple(depth):
    text = "x"
    for _ in range(depth):
        text = "(x, %s)" % text
    return "entry main(x: f64) = %s\n" % text


def nested_reads(depth):
    text = "0"
    for _ in range(depth):
        text = "x[%s]" % text
    return "entry main(x: [n]i64): i64 = %s\n" % text


def nested_lets(depth):
    text = "x"
    for i in range(depth):
        text = "let v%d = %s * 1.5 + 1.0 in v%d - 0.5" % (i, text, i)
    return "entry main(x: f64): f64 = %s\n" % text


def high_rank(rank):
    shape = "[1]" * rank
    return "entry main(x: %sf64): %sf64 = x + x * 2.0\n" % (shape, shape)


def doubled_calls(levels):
    lines = ["def f0(x: f64): f64 = x * 0.5 + 1.0"]
    lines += ["def f%d(x: f64): f64 = f%d(x) * f%d(x) * 0.5" % (i, i - 1, i - 1)
              for i in range(1, levels + 1)]
    lines.append("entry main(x: f64): f64 = f%d(x)" % levels)
    return "\n".join(lines) + "\n"


def doubled_calls_result(levels):
    value = 2.0000001 * 0.5 + 1.0
    for _ in range(levels):
        value = value * value * 0.5
    return "%r\n" % value


CASES = [
    ("an array literal of constants", (10000, 100000), constant_literal, lambda n: "7\n",
     constant_literal_result),
    ("an array literal, a third of its elements computed", (4000, 20000), mixed_literal,
     lambda n: "%d 1.5\n" % (n - 3), None),
    ("a tuple nested (x, (x, ...))", (1000, 8000), nested_tuple, lambda n: "2.5\n",
     lambda n: "2.5\n" * (n + 1)),
    ("reads nested x[x[...]]", (1000, 8000), nested_reads, lambda n: "[1, 2, 0]\n",
     lambda n: "%d\n" % [0, 1, 2][n % 3]),
    ("lets nested in their values", (1000, 8000), nested_lets, lambda n: "0.25\n", None),
    ("a type of high rank", (50, 300), high_rank,
     lambda n: "[" * n + "1.5" + "]" * n + "\n", lambda n: "[" * n + "4.5" + "]" * n + "\n"),
    ("functions calling the previous one twice", (10, 30), doubled_calls,
     lambda n: "2.0000001\n", doubled_calls_result),
]


def run(command, stdin_text=""):
    start = time.monotonic()
    try:
        result = subprocess.run(command, input=stdin_text, capture_output=True, text=True,
                                timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start
    return result, time.monotonic() - start


def check_case(arrc, directory, name, sizes, source, stdin, expected):
    for size in sizes:
        label = "%s, size %d" % (name, size)
        program = os.path.join(directory, "case.arr")
        with open(program, "w", encoding="utf-8") as out:
            out.write(source(size))
        exe = os.path.join(directory, "case")
        compiled, seconds = run([arrc, "-O2", program, "-o", exe])
        if compiled is None or compiled.returncode != 0:
            report(False, "%s: arrc -O2 -o EXE %s (%.1f s)" % (
                label, "timed out" if compiled is None else
                "exits %d: %s" % (compiled.returncode, first_lines(compiled.stderr)), seconds))
            continue
        report(True, "%s: arrc -O2 -o EXE within the limits (%.2f s)" % (label, seconds))
        native, _ = run([exe, "--threads", "1"], stdin(size))
        if expected is not None:
            want = expected(size)
        else:
            reference, _ = run([arrc, "--interpret", program], stdin(size))
            if reference is None or reference.returncode != 0:
                report(False, "%s: arrc --interpret fails: %s" % (
                    label, "timeout" if reference is None else first_lines(reference.stderr)))
                continue
            want = reference.stdout
        ok = native is not None and native.returncode == 0 and native.stdout == want
        report(ok, "%s: the executable prints %s" % (
            label, "the expected result" if ok else "%r, expected %r" % (
                (native.stdout if native else "(timeout)")[:200], want[:200])))
        if source is doubled_calls:
            reference, seconds = run([arrc, "--interpret", program], stdin(size))
            ok = reference is not None and reference.returncode == 0 and reference.stdout == want
            report(ok, "%s: arrc --interpret prints the expected result (%.2f s)" % (
                label, seconds))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--memory-limit", type=float, default=3,
                        help="GB of address space per process (default 3; 0: no limit, e.g. "
                             "under ASan)")
    args = parser.parse_args()
    if args.memory_limit > 0:
        resource.setrlimit(resource.RLIMIT_AS, (int(args.memory_limit * (1 << 30)),
                                                resource.getrlimit(resource.RLIMIT_AS)[1]))
    with tempfile.TemporaryDirectory(prefix="arr-scaling-") as directory:
        for case in CASES:
            check_case(os.path.abspath(args.arrc), directory, *case)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
