#!/usr/bin/env python3
"""Runs one end-to-end test program through `arrc --interpret`, or compiled.

A test file is an Arr program whose comments describe runs, each a block:

    -- RUN: --entry dmain -D n=3        (arguments for arrc; may be empty)
    -- INPUT: [1.0, 2.0]                (standard input lines, any number)
    -- EXPECT: 11.0                     (expected standard output lines, in order)
    -- EXPECT-ERROR: disagree on size   (instead of EXPECT: exit 1, stderr contains this)

Floats are compared exactly, as text: the interpreter's results are the
reference semantics. `-- APPROX: 1e-12` in a block compares numbers with that
relative tolerance instead (for results whose rounding depends on evaluation
order).

Compiled mode (`--compiled`, LANGUAGE.md section 9) checks the native
executables against the same expectations: the interpreter is the oracle. With
`--strict-fp` (passed with --extra) native code must print them exactly on one
thread.

`--reordered` accepts, instead, what another order of floating-point operations
explains (LANGUAGE.md section 9: by default sums may be reassociated across
vector lanes, register tiles and threads, and a * b + c contracted): for each
block, `arrc --interpret-loops --print-tolerances` (with the block's arguments
and input) prints for every number of the result the largest difference such an
order may make, a small multiple of the rounding of the magnitudes the number is
computed from (loops/Interpreter.h); each number must be within it (integers and
booleans exactly). It applies to interpreted runs (the loop IR after passes that
reassociate) and compiled ones, and is implied by --threads above 1 (a parallel
reduction adds per-thread partial sums).

    run_e2e.py --arrc ARRC --compiled [--opt=-O0|-O1|-O2|-O3] [--threads N] PROG

Each block's RUN arguments are split into compile-time arguments (everything
but `--entry NAME`, e.g. `-D n=3`), which go to `arrc PROG ARGS -OX -o EXE`,
and the run-time `--entry NAME`, which goes to the executable. The program is
compiled once per distinct set of compile-time arguments, into a temporary
directory, and each block runs `EXE [--entry NAME] --threads N` with the
block's standard input. When arrc fails to compile, every block of that
compilation fails, except an EXPECT-ERROR block whose message is in arrc's
standard error (arrc exiting 1), which passes: a compile error is then the
expected error.

"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

NUMBER = re.compile(r"-?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)")


def parse_blocks(path):
    blocks = []
    with open(path, encoding="utf-8") as source:
        for line in source:
            match = re.match(r"\s*-- (RUN|INPUT|EXPECT|EXPECT-ERROR|APPROX):(.*)$", line.rstrip("\n"))
            if not match:
                continue
            kind, text = match.group(1), match.group(2).strip()
            if kind == "RUN":
                blocks.append({"args": text.split(), "input": [], "expect": [], "error": None,
                               "approx": None})
            elif not blocks:
                raise SystemExit(f"{path}: '{kind}:' before the first 'RUN:'")
            elif kind == "INPUT":
                blocks[-1]["input"].append(text)
            elif kind == "EXPECT":
                blocks[-1]["expect"].append(text)
            elif kind == "EXPECT-ERROR":
                blocks[-1]["error"] = text
            else:
                blocks[-1]["approx"] = float(text)
    if not blocks:
        raise SystemExit(f"{path}: no '-- RUN:' block")
    return blocks


def numbers_close(expected, actual, tolerance):
    expected_numbers = NUMBER.findall(expected)
    actual_numbers = NUMBER.findall(actual)
    if NUMBER.sub("#", expected) != NUMBER.sub("#", actual):
        return False
    if len(expected_numbers) != len(actual_numbers):
        return False
    for e, a in zip(expected_numbers, actual_numbers):
        if e == a:
            continue
        try:
            x, y = float(e), float(a)
        except ValueError:
            return False
        if abs(x - y) > tolerance * max(abs(x), abs(y), 1e-300):
            return False
    return True


def within_tolerances(expected, actual, allowed):
    """Whether every number of `actual` is within the matching number of `allowed` (absolute)
    of `expected`'s, the text around the numbers being the same."""
    expected_numbers = NUMBER.findall(expected)
    actual_numbers = NUMBER.findall(actual)
    allowed_numbers = NUMBER.findall(allowed)
    if NUMBER.sub("#", expected) != NUMBER.sub("#", actual):
        return False
    if not len(expected_numbers) == len(actual_numbers) == len(allowed_numbers):
        return False
    for e, a, t in zip(expected_numbers, actual_numbers, allowed_numbers):
        if e == a:
            continue
        try:
            x, y, limit = float(e), float(a), float(t)
        except ValueError:
            return False
        if x != x and y != y:  # both NaN
            continue
        if limit != limit:
            # The loop interpreter's magnitudes give no bound here (an inf or NaN met on
            # the way, as in second derivatives through loops): a difference of summation
            # order is then allowed a relative 1e-9 of the larger value.
            limit = 1e-9 * max(abs(x), abs(y))
        if not abs(x - y) <= limit:  # NaN or inf against a number fails
            return False
    return True


def check_result(block, result, report, tolerances=None):
    """Compares a finished run with the block's expectations; None when they hold.

    `tolerances`, when given, are the lines printed by --print-tolerances for the block:
    each number may differ from the expected one by the matching tolerance (or by the
    block's APPROX, relatively)."""
    if result.returncode < 0 or result.returncode > 2:
        return f"crashed\n{report}"
    if block["error"] is not None:
        if result.returncode != 1 or block["error"] not in result.stderr:
            return f"expected exit 1 with an error containing {block['error']!r}\n{report}"
        return None
    if result.returncode != 0:
        return f"expected success\n{report}"
    actual = result.stdout.splitlines()
    expected = block["expect"]
    if len(actual) != len(expected):
        return f"expected {len(expected)} output lines {expected}\n{report}"
    approx = block["approx"]
    if tolerances is not None and len(tolerances) != len(expected):
        return f"--print-tolerances gave {len(tolerances)} lines for {len(expected)}\n{report}"
    for index, (e, a) in enumerate(zip(expected, actual)):
        same = e == a or (approx is not None and numbers_close(e, a, approx))
        if not same and tolerances is not None:
            same = within_tolerances(e, a, tolerances[index])
        if not same:
            allowed = f" (tolerances {tolerances[index]!r})" if tolerances is not None else ""
            return f"expected line {e!r}, got {a!r}{allowed}\n{report}"
    return None


def tolerances_for(arrc, path, block, extra):
    """The lines of `arrc --interpret-loops --print-tolerances` for the block (None when the
    block expects an error, or when arrc fails: the comparison is then exact)."""
    if block["error"] is not None:
        return None
    kept = [arg for arg in extra if not arg.startswith("--interpret")
            and arg != "--check-loop-passes"]
    command = ([arrc, "--interpret-loops", "--print-tolerances", path] + block["args"] + kept)
    stdin = block_stdin(block)
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        return None
    return result.stdout.splitlines()


def describe(command, stdin, result):
    return (f"command: {' '.join(command)}\nstdin: {stdin!r}\nexit: {result.returncode}\n"
            f"stdout:\n{result.stdout}stderr:\n{result.stderr}")


def block_stdin(block):
    return "\n".join(block["input"]) + ("\n" if block["input"] else "")


def run_block(arrc, path, block, extra, reordered):
    command = [arrc, "--interpret", "--verify-ir", path] + block["args"] + extra
    stdin = block_stdin(block)
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120)
    tolerances = tolerances_for(arrc, path, block, extra) if reordered else None
    return check_result(block, result, describe(command, stdin, result), tolerances)


def split_args(args):
    """RUN arguments -> (compile-time arguments for arrc, run-time arguments for the executable).

    Only `--entry NAME` (or `--entry=NAME`) is a run-time argument."""
    compile_args, run_args = [], []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--entry" and index + 1 < len(args):
            run_args += [arg, args[index + 1]]
            index += 2
            continue
        if arg.startswith("--entry="):
            run_args += ["--entry", arg[len("--entry="):]]
        else:
            compile_args.append(arg)
        index += 1
    return compile_args, run_args


class Compiler:
    """Compiles a program once per distinct set of compile-time arguments."""

    def __init__(self, arrc, path, opt, extra, directory):
        self.arrc = arrc
        self.path = path
        self.opt = opt
        self.extra = extra
        self.directory = directory
        self.cache = {}

    def get(self, compile_args):
        """Returns (executable or None, the finished arrc process, the command)."""
        key = tuple(compile_args)
        if key not in self.cache:
            exe = os.path.join(self.directory, f"prog{len(self.cache)}")
            command = ([self.arrc, self.path] + list(compile_args) + self.extra
                       + [self.opt, "-o", exe])
            result = subprocess.run(command, capture_output=True, text=True, timeout=600,
                                    stdin=subprocess.DEVNULL)
            ok = result.returncode == 0 and os.path.isfile(exe) and os.access(exe, os.X_OK)
            self.cache[key] = (exe if ok else None, result, command)
        return self.cache[key]


def run_block_compiled(compiler, block, threads, reordered):
    compile_args, run_args = split_args(block["args"])
    exe, compiled, compile_command = compiler.get(compile_args)
    if exe is None:
        report = describe(compile_command, "", compiled)
        if compiled.returncode == 0:
            return f"arrc exited 0 but wrote no executable\n{report}"
        if block["error"] is not None:
            # The expected error may be a compile error: arrc must fail with it.
            if compiled.returncode == 1 and block["error"] in compiled.stderr:
                return None
            return (f"expected an error containing {block['error']!r}, "
                    f"arrc failed to compile with another\n{report}")
        return f"arrc failed to compile the program\n{report}"
    command = [exe] + run_args + ["--threads", str(threads)]
    stdin = block_stdin(block)
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120)
    report = (f"compiled with: {' '.join(compile_command)}\n"
              + describe(command, stdin, result))
    tolerances = None
    if reordered:
        tolerances = tolerances_for(compiler.arrc, compiler.path, block, compiler.extra)
    return check_result(block, result, report, tolerances)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--extra", action="append", default=[],
                        help="an extra arrc argument for every run, e.g. --extra=--bot-all "
                             "to check that a pass preserves the interpreter's results "
                             "(in compiled mode: for every compilation)")
    parser.add_argument("--compiled", action="store_true",
                        help="compile with `arrc PROG -o EXE` and run the executables")
    parser.add_argument("--opt", default="-O2",
                        help="compiled mode: the optimisation level, e.g. --opt=-O0")
    parser.add_argument("--threads", type=int, default=1,
                        help="compiled mode: run the executables with --threads N")
    parser.add_argument("--reordered", action="store_true",
                        help="accept the differences another order of floating-point "
                             "operations explains (see above)")
    parser.add_argument("program")
    args = parser.parse_args()
    opt = args.opt if args.opt.startswith("-") else "-" + args.opt
    if opt not in ("-O0", "-O1", "-O2", "-O3"):
        parser.error(f"--opt must be -O0, -O1, -O2 or -O3, not {args.opt!r}")
    if args.threads < 1:
        parser.error("--threads must be at least 1")
    failures = 0
    blocks = parse_blocks(args.program)
    with tempfile.TemporaryDirectory(prefix="arr-e2e-") as directory:
        compiler = Compiler(os.path.abspath(args.arrc), args.program, opt, args.extra, directory)
        for number, block in enumerate(blocks, 1):
            if args.compiled:
                # A parallel reduction adds per-thread partial sums: another order too.
                problem = run_block_compiled(compiler, block, args.threads,
                                             args.reordered or args.threads > 1)
            else:
                problem = run_block(args.arrc, args.program, block, args.extra, args.reordered)
            if problem:
                failures += 1
                print(f"FAIL run {number}: {problem}")
    mode = f"compiled {opt}, {args.threads} thread(s)" if args.compiled else "interpreted"
    if args.compiled:
        mode += f", {len(compiler.cache)} compilation(s)"
    print(f"{len(blocks) - failures} passed, {failures} failed ({mode})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
