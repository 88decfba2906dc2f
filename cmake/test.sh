#!/usr/bin/env bash
# Builds Arr (installing dependencies when missing) and runs the whole test suite.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/cmake/build.sh"
# JAX (from PyPI, into tests/bench/.venv) for the python.jax_* tests, and the wheels the
# test python.pip_install builds with; without them those tests are skipped.
sh "$root/tests/bench/install_deps.sh" --jax ||
  echo "test.sh: could not install JAX into tests/bench/.venv (is PyPI reachable?); its tests will be skipped" >&2
cd "$root/build"
ctest --output-on-failure -j2 "$@"
