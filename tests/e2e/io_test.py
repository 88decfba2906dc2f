#!/usr/bin/python3
"""File input and output of `arrc --interpret` (LANGUAGE.md §9, "The executable").

Run with the system Python, which has NumPy:

    /usr/bin/python3 tests/e2e/io_test.py --arrc build/compiler/arrc

Cases:
- .npy round trips through identity entries for f64, f32, i64 and bool at ranks
  0 to 4, including empty arrays and special values (nan, inf, -0.0, subnormals,
  extreme integers); the result must read back bit-identical, with the same
  dtype and shape;
- a tuple result written as OUT_0.npy, OUT_1.npy, ...; a tuple parameter read
  from one file per component;
- text input files, and an .npy file mixed with a text file;
- errors: a missing input file, a .npy of the wrong dtype (int32, f64 for f32,
  f32 for f64, bool for i64), of the wrong rank, truncated (in the preamble, the
  header and the data), with a bad magic string, in Fortran order, a directory
  given as input, too few and too many input files, inputs that disagree on a
  size, a malformed text file. Each must exit with status 1 and print a one-line
  message naming the parameter (and the file, for a missing file).

Prints one line per case and a final `N passed, M failed`; exits 1 if any failed.
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

PROGRAM = r"""
entry id_f64_0(x: f64): f64 = x
entry id_f64_1(x: [a]f64): [a]f64 = x
entry id_f64_2(x: [a, b]f64): [a, b]f64 = x
entry id_f64_3(x: [a, b, c]f64): [a, b, c]f64 = x
entry id_f64_4(x: [a, b, c, d]f64): [a, b, c, d]f64 = x
entry id_f32_0(x: f32): f32 = x
entry id_f32_1(x: [a]f32): [a]f32 = x
entry id_f32_2(x: [a, b]f32): [a, b]f32 = x
entry id_f32_3(x: [a, b, c]f32): [a, b, c]f32 = x
entry id_f32_4(x: [a, b, c, d]f32): [a, b, c, d]f32 = x
entry id_i64_0(x: i64): i64 = x
entry id_i64_1(x: [a]i64): [a]i64 = x
entry id_i64_2(x: [a, b]i64): [a, b]i64 = x
entry id_i64_3(x: [a, b, c]i64): [a, b, c]i64 = x
entry id_i64_4(x: [a, b, c, d]i64): [a, b, c, d]i64 = x
entry id_bool_0(x: bool): bool = x
entry id_bool_1(x: [a]bool): [a]bool = x
entry id_bool_2(x: [a, b]bool): [a, b]bool = x
entry id_bool_3(x: [a, b, c]bool): [a, b, c]bool = x
entry id_bool_4(x: [a, b, c, d]bool): [a, b, c, d]bool = x

-- A tuple result with components of different types and ranks.
entry pair(values: [n]f64, count: i64): ([n]f64, i64, [2, n]bool) =
  (values * 2.0, count + 1, [values > 0.0, values < 0.0])

-- A tuple parameter: one input file per component.
entry tupled(p: ([n]f64, i64)): f64 = p.0[p.1]

-- Two parameters that share a size.
entry mix(weights: [n]f32, counts: [n]i64): [n]f32 = weights * f32(counts)

-- A constant dimension.
entry fixed(triple: [3]i64): i64 = sum(triple)
"""

NPY_DTYPES = {"f64": "<f8", "f32": "<f4", "i64": "<i8", "bool": "|b1"}


class Runner:
    def __init__(self, arrc, workdir):
        self.arrc = arrc
        self.workdir = workdir
        self.program = os.path.join(workdir, "io.arr")
        with open(self.program, "w", encoding="utf-8") as out:
            out.write(PROGRAM)
        self.passed = 0
        self.failed = 0
        self.counter = 0

    def path(self, name):
        return os.path.join(self.workdir, name)

    def fresh(self, suffix):
        self.counter += 1
        return self.path(f"f{self.counter}{suffix}")

    def run(self, entry, inputs, output=None):
        command = [self.arrc, "--interpret", self.program, "--entry", entry] + list(inputs)
        if output is not None:
            command += ["-o", output]
        result = subprocess.run(command, capture_output=True, text=True, timeout=120,
                                stdin=subprocess.DEVNULL)
        return result

    def report(self, name, problem):
        if problem is None:
            self.passed += 1
            print(f"PASS {name}")
        else:
            self.failed += 1
            print(f"FAIL {name}: {problem}")

    # ---- checks ----------------------------------------------------------------

    def check_round_trip(self, name, entry, array):
        source = self.fresh(".npy")
        np.save(source, array)
        output = self.fresh(".npy")
        result = self.run(entry, [source], output)
        self.report(name, self.compare_output(result, output, array))

    @staticmethod
    def describe(result):
        return f"exit {result.returncode}, stdout {result.stdout!r}, stderr {result.stderr!r}"

    def compare_output(self, result, output, expected):
        if result.returncode != 0:
            return f"expected success, got {self.describe(result)}"
        if result.stdout.strip():
            return f"expected no standard output with -o, got {result.stdout!r}"
        if not os.path.isfile(output):
            return f"{output} was not written"
        try:
            actual = np.load(output, allow_pickle=False)
        except Exception as error:  # noqa: BLE001 - any failure to read is the finding
            return f"numpy cannot read {output}: {error}"
        return compare_arrays(actual, expected)

    def check_error(self, name, entry, inputs, needles):
        result = self.run(entry, inputs)
        problem = None
        lines = result.stderr.strip().splitlines()
        if result.returncode != 1:
            problem = f"expected exit status 1, got {self.describe(result)}"
        elif len(lines) != 1:
            problem = f"expected a one-line message, got {result.stderr!r}"
        else:
            missing = [needle for needle in needles if needle not in lines[0]]
            if missing:
                problem = f"the message does not mention {missing}: {lines[0]!r}"
        self.report(name, problem)

    def check_stdout(self, name, entry, inputs, expected_lines):
        result = self.run(entry, inputs)
        if result.returncode != 0:
            problem = f"expected success, got {self.describe(result)}"
        elif result.stdout.splitlines() != expected_lines:
            problem = f"expected {expected_lines}, got {result.stdout.splitlines()}"
        else:
            problem = None
        self.report(name, problem)


def compare_arrays(actual, expected):
    expected = np.asarray(expected)
    if actual.dtype.str != expected.dtype.str:
        return f"dtype {actual.dtype.str}, expected {expected.dtype.str}"
    if actual.shape != expected.shape:
        return f"shape {actual.shape}, expected {expected.shape}"
    if np.isfortran(actual) and actual.ndim > 1:
        return "the output is in Fortran order"
    if actual.tobytes() != np.ascontiguousarray(expected).tobytes():
        return f"values differ: {actual!r} vs {expected!r}"
    return None


def sample(dtype, shape, rng):
    count = int(np.prod(shape)) if shape else 1
    if dtype == "f64":
        special = [np.nan, np.inf, -np.inf, -0.0, 5e-324, 1.7976931348623157e308, 0.1, -2.5]
        values = np.concatenate([special, rng.standard_normal(count)])[:count]
        values = np.array(values, dtype="<f8")
    elif dtype == "f32":
        special = [np.nan, np.inf, -np.inf, -0.0, 1e-45, 3.4028235e38, 0.1, -2.5]
        values = np.concatenate([special, rng.standard_normal(count)])[:count].astype("<f4")
    elif dtype == "i64":
        special = [np.iinfo(np.int64).min, np.iinfo(np.int64).max, 0, -1, 1]
        values = np.concatenate([np.array(special, dtype="<i8"),
                                 rng.integers(-10**12, 10**12, count, dtype="<i8")])[:count]
    else:
        values = np.concatenate([[True, False], rng.integers(0, 2, count) == 1])[:count]
        values = values.astype("|b1")
    if not shape:
        return np.array(values[0], dtype=NPY_DTYPES[dtype])
    return values.reshape(shape)


def npy_bytes(array):
    """The bytes of an .npy file holding `array`."""
    import io
    buffer = io.BytesIO()
    np.save(buffer, array)
    return buffer.getvalue()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    args = parser.parse_args()
    rng = np.random.default_rng(20240601)

    with tempfile.TemporaryDirectory(prefix="arrc-io-") as workdir:
        runner = Runner(os.path.abspath(args.arrc), workdir)
        compiled = subprocess.run([runner.arrc, "--dump-after=typecheck", runner.program],
                                  capture_output=True, text=True, timeout=120)
        if compiled.returncode != 0:
            print(f"FAIL the test program does not type-check:\n{compiled.stderr}")
            print("0 passed, 1 failed")
            return 1

        # ---- round trips of every element type at ranks 0 to 4 ---------------------
        shapes = {0: [()], 1: [(5,), (0,)], 2: [(3, 4), (3, 0)], 3: [(2, 3, 2), (2, 0, 4)],
                  4: [(2, 1, 3, 2), (0, 2, 2, 1)]}
        for dtype in ["f64", "f32", "i64", "bool"]:
            for rank, rank_shapes in shapes.items():
                for shape in rank_shapes:
                    array = sample(dtype, shape, rng)
                    runner.check_round_trip(f"round trip {dtype} shape {list(shape)}",
                                            f"id_{dtype}_{rank}", array)

        # A .npy written in format version 2.0 (what NumPy uses for very large headers).
        array = sample("f64", (2, 3), rng)
        source = runner.fresh(".npy")
        with open(source, "wb") as out:
            np.lib.format.write_array(out, array, version=(2, 0))
        output = runner.fresh(".npy")
        runner.report("round trip of a version 2.0 .npy file",
                      runner.compare_output(runner.run("id_f64_2", [source], output), output, array))

        # ---- a tuple result: OUT_0.npy, OUT_1.npy, OUT_2.npy ----------------------
        values = np.array([1.5, -2.0, 0.0], dtype="<f8")
        count = np.array(41, dtype="<i8")
        values_file, count_file = runner.fresh(".npy"), runner.fresh(".npy")
        np.save(values_file, values)
        np.save(count_file, count)
        stem = runner.fresh("")
        result = runner.run("pair", [values_file, count_file], stem + ".npy")
        problem = None
        if result.returncode != 0:
            problem = f"expected success, got {Runner.describe(result)}"
        else:
            expected = [values * 2.0, np.array(42, dtype="<i8"),
                        np.array([values > 0.0, values < 0.0])]
            for index, component in enumerate(expected):
                name = f"{stem}_{index}.npy"
                if not os.path.isfile(name):
                    problem = f"{name} was not written"
                    break
                problem = compare_arrays(np.load(name), component)
                if problem:
                    problem = f"component {index}: {problem}"
                    break
            if problem is None and os.path.exists(stem + ".npy"):
                problem = f"{stem}.npy was written as well as the components"
        runner.report("tuple result as OUT_0.npy, OUT_1.npy, OUT_2.npy", problem)

        # ---- a tuple parameter from one file per component -----------------------
        first, second = runner.fresh(".npy"), runner.fresh(".npy")
        np.save(first, np.array([0.5, 0.25, 0.125]))
        np.save(second, np.array(2, dtype="<i8"))
        runner.check_stdout("tuple parameter from two .npy files", "tupled", [first, second],
                            ["0.125"])

        # ---- text input files -----------------------------------------------------
        text_values = runner.fresh(".txt")
        with open(text_values, "w", encoding="utf-8") as out:
            out.write("[1.5, -2.0, 0.0]\n")
        text_count = runner.fresh(".txt")
        with open(text_count, "w", encoding="utf-8") as out:
            out.write("41\n")
        output = runner.fresh(".npy")
        result = runner.run("pair", [text_values, text_count], output)
        problem = None
        if result.returncode != 0:
            problem = f"expected success, got {Runner.describe(result)}"
        else:
            stem = output[:-4]
            problem = compare_arrays(np.load(stem + "_0.npy"), np.array([3.0, -4.0, 0.0]))
            problem = problem or compare_arrays(np.load(stem + "_1.npy"), np.array(42))
        runner.report("text input files, .npy output", problem)

        text_matrix = runner.fresh(".txt")
        with open(text_matrix, "w", encoding="utf-8") as out:
            out.write("[[1, 2],\n [3, 4]]\n")
        output = runner.fresh(".npy")
        runner.report("text matrix file (spread over lines) to .npy",
                      runner.compare_output(runner.run("id_i64_2", [text_matrix], output), output,
                                            np.array([[1, 2], [3, 4]], dtype="<i8")))

        text_empty = runner.fresh(".txt")
        with open(text_empty, "w", encoding="utf-8") as out:
            out.write("empty([3,0]f32)\n")
        output = runner.fresh(".npy")
        runner.report("text empty([3,0]f32) file to .npy",
                      runner.compare_output(runner.run("id_f32_2", [text_empty], output), output,
                                            np.zeros((3, 0), dtype="<f4")))

        runner.check_stdout("text file input, text output", "pair", [text_values, text_count],
                            ["[3.0, -4.0, 0.0]", "42", "[[true, false, false], [false, true, false]]"])

        # ---- mixing an .npy file and a text file -----------------------------------
        weights = runner.fresh(".npy")
        np.save(weights, np.array([0.5, 0.25], dtype="<f4"))
        counts_text = runner.fresh(".txt")
        with open(counts_text, "w", encoding="utf-8") as out:
            out.write("[3, -4]")
        runner.check_stdout("an .npy file and a text file", "mix", [weights, counts_text],
                            ["[1.5, -1.0]"])
        weights_text = runner.fresh(".txt")
        with open(weights_text, "w", encoding="utf-8") as out:
            out.write("[0.5, 0.25]\n")
        counts = runner.fresh(".npy")
        np.save(counts, np.array([3, -4], dtype="<i8"))
        output = runner.fresh(".npy")
        runner.report("a text file and an .npy file, .npy output",
                      runner.compare_output(runner.run("mix", [weights_text, counts], output),
                                            output, np.array([1.5, -1.0], dtype="<f4")))

        # ---- errors ----------------------------------------------------------------
        good_f64 = runner.fresh(".npy")
        np.save(good_f64, np.array([1.0, 2.0]))

        missing = runner.path("does_not_exist.npy")
        runner.check_error("missing .npy input file", "id_f64_1", [missing],
                           ["x", "does_not_exist.npy"])
        missing_text = runner.path("no_such_input.txt")
        runner.check_error("missing text input file", "mix", [weights, missing_text],
                           ["counts", "no_such_input.txt"])

        int32 = runner.fresh(".npy")
        np.save(int32, np.array([1, 2, 3], dtype="<i4"))
        runner.check_error("int32 .npy where i64 is expected", "id_i64_1", [int32], ["'x'"])
        runner.check_error("f64 .npy where f32 is expected", "id_f32_1", [good_f64], ["'x'"])
        as_f32 = runner.fresh(".npy")
        np.save(as_f32, np.array([1.0, 2.0], dtype="<f4"))
        runner.check_error("f32 .npy where f64 is expected", "id_f64_1", [as_f32], ["'x'"])
        as_bool = runner.fresh(".npy")
        np.save(as_bool, np.array([True, False]))
        runner.check_error("bool .npy where i64 is expected", "id_i64_1", [as_bool], ["'x'"])
        runner.check_error("i64 .npy for the second parameter, f32 expected", "mix",
                           [int32, counts], ["'weights'"])

        runner.check_error("rank-1 .npy where rank 2 is expected", "id_f64_2", [good_f64], ["'x'"])
        scalar = runner.fresh(".npy")
        np.save(scalar, np.array(1.0))
        runner.check_error("rank-0 .npy where rank 1 is expected", "id_f64_1", [scalar], ["'x'"])
        runner.check_error("rank-1 .npy where a scalar is expected", "id_f64_0", [good_f64], ["'x'"])

        content = npy_bytes(np.arange(6, dtype="<f8").reshape(2, 3))
        header_end = content.index(b"\n") + 1
        for label, cut in [("in the preamble", 6), ("in the header", 20),
                           ("in the data", header_end + 20), ("with no data", header_end)]:
            truncated = runner.fresh(".npy")
            with open(truncated, "wb") as out:
                out.write(content[:cut])
            runner.check_error(f"truncated .npy ({label})", "id_f64_2", [truncated], ["'x'"])

        bad_magic = runner.fresh(".npy")
        with open(bad_magic, "wb") as out:
            out.write(b"\x93NUMPZ" + content[6:])
        runner.check_error("bad magic string", "id_f64_2", [bad_magic], ["'x'"])
        not_npy = runner.fresh(".npy")
        with open(not_npy, "w", encoding="utf-8") as out:
            out.write("[1.0, 2.0]\n")
        runner.check_error("text content in a .npy file", "id_f64_1", [not_npy], ["'x'"])

        fortran = runner.fresh(".npy")
        np.save(fortran, np.asfortranarray(np.arange(6, dtype="<f8").reshape(2, 3)))
        runner.check_error("Fortran-order .npy", "id_f64_2", [fortran], ["'x'"])

        directory = runner.path("a_directory.npy")
        os.mkdir(directory)
        runner.check_error("a directory as an .npy input", "id_f64_1", [directory], ["'x'"])
        text_directory = runner.path("a_directory")
        os.mkdir(text_directory)
        runner.check_error("a directory as a text input", "id_f64_1", [text_directory], ["'x'"])

        runner.check_error("too few input files", "mix", [weights], ["weights", "counts"])
        runner.check_error("too many input files", "id_f64_1", [good_f64, good_f64], ["x"])
        runner.check_error("too few files for a tuple parameter", "tupled", [first], ["p.0", "p.1"])

        longer = runner.fresh(".npy")
        np.save(longer, np.array([1, 2, 3], dtype="<i8"))
        runner.check_error("inputs that disagree on a size", "mix", [weights, longer],
                           ["weights", "counts"])
        runner.check_error("a constant dimension that does not match", "fixed", [counts],
                           ["triple"])

        malformed = runner.fresh(".txt")
        with open(malformed, "w", encoding="utf-8") as out:
            out.write("[1.0, 2.0\n")
        runner.check_error("malformed text file", "id_f64_1", [malformed], ["'x'"])
        two_values = runner.fresh(".txt")
        with open(two_values, "w", encoding="utf-8") as out:
            out.write("1.0 2.0\n")
        runner.check_error("text file with two values for one parameter", "id_f64_0", [two_values],
                           ["'x'"])
        float_for_int = runner.fresh(".txt")
        with open(float_for_int, "w", encoding="utf-8") as out:
            out.write("[1.5]\n")
        runner.check_error("text file with a float where i64 is expected", "mix",
                           [weights_text, float_for_int], ["'counts'"])

        print(f"{runner.passed} passed, {runner.failed} failed")
        return 1 if runner.failed else 0


if __name__ == "__main__":
    sys.exit(main())
