#!/usr/bin/env bash
# Fails when a C++ source of the project differs from its .clang-format style.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
mapfile -t files < <(git ls-files 'compiler/*.cpp' 'compiler/*.h' 'runtime/*.cpp' 'runtime/*.h' 'tests/unit/*.cpp' 2>/dev/null ||
  find compiler runtime tests/unit -name '*.cpp' -o -name '*.h')
clang-format --dry-run --Werror "${files[@]}"
echo "${#files[@]} files formatted"
