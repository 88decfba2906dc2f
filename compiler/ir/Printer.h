#pragma once
// Prints core IR in the paper's notation, e.g.
//   let x = gather [n] a (\[i] -> [n - 1 - i]) in sumOuter (x * replicate n 2.0)

#include "ir/Core.h"

#include <string>

namespace arr::core {

std::string print(const Node& node, int indent = 0);
std::string print(const Program& program);

} // namespace arr::core
