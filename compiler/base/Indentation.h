#pragma once
// The indentation of every --dump-after text, from the surface AST to the loop IR.

#include <algorithm>
#include <string>

namespace arr {

/// Lines nested deeper than this stay at its indentation, so that dumps grow linearly
/// with the program however deeply it nests.
constexpr int kMaxIndentLevels = 40;

/// The spaces before a line nested `level` deep (two per level, at most kMaxIndentLevels).
inline std::string indentation(int level) {
  return std::string(2 * size_t(std::clamp(level, 0, kMaxIndentLevels)), ' ');
}

} // namespace arr
