// Checks on the OpenMP configuration, for the runtime and the harness of
// executables (the parallel-for itself is in Abi.h).

#pragma once

#include <string>

namespace arr::runtime {

/// What is wrong with the environment variable OMP_NUM_THREADS, or "" when it is
/// unset or valid: a comma-separated list of positive integers (up to 2^20 each),
/// as libomp accepts it. libomp aborts the process on anything else ("-5", " ",
/// "four"), so it must be checked before libomp first reads it.
std::string threadsEnvironmentProblem();

} // namespace arr::runtime
