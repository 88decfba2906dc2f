"""Runs its arguments (`-m pytest ...`) with a Python that can import JAX, for
ctest's python.jax_* tests: this Python, else $ARR_JAX_PYTHON, else the
environment tests/bench/install_deps.sh makes ($ARR_JAX_VENV, else
tests/bench/.venv). Without one it says so and exits 5, which ctest counts as
skipped (SKIP_RETURN_CODE 5)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def candidates():
    yield sys.executable
    if os.environ.get("ARR_JAX_PYTHON"):
        yield os.environ["ARR_JAX_PYTHON"]
    venv = Path(os.environ.get("ARR_JAX_VENV") or ROOT / "tests" / "bench" / ".venv")
    yield str(venv / "bin" / "python")


def main():
    for python in candidates():
        if not os.access(python, os.X_OK):
            continue
        probe = subprocess.run([python, "-c", "import jax"], capture_output=True)
        if probe.returncode == 0:
            os.execv(python, [python] + sys.argv[1:])
    print(
        "skipped: no Python here can import JAX; make one with `sh tests/bench/install_deps.sh --jax` "
        "(or set ARR_JAX_PYTHON)"
    )
    sys.exit(5)


if __name__ == "__main__":
    main()
