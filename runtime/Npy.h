// NumPy's .npy format (numpy.lib.format) for the four Arr element types.
//
// Reading accepts format versions 1.0, 2.0 and 3.0, dtypes '<f8', '<f4',
// '<i8' and '|b1' ('=' is read as '<' since the runtime only targets
// little-endian hosts), and big-endian '>f8', '>f4', '>i8', which are
// byte-swapped. Fortran-order arrays are rejected. Bool bytes other than 0
// read as true. Data after the array's last element is ignored, as numpy does.
//
// Writing produces version 1.0 (2.0 when the header needs more than 64 KiB),
// C order, little endian, with the header padded to 64 bytes like numpy.

#pragma once

#include "runtime/ArrayValue.h"

#include <string>

namespace arr::runtime {

/// Throws IoError, prefixed with the path, for an unreadable, malformed,
/// truncated or unsupported file. The size the header claims is checked
/// against the file's actual size before any memory is allocated for it.
ArrayValue readNpy(const std::string& path);

/// Creates or replaces `path`. Throws IoError when the file cannot be written.
void writeNpy(const std::string& path, const ArrayValue& value);

/// The .npy dtype string written for a dtype: "<f8", "<f4", "<i8" or "|b1".
std::string npyDescr(Dtype dtype);

} // namespace arr::runtime
