#!/usr/bin/env python3
"""Checks one Arr program through the arrc binary (one ctest test per program).

    check_program.py --arrc PATH --filecheck PATH --mode valid|invalid FILE.arr

Directives are Arr comments in the file's leading comment block:

  -- ARGS: -D n=5              extra arrc arguments (shell-quoted), both modes
  -- error: LINE:COL: TEXT     (invalid mode, must be the first line) the first
                               error is `FILE:LINE:COL: error: ...TEXT...`
  -- error: none: TEXT         (invalid mode) an error without a location whose
                               line contains `error:` and TEXT
  -- error-contains: TEXT      (invalid mode, optional, repeatable) the first
                               error's message must also contain TEXT

mode valid:   `arrc --dump-after=typecheck [ARGS] FILE` must exit 0 with an empty
              stderr; when the file has FileCheck directives (`-- CHECK: ...`,
              `-- CHECK-NEXT: ...`, ...) the dump is checked with FileCheck; and
              `arrc --dump-after=core --verify-ir` must accept its lowering.
mode invalid: the same command must exit exactly 1, without crashing, and its
              first diagnostic must be the expected one, followed by the source
              line and a caret under the column.
"""

import argparse
import re
import shlex
import subprocess
import sys

TIMEOUT_SECONDS = 120
CRASH_MARKERS = ("Assertion", "terminate", "Segmentation", "Aborted", "core dumped",
                 "AddressSanitizer", "UndefinedBehaviorSanitizer", "runtime error:")
CHECK_DIRECTIVE = re.compile(r"--\s*CHECK(-[A-Z]+)?:")
ERROR_LINE = re.compile(r"^(?P<path>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$")


class Failure(Exception):
    """A failed expectation; the message explains it."""


def read_source(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


def leading_comments(lines):
    """The lines of the leading block of `--` comments (directives live there)."""
    block = []
    for line in lines:
        if not line.startswith("--"):
            break
        block.append(line)
    return block


def directive_values(block, name):
    prefix = "-- " + name + ":"
    return [line[len(prefix):].strip() for line in block if line.startswith(prefix)]


def extra_args(block):
    args = []
    for value in directive_values(block, "ARGS"):
        args.extend(shlex.split(value))
    return args


def run(command):
    try:
        return subprocess.run(command, capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        raise Failure("timed out after %d s: %s" % (TIMEOUT_SECONDS, shlex.join(command)))


def decode(data):
    return data.decode("utf-8", errors="replace")


def describe(command, result):
    """The command, its exit status and its output, for failure messages."""
    status = result.returncode
    status_text = "killed by signal %d" % -status if status < 0 else "exit code %d" % status
    return ("command: %s\n%s\n--- stdout ---\n%s\n--- stderr ---\n%s" %
            (shlex.join(command), status_text, decode(result.stdout), decode(result.stderr)))


def check_no_crash(command, result):
    if result.returncode < 0:
        raise Failure("arrc crashed\n" + describe(command, result))
    stderr = decode(result.stderr)
    for marker in CRASH_MARKERS:
        if marker in stderr:
            raise Failure("arrc output shows a crash (%r)\n%s" % (marker, describe(command, result)))


def arrc_command(arrc, path, args):
    return [arrc, "--dump-after=typecheck"] + args + [path]


# ---- valid programs ------------------------------------------------------------

def check_valid(arrc, filecheck, path, source):
    block = leading_comments(source.splitlines())
    command = arrc_command(arrc, path, extra_args(block))
    result = run(command)
    check_no_crash(command, result)
    if result.returncode != 0:
        raise Failure("expected exit code 0\n" + describe(command, result))
    if result.stderr:
        raise Failure("expected an empty stderr\n" + describe(command, result))
    if CHECK_DIRECTIVE.search(source):
        run_filecheck(filecheck, path, command, result)
    # Every program that type-checks lowers to core IR that the verifier accepts.
    core_command = [arrc, "--dump-after=core", "--verify-ir"] + extra_args(block) + [path]
    core = run(core_command)
    check_no_crash(core_command, core)
    if core.returncode != 0:
        raise Failure("lowering to core failed or the core IR is malformed\n" +
                      describe(core_command, core))


def run_filecheck(filecheck, path, command, result):
    fc_command = [filecheck, path, "--check-prefix=CHECK", "--allow-empty", "--dump-input=fail"]
    try:
        fc = subprocess.run(fc_command, input=result.stdout, capture_output=True,
                            timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        raise Failure("FileCheck timed out")
    if fc.returncode != 0:
        raise Failure("FileCheck failed on the typecheck dump\n%s\n--- FileCheck ---\n%s%s" %
                      (describe(command, result), decode(fc.stdout), decode(fc.stderr)))


# ---- invalid programs ----------------------------------------------------------

def parse_expectation(lines):
    """(line, col, [substrings]) from the directives; line/col are None for `none`."""
    first = lines[0] if lines else ""
    match = re.match(r"^-- error: (?:(?P<line>\d+):(?P<col>\d+)|(?P<none>none)): (?P<text>.+)$",
                     first)
    if not match:
        raise Failure("the first line must be `-- error: LINE:COL: TEXT` or "
                      "`-- error: none: TEXT`, found %r" % first)
    texts = [match.group("text").strip()] + directive_values(leading_comments(lines),
                                                              "error-contains")
    if match.group("none"):
        return None, None, texts
    return int(match.group("line")), int(match.group("col")), texts


def first_error(stderr_lines):
    """Index of the first diagnostic line that is an error."""
    for i, line in enumerate(stderr_lines):
        if ERROR_LINE.match(line) or line.startswith("arrc: error:"):
            return i
    return None


def check_invalid(arrc, path, source):
    lines = source.splitlines()
    want_line, want_col, texts = parse_expectation(lines)
    command = arrc_command(arrc, path, extra_args(leading_comments(lines)))
    result = run(command)
    check_no_crash(command, result)
    details = describe(command, result)
    if result.returncode != 1:
        raise Failure("expected exit code 1\n" + details)
    stderr_lines = decode(result.stderr).splitlines()
    if want_line is None:
        check_unlocated_error(stderr_lines, texts, details)
        return
    index = first_error(stderr_lines)
    if index is None:
        raise Failure("no `error:` line in stderr\n" + details)
    check_error_line(stderr_lines[index], path, want_line, want_col, texts, details)
    check_source_and_caret(stderr_lines[index + 1:index + 3], lines, want_line, want_col, details)


def check_unlocated_error(stderr_lines, texts, details):
    for line in stderr_lines:
        if "error:" in line and all(text in line for text in texts):
            return
    raise Failure("expected a line with `error:` and %s\n%s" %
                  (" and ".join(repr(t) for t in texts), details))


def check_error_line(line, path, want_line, want_col, texts, details):
    expected_prefix = "%s:%d:%d: error:" % (path, want_line, want_col)
    if not line.startswith(expected_prefix):
        raise Failure("the first error should start with %r, found:\n  %s\n%s" %
                      (expected_prefix, line, details))
    message = line[len(expected_prefix):]
    for text in texts:
        if text not in message:
            raise Failure("the first error's message should contain %r, found:\n  %s\n%s" %
                          (text, line, details))


def check_source_and_caret(following, lines, want_line, want_col, details):
    if len(following) < 2:
        raise Failure("the error should be followed by the source line and a caret line\n" +
                      details)
    source_line, caret_line = following
    expected_source = lines[want_line - 1] if want_line <= len(lines) else ""
    if source_line.rstrip() != expected_source.rstrip():
        raise Failure("the line after the error should be source line %d %r, found %r\n%s" %
                      (want_line, expected_source, source_line, details))
    caret = caret_line.find("^")
    if caret != want_col - 1 or caret_line[:caret].strip(" ") != "":
        raise Failure("the caret line should have `^` under column %d, found %r\n%s" %
                      (want_col, caret_line, details))


# ---- main ------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--filecheck", required=True)
    parser.add_argument("--mode", required=True, choices=["valid", "invalid"])
    parser.add_argument("file")
    options = parser.parse_args()
    try:
        source = read_source(options.file)
        if options.mode == "valid":
            check_valid(options.arrc, options.filecheck, options.file, source)
        else:
            check_invalid(options.arrc, options.file, source)
    except Failure as failure:
        print("FAIL: %s (%s)\n%s" % (options.file, options.mode, failure))
        return 1
    except OSError as error:
        print("FAIL: %s (%s)\ncannot run the test: %s" % (options.file, options.mode, error))
        return 1
    print("PASS: %s (%s)" % (options.file, options.mode))
    return 0


if __name__ == "__main__":
    sys.exit(main())
