"""What the native tests share (codegen_test.py, tile_test.py, compile_time.py,
compile_scaling.py): a tally of PASS/FAIL lines, running a command, and the environment
that sets the thread count."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tally import report, summary  # noqa: E402,F401 (re-exported)


def run(command, stdin=None, env=None):
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=600,
                          env=env)


def with_threads(threads):
    """The environment with OMP_NUM_THREADS set to `threads`."""
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(threads)
    return env
