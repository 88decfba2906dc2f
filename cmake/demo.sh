#!/usr/bin/env bash
# Installs dependencies when missing, builds Arr, and runs a sample end to end:
# the two-layer perceptron of LANGUAGE.md §1, compiled to a native executable
# that computes its loss and its gradient.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/cmake/build.sh"
arrc="$root/build/compiler/arrc"
sample="$root/samples/mlp.arr"
inputs="$root/samples/mlp_input.txt"
executable="$root/build/samples/mlp"
mkdir -p "$(dirname "$executable")"
echo "== arrc samples/mlp.arr -o build/samples/mlp"
"$arrc" "$sample" -o "$executable"
echo "== loss (build/samples/mlp --entry loss < samples/mlp_input.txt)"
"$executable" --entry loss < "$inputs"
echo "== gradient with respect to w1 and w2 (--entry loss_grad)"
"$executable" --entry loss_grad < "$inputs"
