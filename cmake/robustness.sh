#!/usr/bin/env bash
# CI's bounded robustness run (.ci/run calls it after cmake/test.sh). One clang-19 build with
# AddressSanitizer, UndefinedBehaviorSanitizer and the libFuzzer targets (build-robust/, at
# nice 19 with -j2), then:
#   1. each fuzz target for ARR_FUZZ_SECONDS (default 60) seconds (cmake/fuzz.sh);
#   2. 20 random programs (tests/gen, seed 2) checked with the sanitized arrc and runtime;
#   3. the test suite under the sanitizers, without its slowest parts: the gradient checks,
#      the pass variants of the e2e programs (e2e.core/bot/simplify.*; step 2 covers the
#      passes), gen.random, the GMM sample, ir.simplify_agrees, ir.bot_size, and
#      frontend.robustness (its 20 s limit per case is tight for a sanitized arrc on 5 MB).
# Prints the time of each step. The complete runs: bash cmake/sanitize.sh (the whole suite,
# about 20 minutes on two cores), bash cmake/fuzz.sh 3600, tests/gen/README.md.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=${ARR_ROBUST_DIR:-$root/build-robust}
seconds=${ARR_FUZZ_SECONDS:-60}
bash "$root/cmake/bootstrap.sh"
bash "$root/cmake/sanitizer_deps.sh"
step=$SECONDS
lap() { echo "robustness: $1 took $((SECONDS - step)) s"; step=$SECONDS; }

if [[ ! -f "$dir/build.ninja" ]]; then
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DARR_FUZZ=ON >/dev/null
fi
nice -n 19 cmake --build "$dir" -j2 >/dev/null
lap "the sanitizer build"

ARR_FUZZ_DIR="$dir" bash "$root/cmake/fuzz.sh" "$seconds"
lap "fuzzing"

source "$root/cmake/sanitizers/options.sh"
/usr/bin/python3 "$root/tests/gen/gen.py" --arrc "$dir/compiler/arrc" --count 20 --seed 2 \
  --native-every 2 --jobs 2 --shrink-time 30 --memory-limit 0
lap "random programs"

slow='^gradcheck\.|^e2e\.(core|bot|simplify)\.|^gen\.random$|^samples\.gmm|^ir\.simplify_agrees$'
slow+='|^ir\.bot_size$|^frontend\.robustness$|^format$'
# The loop layer's runs through every loop pass and the strict-mode duplicates of the
# native e2e runs: the unsanitized suite has them, and CI's 30 minutes have no room for
# them sanitized.
slow+='|^e2e\.loops|^e2e\.native\.strict\.|^samples\.|^native\.compile_scaling$'
# The Python package's modules (and the GradBench tool's, through it) link the runtime into
# a shared object loaded by an uninstrumented python3: they neither link against the
# sanitized runtime nor load.
slow+='|^python\.|^gradbench\.'
# Measurements that AddressSanitizer defeats: an address-space limit (ulimit -v, which
# its shadow memory exceeds at once) and compile-time scaling ratios with memory limits.
slow+='|^native\.loop_checkpoints$|^native\.while_reverse$|^native\.ad_chain_scaling$'
slow+='|^frontend\.compile_scaling$'
ARR_SANITIZE_DIR="$dir" bash "$root/cmake/sanitize.sh" -E "$slow"
lap "the sanitized test suite"
