#!/usr/bin/env bash
# Installs dependencies when missing, then configures and builds Arr into build/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/cmake/bootstrap.sh"
build_type=${ARR_BUILD_TYPE:-Release}
if [[ ! -f "$root/build/build.ninja" ]]; then
  cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE="$build_type" >/dev/null
fi
cmake --build "$root/build" -j2
