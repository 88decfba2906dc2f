#include "runtime/ReadInput.h"

#include "runtime/Npy.h"
#include "runtime/TextReader.h"

#include <algorithm>
#include <cctype>

namespace arr::runtime {

bool hasNpyExtension(const std::string& path) {
  constexpr std::string_view kExtension = ".npy";
  if (path.size() < kExtension.size()) return false;
  return std::equal(kExtension.begin(), kExtension.end(), path.end() - kExtension.size(),
                    [](char expected, char actual) {
                      return expected == std::tolower(static_cast<unsigned char>(actual));
                    });
}

ArrayValue readInputFile(const std::string& path, Dtype expected, size_t expectedRank) {
  if (!hasNpyExtension(path)) return readTextFile(path, expected, expectedRank);
  ArrayValue value = readNpy(path);
  if (value.dtype != expected || value.rank() != expectedRank)
    throw IoError(path + ": expected " + describeType(expected, expectedRank) + ", got " +
                  describeType(value.dtype, value.rank()));
  return value;
}

} // namespace arr::runtime
