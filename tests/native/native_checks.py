"""What the native tests share (codegen_test.py, tile_test.py, compile_time.py,
compile_scaling.py): a tally of PASS/FAIL lines, running a command, and the environment
that sets the thread count."""

import os
import subprocess

passed = 0
failed = 0


def report(ok, what, detail=""):
    """Prints PASS or FAIL and what was checked, with the detail of a failure; returns ok."""
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
    print(("PASS " if ok else "FAIL ") + what, flush=True)
    if not ok and detail:
        print("  " + str(detail).strip().replace("\n", "\n  ")[:3000])
    return ok


def summary():
    """Prints "N passed, M failed"; the exit status: 1 on any failure."""
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def run(command, stdin=None, env=None):
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=600,
                          env=env)


def with_threads(threads):
    """The environment with OMP_NUM_THREADS set to `threads`."""
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(threads)
    return env
