#!/usr/bin/env python3
"""Checks that the simplifier keeps the meaning of programs: for each input line

    -- INPUTS: TEXT             (the entry point `main`, or the only one)
    -- INPUTS(NAME): TEXT       (the entry point NAME)

of each program, TEXT (plus a newline) is given as standard input to

    arrc --interpret --interpret-after=core [--entry NAME] FILE   (the reference)
    arrc --interpret [--entry NAME] FILE                          (after the simplifier)
    arrc --interpret --bot-all [--entry NAME] FILE                (after BOT and simplifier)

and all three must exit with status 0 and print exactly the same standard output.

    simplify_agrees.py --arrc PATH FILE.arr...

Programs without INPUTS lines are skipped (and listed); at least one run is required.
"""

import argparse
import re
import shlex
import subprocess
import sys

TIMEOUT_SECONDS = 120
CRASH_MARKERS = ("Assertion", "terminate called", "Segmentation", "Aborted", "core dumped",
                 "AddressSanitizer", "UndefinedBehaviorSanitizer", "runtime error:")
INPUTS_LINE = re.compile(r"^--\s*INPUTS(?:\((?P<entry>[A-Za-z_][A-Za-z0-9_']*)\))?:(?P<text>.*)$")
VARIANTS = [
    ("core", ["--interpret", "--interpret-after=core"]),
    ("simplify", ["--interpret"]),
    ("bot-all+simplify", ["--interpret", "--bot-all"]),
]


def decode(data):
    return data.decode("utf-8", errors="replace")


def run(command, stdin):
    try:
        result = subprocess.run(command, input=stdin.encode(), capture_output=True,
                                timeout=TIMEOUT_SECONDS)
        return result.returncode, decode(result.stdout), decode(result.stderr)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %d s" % TIMEOUT_SECONDS


def inputs_of(path):
    runs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            match = INPUTS_LINE.match(line.strip())
            if match:
                runs.append((match.group("entry"), match.group("text").strip() + "\n"))
    return runs


def check_run(arrc, path, entry, stdin):
    """Returns a list of failure messages for one input of one program."""
    entry_args = ["--entry", entry] if entry else []
    outputs = []
    for name, args in VARIANTS:
        command = [arrc] + args + entry_args + [path]
        status, stdout, stderr = run(command, stdin)
        crashed = status is None or status < 0 or any(m in stderr for m in CRASH_MARKERS)
        if crashed or status != 0:
            return ["%s: %s\n  command: %s < %r\n  exit status: %s\n  stdout: %s\n  stderr: %s" %
                    ("crashed" if crashed else "failed", name, shlex.join(command), stdin, status,
                     stdout.strip(), stderr.strip())]
        outputs.append((name, command, stdout))
    reference_name, _, reference = outputs[0]
    failures = []
    for name, command, stdout in outputs[1:]:
        if stdout != reference:
            failures.append("%s differs from %s for input %r\n  command: %s\n  %s: %s\n  %s: %s" %
                            (name, reference_name, stdin.strip(), shlex.join(command),
                             reference_name, reference.strip(), name, stdout.strip()))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("files", nargs="+")
    options = parser.parse_args()
    total_runs = 0
    failed = 0
    skipped = []
    for path in sorted(options.files):
        runs = inputs_of(path)
        if not runs:
            skipped.append(path)
            continue
        failures = []
        for entry, stdin in runs:
            total_runs += 1
            failures += check_run(options.arrc, path, entry, stdin)
        if failures:
            failed += 1
            print("FAIL: %s\n%s" % (path, "\n".join(failures)))
        else:
            print("PASS: %s (%d inputs)" % (path, len(runs)))
    for path in skipped:
        print("SKIP: %s (no -- INPUTS: line)" % path)
    if total_runs == 0:
        print("FAIL: no program has an `-- INPUTS:` line")
        return 1
    print("%d programs, %d inputs, %d failed, %d skipped" %
          (len(options.files), total_runs, failed, len(skipped)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
