#!/usr/bin/env python3
"""Runs one end-to-end test program through `arrc --interpret`.

A test file is an Arr program whose comments describe runs, each a block:

    -- RUN: --entry dmain -D n=3        (arguments for arrc; may be empty)
    -- INPUT: [1.0, 2.0]                (standard input lines, any number)
    -- EXPECT: 11.0                     (expected standard output lines, in order)
    -- EXPECT-ERROR: disagree on size   (instead of EXPECT: exit 1, stderr contains this)

Floats are compared exactly, as text: the interpreter's results are the
reference semantics. `-- APPROX: 1e-12` in a block compares numbers with that
relative tolerance instead (for results whose rounding depends on evaluation
order).
"""

import argparse
import re
import subprocess
import sys

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


def run_block(arrc, path, block, extra):
    command = [arrc, "--interpret", "--verify-ir", path] + block["args"] + extra
    stdin = "\n".join(block["input"]) + ("\n" if block["input"] else "")
    result = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=120)
    report = (f"command: {' '.join(command)}\nstdin: {stdin!r}\nexit: {result.returncode}\n"
              f"stdout:\n{result.stdout}stderr:\n{result.stderr}")
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
    for e, a in zip(expected, actual):
        same = e == a if block["approx"] is None else numbers_close(e, a, block["approx"])
        if not same:
            return f"expected line {e!r}, got {a!r}\n{report}"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--extra", action="append", default=[],
                        help="an extra arrc argument for every run, e.g. --extra=--bot-all "
                             "to check that a pass preserves the interpreter's results")
    parser.add_argument("program")
    args = parser.parse_args()
    failures = 0
    blocks = parse_blocks(args.program)
    for number, block in enumerate(blocks, 1):
        problem = run_block(args.arrc, args.program, block, args.extra)
        if problem:
            failures += 1
            print(f"FAIL run {number}: {problem}")
    print(f"{len(blocks) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
