#!/usr/bin/env python3
"""Measures how much the bulk-operation transform grows programs.

    bot_size.py --arrc PATH [--max-ratio R] DIR...

For every .arr program in the given directories (not recursive), runs

    arrc --print-stats --bot-all --dump-after=bot --loop-checkpoints=all [ARGS] PROGRAM

(ARGS from the program's `-- ARGS: ...` comment lines, e.g. `-D n=5`) and reads
the number of distinct IR nodes after `core` and after `bot` from its standard
error (`stats: core: N nodes`, `stats: bot: N nodes`). Prints one line per
program with both counts and their ratio bot/core, the programs that were
skipped (arrc failed at this stage, e.g. differentiation inside a build, or the
program has no entry), and the largest ratio with its program.

Exit status 1 when some ratio exceeds --max-ratio (or no program could be
measured), else 0. The default bound, 4, is about twice the largest ratio
measured when it was chosen (1.95, tests/ir/bot_size/cond_nest_20.arr; 1.76 for
the largest of tests/e2e and tests/frontend/valid, size_concat.arr). The BOT's
output grows polynomially with the depth of nested builds (a dependent let in a
d-dimensional build gives d nested identity gathers: ratio 3.1 at d = 4, 7.3 at
d = 10), so very deep builds may need a larger bound; an exponential blow-up
(lost sharing in the let or cond rules) exceeds any such bound quickly.
"""

import argparse
import glob
import os
import re
import shlex
import subprocess
import sys

TIMEOUT_SECONDS = 120
STAT = re.compile(r"^stats: (?P<pass>[a-z]+): (?P<count>\d+) nodes", re.MULTILINE)
ARGS_LINE = re.compile(r"^--\s*ARGS:(?P<args>.*)$", re.MULTILINE)


def program_args(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        source = f.read()
    args = []
    for match in ARGS_LINE.finditer(source):
        args.extend(shlex.split(match.group("args")))
    return args


def first_error_line(stderr):
    for line in stderr.splitlines():
        if "error" in line:
            return line.strip()
    lines = [line for line in stderr.splitlines() if line.strip()]
    return lines[0].strip() if lines else "no output"


def measure(arrc, path):
    """(core, bot) node counts, or a string saying why the program is skipped."""
    # Every state kept: the default compiles two versions of a loop's gradient (the
    # checkpoint pass, before the BOT), a doubling by design that is not the BOT's.
    command = [arrc, "--print-stats", "--bot-all", "--dump-after=bot", "--loop-checkpoints=all"]
    command += program_args(path) + [path]
    try:
        result = subprocess.run(command, capture_output=True, timeout=TIMEOUT_SECONDS)
    except subprocess.TimeoutExpired:
        return "timed out after %d s" % TIMEOUT_SECONDS
    stderr = result.stderr.decode("utf-8", errors="replace")
    if result.returncode != 0:
        status = ("killed by signal %d" % -result.returncode if result.returncode < 0
                  else "exit code %d" % result.returncode)
        return "%s: %s" % (status, first_error_line(stderr))
    counts = {m.group("pass"): int(m.group("count")) for m in STAT.finditer(stderr)}
    if "core" not in counts or "bot" not in counts:
        return "no `stats: core/bot` lines on stderr"
    if counts["core"] == 0:
        return "no entry (0 nodes)"
    return counts["core"], counts["bot"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--max-ratio", type=float, default=4.0,
                        help="fail when bot/core exceeds this for some program (default 4)")
    parser.add_argument("dirs", nargs="+", metavar="DIR")
    options = parser.parse_args()

    programs = []
    for directory in options.dirs:
        if not os.path.isdir(directory):
            print("error: not a directory: %s" % directory)
            return 1
        programs.extend(sorted(glob.glob(os.path.join(directory, "*.arr"))))

    measured, skipped = [], []
    width = max((len(p) for p in programs), default=10)
    print("%-*s %8s %8s %7s" % (width, "program", "core", "bot", "ratio"))
    for path in programs:
        result = measure(options.arrc, path)
        if isinstance(result, str):
            skipped.append((path, result))
            continue
        core, bot = result
        ratio = bot / core
        measured.append((ratio, path, core, bot))
        flag = "  EXCEEDS %.2f" % options.max_ratio if ratio > options.max_ratio else ""
        print("%-*s %8d %8d %7.2f%s" % (width, path, core, bot, ratio, flag))

    if skipped:
        print("\nskipped %d program(s):" % len(skipped))
        for path, reason in skipped:
            print("  %s: %s" % (path, reason))
    if not measured:
        print("\nFAIL: no program could be measured")
        return 1
    ratio, path, core, bot = max(measured)
    print("\nlargest ratio: %.2f (%d -> %d nodes) in %s" % (ratio, core, bot, path))
    over = [m for m in measured if m[0] > options.max_ratio]
    if over:
        print("FAIL: %d program(s) exceed the bound %.2f" % (len(over), options.max_ratio))
        return 1
    print("PASS: %d program(s) measured, all ratios <= %.2f" % (len(measured), options.max_ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main())
