#pragma once
// Re-checks a core program: every node's type is what the builder computes from
// its operands, every variable is bound where it is used, and tuples appear only
// at the root of a function body. Run after every pass in tests.

#include "ir/Core.h"

#include <string>

namespace arr::core {

/// Returns an empty string when the program is well formed, else the first problem.
std::string verify(const Program& program);
std::string verify(const Function& function);

} // namespace arr::core
