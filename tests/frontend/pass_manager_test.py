#!/usr/bin/env python3
"""The pass manager through arrc: every pass of the pipeline is instrumented the
same way (--dump-after, --time-passes, --print-stats, --verify-ir,
--disable-pass), internal compiler errors name their pass, and the user's
errors do not claim to be internal.

    pass_manager_test.py --arrc PATH

Prints one line per check and "N passed, M failed"; exits 1 on any failure.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

# A product of matrices under grad: it goes through every pass, including the loop
# rewrites (interchange, jam, ...) and the derivative passes.
PROGRAM = """\
def loss(a: [n, k]f64, b: [k, m]f64): f64 =
  sum(sum(build([n, m], \\i j -> sumOuter(build([k], \\l -> a[i, l] * b[l, j])) ** 2.0)))
entry main(a: [n, k]f64, b: [k, m]f64): f64 = loss(a, b)
entry dmain(a: [n, k]f64, b: [k, m]f64) = grad(loss)(a, b)
"""

INPUT = "[[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]]\n[[1.0, 0.0, 2.0], [-1.0, 1.0, 0.25]]\n"

passed = 0
failed = 0


def check(name, problems):
    global passed, failed
    if problems:
        failed += 1
        print("FAIL  " + name)
        for problem in problems:
            print("      - " + problem)
    else:
        passed += 1
        print("PASS  " + name)


def run(arrc, *args, stdin=None):
    result = subprocess.run([arrc, *args], input=stdin, capture_output=True, text=True,
                            timeout=300)
    return result.returncode, result.stdout, result.stderr


def pipeline(arrc):
    """The pass names --help lists, in order (a '*' marks an optional pass)."""
    status, stdout, _ = run(arrc, "--help")
    section = stdout.split("Passes, in pipeline order:")[1].split("\n\n")[0]
    passes = []
    for line in section.strip().splitlines():
        words = line.split()
        passes.append((words[0], len(words) > 1 and words[1] == "*"))
    return passes


def in_order(text, names):
    """The names that are missing from `text` or out of order."""
    position = 0
    problems = []
    for name in names:
        found = re.search(r"(?m)\b" + re.escape(name) + r"$", text[position:])
        if not found:
            problems.append(f"'{name}' missing or out of order")
        else:
            position += found.end()
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    arrc = parser.parse_args().arrc
    passes = pipeline(arrc)
    names = [name for name, _ in passes]
    check("--help lists the pipeline from parse to emit",
          [] if names[0] == "parse" and names[-1] == "emit" and "jam" in names and "hoist" in names
          else [f"got {names}"])
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "prog.arr")
        with open(source, "w") as out:
            out.write(PROGRAM)
        executable = os.path.join(work, "prog")

        status, _, stderr = run(arrc, "--time-passes", source, "-o", executable)
        problems = [] if status == 0 else [f"exit {status}: {stderr}"]
        problems += [] if "pass execution timing report" in stderr else ["no timing report"]
        problems += in_order(stderr, names)
        sizes = {"core": "nodes", "loops": "statements", "llvm": "instructions", "ad": "derivatives"}
        for name, unit in sizes.items():
            if not re.search(r"\d+ " + unit + r"\s+" + name + r"$", stderr, re.M):
                problems.append(f"no IR size in {unit} for {name}")
        check("--time-passes times every pass in order, with its IR size", problems)

        status, _, stderr = run(arrc, "--print-stats", source, "-o", executable)
        stats = re.findall(r"(?m)^stats: (\S+): \d+ \w+$", stderr)
        dumpable = [name for name in names if name != "emit"]
        check("--print-stats prints the size after every pass in order",
              [] if stats == dumpable else [f"got {stats}"])

        status, stdout, stderr = run(arrc, "--dump-after=all", "--verify-ir", source, "-o",
                                     executable)
        headers = re.findall(r"(?m)^(?:--|;) after (\S+)$", stdout)
        check("--dump-after=all prints every pass under its header, with --verify-ir",
              ([] if status == 0 else [f"exit {status}: {stderr}"]) +
              ([] if headers == dumpable else [f"headers {headers}"]))

        status, stdout, _ = run(arrc, "--dump-after=hoist", source)
        check("--dump-after=hoist prints the Delta terms after hoisting",
              [] if status == 0 and "grad:" in stdout and "delta 0:" in stdout else
              [f"exit {status}, dump {stdout[:200]!r}"])

        # Each optional pass can be switched off; the program still computes the same.
        _, expected, _ = run(arrc, "--interpret", "--entry", "dmain", source, stdin=INPUT)
        _, jammed, _ = run(arrc, "--dump-after=prefetch", source)
        for name, optional in passes:
            if not optional:
                continue
            status, _, stderr = run(arrc, f"--disable-pass={name}", source, "-o", executable)
            problems = [] if status == 0 else [f"exit {status}: {stderr}"]
            if status == 0:
                result = subprocess.run([executable, "--entry", "dmain", "--threads", "1"],
                                        input=INPUT, capture_output=True, text=True)
                if result.stdout != expected:
                    problems.append(f"computes {result.stdout!r}, expected {expected!r}")
            check(f"--disable-pass={name} compiles a program that computes the same", problems)
        _, unjammed, _ = run(arrc, "--disable-pass=jam", "--dump-after=prefetch", source)
        check("--disable-pass=jam changes the loop IR",
              [] if unjammed != jammed and unjammed else ["the dumps are the same"])

        status, _, stderr = run(arrc, "--disable-pass=bot", source)
        check("a pass that cannot be disabled is a usage error",
              [] if status == 2 and "cannot be disabled" in stderr else [f"exit {status}: {stderr}"])
        status, _, stderr = run(arrc, "--disable-pass=nosuchpass", source)
        check("an unknown pass is a usage error naming the optional passes",
              [] if status == 2 and "jam" in stderr else [f"exit {status}: {stderr}"])

        for name in ("typecheck", "bot", "transpose", "jam", "llvm"):
            status, _, stderr = run(arrc, f"--debug-internal-error={name}", source, "-o",
                                    executable)
            wanted = f"internal compiler error: an error injected by --debug-internal-error in pass {name}"
            check(f"an internal error in {name} is reported as one, naming the pass",
                  [] if status == 1 and wanted in stderr else [f"exit {status}: {stderr!r}"])

        # The loop IR's interpreter after every loop pass (--check-loop-passes) finds a pass
        # that changes the results: here one made to by --debug-miscompile.
        for mode in ([], ["--strict-fp"]):
            status, stdout, stderr = run(arrc, "--interpret-loops", "--check-loop-passes", *mode,
                                         "--entry", "dmain", source, stdin=INPUT)
            check(f"--check-loop-passes {' '.join(mode)}: every loop pass keeps the results",
                  [] if status == 0 and stdout == expected else
                  [f"exit {status}: {stdout!r} {stderr!r}, expected {expected!r}"])
            status, stdout, stderr = run(arrc, "--interpret-loops", "--check-loop-passes", *mode,
                                         "--debug-miscompile=jam", "--entry", "dmain", source,
                                         stdin=INPUT)
            wanted = "internal compiler error: pass jam changed the results of the loop IR"
            check(f"--check-loop-passes {' '.join(mode)}: a wrong pass is found and named",
                  [] if status == 1 and wanted in stderr else [f"exit {status}: {stderr!r}"])
        status, stdout, stderr = run(arrc, "--interpret-loops", "--debug-miscompile=jam",
                                     "--entry", "dmain", source, stdin=INPUT)
        check("without --check-loop-passes the wrong result goes unnoticed (the test's control)",
              [] if status == 0 and stdout != expected else [f"exit {status}: {stdout!r}"])

        status, _, stderr = run(arrc, source, "-o", os.path.join(work, "missing", "dir", "prog"))
        check("an unwritable output is the user's error, not an internal one",
              [] if status == 1 and "arrc: error:" in stderr and "internal" not in stderr
              else [f"exit {status}: {stderr!r}"])
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
