#!/usr/bin/env bash
# Installs dependencies when missing, builds Arr, and runs a sample through arrc.
# Until code generation lands, the sample goes through the front end and arrc
# prints the typed program.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/cmake/build.sh"
sample=${1:-$root/samples/mlp.arr}
echo "== arrc --dump-after=typecheck $sample" >&2
"$root/build/compiler/arrc" --dump-after=typecheck "$sample"
