#!/usr/bin/python3
"""Every program under samples/ compiles to a native executable, and runs.

    /usr/bin/python3 tests/native/compile_time.py --arrc build/compiler/arrc [--samples DIR]

For each samples/**/*.arr: `arrc -O2 PROG -o EXE` must exit 0 and produce an
executable. When the program has a sample input (PROG's stem + `_input.txt` in
the same directory, e.g. samples/mlp_input.txt for samples/mlp.arr), the
executable runs its first entry on it (`EXE --entry FIRST --threads 1 < INPUT`):
it must exit 0 and print the same values as `arrc --interpret` on the same input
(numbers within a relative 1e-12). Compile times are printed for information
only: nothing here depends on how long anything takes.
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time
from native_checks import report, summary

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TIMEOUT_SECONDS = 600
ENTRY = re.compile(r"^entry\s+([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)
NUMBER = re.compile(r"-?(?:inf|nan|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)")

def run(command, stdin_text=None):
    return subprocess.run(command, input=stdin_text, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)


def same_output(a, b, rtol=1e-12):
    """The two texts are equal outside numbers, and their numbers agree within rtol."""
    if NUMBER.sub("#", a).split() != NUMBER.sub("#", b).split():
        return False
    xs, ys = NUMBER.findall(a), NUMBER.findall(b)
    if len(xs) != len(ys):
        return False
    for x, y in zip(xs, ys):
        if x == y:
            continue
        fx, fy = float(x), float(y)
        if not abs(fx - fy) <= rtol * max(abs(fx), abs(fy)):
            return False
    return True


def first_line(text):
    lines = text.strip().splitlines()
    return lines[0] if lines else "(no message)"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--samples", default=os.path.join(ROOT, "samples"))
    options = parser.parse_args()
    programs = sorted(glob.glob(os.path.join(options.samples, "**", "*.arr"), recursive=True))
    if not programs:
        report(False, "no programs under %s" % options.samples)
    with tempfile.TemporaryDirectory(prefix="samples_native_") as tmp:
        for number, program in enumerate(programs):
            name = os.path.relpath(program, os.path.dirname(options.samples))
            exe = os.path.join(tmp, "%d_%s" % (number, os.path.splitext(os.path.basename(program))[0]))
            start = time.monotonic()
            result = run([options.arrc, "-O2", program, "-o", exe])
            elapsed = time.monotonic() - start
            ok = result.returncode == 0 and os.access(exe, os.X_OK)
            report(ok, "%s: arrc -O2 -o EXE %s (%.2f s)" % (
                name, "exits 0" if ok else "exits %d%s: %s" % (
                    result.returncode, "" if result.returncode else " without writing EXE",
                    first_line(result.stderr)), elapsed))
            if not ok:
                continue
            input_path = os.path.splitext(program)[0] + "_input.txt"
            if not os.path.isfile(input_path):
                print("      %s: no sample input (%s); compiled only" % (name, os.path.basename(input_path)))
                continue
            with open(program, encoding="utf-8") as f:
                entries = ENTRY.findall(f.read())
            if not entries:
                report(False, "%s: no entry to run" % name)
                continue
            entry = entries[0]
            with open(input_path, encoding="utf-8") as f:
                stdin_text = f.read()
            native = run([exe, "--entry", entry, "--threads", "1"], stdin_text)
            if native.returncode != 0 or not native.stdout.strip():
                report(False, "%s: EXE --entry %s < %s exits %d: %s" % (
                    name, entry, os.path.basename(input_path), native.returncode,
                    first_line(native.stderr) if native.returncode else "no output"))
                continue
            reference = run([options.arrc, "--interpret", program, "--entry", entry], stdin_text)
            if reference.returncode != 0:
                report(False, "%s: arrc --interpret --entry %s exits %d: %s" % (
                    name, entry, reference.returncode, first_line(reference.stderr)))
                continue
            ok = same_output(native.stdout, reference.stdout)
            report(ok, "%s: --entry %s on %s prints %s" % (
                name, entry, os.path.basename(input_path),
                "the interpreter's result" if ok else "%r, the interpreter %r" % (
                    native.stdout.strip()[:300], reference.stdout.strip()[:300])))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
