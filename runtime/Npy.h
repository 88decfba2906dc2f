// NumPy's .npy format (numpy.lib.format) for the four Arr element types.
//
// Reading accepts format versions 1.0, 2.0 and 3.0, dtypes '<f8', '<f4',
// '<i8' and '|b1' ('=' is read as '<' since the runtime only targets
// little-endian hosts), and big-endian '>f8', '>f4', '>i8', which are
// byte-swapped. Fortran-order arrays are rejected. Bool bytes other than 0
// read as true. Data after the array's last element is ignored, as numpy does.
//
// Writing produces version 1.0, C order, little endian, with the header padded
// to 64 bytes like numpy. Headers longer than NumPy's limit (10,000 bytes, a
// rank in the hundreds) are neither read nor written.

#pragma once

#include "runtime/ArrayValue.h"

#include <string>

namespace arr::runtime {

/// Throws IoError, prefixed with the path, for an unreadable, malformed,
/// truncated or unsupported file. The size the header claims is checked
/// against the file's actual size before any memory is allocated for it, and a
/// header longer than NumPy's limit (10,000 bytes) is refused before it is read.
ArrayValue readNpy(const std::string& path);

class InputFile;
/// The same for a file already open, which may be a pipe; errors name its path.
ArrayValue readNpy(InputFile& file);

/// Whether the file's next bytes are the .npy magic string "\x93NUMPY" (which
/// no text input starts with); they are read again after.
bool startsWithNpyMagic(InputFile& file);

/// Creates or replaces `path`. Throws IoError when the file cannot be written.
void writeNpy(const std::string& path, const ArrayValue& value);

/// The .npy dtype string written for a dtype: "<f8", "<f4", "<i8" or "|b1".
std::string npyDescr(Dtype dtype);

} // namespace arr::runtime
