#!/bin/sh
# Opt-in: installs what tests/bench/run.py uses beyond NumPy, from Debian 12's
# own packages (run as root):
#   python3-torch       the PyTorch baselines (CPU)
#   libopenblas0-openmp an optimised BLAS for PyTorch. Debian's torch calls the
#                       system libblas.so.3, which is the slow reference BLAS
#                       unless an optimised one is installed; that would make
#                       PyTorch several times slower and flatter Arr.
#   python3-matplotlib  the PNG bar chart
# Not part of the build: CI (cmake/bootstrap.sh) never installs these.
#
#   sudo sh tests/bench/install_deps.sh
set -eu
if [ "$(id -u)" != 0 ]; then
  echo "install_deps.sh: run as root (it calls apt-get install)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends python3-torch libopenblas0-openmp python3-matplotlib
# Make the OpenMP OpenBLAS the provider of libblas.so.3 and liblapack.so.3
# (installing it normally does so already, through its higher priority).
arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
for lib in libblas.so.3 liblapack.so.3; do
  target=/usr/lib/$arch/openblas-openmp/$lib
  if [ -e "$target" ]; then
    update-alternatives --set "$lib-$arch" "$target" || true
  fi
done
/usr/bin/python3 - <<'PY'
import torch
print("torch", torch.__version__)
blas = sorted({line.split()[-1] for line in open("/proc/self/maps") if "blas" in line.lower()})
print("BLAS libraries loaded:", ", ".join(blas) or "none")
PY
