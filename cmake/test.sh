#!/usr/bin/env bash
# Builds Arr (installing dependencies when missing) and runs the whole test suite.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/cmake/build.sh"
cd "$root/build"
ctest --output-on-failure -j2 "$@"
