# Run-time options of the sanitizer builds (sourced by cmake/sanitize.sh and cmake/fuzz.sh;
# set the same variables to run build-asan's programs by hand): every report is fatal
# (abort, so that child processes fail too), leaks are reported, and the open bugs of
# ubsan.supp and lsan.supp are suppressed. allocator_may_return_null: a failed huge
# allocation returns null, as without ASan, for the runtime to report it.
sanitizers_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:allocator_may_return_null=1:detect_stack_use_after_return=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:abort_on_error=1:suppressions=$sanitizers_dir/ubsan.supp}
# The tests' time limits (gradcheck TIME-LIMIT, frontend.robustness) scale with this.
export ARR_TIME_SCALE=${ARR_TIME_SCALE:-4}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$sanitizers_dir/lsan.supp}
