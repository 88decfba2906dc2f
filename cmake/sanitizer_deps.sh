#!/usr/bin/env bash
# Installs clang-19's sanitizer and libFuzzer run-time libraries (libclang-rt-19-dev) when
# missing; cmake/fuzz.sh and cmake/sanitize.sh need them. A fast no-op when present.
set -euo pipefail
status=$(dpkg-query -W -f='${Status}' libclang-rt-19-dev 2>/dev/null || true)
[[ "$status" == "install ok installed" ]] && exit 0
echo "sanitizer_deps: installing libclang-rt-19-dev" >&2
if [[ $(id -u) -ne 0 ]]; then
  echo "sanitizer_deps: not root; run: sudo apt-get install libclang-rt-19-dev" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends libclang-rt-19-dev >/dev/null
