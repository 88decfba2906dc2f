#!/usr/bin/python3
"""The main() of executables (runtime/Harness.cpp), on a hand-written entry table.

    /usr/bin/python3 tests/harness/harness_test.py --arrc build/compiler/arrc \
        --exe build/tests/arr_harness_probe [--exe build/tests/arr_harness_probe_clang]

Each --exe is ProbeEntries.cpp linked with the harness and the runtime (once by
CMake, once with clang-19 as arrc links programs). Most of its entries have a
counterpart in probe.arr, and the executable must behave exactly like
`arrc --interpret probe.arr` on them: the same standard output, the same .npy
files with -o, and for bad input (a missing file, a wrong shape, sizes that
disagree, malformed text, too many or too few inputs, an unknown entry) the same
one-line "error: ..." message with exit status 1. The harness's own options are
checked directly: --runs N (one timing line per run on standard error),
--threads N, --help, bad flags, and entries that fail with and without a message.

Prints one line per case and a final `N passed, M failed`; exits 1 if any failed.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "probe.arr")
TIMEOUT = 120
TIMING = re.compile(r"^run (\d+): \d+\.\d{3} ms$")


class Runner:
    def __init__(self, arrc, exe, workdir):
        self.arrc = arrc
        self.exe = exe
        self.workdir = workdir
        self.label = os.path.basename(exe)
        self.passed = 0
        self.failed = 0
        self.counter = 0

    def fresh(self, suffix):
        self.counter += 1
        return os.path.join(self.workdir, f"f{self.counter}{suffix}")

    def save(self, array):
        name = self.fresh(".npy")
        np.save(name, array)
        return name

    def text(self, content):
        name = self.fresh(".txt")
        with open(name, "w", encoding="utf-8") as out:
            out.write(content)
        return name

    def native(self, args, stdin=""):
        return subprocess.run([self.exe] + list(args), input=stdin, capture_output=True,
                              text=True, timeout=TIMEOUT, cwd=self.workdir)

    def interpret(self, args, stdin=""):
        return subprocess.run([self.arrc, "--interpret", PROGRAM] + list(args), input=stdin,
                              capture_output=True, text=True, timeout=TIMEOUT, cwd=self.workdir)

    def report(self, name, problem):
        if problem is None:
            self.passed += 1
            print(f"PASS {self.label}: {name}")
        else:
            self.failed += 1
            print(f"FAIL {self.label}: {name}: {problem}")
        sys.stdout.flush()

    # ---- checks against the interpreter -----------------------------------------

    def same_output(self, name, args, stdin=""):
        reference = self.interpret(args, stdin)
        result = self.native(args, stdin)
        problem = None
        if reference.returncode != 0:
            problem = f"the test is wrong: the interpreter failed: {describe(reference)}"
        elif result.returncode != 0:
            problem = f"expected success, got {describe(result)}"
        elif result.stdout != reference.stdout:
            problem = f"stdout {result.stdout!r}, the interpreter's {reference.stdout!r}"
        elif result.stderr:
            problem = f"unexpected standard error {result.stderr!r}"
        self.report(name, problem)

    def same_error(self, name, args, stdin=""):
        reference = self.interpret(args, stdin)
        result = self.native(args, stdin)
        expected = reference.stderr.splitlines()
        problem = None
        if reference.returncode != 1 or len(expected) != 1:
            problem = f"the test is wrong: the interpreter gave {describe(reference)}"
        else:
            problem = one_error_line(result)
            if problem is None and result.stderr.rstrip("\n") != expected[0]:
                problem = f"message {result.stderr.strip()!r}, the interpreter's {expected[0]!r}"
        self.report(name, problem)

    def same_npy(self, name, args, components):
        """-o: `components` is 0 for one result, else the number of OUT_i.npy files."""
        stem = self.fresh("")
        mine, theirs = stem + "_native.npy", stem + "_interp.npy"
        reference = self.interpret(args + ["-o", theirs])
        result = self.native(args + ["-o", mine])
        problem = None
        if reference.returncode != 0 or result.returncode != 0:
            problem = f"expected success, got {describe(result)} / {describe(reference)}"
        elif result.stdout or result.stderr:
            problem = f"expected no output with -o, got {describe(result)}"
        else:
            pairs = [(mine, theirs)] if components == 0 else [
                (mine[:-4] + f"_{i}.npy", theirs[:-4] + f"_{i}.npy") for i in range(components)]
            if components and os.path.exists(mine):
                problem = "OUT.npy was written besides OUT_0.npy, ..."
            for native_file, interp_file in pairs:
                if problem:
                    break
                if not os.path.isfile(native_file):
                    problem = f"{os.path.basename(native_file)} was not written"
                    break
                with open(native_file, "rb") as a, open(interp_file, "rb") as b:
                    if a.read() != b.read():
                        problem = f"{os.path.basename(native_file)} differs from the interpreter's"
        self.report(name, problem)

    # ---- checks of the harness's own behaviour ------------------------------------

    def expect(self, name, args, stdin="", stdout=None, error=None):
        """Exit 0 with `stdout`, or exit 1 with the one line `error`."""
        result = self.native(args, stdin)
        problem = None
        if error is not None:
            problem = one_error_line(result)
            if problem is None and error not in result.stderr:
                problem = f"the message {result.stderr.strip()!r} lacks {error!r}"
        elif result.returncode != 0:
            problem = f"expected success, got {describe(result)}"
        elif stdout is not None and result.stdout != stdout:
            problem = f"stdout {result.stdout!r}, expected {stdout!r}"
        self.report(name, problem)
        return result


def describe(result):
    return f"exit {result.returncode}, stdout {result.stdout!r}, stderr {result.stderr!r}"


def one_error_line(result):
    lines = result.stderr.splitlines()
    if result.returncode != 1:
        return f"expected exit status 1, got {describe(result)}"
    if len(lines) != 1 or not lines[0].startswith("error: "):
        return f"expected one 'error: ...' line on standard error, got {result.stderr!r}"
    if result.stdout:
        return f"unexpected standard output {result.stdout!r}"
    return None


def run_cases(runner):
    a = runner.save(np.array([1.0, 2.5, -0.0]))
    b = runner.save(np.array([3.0, -1.0, 0.0]))
    longer = runner.save(np.array([1.0, 2.0, 3.0, 4.0]))
    ints = runner.save(np.array([4, -2, 0, 7], dtype="<i8"))

    # Results, as text and as .npy, like the interpreter's.
    runner.same_output("text on standard input", [], "[1.0, 2.5] [3.0, -1.0]\n")
    runner.same_output("text over several lines with a comment", [],
                       "[1.0,\n 2.5] -- a\n[3.0, -1.0]\n")
    runner.same_output("empty arrays", [], "empty([0]f64) empty([0]f64)\n")
    runner.same_output(".npy input files", [a, b])
    runner.same_output("a text file and an .npy file", [runner.text("[1, 2, 3]\n"), b])
    runner.same_output("a tuple result, one line per component", ["--entry", "tuple", ints])
    runner.same_output("--entry=NAME", ["--entry=tuple"], "[5, -6]\n")
    runner.same_output("a tuple parameter from standard input", ["--entry", "pick"],
                       "[0.5, 0.25, 0.125] 2\n")
    runner.same_output("a tuple parameter from two files",
                       ["--entry", "pick", a, runner.save(np.array(1, dtype="<i8"))])
    runner.same_output("a polynomial result dimension", ["--entry", "tail", longer])
    runner.same_output("a result with an empty dimension", ["--entry", "tail"], "[1.0, 2.0, 3.0]\n")
    runner.same_output("a constant dimension", ["--entry", "fixed"], "[1, 2, 3]\n")
    runner.same_npy("-o with one result", [a, b], 0)
    runner.same_npy("-o with a tuple result", ["--entry", "tuple", ints], 3)

    # Bad input: the interpreter's message, word for word.
    runner.same_error("a missing .npy file", [os.path.join(runner.workdir, "nope.npy"), b])
    runner.same_error("a missing text file", [a, os.path.join(runner.workdir, "nope.txt")])
    runner.same_error("sizes that disagree (files)", [a, longer])
    runner.same_error("sizes that disagree (standard input)", [], "[1.0] [2.0, 3.0]\n")
    runner.same_error("a wrong constant dimension", ["--entry", "fixed", ints])
    runner.same_error("a wrong rank", [runner.save(np.zeros((2, 2))), b])
    runner.same_error("a wrong element type", [runner.save(np.array([1, 2, 3], dtype="<i8")), b])
    runner.same_error("an int32 .npy file", ["--entry", "tuple",
                                              runner.save(np.array([1, 2], dtype="<i4"))])
    runner.same_error("two dimensions named n that differ", ["--entry", "square"],
                      "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]\n")
    runner.same_error("malformed text on standard input", [], "[1.0, 2..5] [1.0, 2.0]\n")
    runner.same_error("an unterminated list", [], "[1.0, 2.0 [1.0, 2.0]\n")
    runner.same_error("a malformed text file", [runner.text("[1.0, oops]\n"), b])
    runner.same_error("a float where i64 is expected", ["--entry", "tuple"], "[1.5]\n")
    runner.same_error("too many values on standard input", [], "[1.0] [2.0] [3.0]\n")
    runner.same_error("too few values on standard input", [], "[1.0]\n")
    runner.same_error("no standard input", [], "")
    runner.same_error("too many input files", [a, b, b])
    runner.same_error("too few input files", [a])
    runner.same_error("too few files for a tuple parameter", ["--entry", "pick", a])
    runner.same_error("a negative result dimension reported by the entry", ["--entry", "tail"],
                      "[1.0, 2.0]\n")

    # The harness's own options and messages.
    runner.expect("an unknown entry", ["--entry", "nosuch"], "",
                  error="error: no entry point named 'nosuch' (the entry points are main, tuple, "
                        "pick, tail, square, fixed, threads, fails)")
    runner.expect("an entry's own error message", ["--entry", "fails"], "-4\n",
                  error="error: k must not be negative")
    runner.expect("an entry failing without a message", ["--entry", "fails"], "1\n",
                  error="error: entry 'fails' failed with status 2")
    result = runner.expect("--runs 3: the result once", ["--entry", "fails", "--runs", "3"], "5\n",
                           stdout="5\n")
    lines = result.stderr.splitlines()
    matches = [TIMING.match(line) for line in lines]
    problem = None
    if len(lines) != 3 or not all(matches) or [m.group(1) for m in matches] != ["1", "2", "3"]:
        problem = f"expected 'run 1: X.XXX ms' .. 'run 3: ...' on standard error, got {lines}"
    runner.report("--runs 3: one timing line per run", problem)
    result = runner.expect("--runs 1 reports its time", ["--runs=1", a, b])
    runner.report("--runs 1: one timing line", None if TIMING.match(result.stderr.strip())
                  else f"stderr {result.stderr!r}")
    runner.expect("no timing without --runs", ["--entry", "fails"], "5\n", stdout="5\n")
    runner.expect("--threads 2", ["--entry", "threads", "--threads", "2"], stdout="2\n")
    runner.expect("--threads=3", ["--threads=3", "--entry", "threads"], stdout="3\n")
    runner.expect("--threads 1", ["--entry", "threads", "--threads", "1"], stdout="1\n")
    default = runner.expect("default threads", ["--entry", "threads"])
    if default.returncode == 0:
        runner.report("the default number of threads is positive",
                      None if int(default.stdout) >= 1 else f"got {default.stdout!r}")
    big_a = np.random.default_rng(7).standard_normal(200000)
    big_b = np.random.default_rng(8).standard_normal(200000)
    files = [runner.save(big_a), runner.save(big_b)]
    for threads in ["1", "2", "4"]:
        out = runner.fresh(".npy")
        result = runner.expect(f"a parallel loop on {threads} threads",
                               files + ["--threads", threads, "-o", out])
        if result.returncode == 0:
            same = np.array_equal(np.load(out), big_a + big_b)
            runner.report(f"a parallel loop on {threads} threads: every element",
                          None if same else "wrong sums")

    help_result = runner.expect("--help", ["--help"])
    problem = None
    for needle in ["Usage:", "--entry NAME", "--runs N", "--threads N",
                   "main(a: [n]f64, b: [n]f64): [n]f64",
                   "tuple(x: [n]i64): (f64, [n]i64, [n]bool)", "tail(x: [n]f64): [n-3]f64",
                   "fixed(t: [3]i64): i64", "threads(): i64"]:
        if needle not in help_result.stdout:
            problem = f"--help does not mention {needle!r}: {help_result.stdout!r}"
            break
    runner.report("--help describes the options and entries", problem)

    good = "[1.0] [2.0]\n"
    for args, needle in [(["--threads", "0"], "--threads"), (["--threads", "-1"], "--threads"),
                         (["--threads", "x"], "--threads"), (["--threads"], "--threads"),
                         (["--threads="], "--threads"), (["--runs", "0"], "--runs"),
                         (["--runs", "2.5"], "--runs"), (["--runs"], "--runs"),
                         (["--runs", "99999999999999999999"], "--runs"),
                         (["--entry"], "--entry"), (["-o"], "-o"), (["--bogus"], "--bogus"),
                         (["-x"], "-x")]:
        runner.expect(f"bad flags {args}", args, good, error=needle)
    runner.expect("-o into a missing directory", ["-o", "/nonexistent/dir/out.npy", a, b],
                  error="/nonexistent/dir/out.npy")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--exe", action="append", required=True)
    args = parser.parse_args()
    passed = failed = 0
    for exe in args.exe:
        with tempfile.TemporaryDirectory(prefix="arr-harness-") as workdir:
            runner = Runner(os.path.abspath(args.arrc), os.path.abspath(exe), workdir)
            run_cases(runner)
            passed += runner.passed
            failed += runner.failed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
