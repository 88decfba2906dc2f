#!/usr/bin/env python3
"""Tests of the arrc command line (LANGUAGE.md section 9, "The compiler").

    driver_test.py --arrc PATH

Exit codes: 0 success, 1 compile errors, 2 usage errors (bad options or
arguments). Prints one line per check and a final `N passed, M failed`.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

TIMEOUT_SECONDS = 60
PASS_NAMES = ("parse", "typecheck", "core", "bot", "simplify", "ad", "transpose", "unshare",
              "optimize", "loops", "llvm")

SMALL_PROGRAM = """\
def f(a: f64, b: f64, c: f64): f64 = a + b * c - a
entry main(x: f64): f64 =
  let y = f(x, x, x)
  in y * 2.0
"""

CONSTANT_PROGRAM = """\
def n = 3
entry main(a: [n]f64): f64 = sum(a)
"""

# Two independent type errors, in two different functions (lines 1 and 2).
TWO_ERRORS_PROGRAM = """\
def f(x: f64, i: i64): f64 = x + i
def g(a: [n]f64, b: [m]f64): [n]f64 = a * b
entry main(x: f64): f64 = x
"""


class Checks:
    """Runs arrc and records one pass/fail line per check."""

    def __init__(self, arrc, directory):
        self.arrc = arrc
        self.directory = directory
        self.passed = 0
        self.failed = 0

    def write(self, name, text):
        path = os.path.join(self.directory, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def run(self, *args):
        command = [self.arrc] + list(args)
        try:
            result = subprocess.run(command, capture_output=True, timeout=TIMEOUT_SECONDS)
            return command, result.returncode, decode(result.stdout), decode(result.stderr)
        except subprocess.TimeoutExpired:
            return command, None, "", "(timed out after %d s)" % TIMEOUT_SECONDS

    def check(self, name, outcome, problems):
        """Records a check; `problems` lists what went wrong (empty when it passed)."""
        command, status, stdout, stderr = outcome
        if not problems:
            self.passed += 1
            print("PASS  %s" % name)
            return
        self.failed += 1
        print("FAIL  %s" % name)
        for problem in problems:
            print("      - %s" % problem)
        print("      command: %s" % shlex.join(command))
        print("      exit code: %s" % status)
        print("      stdout: %s" % shorten(stdout))
        print("      stderr: %s" % shorten(stderr))


def decode(data):
    return data.decode("utf-8", errors="replace")


def shorten(text, limit=2000):
    return text if len(text) <= limit else text[:limit] + "..."


def expect_status(status, wanted):
    if status is None:
        return ["timed out"]
    if status < 0:
        return ["killed by signal %d" % -status]
    if status not in wanted:
        return ["exit code %d, expected %s" % (status, " or ".join(map(str, wanted)))]
    return []


def expect_contains(text, what, needles):
    return ["%s does not mention %r" % (what, needle) for needle in needles if needle not in text]


# ---- the checks --------------------------------------------------------------------

def check_help(c):
    outcome = c.run("--help")
    _, status, stdout, _ = outcome
    problems = expect_status(status, [0])
    problems += expect_contains(stdout, "stdout", ["--dump-after", "--interpret", "-D", "-O2"])
    c.check("--help exits 0 and lists the options", outcome, problems)


def check_version(c):
    outcome = c.run("--version")
    _, status, stdout, _ = outcome
    problems = expect_status(status, [0])
    if not re.search(r"\d+\.\d+", stdout):
        problems.append("stdout has no version number")
    c.check("--version exits 0 and prints a version", outcome, problems)


def check_unknown_option(c, program):
    outcome = c.run("--frobnicate", program)
    _, status, _, stderr = outcome
    problems = expect_status(status, [2]) + expect_contains(stderr, "stderr", ["--frobnicate"])
    c.check("an unknown option exits 2 and names it", outcome, problems)


def check_bad_optimisation_level(c, program):
    outcome = c.run("-O7", "--dump-after=typecheck", program)
    _, status, _, stderr = outcome
    problems = expect_status(status, [2]) + expect_contains(stderr, "stderr", ["-O7"])
    c.check("an unknown optimisation level exits 2 and names it", outcome, problems)


def check_bad_target_cpu(c, program):
    outcome = c.run("--target-cpu=nonsense", program, "-o", os.path.join(c.directory, "never"))
    _, status, _, stderr = outcome
    problems = expect_status(status, [1]) + expect_contains(stderr, "stderr",
                                                            ["arrc: error:", "'nonsense'"])
    c.check("an unknown --target-cpu exits 1 and names it", outcome, problems)


def check_bad_loop_checkpoints(c, program):
    for rule in ["1", "often", "-3", "sqrt2", ""]:
        outcome = c.run("--loop-checkpoints=" + rule, program)
        _, status, _, stderr = outcome
        problems = expect_status(status, [2]) + expect_contains(
            stderr, "stderr", ["--loop-checkpoints needs 'auto', 'all', 'sqrt' or a number of steps"])
        c.check("--loop-checkpoints=%s exits 2 with a usage error" % rule, outcome, problems)


def check_unwritable_output(c, program):
    outcome = c.run(program, "-o", os.path.join(c.directory, "no", "such", "dir", "prog"))
    _, status, _, stderr = outcome
    problems = expect_status(status, [1]) + expect_contains(stderr, "stderr", ["arrc: error:"])
    if "internal error" in stderr:
        problems.append("reported as an internal error")
    c.check("an executable that cannot be written exits 1 with an error", outcome, problems)


def check_colliding_c_names(c):
    # f' is exported as arr_f_q: with an entry named f_q, one of them could not be called.
    program = c.write("colliding.arr", "entry f'(x: f64): f64 = x * 2.0\n"
                                       "entry f_q(x: f64): f64 = x * 3.0\n")
    obj = os.path.join(c.directory, "colliding.o")
    outcome = c.run("-c", program, "-o", obj)
    _, status, _, stderr = outcome
    problems = expect_status(status, [1]) + expect_contains(
        stderr, "stderr", ["colliding.arr:2:7: error:", "'f''", "'f_q'", "arr_f_q"])
    if os.path.exists(obj) or os.path.exists(os.path.join(c.directory, "colliding.h")):
        problems.append("an object or header was written")
    c.check("-c with two entries of the same C name exits 1 and names both", outcome, problems)


def snapshot(directory):
    """{name: bytes} of the files in `directory` (temporaries left behind show up too)."""
    files = {}
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                files[name] = f.read()
    return files


def check_outputs_spare_inputs(c):
    """Outputs that would overwrite an input, or each other, are refused before anything
    is written; an empty -o is a usage error."""
    directory = os.path.join(c.directory, "outputs")
    os.mkdir(directory)
    with open(os.path.join(directory, "lib.arr"), "w") as f:
        f.write("def g(x: f64): f64 = x + 1.0\n")
    program = os.path.join(directory, "p.arr")
    with open(program, "w") as f:
        f.write('import "lib.arr"\nentry main(x: f64): (f64, f64) = (g(x), x)\n')
    before = snapshot(directory)
    cases = [
        ("-c p.arr -o p.h: the object would be its own header", ["-c", program, "-o",
                                                                  os.path.join(directory, "p.h")],
         ["p.h", "header"]),
        ("p.arr -o p.arr: the executable would replace the source", [program, "-o", program],
         ["would overwrite the input file", "p.arr"]),
        ("-o lib.arr: the executable would replace an import",
         [program, "-o", os.path.join(directory, ".", "lib.arr")], ["lib.arr"]),
        ("--emit-llvm -o p.arr", ["--emit-llvm", program, "-o", program], ["p.arr"]),
        ("--interpret -o p.arr", ["--interpret", program, "-o", program], ["p.arr"]),
    ]
    for name, args, needles in cases:
        outcome = c.run(*args)
        _, status, _, stderr = outcome
        problems = expect_status(status, [1]) + expect_contains(stderr, "stderr",
                                                                ["arrc: error:"] + needles)
        if snapshot(directory) != before:
            problems.append("the files changed: %s" % sorted(snapshot(directory)))
        c.check(name + " is refused and changes nothing", outcome, problems)

    outcome = c.run(program, "-o", "")
    _, status, _, stderr = outcome
    c.check("-o with an empty name is a usage error", outcome,
            expect_status(status, [2]) + expect_contains(stderr, "stderr", ["-o", "empty"]))

    # The header cannot be written (a directory has its name): the object keeps its old
    # contents, and no temporary file is left behind.
    obj = os.path.join(directory, "q.o")
    with open(obj, "w") as f:
        f.write("old object")
    os.mkdir(os.path.join(directory, "q.h"))
    before = snapshot(directory)
    outcome = c.run("-c", program, "-o", obj)
    _, status, _, stderr = outcome
    problems = expect_status(status, [1]) + expect_contains(stderr, "stderr", ["q.h"])
    if snapshot(directory) != before:
        problems.append("the files changed: %s" % sorted(snapshot(directory)))
    c.check("-c whose header is a directory leaves the old object alone", outcome, problems)

    # Writing through a device (not replacing it) still works.
    outcome = c.run("--emit-llvm", program, "-o", "/dev/null")
    problems = expect_status(outcome[1], [0])
    if not os.path.exists("/dev/null") or os.path.isfile("/dev/null"):
        problems.append("/dev/null is no longer a device")
    c.check("--emit-llvm -o /dev/null writes through the device", outcome, problems)

    # A successful -c: both files, nothing else.
    outcome = c.run("-c", program, "-o", os.path.join(directory, "r.o"))
    after = snapshot(directory)
    problems = expect_status(outcome[1], [0])
    if set(after) - set(before) != {"r.o", "r.h"}:
        problems.append("new files: %s" % sorted(set(after) - set(before)))
    c.check("-c writes the object and the header and nothing else", outcome, problems)


def check_unbounded_sources(c):
    """A source that never ends (/dev/zero) or is too large is refused with a clear error,
    also as an import, instead of being read into memory."""
    for name, args, needles in [
            ("arrc /dev/zero", ["/dev/zero"], ["/dev/zero", "MiB"]),
            ("arrc --dump-after=parse /dev/zero", ["--dump-after=parse", "/dev/zero"], ["MiB"])]:
        outcome = c.run(*args)
        c.check(name + " fails at once with a size error", outcome,
                expect_status(outcome[1], [1]) + expect_contains(outcome[3], "stderr", needles))
    big = c.write("big.arr", "-- " + "x" * (17 << 20) + "\ndef g(x: f64): f64 = x\n")
    program = c.write("imports_big.arr", 'import "big.arr"\nentry main(x: f64): f64 = g(x)\n')
    outcome = c.run(program)
    c.check("an import larger than the limit is an error at the import", outcome,
            expect_status(outcome[1], [1]) + expect_contains(
                outcome[3], "stderr", ["imports_big.arr:1:8: error:", "big.arr", "MiB"]))
    os.remove(big)


def check_dump_sizes(c):
    """Dumps grow linearly with nesting: indentation stops deepening at some level."""
    def nested_lets(depth):
        text = "x"
        for i in range(depth):
            text = "let v%d = %s in v%d" % (i, text, i)
        return "entry main(x: f64): f64 = %s\n" % text

    for dump in ("parse", "typecheck"):
        sizes = []
        for depth in (500, 2000):
            program = c.write("nested%d.arr" % depth, nested_lets(depth))
            outcome = c.run("--dump-after=" + dump, program)
            problems = expect_status(outcome[1], [0])
            sizes.append(len(outcome[2]))
        # Four times the nesting: about four times the text (sixteen if it were quadratic).
        if sizes[0] == 0 or sizes[1] > 6 * sizes[0]:
            problems.append("output sizes %s for depths 500 and 2000" % sizes)
        c.check("--dump-after=%s of nested lets grows linearly (%d, %d bytes)" % (
            dump, sizes[0], sizes[1]), outcome, problems)


def check_no_input(c):
    outcome = c.run()
    c.check("no arguments exits 2", outcome, expect_status(outcome[1], [2]))
    outcome = c.run("--dump-after=typecheck")
    problems = expect_status(outcome[1], [2])
    c.check("options but no input file exits 2", outcome, problems)


def check_bad_pass_name(c, program):
    outcome = c.run("--dump-after=nosuchpass", program)
    _, status, _, stderr = outcome
    problems = expect_status(status, [2]) + expect_contains(stderr, "stderr", PASS_NAMES)
    c.check("--dump-after=nosuchpass exits 2 and lists the pass names", outcome, problems)


def check_dump_parse(c, program):
    outcome = c.run("--dump-after=parse", program)
    _, status, stdout, stderr = outcome
    problems = expect_status(status, [0])
    problems += expect_contains(stdout, "the parse dump", ["((a + (b * c)) - a)", "entry main",
                                                         "def f"])
    if stderr:
        problems.append("stderr is not empty")
    c.check("--dump-after=parse prints the fully parenthesised program", outcome, problems)


def check_dump_typecheck(c, program):
    outcome = c.run("--dump-after=typecheck", program)
    _, status, stdout, _ = outcome
    problems = expect_status(status, [0])
    problems += expect_contains(stdout, "the typecheck dump",
                                ["def f(a: f64, b: f64, c: f64): f64 =",
                                 "entry main(x: f64): f64 =", "let y: f64 ="])
    c.check("--dump-after=typecheck prints types", outcome, problems)


def check_dump_repeated(c, program):
    outcome = c.run("--dump-after=parse", "--dump-after=typecheck", program)
    _, status, stdout, _ = outcome
    problems = expect_status(status, [0])
    problems += expect_contains(stdout, "the dumps", ["let y: f64 =", "((a + (b * c)) - a)"])
    if "let y =" not in stdout:
        problems.append("the untyped parse dump (`let y =`) is missing")
    # Each dump begins with a comment line naming its pass, in pipeline order.
    headers = [line for line in stdout.splitlines() if line.startswith("-- after ")]
    if headers != ["-- after parse", "-- after typecheck"]:
        problems.append(f"expected the headers '-- after parse', '-- after typecheck', got {headers}")
    elif stdout.index("let y =") < stdout.index("-- after parse") or \
            stdout.index("let y: f64 =") < stdout.index("-- after typecheck"):
        problems.append("a dump is not under its header")
    c.check("--dump-after is repeatable", outcome, problems)


def check_define(c):
    program = c.write("constant.arr", CONSTANT_PROGRAM)
    outcome = c.run("--dump-after=typecheck", program)
    _, status, stdout, _ = outcome
    problems = expect_status(status, [0]) + expect_contains(stdout, "the dump", ["[3]f64"])
    c.check("a constant's value appears in the types", outcome, problems)

    outcome = c.run("-D", "n=7", "--dump-after=typecheck", program)
    _, status, stdout, _ = outcome
    problems = expect_status(status, [0]) + expect_contains(stdout, "the dump", ["[7]f64"])
    if "[3]f64" in stdout:
        problems.append("the dump still shows [3]f64")
    c.check("-D n=7 overrides the constant in the types", outcome, problems)

    outcome = c.run("--dump-after=typecheck", "-D", "nosuchconstant=4", program)
    _, status, _, stderr = outcome
    problems = expect_status(status, [1, 2]) + expect_contains(stderr, "stderr",
                                                               ["nosuchconstant"])
    c.check("-D naming no constant is an error naming it", outcome, problems)

    outcome = c.run("--dump-after=typecheck", "-D", "n", program)
    problems = expect_status(outcome[1], [1, 2])
    c.check("-D without `=VALUE` is an error", outcome, problems)


def check_two_errors(c):
    program = c.write("two_errors.arr", TWO_ERRORS_PROGRAM)
    outcome = c.run("--dump-after=typecheck", program)
    _, status, _, stderr = outcome
    problems = expect_status(status, [1])
    for line, col in ((1, 32), (2, 41)):
        location = "%s:%d:%d: error:" % (program, line, col)
        if location not in stderr:
            problems.append("no error at %d:%d (%r)" % (line, col, location))
    c.check("independent errors in two functions are both reported", outcome, problems)


def check_optimisation_levels(c, program):
    for level in ("-O0", "-O1", "-O2", "-O3"):
        outcome = c.run(level, "--dump-after=typecheck", program)
        c.check("%s is accepted" % level, outcome, expect_status(outcome[1], [0]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arrc_driver_") as directory:
        c = Checks(options.arrc, directory)
        program = c.write("small.arr", SMALL_PROGRAM)
        check_help(c)
        check_version(c)
        check_unknown_option(c, program)
        check_bad_optimisation_level(c, program)
        check_bad_target_cpu(c, program)
        check_bad_loop_checkpoints(c, program)
        check_unwritable_output(c, program)
        check_colliding_c_names(c)
        check_outputs_spare_inputs(c)
        check_unbounded_sources(c)
        check_dump_sizes(c)
        check_no_input(c)
        check_bad_pass_name(c, program)
        check_dump_parse(c, program)
        check_dump_typecheck(c, program)
        check_dump_repeated(c, program)
        check_define(c)
        check_two_errors(c)
        check_optimisation_levels(c, program)
    print("%d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
