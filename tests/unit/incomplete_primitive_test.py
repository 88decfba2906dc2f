#!/usr/bin/env python3
"""An entry of the primitive table that lacks a property does not compile.

Compiles tests/unit/IncompletePrimitive.cc (a one-entry table checked with the
same static_assert as base/Primitives.cpp) as it is, which must succeed, and
then once per omitted field (derivative rule, zero map, evaluation, lowering),
which must fail with the static_assert's message.
"""

import argparse
import subprocess
import sys


def compile_table(args, omit):
    command = [args.cxx, "-std=c++20", "-fsyntax-only"]
    for directory in args.include:
        command += ["-I", directory]
    if omit:
        command.append(f"-DARR_OMIT={omit}")
    command.append(args.source)
    return subprocess.run(command, capture_output=True, text=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cxx", required=True)
    parser.add_argument("--include", action="append", default=[])
    parser.add_argument("source")
    args = parser.parse_args()
    failures = 0
    complete = compile_table(args, None)
    if complete.returncode != 0:
        print("the complete entry does not compile:\n" + complete.stderr)
        failures += 1
    for field in ("derivative", "zero", "evaluate", "lowering"):
        result = compile_table(args, field)
        rejected = result.returncode != 0 and "every unary primitive needs every property" in result.stderr
        print(f"without {field}: {'rejected' if rejected else 'ACCEPTED'}")
        if not rejected:
            print(result.stderr)
            failures += 1
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
