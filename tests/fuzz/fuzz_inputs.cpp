// libFuzzer target: the input readers of executables and of `arrc --interpret`.
// The first byte chooses what the rest is read as: bit 0, a .npy file (readNpy)
// or text (TextReader, one value after another); bits 1-2 the element type and
// bits 3-4 the rank expected from text. Reading either fails with IoError or
// gives a value, and a value must survive a round trip: formatValue then
// TextReader, and writeNpy then readNpy, give it back (NaNs as NaNs). A crash,
// a sanitizer report or a failed round trip is a bug. Built with -DARR_FUZZ=ON.

#include "runtime/ArrayValue.h"
#include "runtime/Npy.h"
#include "runtime/TextFormat.h"
#include "runtime/TextReader.h"

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

namespace {

using arr::runtime::ArrayValue;
using arr::runtime::Dtype;

[[noreturn]] void fail(const char* what, const ArrayValue& value) {
  std::fprintf(stderr, "round trip failed (%s) for %s\n", what,
               arr::runtime::formatValue(value).substr(0, 2000).c_str());
  std::abort();
}

template <typename Float>
bool sameFloats(const ArrayValue& a, const ArrayValue& b, bool nanPayloads) {
  size_t count = a.bytes.size() / sizeof(Float);
  for (size_t i = 0; i < count; ++i) {
    Float x, y;
    std::memcpy(&x, a.bytes.data() + i * sizeof(Float), sizeof(Float));
    std::memcpy(&y, b.bytes.data() + i * sizeof(Float), sizeof(Float));
    if (std::isnan(x) && std::isnan(y) && !nanPayloads) continue;
    if (std::memcmp(&x, &y, sizeof(Float)) != 0) return false;
  }
  return true;
}

/// The same dtype, shape and elements; with `nanPayloads` false, any NaN equals any NaN
/// (the text format prints every NaN as `nan`).
bool same(const ArrayValue& a, const ArrayValue& b, bool nanPayloads) {
  if (a.dtype != b.dtype || a.shape != b.shape || a.bytes.size() != b.bytes.size()) return false;
  if (a.dtype == Dtype::F64) return sameFloats<double>(a, b, nanPayloads);
  if (a.dtype == Dtype::F32) return sameFloats<float>(a, b, nanPayloads);
  return a.bytes == b.bytes;
}

void writeFile(const std::string& path, const uint8_t* data, size_t size) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

void roundTrips(const ArrayValue& value, const std::string& npyPath) {
  std::string text = arr::runtime::formatValue(value);
  try {
    arr::runtime::TextReader reader(text);
    ArrayValue again = reader.readValue(value.dtype, value.shape.size());
    reader.expectEnd();
    if (!same(value, again, false)) fail("text", value);
  } catch (const arr::runtime::IoError& error) {
    std::fprintf(stderr, "%s\n", error.what());
    fail("text does not read back", value);
  }
  try {
    arr::runtime::writeNpy(npyPath, value);
    if (!same(value, arr::runtime::readNpy(npyPath), true)) fail(".npy", value);
  } catch (const arr::runtime::IoError& error) {
    std::fprintf(stderr, "%s\n", error.what());
    fail(".npy does not read back", value);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string stem = "/tmp/arr-fuzz-inputs-" + std::to_string(getpid());
  static const std::string inputPath = stem + ".npy", outputPath = stem + "-out.npy";
  if (size == 0) return 0;
  const uint8_t selector = data[0];
  const auto dtype = static_cast<Dtype>((selector >> 1) & 3);
  const size_t rank = (selector >> 3) & 3;
  try {
    if (selector & 1) {
      writeFile(inputPath, data + 1, size - 1);
      roundTrips(arr::runtime::readNpy(inputPath), outputPath);
    } else {
      arr::runtime::TextReader reader(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
      for (int values = 0; values < 16 && !reader.atEnd(); ++values)
        roundTrips(reader.readValue(dtype, rank), outputPath);
    }
  } catch (const arr::runtime::IoError&) {
    // Bad input, reported as such: what the readers must do.
  }
  return 0;
}
