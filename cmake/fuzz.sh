#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang-19, ASan and UBSan into build-fuzz/
# (cmake -DARR_FUZZ=ON), then runs each for SECONDS seconds (default 60), both at once,
# seeded with the test suite's programs and inputs (tests/fuzz/make_corpus.py):
#
#   bash cmake/fuzz.sh [SECONDS]          e.g. bash cmake/fuzz.sh 3600 for an hour each
#
# ARR_FUZZ_DIR overrides the build directory. The corpus grows in BUILD/corpus across
# runs; a crashing input is saved as BUILD/artifacts/TARGET-crash-*. Prints each target's
# executions and exits 1 when a target found a crash, a leak or a sanitizer report.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-60}
dir=${ARR_FUZZ_DIR:-$root/build-fuzz}
bash "$root/cmake/bootstrap.sh"
bash "$root/cmake/sanitizer_deps.sh"
if [[ ! -f "$dir/build.ninja" ]]; then
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DARR_FUZZ=ON >/dev/null
fi
nice -n 19 cmake --build "$dir" -j2 --target fuzz_frontend fuzz_inputs
/usr/bin/python3 "$root/tests/fuzz/make_corpus.py" "$dir/seeds"
mkdir -p "$dir/corpus/frontend" "$dir/corpus/inputs" "$dir/artifacts"

run() { # TARGET SEEDS [EXTRA FLAGS]: the target's libFuzzer output goes to BUILD/TARGET.log
  local target=$1 seeds=$2
  shift 2
  nice -n 19 "$dir/tests/fuzz/$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=3072 \
    -max_len=8192 -print_final_stats=1 -artifact_prefix="$dir/artifacts/$target-" "$@" \
    "$dir/corpus/$seeds" "$dir/seeds/$seeds" >"$dir/$target.log" 2>&1
}
source "$root/cmake/sanitizers/options.sh"
status=0
ARR_FUZZ_STDLIB="$dir/seeds/stdlib" run fuzz_frontend frontend -dict="$root/tests/fuzz/arr.dict" &
frontend=$!
run fuzz_inputs inputs &
inputs=$!
wait $frontend || status=1
wait $inputs || status=1
for target in fuzz_frontend fuzz_inputs; do
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/$target.log" | tail -1)
  echo "$target: ${runs:-?} executions in ${seconds} s, corpus $(ls "$dir/corpus/${target#fuzz_}" | wc -l) inputs"
done
if ((status != 0)); then
  for target in fuzz_frontend fuzz_inputs; do
    grep -A30 -m1 -E "ERROR: |runtime error|deadly signal|Test unit written" "$dir/$target.log" || true
  done
  echo "fuzz: a target failed; see $dir/fuzz_*.log and $dir/artifacts" >&2
fi
exit $status
