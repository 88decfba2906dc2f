"""What the native tests share (codegen_test.py, tile_test.py, compile_time.py,
compile_scaling.py, loop_checkpoints_test.py, while_reverse_test.py,
lean_derivatives_test.py, memory_report_test.py): a tally of PASS/FAIL lines, the --arrc
argument, running a command, the environment that sets the thread count, an
address-space limit, and executables' values as numbers."""

import argparse
import os
import resource
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from tally import report, summary  # noqa: E402,F401 (re-exported)


def arrc_argument(doc):
    """The compiler a test runs: its --arrc argument (the test's docstring is its --help)."""
    parser = argparse.ArgumentParser(description=doc,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--arrc", required=True)
    return parser.parse_args().arrc


def run(command, stdin=None, env=None):
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=600,
                          env=env)


def with_threads(threads):
    """The environment with OMP_NUM_THREADS set to `threads`."""
    env = dict(os.environ)
    env["OMP_NUM_THREADS"] = str(threads)
    return env


def compile_program(arrc, program, executable, *flags):
    """arrc PROGRAM -o EXECUTABLE FLAGS..., which must succeed; returns the executable."""
    subprocess.run([arrc, program, "-o", executable, *flags], check=True, timeout=600)
    return executable


def address_space_limit(kib):
    """A preexec_fn that sets `ulimit -v KIB` in the child."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (kib * 1024, kib * 1024))
    return limit


def numbers(stdout):
    """The numbers of an executable's printed values, flattened."""
    return [float(v) for v in stdout.replace("[", " ").replace("]", " ").replace(",", " ").split()]


def close(got, want, tolerance=1e-9):
    """Whether two non-empty lists of numbers agree within a relative `tolerance`."""
    return len(got) == len(want) and len(want) > 0 and all(
        abs(g - w) <= tolerance * max(1.0, abs(w)) for g, w in zip(got, want))


def vector(values):
    """An executable's text input for a vector of floats."""
    return "[" + ", ".join(repr(v) for v in values) + "]"
