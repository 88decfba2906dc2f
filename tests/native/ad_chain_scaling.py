#!/usr/bin/python3
"""Derivatives of straight-line chains compile in time and memory near-linear in the
chain's length, and compute the right values.

    /usr/bin/python3 tests/native/ad_chain_scaling.py --arrc build/compiler/arrc

The chain is `let t_i = sin(t_{i-1}) * t_{i-1}` from t_0 = x, returning t_N. Its first
derivative (grad) and its second (grad of grad) are compiled at N and at 4N, and the
peak memory (resident set) and CPU time of the larger compilation are compared with the
smaller one's. Growth near-linear in N gives ratios near 4; the bounds are generous (8
for memory, 12 for time, each over a floor that absorbs the fixed costs and noise). They
used to be far larger: the second derivative took memory cubic in N (133 MB at N = 40,
547 MB at 80, out of 4 GB at 250: simplifying the derivative's chain of lets), and the
first derivative time quadratic in N (unsharing its reverse pass).

The same chain over vectors (t: [n]f64, returning sum(t_N)) is differentiated at 1000
and 4000 steps through the loop passes to `release` (--dump-after=release), which placed
each free by searching back from it (83 s at 4000 steps); at 8 steps, each free must
directly follow the last use of its buffer. The first derivative of the
scalar chain is compiled through `optimize` only (--dump-after=optimize; code generation
is not what is measured), the second to an executable. The values: the
second derivative of a chain of 6 steps compiled natively equals, to rounding, the
exact one computed here by forward recurrences (t' and t'' from g(t) = t sin t), and
agrees with central finite differences of the compiled first derivative.

Every arrc runs within an address-space limit (--memory-limit, default 3 GB).
Prints one line per check and "N passed, M failed"; exits 1 on any failure.
Sanitizer builds run several times slower: ARR_TIME_SCALE scales the time floor.
"""

import argparse
import math
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from native_checks import report, summary

TIME_SCALE = float(os.environ.get("ARR_TIME_SCALE", "1"))
TIMEOUT = 300 * TIME_SCALE
MEMORY_RATIO, MEMORY_FLOOR_MB = 8.0, 150.0
TIME_RATIO, TIME_FLOOR_S = 12.0, 1.5 * TIME_SCALE


def chain(steps, entry, vector=False):
    lines = ["def f(x: [n]f64): f64 =" if vector else "def f(x: f64): f64 ="]
    previous = "x"
    for i in range(1, steps + 1):
        lines.append("  let t%d = sin(%s) * %s" % (i, previous, previous))
        previous = "t%d" % i
    lines.append("  in sum(%s)" % previous if vector else "  in %s" % previous)
    lines.append(entry)
    return "\n".join(lines) + "\n"


FIRST = "entry main(x: f64) = grad(f)(x)"
SECOND = "entry main(x: f64) = grad(\\y -> grad(f)(y))(x)"
VECTOR = "entry main(x: [n]f64) = grad(f)(x)"


def compile_measured(command):
    """(exit status or None on timeout, CPU seconds, peak resident MB, stderr) of `command`:
    os.wait4 reports the child's own usage (Popen.wait would reap it first). CPU time,
    unlike wall time, hardly depends on what else the machine runs."""
    start = time.monotonic()
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        deadline = start + TIMEOUT
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid != 0:
                break
            if time.monotonic() > deadline:
                process.kill()
                os.wait4(process.pid, 0)
                return None, time.monotonic() - start, 0.0, "timed out"
            time.sleep(0.02)
        process.returncode = os.waitstatus_to_exitcode(status)
        errors.seek(0)
        text = errors.read().decode("utf-8", "replace")
    return process.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, text


def check_scaling(arrc, directory, label, entry, sizes, arguments, vector=False):
    results = []
    for size in sizes:
        program = os.path.join(directory, "chain%d.arr" % size)
        with open(program, "w", encoding="utf-8") as out:
            out.write(chain(size, entry, vector))
        command = [arrc] + arguments(program) + [program]
        status, seconds, megabytes, errors = compile_measured(command)
        ok = status == 0
        report(ok, "%s, N = %d: arrc %s (%.2f s of CPU, %.0f MB)" % (
            label, size, "compiles" if ok else "fails: %s" % errors.strip()[:300], seconds,
            megabytes))
        if not ok:
            return
        results.append((seconds, megabytes))
    (small_time, small_memory), (large_time, large_memory) = results
    memory_ratio = large_memory / max(small_memory, MEMORY_FLOOR_MB)
    time_ratio = large_time / max(small_time, TIME_FLOOR_S)
    report(memory_ratio < MEMORY_RATIO,
           "%s: peak memory at N = %d is %.1f times that at N = %d (or %.0f MB), below %.0f" % (
               label, sizes[1], memory_ratio, sizes[0], MEMORY_FLOOR_MB, MEMORY_RATIO))
    report(time_ratio < TIME_RATIO,
           "%s: CPU time at N = %d is %.1f times that at N = %d (or %.1f s), below %.0f" % (
               label, sizes[1], time_ratio, sizes[0], TIME_FLOOR_S, TIME_RATIO))


def exact_derivatives(steps, x):
    """t_N, dt_N/dx and d2t_N/dx2 by forward recurrences, g(t) = t sin t."""
    t, first, second = x, 1.0, 0.0
    for _ in range(steps):
        g1 = math.cos(t) * t + math.sin(t)
        g2 = 2.0 * math.cos(t) - math.sin(t) * t
        t, first, second = math.sin(t) * t, g1 * first, g2 * first * first + g1 * second
    return t, first, second


def check_values(arrc, directory):
    steps, x, h = 6, 1.4, 1e-5
    program = os.path.join(directory, "values.arr")
    with open(program, "w", encoding="utf-8") as out:
        out.write(chain(steps, "entry d1(x: f64) = grad(f)(x)\n" + SECOND.replace("main", "d2")))
    exe = os.path.join(directory, "values")
    built = subprocess.run([arrc, program, "-o", exe], capture_output=True, text=True,
                           timeout=TIMEOUT)
    if built.returncode != 0:
        report(False, "values: arrc -o EXE fails: %s" % built.stderr.strip()[:300])
        return

    def value(entry, at):
        run = subprocess.run([exe, "--entry", entry, "--threads", "1"], input="%r\n" % at,
                             capture_output=True, text=True, timeout=60)
        return float(run.stdout) if run.returncode == 0 else float("nan")

    _, first, second = exact_derivatives(steps, x)
    compiled_first, compiled_second = value("d1", x), value("d2", x)
    report(abs(compiled_first - first) <= 1e-12 * max(1.0, abs(first)),
           "values: the compiled first derivative at %g is %r, exactly %r" % (
               x, compiled_first, first))
    report(abs(compiled_second - second) <= 1e-10 * max(1.0, abs(second)),
           "values: the compiled second derivative at %g is %r, exactly %r" % (
               x, compiled_second, second))
    difference = (value("d1", x + h) - value("d1", x - h)) / (2 * h)
    report(abs(difference - compiled_second) <= 1e-6 * max(1.0, abs(second)),
           "values: central differences of the compiled first derivative give %r, the "
           "compiled second %r" % (difference, compiled_second))


def check_release(arrc, directory):
    """Each free of the gradient of a vector chain directly follows (after other frees) the
    last statement that uses its buffer; placing the frees one by one used to skip the free
    before each one it moved, leaving every other buffer allocated to the end."""
    program = os.path.join(directory, "release.arr")
    with open(program, "w", encoding="utf-8") as out:
        out.write(chain(8, VECTOR, vector=True))
    dumped = subprocess.run([arrc, "--dump-after=release", "--verify-ir", program],
                            capture_output=True, text=True, timeout=TIMEOUT)
    if dumped.returncode != 0:
        report(False, "release: arrc --dump-after=release fails: %s" % dumped.stderr[:300])
        return
    statements = []  # the top-level statements of the entry, each with its nested lines
    for line in dumped.stdout.splitlines():
        if line.startswith("    ") and statements:
            statements[-1] += "\n" + line
        elif line.startswith("  ") and not line.startswith("   "):
            statements.append(line.strip())
    frees = [(i, text.split()[1]) for i, text in enumerate(statements)
             if text.startswith("free ")]
    misplaced = []
    for i, buffer in frees:
        mention = re.compile(r"\b%s\b" % re.escape(buffer))
        users = [j for j, text in enumerate(statements)
                 if not text.startswith("free ") and mention.search(text)]
        previous = max((j for j, text in enumerate(statements[:i])
                        if not text.startswith("free ")), default=-1)
        if not users or users[-1] != previous:
            misplaced.append(buffer)
    report(len(frees) >= 8 and not misplaced,
           "release: each of the %d frees follows the last use of its buffer%s" % (
               len(frees), "" if not misplaced else " (not: %s)" % ", ".join(misplaced)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--memory-limit", type=float, default=3,
                        help="GB of address space per process (default 3; 0: no limit, e.g. "
                             "under ASan)")
    args = parser.parse_args()
    if args.memory_limit > 0:
        resource.setrlimit(resource.RLIMIT_AS, (int(args.memory_limit * (1 << 30)),
                                                resource.getrlimit(resource.RLIMIT_AS)[1]))
    arrc = os.path.abspath(args.arrc)
    with tempfile.TemporaryDirectory(prefix="arr-ad-chains-") as directory:
        check_values(arrc, directory)
        check_release(arrc, directory)
        check_scaling(arrc, directory, "second derivative", SECOND, (60, 240),
                      lambda program: ["-o", program[:-4]])
        check_scaling(arrc, directory, "first derivative", FIRST, (1000, 4000),
                      lambda program: ["--dump-after=optimize"])
        check_scaling(arrc, directory, "first derivative over vectors", VECTOR, (1000, 4000),
                      lambda program: ["--dump-after=release"], vector=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
