#include "runtime/ReadInput.h"

#include "runtime/Files.h"
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

bool isNpyInput(InputFile& file) {
  return hasNpyExtension(file.path()) || startsWithNpyMagic(file);
}

ArrayValue readNpyInput(InputFile& file, Dtype expected, size_t expectedRank) {
  ArrayValue value = readNpy(file);
  if (value.dtype != expected || value.rank() != expectedRank)
    throw IoError(file.path() + ": expected " + describeType(expected, expectedRank) + ", got " +
                  describeType(value.dtype, value.rank()));
  return value;
}

ArrayValue readInputFile(const std::string& path, Dtype expected, size_t expectedRank) {
  InputFile file(path);
  if (isNpyInput(file)) return readNpyInput(file, expected, expectedRank);
  TextReader reader(readWholeFile(file), path);
  ArrayValue value = reader.readValue(expected, expectedRank);
  reader.expectEnd();
  return value;
}

} // namespace arr::runtime
