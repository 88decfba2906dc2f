#!/usr/bin/env bash
# Builds the compiler, the runtime and the tests with clang-19, AddressSanitizer and
# UndefinedBehaviorSanitizer into build-asan/ (cmake -DARR_SANITIZE=ON), then runs the test
# suite there; executables that arrc links get the sanitizers' run-time libraries too. Any
# sanitizer report aborts the process, which fails its test.
#
#   bash cmake/sanitize.sh                 the whole suite
#   bash cmake/sanitize.sh -R 'e2e|gen'    ctest arguments select tests
#
# ARR_SANITIZE_DIR overrides the build directory; the build runs at nice 19 with -j2.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${ARR_SANITIZE_DIR:-$root/build-asan}
bash "$root/cmake/bootstrap.sh"
bash "$root/cmake/sanitizer_deps.sh"
if [[ ! -f "$dir/build.ninja" ]]; then
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DARR_SANITIZE=ON >/dev/null
fi
nice -n 19 cmake --build "$dir" -j2
source "$root/cmake/sanitizers/options.sh"
cd "$dir"
nice -n 10 ctest --output-on-failure -j2 "$@"
