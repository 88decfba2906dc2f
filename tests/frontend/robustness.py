#!/usr/bin/env python3
"""Robustness of `arrc --dump-after=typecheck` on hostile and extreme inputs.

    robustness.py --arrc PATH

Every case must finish within the time limit without a crash (the exit status is
0 or 1, never a signal or an abort). Valid inputs must exit 0; invalid inputs must
exit exactly 1 and print at least one `error:` line.
"""

import argparse
import os
import random
import shlex
import subprocess
import sys
import tempfile

# Sanitizer builds run several times slower (cmake/sanitizers/options.sh sets the scale).
TIMEOUT_SECONDS = 20 * float(os.environ.get("ARR_TIME_SCALE", "1"))
CRASH_MARKERS = ("Assertion", "terminate called", "Segmentation", "Aborted", "core dumped",
                 "AddressSanitizer", "UndefinedBehaviorSanitizer", "stack overflow")
FIVE_MB = 5 * 1024 * 1024


# ---- generated inputs ------------------------------------------------------------

def random_bytes():
    rng = random.Random(20240611)
    return bytes(rng.randrange(256) for _ in range(2000))


def invalid_utf8_in_comment():
    return (b"-- a comment with invalid UTF-8: \xff\xfe\xc3\x28 \xed\xa0\x80 \xf8\x88\x80\x80\x80\n"
            b"entry main(x: f64): f64 = x * 2.0 -- \xc0\xaf trailing\n")


def many_functions(size):
    """A valid program of many small functions (fn0, fn1, ...; not f32/f64, which
    are keywords), at least `size` bytes long. Each function calls the previous
    one except every 100th, so call chains stay short while the program is long."""
    parts = []
    total = 0
    i = 0
    while total < size:
        if i % 100 == 0:
            text = "def fn%d(x: f64, v: [n]f64): f64 = x * 2.0 + v[0]\n" % i
        else:
            text = "def fn%d(x: f64, v: [n]f64): f64 = fn%d(x, v) - v[%d %% n] * 0.5\n" % (i, i - 1, i)
        parts.append(text)
        total += len(text)
        i += 1
    parts.append("entry main(x: f64, v: [n]f64): f64 = fn%d(x, v)\n" % (i - 1))
    return "".join(parts).encode()


def printable_garbage(size):
    rng = random.Random(7)
    alphabet = [chr(c) for c in range(32, 127)] + ["\n"] * 4
    return "".join(rng.choice(alphabet) for _ in range(size)).encode()


def nested_parens(depth, closed):
    text = "entry main(): f64 = " + "(" * depth + "1.0" + (")" * depth if closed else "") + "\n"
    return text.encode()


def long_array_literal(count):
    elements = ", ".join("%d.5" % i for i in range(count))
    return ("entry main(): [%d]f64 = [%s]\n" % (count, elements)).encode()


def long_identifier(length):
    name = "x" + "y" * length
    return ("entry main(%s: f64): f64 = %s * %s\n" % (name, name, name)).encode()


def deep_unary_minus(depth):
    return ("entry main(x: f64): f64 = " + "- " * depth + "x\n").encode()


def deep_let_chain(count):
    lines = ["entry main(x: f64): f64 ="]
    lines += ["  let x%d = %s + 1.0" % (i, "x" if i == 0 else "x%d" % (i - 1)) for i in range(count)]
    lines.append("  in x%d" % (count - 1))
    return ("\n".join(lines) + "\n").encode()


# ---- cases: (name, file contents, expected outcome) ---------------------------------
# Expected outcome: "valid" (exit 0), "invalid" (exit 1 with an `error:` line), or
# "either" where LANGUAGE.md does not decide (the source encoding is unspecified, so
# invalid UTF-8 in a comment may be skipped or reported, but must not crash).

def cases():
    return [
        ("empty file", b"", "valid"),
        ("2000 random bytes", random_bytes(), "invalid"),
        ("invalid UTF-8 inside comments", invalid_utf8_in_comment(), "either"),
        ("5 MB of small functions", many_functions(FIVE_MB), "valid"),
        ("5 MB of printable garbage", printable_garbage(FIVE_MB), "invalid"),
        ("10000 nested parentheses", nested_parens(10000, closed=True), "valid"),
        ("10000 unclosed parentheses", nested_parens(10000, closed=False), "invalid"),
        ("10000-element array literal", long_array_literal(10000), "valid"),
        ("unterminated parameter list", b"def f(x: f64 = (1 +", "invalid"),
        ("unterminated string", b'import "unterminated', "invalid"),
        ("let at end of file", b"entry main(): f64 = let x = 1 in", "invalid"),
        ("if without else at end of file", b"entry main() = if true then 1.0", "invalid"),
        ("end of file inside a type", b"entry main(a: [n,", "invalid"),
        ("unterminated string with newline", b'import "lib.arr\nentry main(): f64 = 1.0\n',
         "invalid"),
        ("NUL byte in the source", b"entry main(): f64 = 1.0\x00 + 2.0\n", "invalid"),
        ("CRLF line endings", b"-- comment\r\ndef f(x: f64): f64 =\r\n  x + 1.0\r\n"
         b"entry main(x: f64): f64 = f(x)\r\n", "valid"),
        ("100000-character identifier", long_identifier(100000), "valid"),
        ("10000 nested unary minus", deep_unary_minus(10000), "valid"),
        ("2000 chained let bindings", deep_let_chain(2000), "valid"),
        ("only an operator", b"+", "invalid"),
        ("lone lambda backslash", b"entry main(): f64 = \\", "invalid"),
    ]


# ---- running -------------------------------------------------------------------------

def run_arrc(arrc, path):
    command = [arrc, "--dump-after=typecheck", path]
    try:
        result = subprocess.run(command, capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return command, None
    return command, result


def summary(text, limit=1500):
    return text if len(text) <= limit else text[:limit] + "... (%d more characters)" % (
        len(text) - limit)


def judge(result, expected, must_mention=None):
    """None when the result is as expected, otherwise the reason."""
    if result is None:
        return "timed out after %d s (a hang?)" % TIMEOUT_SECONDS
    status = result.returncode
    if status < 0:
        return "killed by signal %d" % -status
    stderr = result.stderr.decode("utf-8", errors="replace")
    for marker in CRASH_MARKERS:
        if marker in stderr:
            return "stderr shows a crash (%r)" % marker
    if expected == "either" and status == 0:
        return None
    if expected == "valid":
        if status != 0:
            return "expected exit 0, got %d" % status
        return None
    if status != 1:
        return "expected exit 1, got %d" % status
    if "error:" not in stderr:
        return "no `error:` line in stderr"
    if must_mention is not None and must_mention not in stderr:
        return "the error does not mention %r" % must_mention
    return None


def report(name, command, result, problem):
    if problem is None:
        print("PASS  %s" % name)
        return True
    print("FAIL  %s: %s" % (name, problem))
    print("      command: %s" % shlex.join(command))
    if result is not None:
        print("      exit code: %d" % result.returncode)
        print("      stderr: %s" % summary(result.stderr.decode("utf-8", errors="replace")))
    return False


def run_generated(arrc, directory):
    outcomes = []
    for index, (name, contents, expected) in enumerate(cases()):
        path = os.path.join(directory, "case%02d.arr" % index)
        with open(path, "wb") as f:
            f.write(contents)
        command, result = run_arrc(arrc, path)
        outcomes.append(report(name, command, result, judge(result, expected)))
    return outcomes


def run_special(arrc, directory):
    missing = os.path.join(directory, "does_not_exist.arr")
    command, result = run_arrc(arrc, missing)
    outcomes = [report("missing input file", command, result,
                       judge(result, "invalid", must_mention=missing))]
    folder = os.path.join(directory, "a_directory.arr")
    os.mkdir(folder)
    command, result = run_arrc(arrc, folder)
    outcomes.append(report("a directory as the input file", command, result,
                           judge(result, "invalid", must_mention=folder)))
    return outcomes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arrc_robustness_") as directory:
        outcomes = run_generated(options.arrc, directory) + run_special(options.arrc, directory)
    passed = sum(outcomes)
    failed = len(outcomes) - passed
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
