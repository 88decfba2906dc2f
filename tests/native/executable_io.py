#!/usr/bin/python3
"""The command-line interface of compiled executables (LANGUAGE.md section 9, "The executable").

    /usr/bin/python3 tests/native/executable_io.py --arrc build/compiler/arrc

Builds one executable from the program below with `arrc PROG --strict-fp -o EXE`
(so that its results are the interpreter's bit for bit) and runs it next to
`arrc --interpret PROG` on the same arguments (the interpreter is the reference). Needs NumPy (Debian's /usr/bin/python3).

Bad input: for each case (missing input files, truncated .npy files, .npy files
of the wrong dtype or rank, too few or too many inputs from files and from
standard input, parameters that disagree on a size, malformed text values, a
float or a number where i64 or bool is expected, an unknown --entry, a negative
dimension at run time; a directory, /dev/null or a dangling link as an input
file; .npy files that are empty or have a bad magic string, a header length
past the end, a header that is not a dictionary, lacks 'shape' or has an
unknown key, a negative, huge or overflowing shape, an object or structured
dtype, a non-boolean fortran_order; text nested 100000 deep, with a NUL byte or
invalid UTF-8, `[]`, malformed `empty(...)`, numbers beyond f64 or i64, a
trailing comma, hexadecimal, nan for i64, true for f64) the executable must
exit with status 1 and print exactly one line on standard error, starting with
"error:", identical to the interpreter's line for the same inputs. Bad flags (--threads 0, -1 or x, --runs
0 or x, a flag without its value, an unknown flag) and a bad OMP_NUM_THREADS
(which would make libomp abort: "-5", " ", "abc", "") have no interpreter
equivalent: exit status 1 and one "error:" line mentioning the flag or variable.

Good input: results on standard output identical to the interpreter's, from
standard input, text files and .npy files; `-o OUT.npy` writes a file NumPy
reads with the right dtype, shape and values (the same bytes as the
interpreter's -o), and nothing on standard output; a tuple result as
OUT_0.npy, OUT_1.npy, ... (and no OUT.npy); `--runs 3` prints the result once
and three lines on standard error, each with a time; `--threads 2` gives the
same results as `--threads 1` (reductions within a relative 1e-12, everything
else identical) on inputs large enough for parallel loops.

Outputs and unbounded inputs, for the executable and the interpreter alike: `-o`
is all or nothing (a tuple result whose OUT_1.npy is a directory writes no
OUT_0.npy and leaves an older one as it was; success replaces older outputs and
leaves no temporary file); an empty `-o` is an error; `-o /dev/null` writes
through the device. /dev/zero as a text input file or on standard input fails at
once with one error line.

Prints one line per case and a final `N passed, M failed`; exits 1 if any failed.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

PROGRAM = r"""
entry main(xs: [n]f64, count: i64, flag: bool): f64 = xs[count] + (if flag then 1.0 else 0.0)

entry mix(weights: [n]f32, counts: [n]i64): [n]f32 = weights * f32(counts)

entry pair(values: [n]f64, count: i64): ([n]f64, i64, [2, n]bool) =
  (values * 2.0, count + 1, [values > 0.0, values < 0.0])

-- Reductions in both directions and a transpose, for --threads.
entry stats(x: [n, m]f64): ([m]f64, [n]f64, f64, [m, n]f64) =
  (sumOuter(x), build([n], \i -> sum(x[i] * x[i])), sum(build([n], \i -> maximum(x[i]))),
   transpose(x))

-- The result's dimension n-3 is negative for fewer than 3 elements.
entry tail3(x: [n]f64) = drop(3, x)

-- A tuple parameter: one input (file) per component, or one text file for both.
entry tupled(p: ([n]f64, i64)): f64 = p.0[p.1]

-- No parameters: standard input is not read.
entry constant(): f64 = 2.5
"""

TIMEOUT = 300
TIME = re.compile(r"\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")


class Runner:
    def __init__(self, arrc, workdir):
        self.arrc = arrc
        self.workdir = workdir
        self.program = os.path.join(workdir, "prog.arr")
        with open(self.program, "w", encoding="utf-8") as out:
            out.write(PROGRAM)
        self.exe = os.path.join(workdir, "prog")
        self.passed = 0
        self.failed = 0
        self.counter = 0

    def path(self, name):
        return os.path.join(self.workdir, name)

    def fresh(self, suffix):
        self.counter += 1
        return self.path(f"f{self.counter}{suffix}")

    def write_text(self, text, suffix=".txt"):
        name = self.fresh(suffix)
        with open(name, "w", encoding="utf-8") as out:
            out.write(text)
        return name

    def save(self, array):
        name = self.fresh(".npy")
        np.save(name, array)
        return name

    def write_bytes(self, content, suffix=".npy"):
        name = self.fresh(suffix)
        with open(name, "wb") as out:
            out.write(content)
        return name

    def report(self, name, problem):
        if problem is None:
            self.passed += 1
            print(f"PASS {name}")
        else:
            self.failed += 1
            print(f"FAIL {name}: {problem}")
        sys.stdout.flush()

    def native(self, args, stdin="", env=None):
        return subprocess.run([self.exe] + list(args), input=stdin, capture_output=True, text=True,
                              timeout=TIMEOUT, cwd=self.workdir, env=env)

    def interpret(self, args, stdin=""):
        return subprocess.run([self.arrc, "--interpret", self.program] + list(args), input=stdin,
                              capture_output=True, text=True, timeout=TIMEOUT, cwd=self.workdir)

    # ---- checks ----------------------------------------------------------------

    def check_error(self, name, args, stdin=""):
        """A bad input with an interpreter equivalent: the same one-line message."""
        reference = self.interpret(args, stdin)
        expected = reference.stderr.splitlines()
        if reference.returncode != 1 or len(expected) != 1 or not expected[0].startswith("error:"):
            self.report(name, f"the test is wrong: the interpreter does not give one error line: "
                        f"{describe(reference)}")
            return
        result = self.native(args, stdin)
        problem = one_error_line(result)
        if problem is None and result.stderr.splitlines()[0] != expected[0]:
            problem = (f"the message differs from the interpreter's:\n  native:      "
                       f"{result.stderr.strip()!r}\n  interpreter: {expected[0]!r}")
        self.report(name, problem)

    def check_flag_error(self, name, args, needle, stdin="", env=None):
        """A bad flag of the executable: exit 1, one "error:" line mentioning `needle`."""
        result = self.native(args, stdin, env)
        problem = one_error_line(result)
        if problem is None and needle not in result.stderr:
            problem = f"the message does not mention {needle!r}: {result.stderr.strip()!r}"
        self.report(name, problem)

    def check_same_output(self, name, args, stdin="", native_args=()):
        """Success with the interpreter's standard output; `native_args` go to the
        executable only (e.g. --threads)."""
        reference = self.interpret(args, stdin)
        if reference.returncode != 0:
            self.report(name, f"the test is wrong: the interpreter failed: {describe(reference)}")
            return None
        result = self.native(list(args) + list(native_args), stdin)
        problem = None
        if result.returncode != 0:
            problem = f"expected success, got {describe(result)}"
        elif result.stdout != reference.stdout:
            problem = (f"standard output differs from the interpreter's:\n  native:      "
                       f"{result.stdout!r}\n  interpreter: {reference.stdout!r}")
        elif result.stderr.strip():
            problem = f"unexpected standard error {result.stderr!r}"
        self.report(name, problem)
        return result

    def check_npy_output(self, name, args, expected):
        """-o OUT.npy: `expected` is one array, or a list for a tuple result (OUT_i.npy)."""
        stem = self.fresh("")
        native_out, interp_out = stem + "_native.npy", stem + "_interp.npy"
        reference = self.interpret(args + ["-o", interp_out])
        if reference.returncode != 0:
            self.report(name, f"the test is wrong: the interpreter failed: {describe(reference)}")
            return
        result = self.native(args + ["-o", native_out])
        if result.returncode != 0:
            self.report(name, f"expected success, got {describe(result)}")
            return
        if result.stdout.strip():
            self.report(name, f"expected no standard output with -o, got {result.stdout!r}")
            return
        if isinstance(expected, list):
            outputs = [(native_out[:-4] + f"_{i}.npy", interp_out[:-4] + f"_{i}.npy", e)
                       for i, e in enumerate(expected)]
            if os.path.exists(native_out):
                self.report(name, f"{os.path.basename(native_out)} was written besides the "
                            "components OUT_0.npy, ...")
                return
            extra = native_out[:-4] + f"_{len(expected)}.npy"
            if os.path.exists(extra):
                self.report(name, f"an extra component {os.path.basename(extra)} was written")
                return
        else:
            outputs = [(native_out, interp_out, expected)]
        for native_file, interp_file, want in outputs:
            label = os.path.basename(native_file)
            if not os.path.isfile(native_file):
                self.report(name, f"{label} was not written")
                return
            try:
                actual = np.load(native_file, allow_pickle=False)
            except Exception as error:  # noqa: BLE001 - any failure to read is the finding
                self.report(name, f"numpy cannot read {label}: {error}")
                return
            problem = compare_arrays(actual, want)
            if problem is None:
                problem = compare_arrays(actual, np.load(interp_file))
                if problem:
                    problem = "differs from the interpreter's -o output: " + problem
            if problem:
                self.report(name, f"{label}: {problem}")
                return
        self.report(name, None)


def describe(result):
    return f"exit {result.returncode}, stdout {result.stdout!r}, stderr {result.stderr!r}"


def one_error_line(result):
    lines = result.stderr.splitlines()
    if result.returncode != 1:
        return f"expected exit status 1, got {describe(result)}"
    if len(lines) != 1:
        return f"expected exactly one line on standard error, got {result.stderr!r}"
    if not lines[0].startswith("error:"):
        return f"the error line does not start with 'error:': {lines[0]!r}"
    if result.stdout.strip():
        return f"unexpected standard output {result.stdout!r}"
    return None


def compare_arrays(actual, expected):
    expected = np.asarray(expected)
    if actual.dtype.str != expected.dtype.str:
        return f"dtype {actual.dtype.str}, expected {expected.dtype.str}"
    if actual.shape != expected.shape:
        return f"shape {actual.shape}, expected {expected.shape}"
    if actual.tobytes() != np.ascontiguousarray(expected).tobytes():
        return f"values differ: {actual!r} vs {expected!r}"
    return None


def npy_bytes(array):
    import io
    buffer = io.BytesIO()
    np.save(buffer, array)
    return buffer.getvalue()


def parse_printed(text):
    """Numbers of the text format, in order (for tolerant comparisons)."""
    tokens = re.findall(r"-?inf|nan|true|false|-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?", text)
    values = []
    for token in tokens:
        values.append(1.0 if token == "true" else 0.0 if token == "false" else float(token))
    return np.array(values)


def bad_input_cases(runner):
    count = runner.write_text("1\n")
    flag = runner.write_text("true\n")
    xs = runner.save(np.array([1.5, 2.5, -3.0]))
    weights = runner.save(np.array([0.5, 0.25], dtype="<f4"))
    counts = runner.save(np.array([3, -4], dtype="<i8"))

    runner.check_error("missing .npy input file", [runner.path("does_not_exist.npy"), count, flag])
    runner.check_error("missing text input file", [xs, runner.path("no_such_input.txt"), flag])

    content = npy_bytes(np.arange(6, dtype="<f8"))
    header_end = content.index(b"\n") + 1
    for label, cut in [("in the preamble", 6), ("in the header", 20),
                       ("in the data", header_end + 12), ("with no data", header_end)]:
        truncated = runner.write_bytes(content[:cut])
        runner.check_error(f"truncated .npy ({label})", [truncated, count, flag])

    runner.check_error("int32 .npy where i64 is expected",
                       ["--entry", "mix", weights, runner.save(np.array([1, 2], dtype="<i4"))])
    runner.check_error("f64 .npy where f32 is expected",
                       ["--entry", "mix", runner.save(np.array([1.0, 2.0])), counts])
    runner.check_error("f32 .npy where f64 is expected",
                       [runner.save(np.array([1.0, 2.0], dtype="<f4")), count, flag])
    runner.check_error("bool .npy where i64 is expected",
                       ["--entry", "mix", weights, runner.save(np.array([True, False]))])
    runner.check_error("rank-2 .npy where rank 1 is expected",
                       [runner.save(np.zeros((2, 2))), count, flag])
    runner.check_error("rank-0 .npy where rank 1 is expected",
                       [runner.save(np.array(1.0)), count, flag])
    runner.check_error("rank-1 .npy where a scalar is expected",
                       [xs, runner.save(np.array([1, 2], dtype="<i8")), flag])
    runner.check_error("Fortran-order .npy",
                       ["--entry", "stats",
                        runner.save(np.asfortranarray(np.arange(6.0).reshape(2, 3)))])

    runner.check_error("too few input files", [xs, count])
    runner.check_error("too many input files", [xs, count, flag, flag])
    runner.check_error("too few values on standard input", [], "[1.5, 2.5] 1\n")
    runner.check_error("too many values on standard input", [], "[1.5, 2.5] 1 true false\n")
    runner.check_error("no values on standard input", [], "")

    runner.check_error("inputs that disagree on a size (files)",
                       ["--entry", "mix", weights, runner.save(np.array([1, 2, 3], dtype="<i8"))])
    runner.check_error("inputs that disagree on a size (standard input)", ["--entry", "mix"],
                       "[0.5, 0.25] [1, 2, 3]\n")

    runner.check_error("malformed text value in a file",
                       [runner.write_text("[1.0, 2.0\n"), count, flag])
    runner.check_error("malformed text value on standard input", [], "[1.5, 2..5] 1 true\n")
    runner.check_error("an unterminated array on standard input", [], "[1.5, 2.5 1 true\n")
    runner.check_error("a ragged nested list", ["--entry", "stats"], "[[1.0, 2.0], [3.0]]\n")
    runner.check_error("a float where i64 is expected", [], "[1.5, 2.5] 1.0 true\n")
    runner.check_error("a number where bool is expected", [], "[1.5, 2.5] 1 1\n")
    runner.check_error("an integer beyond i64", [], "[1.5] 9223372036854775808 true\n")
    runner.check_error("an empty array of the wrong element type", [], "empty([0]i64) 0 true\n")

    runner.check_error("unknown --entry", ["--entry", "nosuch"], "1\n")
    runner.check_error("a negative dimension at run time (drop 3 of 2 elements)",
                       ["--entry", "tail3"], "[1.0, 2.0]\n")

    good = "[1.5, 2.5] 1 true\n"
    runner.check_flag_error("--threads 0", ["--threads", "0"], "--threads", good)
    runner.check_flag_error("--threads -1", ["--threads", "-1"], "--threads", good)
    runner.check_flag_error("--threads x", ["--threads", "x"], "--threads", good)
    runner.check_flag_error("--threads without a value", ["--threads"], "--threads", good)
    runner.check_flag_error("--runs x", ["--runs", "x"], "--runs", good)
    runner.check_flag_error("--runs 0", ["--runs", "0"], "--runs", good)
    runner.check_flag_error("--runs 2.5", ["--runs", "2.5"], "--runs", good)
    runner.check_flag_error("--entry without a value", ["--entry"], "--entry", good)
    runner.check_flag_error("-o without a value", ["-o"], "-o", good)
    runner.check_flag_error("an unknown flag", ["--bogus"], "--bogus", good)

    # A bad OMP_NUM_THREADS would make libomp abort: the executable reports it first.
    for value in ["-5", " ", "abc", "", "0", "4x", "99999999999"]:
        env = dict(os.environ, OMP_NUM_THREADS=value)
        runner.check_flag_error(f"OMP_NUM_THREADS={value!r}", ["--entry", "stats"], "OMP_NUM_THREADS",
                                "[[1.0, 2.0]]\n", env)
        runner.check_flag_error(f"OMP_NUM_THREADS={value!r} with --threads 2",
                                ["--entry", "stats", "--threads", "2"], "OMP_NUM_THREADS",
                                "[[1.0, 2.0]]\n", env)
    for value in ["2", " 1 ", "2,1"]:
        result = runner.native(["--entry", "tail3"], "[1.0, 2.0, 3.0, 4.5]\n",
                               dict(os.environ, OMP_NUM_THREADS=value))
        runner.report(f"OMP_NUM_THREADS={value!r} is accepted",
                      None if result.returncode == 0 and result.stdout == "[4.5]\n" and not result.stderr
                      else describe(result))


def npy_with_header(header, data):
    """A version 1.0 .npy file with the given header text (padded like NumPy's)."""
    import struct
    text = header.encode("latin-1")
    text += b" " * (64 - (10 + len(text) + 1) % 64) + b"\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text + data


def unreadable_and_malformed_cases(runner):
    """Files that cannot be read, .npy files with broken headers, malformed text values."""
    count = runner.write_text("1\n")
    flag = runner.write_text("true\n")
    directory = runner.path("a_directory.npy")
    os.mkdir(directory)
    runner.check_error("a directory as an input file", [directory, count, flag])
    runner.check_error("an empty text file (/dev/null)", ["/dev/null", count, flag])
    dangling = runner.path("dangling.npy")
    os.symlink(runner.path("nowhere/x.npy"), dangling)
    runner.check_error("a dangling symbolic link", [dangling, count, flag])

    data = np.arange(3.0).tobytes()
    good = npy_bytes(np.arange(3.0))
    npy_cases = [
        ("an empty .npy file", b""),
        ("a bad magic string", b"\x93NUMPX" + good[6:]),
        ("a header length beyond the end of the file", good[:8] + b"\xff\xff" + good[10:]),
        ("a header that is not a dictionary", npy_with_header("hello", data)),
        ("a header without 'shape'", npy_with_header("{'descr': '<f8', 'fortran_order': False, }", data)),
        ("a header with an unknown key",
         npy_with_header("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), 'x': 1, }", data)),
        ("a negative dimension", npy_with_header("{'descr': '<f8', 'fortran_order': False, 'shape': (-3,), }", data)),
        ("a dimension beyond i64",
         npy_with_header("{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999999,), }", data)),
        ("a shape whose element count overflows", npy_with_header(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, 4), }", data)),
        ("an object dtype", npy_with_header("{'descr': '|O', 'fortran_order': False, 'shape': (3,), }", data)),
        ("a structured dtype",
         npy_with_header("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (3,), }", data)),
        ("fortran_order not a boolean",
         npy_with_header("{'descr': '<f8', 'fortran_order': 'no', 'shape': (3,), }", data)),
    ]
    for label, content in npy_cases:
        runner.check_error(f".npy: {label}", [runner.write_bytes(content), count, flag])

    text_cases = [
        ("a list nested 100000 deep", "[" * 100000 + "1.0" + "]" * 100000 + " 1 true\n"),
        ("a NUL byte", "[1.0, \x00] 1 true\n"),
        ("an empty list", "[] 1 true\n"),
        ("empty(...) without a zero dimension", "empty([2]f64) 1 true\n"),
        ("empty(...) with a negative dimension", "empty([-1]f64) 1 true\n"),
        ("empty(...) with an unknown element type", "empty([0]f16) 1 true\n"),
        ("an unterminated empty(...)", "empty([0]f64 1 true\n"),
        ("a float beyond f64", "[1e999999] 1 true\n"),
        ("a trailing comma", "[1.0,] 1 true\n"),
        ("a hexadecimal number", "[0x10] 1 true\n"),
        ("nan where i64 is expected", "[1.0] nan true\n"),
        ("true where f64 is expected", "[true] 1 true\n"),
        ("an integer below i64", "[1.0] -9223372036854775809 true\n"),
    ]
    for label, stdin in text_cases:
        runner.check_error(f"text: {label}", [], stdin)
    runner.check_error("text: invalid UTF-8 in a file", [runner.write_bytes(b"[1.0, \xff\xfe]\n", ".txt"),
                                                         count, flag])
    runner.check_error("too few input files for a tuple parameter",
                       ["--entry", "tupled", runner.save(np.array([1.0, 2.0]))])
    runner.check_error("a tuple component of the wrong type",
                       ["--entry", "tupled", runner.save(np.array([1.0, 2.0])), runner.write_text("1.5\n")])


def check_no_standard_input(runner):
    """An entry without parameters runs without waiting for standard input, which here
    stays open."""
    for label, command in [("native", [runner.exe]),
                           ("interpreter", [runner.arrc, "--interpret", runner.program])]:
        name = f"no parameters, standard input left open ({label})"
        with subprocess.Popen(command + ["--entry", "constant"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=runner.workdir) as process:
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                runner.report(name, "still waiting for standard input after 60 s")
                continue
            output = process.stdout.read()
            problem = None
            if process.returncode != 0 or output != "2.5\n":
                problem = f"expected 2.5 and status 0, got {output!r}, status {process.returncode}"
            runner.report(name, problem)


def good_input_cases(runner):
    runner.check_same_output("standard input, scalar result", [], "[1.5, 2.5] 1 true\n")
    runner.check_same_output("standard input spread over lines", [], "[1.5,\n 2.5]\n0\nfalse\n")
    runner.check_same_output("standard input, tuple result", ["--entry", "pair"],
                             "[1.5, -2.0, 0.0] 41\n")
    runner.check_same_output("an empty array", ["--entry", "pair"], "empty([0]f64) 7\n")
    runner.check_same_output("f32 results printed as f32", ["--entry", "mix"],
                             "[0.1, 3.4028235e38, -2.5] [3, 1, -7]\n")
    runner.check_same_output("empty result dimension from drop", ["--entry", "tail3"],
                             "[1.0, 2.0, 3.0]\n")
    weights = runner.save(np.array([0.5, 0.25, 1e-3], dtype="<f4"))
    counts_text = runner.write_text("[3, -4, 1]\n")
    runner.check_same_output("an .npy file and a text file", ["--entry", "mix", weights,
                                                               counts_text])

    # Text files are read as a sequence of values: one file may hold several inputs.
    for label, args in [
            ("all inputs in one text file", [runner.write_text("[1.5, 2.5]\n1\ntrue\n")]),
            ("an .npy file, then a text file with two inputs",
             [runner.save(np.array([1.5, 2.5])), runner.write_text("1 true")]),
            ("a tuple parameter in one text file",
             ["--entry", "tupled", runner.write_text("[1.0, 3.5] 1\n")])]:
        result = runner.check_same_output(label, args)
        if result is not None and result.stdout != "3.5\n":
            runner.report(label + ": the value", f"expected 3.5, got {result.stdout!r}")
    check_no_standard_input(runner)

    values = np.array([1.5, -2.0, 0.0, np.inf, -0.0])
    values_file = runner.save(values)
    count_file = runner.save(np.array(41, dtype="<i8"))
    runner.check_same_output("tuple result from .npy inputs", ["--entry", "pair", values_file,
                                                                count_file])
    runner.check_npy_output("-o OUT.npy with a scalar result",
                            [runner.save(np.array([1.5, 2.5])), runner.write_text("0\n"),
                             runner.write_text("true\n")],
                            np.array(2.5))
    runner.check_npy_output("-o OUT.npy with an f32 array result",
                            ["--entry", "mix", weights, counts_text],
                            np.array([0.5, 0.25, 1e-3], dtype="<f4") * np.array([3, -4, 1],
                                                                                dtype="<f4"))
    runner.check_npy_output("-o: a tuple result as OUT_0.npy, OUT_1.npy, OUT_2.npy",
                            ["--entry", "pair", values_file, count_file],
                            [values * 2.0, np.array(42, dtype="<i8"),
                             np.array([values > 0.0, values < 0.0])])
    matrix = np.arange(12.0).reshape(3, 4) - 5.5
    runner.check_npy_output("-o: a tuple result with a matrix component", [
        "--entry", "stats", runner.save(matrix)], [
        matrix.sum(axis=0), (matrix * matrix).sum(axis=1), np.float64(matrix.max(axis=1).sum()),
        np.ascontiguousarray(matrix.T)])

    # --runs 3: the result once on standard output, one timing line per run on standard error.
    args = ["--entry", "pair", values_file, count_file]
    plain = runner.native(args)
    timed = runner.native(args + ["--runs", "3"])
    problem = None
    if plain.returncode != 0 or timed.returncode != 0:
        problem = f"expected success, got {describe(plain)} and {describe(timed)}"
    elif timed.stdout != plain.stdout:
        problem = (f"standard output with --runs 3 differs from a single run: "
                   f"{timed.stdout!r} vs {plain.stdout!r}")
    else:
        lines = [line for line in timed.stderr.splitlines() if line.strip()]
        if len(lines) != 3:
            problem = f"expected 3 timing lines on standard error, got {timed.stderr!r}"
        elif not all(TIME.search(line) for line in lines):
            problem = f"a timing line without a number: {timed.stderr!r}"
    runner.report("--runs 3 prints the result once and 3 timing lines", problem)

    # --threads 2 against --threads 1 on inputs large enough to run in parallel.
    rng = np.random.default_rng(20240611)
    big = runner.save(rng.standard_normal((1500, 400)))
    runner.check_same_output("--threads 1 on a 1500x400 input: as the interpreter",
                             ["--entry", "stats", big], native_args=["--threads", "1"])
    one = runner.native(["--entry", "stats", big, "--threads", "1"])
    two = runner.native(["--entry", "stats", big, "--threads", "2"])
    problem = None
    if one.returncode != 0 or two.returncode != 0:
        problem = f"expected success, got {describe(one)} and {describe(two)}"
    else:
        lines_one, lines_two = one.stdout.splitlines(), two.stdout.splitlines()
        if len(lines_one) != 4 or len(lines_two) != 4:
            problem = f"expected 4 result lines, got {len(lines_one)} and {len(lines_two)}"
        else:
            # Reductions (the first three components) within 1e-12; the transpose identical.
            for index in range(3):
                a, b = parse_printed(lines_one[index]), parse_printed(lines_two[index])
                if a.shape != b.shape or not np.allclose(a, b, rtol=1e-12, atol=0.0):
                    problem = f"component {index} differs beyond a relative 1e-12"
                    break
            if problem is None and lines_one[3] != lines_two[3]:
                problem = "the transpose differs between 1 and 2 threads"
    runner.report("--threads 2 gives the results of --threads 1", problem)

    big_weights = runner.save(rng.standard_normal(300000).astype("<f4"))
    big_counts = runner.save(rng.integers(-5, 5, 300000, dtype="<i8"))
    one = runner.native(["--entry", "mix", big_weights, big_counts, "--threads", "1"])
    two = runner.native(["--entry", "mix", big_weights, big_counts, "--threads", "2"])
    problem = None
    if one.returncode != 0 or two.returncode != 0:
        problem = f"expected success, got {describe(one)} and {describe(two)}"
    elif one.stdout != two.stdout:
        problem = "the elementwise result differs between 1 and 2 threads"
    runner.report("--threads 2: an elementwise map of 300000 elements is identical", problem)


def listing(directory):
    """{name: bytes or 'dir'} for everything in `directory`."""
    found = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if os.path.isdir(path):
            found[name] = "dir"
        else:
            with open(path, "rb") as f:
                found[name] = f.read()
    return found


def output_and_unbounded_input_cases(runner):
    """-o is all or nothing; an empty -o is refused; endless or binary text inputs fail
    at once. The executable and the interpreter alike."""
    values_file = runner.save(np.array([1.5, -2.0]))
    count_file = runner.save(np.array(4, dtype="<i8"))
    args = ["--entry", "pair", values_file, count_file]
    for label, run in (("executable", runner.native), ("interpreter", runner.interpret)):
        # OUT_1.npy is a directory: OUT_0.npy must not be written (nor an older one changed).
        directory = runner.fresh("_out")
        os.mkdir(directory)
        with open(os.path.join(directory, "r_0.npy"), "wb") as f:
            f.write(b"an older r_0")
        os.mkdir(os.path.join(directory, "r_1.npy"))
        before = listing(directory)
        result = run(args + ["-o", os.path.join(directory, "r.npy")])
        problem = one_error_line(result)
        if problem is None and "r_1.npy" not in result.stderr:
            problem = f"the message does not name r_1.npy: {result.stderr.strip()!r}"
        if problem is None and listing(directory) != before:
            problem = f"the directory changed: {sorted(listing(directory))}"
        runner.report(f"{label}: -o whose component OUT_1.npy is a directory writes nothing",
                      problem)

        # Success replaces an existing output and leaves no temporary file.
        directory = runner.fresh("_out")
        os.mkdir(directory)
        with open(os.path.join(directory, "r_2.npy"), "wb") as f:
            f.write(b"an older r_2")
        result = run(args + ["-o", os.path.join(directory, "r.npy")])
        problem = None if result.returncode == 0 else f"expected success, got {describe(result)}"
        if problem is None and sorted(os.listdir(directory)) != ["r_0.npy", "r_1.npy", "r_2.npy"]:
            problem = f"files: {sorted(os.listdir(directory))}"
        if problem is None:
            problem = compare_arrays(np.load(os.path.join(directory, "r_2.npy")),
                                     np.array([[True, False], [False, True]]))
        runner.report(f"{label}: -o replaces existing outputs, no temporary left", problem)

        # A bad flag of the executable (status 1), a usage error of arrc (status 2).
        result = run(args + ["-o", ""])
        if label == "executable":
            problem = one_error_line(result)
        elif result.returncode != 2 or "error:" not in result.stderr:
            problem = f"expected arrc's usage error (status 2), got {describe(result)}"
        else:
            problem = None
        if problem is None and "-o" not in result.stderr:
            problem = f"the message does not mention -o: {result.stderr.strip()!r}"
        if problem is None and result.stdout:
            problem = f"printed results anyway: {result.stdout!r}"
        runner.report(f"{label}: -o with an empty name is an error", problem)

        result = run(args + ["-o", "/dev/null"])
        problem = None if result.returncode == 0 else f"expected success, got {describe(result)}"
        if problem is None and (not os.path.exists("/dev/null") or os.path.isfile("/dev/null")):
            problem = "/dev/null is no longer a device"
        runner.report(f"{label}: -o /dev/null writes through the device", problem)

    # Text that never ends, or is binary: one error line at once, not a read until memory
    # runs out.
    runner.check_error("/dev/zero as a text input", ["/dev/zero", runner.write_text("0 true")])
    for label, command in (("executable", [runner.exe]),
                           ("interpreter", [runner.arrc, "--interpret", runner.program])):
        with open("/dev/zero", "rb") as zeros:
            result = subprocess.run(command, stdin=zeros, capture_output=True, text=True,
                                    timeout=60, cwd=runner.workdir)
        problem = one_error_line(result)
        if problem is None and "standard input" not in result.stderr:
            problem = f"the message does not name standard input: {result.stderr.strip()!r}"
        runner.report(f"{label}: /dev/zero on standard input fails at once", problem)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--opt", default="-O2", help="optimisation level for arrc, e.g. --opt=-O0")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="arr-exe-io-") as workdir:
        runner = Runner(os.path.abspath(args.arrc), workdir)
        # --strict-fp: results identical to the interpreter's (LANGUAGE.md section 9).
        command = [runner.arrc, runner.program, args.opt, "--strict-fp", "-o", runner.exe]
        compiled = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
        if compiled.returncode != 0 or not os.path.isfile(runner.exe):
            print(f"FAIL {' '.join(command)}: {describe(compiled)}")
            print("0 passed, 1 failed")
            return 1
        bad_input_cases(runner)
        unreadable_and_malformed_cases(runner)
        good_input_cases(runner)
        output_and_unbounded_input_cases(runner)
        print(f"{runner.passed} passed, {runner.failed} failed")
        return 1 if runner.failed else 0


if __name__ == "__main__":
    sys.exit(main())
