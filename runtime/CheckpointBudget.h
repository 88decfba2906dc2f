// The memory that the gradient of a loop may spend keeping every state of the loop
// (--loop-checkpoints=auto, the default): a loop whose states fit keeps them all, one
// whose states do not is split into segments of about √n steps (arrrt_checkpoint_fits,
// Abi.h). The budget is ARR_CHECKPOINT_BUDGET when set, else a quarter of the memory
// this process may still use.

#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace arr::runtime {

/// The environment variable that sets the budget, in bytes.
inline constexpr const char* kCheckpointBudgetVariable = "ARR_CHECKPOINT_BUDGET";

/// A byte count written as digits with an optional binary suffix: K, M, G or T (powers
/// of 1024, optionally followed by "B" or "iB", any case), or a plain "B". Nullopt for
/// anything else, or for a count that does not fit in i64.
std::optional<int64_t> parseByteCount(const std::string& text);

/// What is wrong with ARR_CHECKPOINT_BUDGET, or "" when it is unset or valid.
std::string checkpointBudgetProblem();

/// The memory this process may still use, in bytes: the least of the physical memory,
/// the limit of its memory cgroup (v2 memory.max, v1 memory.limit_in_bytes) less what the
/// cgroup uses, and the address-space and data-segment limits (RLIMIT_AS, RLIMIT_DATA)
/// less what the process has mapped.
int64_t memoryAvailable();

} // namespace arr::runtime
