#!/usr/bin/env python3
"""Checks one IR golden test: an Arr program whose comments hold FileCheck directives.

    check_ir.py --arrc PATH --filecheck PATH FILE.arr

The program is compiled with `arrc ARGS FILE.arr`, where ARGS are taken from an
optional first line `-- ARGS: ...` (shell-quoted) and default to

    --dump-after=bot --bot-all --verify-ir

arrc must exit 0 without crashing, and its standard output is checked with
`FileCheck FILE.arr` (directives `-- CHECK: ...`, `-- CHECK-NEXT: ...`,
`-- CHECK-LABEL: ...`, `-- CHECK-NOT: ...`, ...). A file without any CHECK
directive is an error, so that a test cannot pass vacuously.
"""

import argparse
import re
import shlex
import subprocess
import sys

TIMEOUT_SECONDS = 120
DEFAULT_ARGS = ["--dump-after=bot", "--bot-all", "--verify-ir"]
CRASH_MARKERS = ("Assertion", "terminate called", "Segmentation", "Aborted", "core dumped",
                 "AddressSanitizer", "UndefinedBehaviorSanitizer", "runtime error:")
CHECK_DIRECTIVE = re.compile(r"^\s*--\s*CHECK(-[A-Z]+)?:", re.MULTILINE)
ARGS_LINE = re.compile(r"^--\s*ARGS:(?P<args>.*)$")


class Failure(Exception):
    """A failed expectation; the message explains it."""


def decode(data):
    return data.decode("utf-8", errors="replace")


def run(command, stdin=None):
    try:
        return subprocess.run(command, input=stdin, capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        raise Failure("timed out after %d s: %s" % (TIMEOUT_SECONDS, shlex.join(command)))


def describe(command, result):
    status = result.returncode
    status_text = "killed by signal %d" % -status if status < 0 else "exit code %d" % status
    return ("command: %s\n%s\n--- stdout ---\n%s\n--- stderr ---\n%s" %
            (shlex.join(command), status_text, decode(result.stdout), decode(result.stderr)))


def arrc_args(source):
    lines = source.splitlines()
    match = ARGS_LINE.match(lines[0]) if lines else None
    return shlex.split(match.group("args")) if match else list(DEFAULT_ARGS)


def check(arrc, filecheck, path):
    with open(path, "rb") as f:
        source = decode(f.read())
    if not CHECK_DIRECTIVE.search(source):
        raise Failure("the test has no `-- CHECK...:` directive")
    command = [arrc] + arrc_args(source) + [path]
    result = run(command)
    stderr = decode(result.stderr)
    if result.returncode < 0 or any(marker in stderr for marker in CRASH_MARKERS):
        raise Failure("arrc crashed\n" + describe(command, result))
    if result.returncode != 0:
        raise Failure("expected exit code 0\n" + describe(command, result))
    fc_command = [filecheck, path, "--dump-input=fail"]
    fc = run(fc_command, stdin=result.stdout)
    if fc.returncode != 0:
        raise Failure("FileCheck failed\n%s\n--- FileCheck ---\n%s%s" %
                      (describe(command, result), decode(fc.stdout), decode(fc.stderr)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--filecheck", required=True)
    parser.add_argument("file")
    options = parser.parse_args()
    try:
        check(options.arrc, options.filecheck, options.file)
    except Failure as failure:
        print("FAIL: %s\n%s" % (options.file, failure))
        return 1
    except OSError as error:
        print("FAIL: %s\ncannot run the test: %s" % (options.file, error))
        return 1
    print("PASS: %s" % options.file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
