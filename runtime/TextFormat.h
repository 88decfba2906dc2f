// Printing values in Arr's text format (LANGUAGE.md §9): `3.5`, `-2`, `true`,
// `[1.0, 2.0]`, `[[1, 2], [3, 4]]`, `empty([0,3]f64)`. TextReader reads it back.

#pragma once

#include "runtime/ArrayValue.h"

#include <string>

namespace arr::runtime {

/// The value on one line (no trailing newline). Floats use the shortest
/// decimal that reads back to the same value of their own type, always with
/// a '.' or an exponent (`1.0`, `1e+20`, `-0.0`), or `nan`, `inf`, `-inf`.
/// An array with a zero dimension prints as `empty([d1,...,dn]T)`.
std::string formatValue(const ArrayValue& value);

/// One element in the same notation as formatValue.
std::string formatFloat(double value);
std::string formatFloat(float value);

} // namespace arr::runtime
