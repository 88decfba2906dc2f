#!/bin/sh
# Optional dependencies, beyond what cmake/bootstrap.sh installs.
#
#   sudo sh tests/bench/install_deps.sh            everything below
#   sudo sh tests/bench/install_deps.sh --interop  python3-torch and the JAX environment:
#                                                  what the arr.torch / arr.jax tests need
#   sh tests/bench/install_deps.sh --jax           only the JAX environment (no root)
#
# From Debian 12's own packages (as root):
#   python3-torch       PyTorch (CPU): the benchmark's baselines, arr.torch's tests
#                       (tests/python/test_torch_function.py) and samples/python/torch_train.py
#   libopenblas0-openmp an optimised BLAS for PyTorch. Debian's torch calls the
#                       system libblas.so.3, which is the slow reference BLAS
#                       unless an optimised one is installed; that would make
#                       PyTorch several times slower and flatter Arr.
#   python3-matplotlib  the benchmark's PNG bar chart
# From PyPI, into a virtual environment (Debian has no JAX):
#   $ARR_JAX_VENV (default tests/bench/.venv, ignored by git): JAX for arr.jax's tests
#   (tests/python/jax_python.py finds it) and samples/python/jax_solve.py. Made with
#   --system-site-packages, so that Debian's NumPy, pytest and PyTorch stay visible,
#   and pinned to Debian's NumPy, so that the environment never shadows the NumPy
#   PyTorch was built against. It also keeps wheels of scikit-build-core, the pip
#   build backend, in $ARR_JAX_VENV/wheels, so that the test python.pip_install
#   installs the project offline.
# cmake/bootstrap.sh installs python3-torch; cmake/test.sh (CI) runs --jax.
set -eu
mode=${1:---all}
case "$mode" in
  --all | --interop | --jax) ;;
  *)
    echo "usage: install_deps.sh [--interop | --jax]" >&2
    exit 2
    ;;
esac
here=$(cd "$(dirname "$0")" && pwd)

if [ "$mode" != --jax ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "install_deps.sh: run as root (it calls apt-get install), or pass --jax" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  if [ "$mode" = --interop ]; then
    apt-get install -y --no-install-recommends python3-torch python3-venv
  else
    apt-get install -y --no-install-recommends python3-torch python3-venv libopenblas0-openmp python3-matplotlib
    # Make the OpenMP OpenBLAS the provider of libblas.so.3 and liblapack.so.3
    # (installing it normally does so already, through its higher priority).
    arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
    for lib in libblas.so.3 liblapack.so.3; do
      target=/usr/lib/$arch/openblas-openmp/$lib
      if [ -e "$target" ]; then
        update-alternatives --set "$lib-$arch" "$target" || true
      fi
    done
  fi
  /usr/bin/python3 - <<'PY'
import torch
print("torch", torch.__version__)
blas = sorted({line.split()[-1] for line in open("/proc/self/maps") if "blas" in line.lower()})
print("BLAS libraries loaded:", ", ".join(blas) or "none")
PY
fi

# JAX 0.4.38 is the last release that takes Debian 12's NumPy (1.24).
venv=${ARR_JAX_VENV:-$here/.venv}
jax_version=0.4.38
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import jax; assert jax.__version__ == '$jax_version'" 2>/dev/null \
  && ls "$venv"/wheels/scikit_build_core-*.whl >/dev/null 2>&1; then
  echo "install_deps.sh: JAX $jax_version is in $venv already"
  exit 0
fi
numpy_version=$(/usr/bin/python3 -c 'import numpy; print(numpy.__version__)')
/usr/bin/python3 -m venv --system-site-packages "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  "numpy==$numpy_version" "jax==$jax_version" "jaxlib==$jax_version"
"$venv/bin/python" -m pip download --quiet --disable-pip-version-check --dest "$venv/wheels" \
  "scikit-build-core>=0.10"
"$venv/bin/python" -c "import jax, numpy; print('jax', jax.__version__, 'numpy', numpy.__version__, 'in $venv')"
