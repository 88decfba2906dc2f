#!/usr/bin/env bash
# Installs dependencies when missing, then configures and builds Arr into build/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/cmake/bootstrap.sh"
build_type=${ARR_BUILD_TYPE:-Release}
# Through ccache when it is installed, with paths relative to the checkout, so that the
# build of `pip install .` (tests/python/pip_install.py, in build-pip) reuses the objects.
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
fi
if [[ ! -f "$root/build/build.ninja" ]]; then
  cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" "${launcher[@]}" >/dev/null
fi
cmake --build "$root/build" -j2
