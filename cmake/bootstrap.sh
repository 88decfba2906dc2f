#!/usr/bin/env bash
# Installs the Debian packages Arr needs. A fast no-op when they are all present.
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config clang-format
  llvm-19-dev clang-19 lld-19 libomp-19-dev llvm-19-tools
  antlr4 libantlr4-runtime-dev default-jre-headless
  libfmt-dev googletest libgtest-dev
  python3 python3-numpy python3-mpmath python3-pytest
  # The tests of arr.torch and samples/python/torch_train.py (about 40 s to install,
  # some 170 packages), and python3-venv for the JAX environment of
  # tests/bench/install_deps.sh --jax (cmake/test.sh) and for python.pip_install.
  python3-torch python3-venv
  # Keeps the build of python.pip_install (pip install .) to seconds: the objects of
  # build/ are reused from the cache (cmake/build.sh, tests/python/pip_install.py).
  ccache
  # GradBench's evals and reference tools (tests gradbench.*, tools/gradbench).
  python3-scipy python3-dataclasses-json nlohmann-json3-dev
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "bootstrap: installing ${missing[*]}" >&2
if [[ $(id -u) -ne 0 ]]; then
  echo "bootstrap: missing packages and not root; run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
