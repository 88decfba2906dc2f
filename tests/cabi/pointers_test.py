#!/usr/bin/env python3
"""NULL and overlapping pointers through the C ABI of object files (LANGUAGE.md section 9).

    pointers_test.py --arrc PATH [--cc clang-19]

Steps, each reported as one PASS/FAIL line:
  1. `arrc -c tests/cabi/pointers.arr` writes an object and its header.
  2. The header's comment states the rules: NULL only for arrays without elements, a
     result may overlap the parameters, results may not overlap each other.
  3. pointers_main.c links with them and its checks pass: NULL arrays with elements
     are refused with a message naming the argument, NULL arrays without elements
     work, results in (part of) a parameter's memory get the values they would get in
     memory of their own (rev, mm), overlapping results are refused, temporaries are
     released (after 10000 calls, and after a body that fails, which leaves the
     result as it was).
  4. The same with the body cut into segments (--segment-size=1) and at -O0.
Exits 1 if any step failed.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "pointers.arr")
MAIN_C = os.path.join(HERE, "pointers_main.c")
EXPECTED_C_CHECKS = 36  # the number of checks pointers_main.c reports when all of them run

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tally import report, summary  # noqa: E402


def run(command):
    return subprocess.run(command, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def describe(command, result):
    return (f"  command: {shlex.join(command)}\n  exit: {result.returncode}\n"
            f"  stdout:\n{result.stdout}  stderr:\n{result.stderr}")


def checks_passed(result):
    lines = result.stdout.splitlines()
    counts = re.fullmatch(r"(\d+) passed, (\d+) failed", lines[-1]) if lines else None
    return (result.returncode == 0 and counts is not None and int(counts.group(2)) == 0
            and int(counts.group(1)) == EXPECTED_C_CHECKS)


def header_comment(header):
    """The text of the header's first comment, its lines joined by spaces."""
    found = re.match(r"\s*/\*(.*?)\*/", header, re.S)
    return " ".join(found.group(1).split()) if found else ""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--cc", default=None, help="C compiler (default clang-19, else cc)")
    args = parser.parse_args()
    arrc = os.path.abspath(args.arrc)
    cc = args.cc or shutil.which("clang-19") or shutil.which("cc")
    flags = shlex.split(run([arrc, "--print-link-flags"]).stdout)

    with tempfile.TemporaryDirectory(prefix="arr-cabi-pointers-") as directory:
        for extra in [[], ["--segment-size=1"], ["-O0"]]:
            what = " ".join(["arrc -c"] + extra + ["pointers.arr"])
            where = os.path.join(directory, "-".join(extra) or "default")
            os.makedirs(where)
            obj = os.path.join(where, "pointers.o")
            command = [arrc, "-c"] + extra + [PROGRAM, "-o", obj]
            result = run(command)
            if not report(result.returncode == 0 and os.path.isfile(obj), what,
                          describe(command, result)):
                continue
            if not extra:
                with open(os.path.join(where, "pointers.h")) as file:
                    comment = header_comment(file.read())
                rules = ["may be NULL only when its array has no elements",
                         "A result may overlap the parameters",
                         "Results must not overlap each other"]
                report(all(rule in comment for rule in rules),
                       "the header's comment states the rules for NULL and overlapping pointers",
                       f"  comment: {comment}\n  expected: {rules}")
            exe = os.path.join(where, "pointers_main")
            command = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", where, MAIN_C, obj] + \
                flags + ["-lm", "-o", exe]
            result = run(command)
            if not report(result.returncode == 0, f"pointers_main.c compiles and links ({what})",
                          describe(command, result)):
                continue
            result = run([exe])
            if not extra:
                print("  " + result.stdout.replace("\n", "\n  ").rstrip())
            report(checks_passed(result), f"the C host's {EXPECTED_C_CHECKS} checks pass ({what})",
                   describe([exe], result))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
