#!/usr/bin/env bash
# Installs dependencies when missing, builds Arr, and runs a sample end to end:
# the two-layer perceptron of LANGUAGE.md §1, its loss and its gradient.
# (Until native code generation lands, arrc runs it with the reference interpreter.)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/cmake/build.sh"
arrc="$root/build/compiler/arrc"
sample="$root/samples/mlp.arr"
inputs="$root/samples/mlp_input.txt"
echo "== loss (arrc --interpret --entry loss samples/mlp.arr < samples/mlp_input.txt)"
"$arrc" --interpret --entry loss "$sample" < "$inputs"
echo "== gradient with respect to w1 and w2 (--entry loss_grad)"
"$arrc" --interpret --entry loss_grad "$sample" < "$inputs"
