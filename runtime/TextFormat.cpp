#include "runtime/TextFormat.h"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

namespace arr::runtime {
namespace {

using Buffer = fmt::memory_buffer;

template <typename Float>
void appendFloat(Buffer& out, Float value) {
  if (std::isnan(value)) {
    // fmt would print "-nan" for a negative NaN; the text format has one NaN.
    fmt::format_to(std::back_inserter(out), "nan");
    return;
  }
  size_t start = out.size();
  // fmt's default presentation is the shortest round-trip form for the
  // argument's own type (Dragonbox), which is exactly what the format asks.
  fmt::format_to(std::back_inserter(out), "{}", value);
  std::string_view digits(out.data() + start, out.size() - start);
  // Without a '.' or an exponent, "1" would read back as an integer ('n'
  // stands for "inf").
  if (digits.find_first_of(".eEn") == std::string_view::npos)
    fmt::format_to(std::back_inserter(out), ".0");
}

void appendElement(Buffer& out, const ArrayValue& value, int64_t index) {
  switch (value.dtype) {
  case Dtype::F64:
    appendFloat(out, value.data<double>()[index]);
    return;
  case Dtype::F32:
    appendFloat(out, value.data<float>()[index]);
    return;
  case Dtype::I64:
    fmt::format_to(std::back_inserter(out), "{}", value.data<int64_t>()[index]);
    return;
  case Dtype::Bool:
    fmt::format_to(std::back_inserter(out), "{}", value.data<bool>()[index] ? "true" : "false");
    return;
  }
}

/// Prints the sub-array at `depth` whose first element is `index`, and
/// advances `index` past it.
void appendNested(Buffer& out, const ArrayValue& value, size_t depth, int64_t& index) {
  if (depth == value.rank()) {
    appendElement(out, value, index++);
    return;
  }
  out.push_back('[');
  for (int64_t i = 0; i < value.shape[depth]; ++i) {
    if (i > 0) fmt::format_to(std::back_inserter(out), ", ");
    appendNested(out, value, depth + 1, index);
  }
  out.push_back(']');
}

} // namespace

std::string formatFloat(double value) {
  Buffer out;
  appendFloat(out, value);
  return fmt::to_string(out);
}

std::string formatFloat(float value) {
  Buffer out;
  appendFloat(out, value);
  return fmt::to_string(out);
}

std::string formatValue(const ArrayValue& value) {
  if (value.bytes.size() != static_cast<size_t>(value.elementCount()) * dtypeSize(value.dtype))
    throw IoError("formatValue: " + std::to_string(value.bytes.size()) +
                  " bytes do not match shape " + formatShape(value.shape));
  if (value.rank() > 0 && value.elementCount() == 0)
    return "empty(" + formatShape(value.shape) + std::string(dtypeName(value.dtype)) + ")";
  Buffer out;
  int64_t index = 0;
  appendNested(out, value, 0, index);
  return fmt::to_string(out);
}

} // namespace arr::runtime
