#!/usr/bin/env python3
"""Run-time failures through the C ABI of object files (LANGUAGE.md sections 3 and 9).

    failures_test.py --arrc PATH [--cc clang-19]

Steps, each reported as one PASS/FAIL line:
  1. `arrc -c tests/cabi/failures.arr` writes an object and its header.
  2. failures_main.c links with them and its checks pass: negative sizes, sizes that
     overflow i64 and allocations that fail (serially and inside parallel loops) return
     non-zero with arr_last_error() naming the problem, free what the call allocated,
     and later calls work.
  3. The same host with a bad OMP_NUM_THREADS ('-5', ' ', 'abc', '', a number libomp
     cannot start) is not aborted by libomp: its checks pass, and the runtime warns
     once on standard error that it uses the default number of threads.
  4. A Python host (ctypes, on a shared library linked from the object) with
     OMP_NUM_THREADS=-5 survives a failed call, reads the message and calls again.
Exits 1 if any step failed.
"""

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "failures.arr")
MAIN_C = os.path.join(HERE, "failures_main.c")
EXPECTED_C_CHECKS = 28  # the number of checks failures_main.c reports when all of them run
BAD_THREADS = ["-5", " ", "abc", "", "99999999999"]

PYTHON_HOST = r"""
import ctypes, sys
library = ctypes.CDLL(sys.argv[1])
library.arr_last_error.restype = ctypes.c_char_p
halves = library.arr_halves
halves.argtypes = [ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.POINTER(ctypes.c_double)]
unused = (ctypes.c_double * 8)()
value = ctypes.c_double(0.0)
code = halves(1 << 61, 0, unused, ctypes.byref(value))
print(code, library.arr_last_error().decode())
code = halves(4, 0, unused, ctypes.byref(value))
print(code, value.value)
"""

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tally import report, summary  # noqa: E402


def run(command, env=None):
    return subprocess.run(command, capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL, env=env)


def describe(command, result):
    return (f"  command: {shlex.join(command)}\n  exit: {result.returncode}\n"
            f"  stdout:\n{result.stdout}  stderr:\n{result.stderr}")


def with_threads(value):
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = value
    return env


def checks_passed(result):
    lines = result.stdout.splitlines()
    counts = re.fullmatch(r"(\d+) passed, (\d+) failed", lines[-1]) if lines else None
    return (result.returncode == 0 and counts is not None and int(counts.group(2)) == 0
            and int(counts.group(1)) == EXPECTED_C_CHECKS)


def host(arrc, cc, flags, directory, extra):
    """failures.arr compiled with `arrc -c EXTRA` and linked into the C host, in
    `directory`: (the object, the executable), or None for what failed."""
    os.makedirs(directory, exist_ok=True)
    what = " ".join(["arrc -c"] + extra + ["failures.arr"])
    obj = os.path.join(directory, "failures.o")
    command = [arrc, "-c"] + extra + [PROGRAM, "-o", obj]
    result = run(command)
    if not report(result.returncode == 0 and os.path.isfile(obj), what, describe(command, result)):
        return None, None
    exe = os.path.join(directory, "failures_main")
    command = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", directory, MAIN_C, obj] + \
        flags + ["-lm", "-o", exe]
    result = run(command)
    linked = report(result.returncode == 0, f"failures_main.c compiles and links ({what})",
                    describe(command, result))
    return obj, exe if linked else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arrc", required=True)
    parser.add_argument("--cc", default=None, help="C compiler (default clang-19, else cc)")
    args = parser.parse_args()
    arrc = os.path.abspath(args.arrc)
    cc = args.cc or shutil.which("clang-19") or shutil.which("cc")

    with tempfile.TemporaryDirectory(prefix="arr-cabi-failures-") as directory:
        flags = shlex.split(run([arrc, "--print-link-flags"]).stdout)
        # A sanitized build (cmake/robustness.sh): libomp reads OMP_NUM_THREADS while the
        # process starts, before the runtime can check it, and aborts on some values by
        # itself; an uninstrumented python3 cannot load the sanitized object.
        sanitized = any(flag.startswith("-fsanitize") for flag in flags)
        if sanitized:
            print("  (a sanitized build: bad OMP_NUM_THREADS values and the Python host not tried)")

        obj, exe = host(arrc, cc, flags, directory, [])
        if not obj:
            return 1
        if exe:
            result = run([exe])
            print("  " + result.stdout.replace("\n", "\n  ").rstrip())
            report(checks_passed(result), f"the C host's {EXPECTED_C_CHECKS} checks pass",
                   describe([exe], result))
            for value in [] if sanitized else BAD_THREADS:
                result = run([exe], env=with_threads(value))
                warnings = [line for line in result.stderr.splitlines()
                            if "OMP_NUM_THREADS" in line]
                report(checks_passed(result) and len(warnings) == 1 and
                       "using the default number of threads" in warnings[0],
                       f"with OMP_NUM_THREADS={value!r} the host runs, warned once",
                       describe([exe], result))

        library = os.path.join(directory, "libfailures.so")
        command = [cc, "-shared", obj] + flags + ["-lm", "-o", library]
        result = run(command)
        if report(result.returncode == 0, "the object links into a shared library",
                  describe(command, result)) and not sanitized:
            command = ["/usr/bin/python3", "-c", PYTHON_HOST, library]
            result = run(command, env=with_threads("-5"))
            lines = result.stdout.splitlines()
            report(result.returncode == 0 and len(lines) == 2 and
                   lines[0].startswith("1 out of memory: cannot allocate") and lines[1] == "0 3.0",
                   "a Python host with OMP_NUM_THREADS=-5 survives a failed call",
                   describe(command, result))

        # The same entries cut into one function per top-level statement (long bodies are
        # cut so by default): a failure in a later segment frees what earlier ones allocated.
        _, exe = host(arrc, cc, flags, os.path.join(directory, "segmented"), ["--segment-size=1"])
        if exe:
            result = run([exe])
            report(checks_passed(result),
                   f"the C host's {EXPECTED_C_CHECKS} checks pass with segments",
                   describe([exe], result))

    return summary()


if __name__ == "__main__":
    sys.exit(main())
