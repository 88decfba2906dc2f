// Loading one input of a program from a file, whatever its format.

#pragma once

#include "runtime/ArrayValue.h"

#include <string>

namespace arr::runtime {

/// A `.npy` file (recognised by its extension, in any letter case, or by its
/// magic string, as a pipe is) must hold exactly the expected element type and
/// rank; any other file is text holding exactly one value (see TextReader).
/// Throws IoError naming the path.
ArrayValue readInputFile(const std::string& path, Dtype expected, size_t expectedRank);

class InputFile;
/// Whether an input file is read as .npy: by its name, or, for other names (a
/// pipe's /dev/fd/N), by its first bytes.
bool isNpyInput(InputFile& file);

/// The .npy value of an input file, which must have the expected type and rank.
ArrayValue readNpyInput(InputFile& file, Dtype expected, size_t expectedRank);

/// Whether `path` ends in ".npy", ignoring letter case.
bool hasNpyExtension(const std::string& path);

} // namespace arr::runtime
