// libFuzzer target: the input readers of executables and of `arrc --interpret`.
// The first byte chooses what the rest is read as: bit 0, a .npy file (readNpy)
// or text (TextReader, one value after another); bits 1-2 the element type and
// bits 3-4 the rank expected from text; bits 5-6 how it arrives: 0 as above, or
// as an input file of an executable (readInputFile, which tells .npy from text by
// the magic string, the name not ending in .npy) through 1 a pipe (/dev/fd/N),
// 2 a FIFO or 3 a regular file. Reading either fails with IoError or gives a value,
// and a value must survive a round trip: formatValue then TextReader, and writeNpy
// then readNpy, give it back (NaNs as NaNs); a pipe or a FIFO, read without knowing
// its size, gives what a regular file with the same bytes gives, or fails as it does;
// and binding entry sizes from it (polynomial dimensions such as n*n or 2*n-1, shapes
// up to 2^63) never accepts a dimension that overflows. A crash, a sanitizer report
// or a failed round trip is a bug. Built with -DARR_FUZZ=ON.

#include "runtime/ArrayValue.h"
#include "runtime/Npy.h"
#include "runtime/ReadInput.h"
#include "runtime/Signature.h"
#include "runtime/SizeBinding.h"
#include "runtime/TextFormat.h"
#include "runtime/TextReader.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

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
    // A rank in the hundreds can need a longer header than NumPy reads (10000 bytes, at
    // most 21 per dimension), which the writer refuses as the reader does.
    if (value.rank() >= 400 &&
        std::string(error.what()).find("would be longer than") != std::string::npos)
      return;
    std::fprintf(stderr, "%s\n", error.what());
    fail(".npy does not read back", value);
  }
}

/// Writes `bytes` to the descriptor and closes it; a reader that stopped early is fine.
void writeAll(int descriptor, const std::string& bytes) {
  for (size_t done = 0; done < bytes.size();) {
    ssize_t written = write(descriptor, bytes.data() + done, bytes.size() - done);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) break; // EPIPE: the reader has gone
    done += size_t(written);
  }
  close(descriptor);
}

/// The value an executable reads from `path` as its input, or nothing for an IoError.
std::optional<ArrayValue> readInput(const std::string& path, Dtype dtype, size_t rank) {
  try {
    return arr::runtime::readInputFile(path, dtype, rank);
  } catch (const arr::runtime::IoError&) {
    return std::nullopt;
  }
}

/// The same, with `bytes` arriving through a pipe or a FIFO from another thread.
std::optional<ArrayValue> readStreamed(bool fifo, const std::string& fifoPath,
                                       const std::string& bytes, Dtype dtype, size_t rank) {
  std::string path = fifoPath;
  int ends[2] = {-1, -1};
  if (!fifo) {
    if (pipe2(ends, O_CLOEXEC) != 0) std::abort();
    path = "/dev/fd/" + std::to_string(ends[0]);
  }
  std::thread writer([&] {
    // A FIFO's open waits for the reader's, which readInputFile makes first.
    int descriptor = fifo ? open(fifoPath.c_str(), O_WRONLY | O_CLOEXEC) : ends[1];
    if (descriptor < 0) std::abort();
    writeAll(descriptor, bytes);
  });
  std::optional<ArrayValue> value = readInput(path, dtype, rank);
  // The reader's open of a FIFO can fail with EINTR (libFuzzer's timer signal) before the
  // writer's open met it; a reader of our own lets that open finish, so the join cannot hang.
  int unblock = fifo ? open(fifoPath.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1;
  writer.join();
  if (unblock >= 0) close(unblock);
  if (!fifo) close(ends[0]);
  return value;
}

/// Entry signatures whose parameter has the value's rank, with dimensions that are
/// polynomials (n*n, 2*n-1, 5-n, m*n*k), and results such as [n*n]: binding the sizes
/// from the value either fails with IoError or gives sizes for which every dimension
/// evaluates, without overflow, to the value's shape; so shapes near 2^63 never wrap.
void bindsSizes(const ArrayValue& value) {
  static const char* const kShapes[4][4] = {
      {"", "", "", ""},
      {"1*v0*v0", "2*v0+-1", "5+-1*v0", "1*v0+-1+1*v1*v1"},
      {"1*v0|1*v0*v1", "1*v0|2*v0*v1+-3", "1*v0*v0|1*v1", "1*v1+1|1*v0+-1*v1"},
      {"1*v0|1*v1|1*v0*v1*v2", "1*v0*v1|1*v1|1*v2", "1*v0|1*v0|1*v0*v0*v0", "1*v2|1*v1|1*v0"}};
  size_t rank = value.shape.size();
  if (rank == 0 || rank > 3) return;
  std::string dtype(arr::runtime::dtypeName(value.dtype));
  for (const char* shape : kShapes[rank]) {
    std::string text = "n,m,k;x:" + dtype + "[" + shape + "];" + dtype + "[1*v0*v0|1*v1*v2+-1]";
    arr::runtime::Signature signature = arr::runtime::parseSignature(text);
    std::vector<int64_t> sizes;
    try {
      sizes = arr::runtime::bindSizes(signature, "fuzz", {value});
    } catch (const arr::runtime::IoError&) {
      continue; // a shape the parameter does not take, reported as such
    }
    for (size_t d = 0; d < rank; ++d) {
      std::optional<int64_t> extent = signature.params[0].type.shape[d].evaluate(sizes);
      if (!extent || *extent != value.shape[d]) {
        std::fprintf(stderr, "sizes bound for %s do not give the shape %s\n", text.c_str(),
                     arr::runtime::formatShape(value.shape).c_str());
        std::abort();
      }
    }
    try {
      for (int64_t extent :
           arr::runtime::evaluateShape(signature.results[0], signature.sizes, sizes))
        if (extent < 0) std::abort();
    } catch (const arr::runtime::IoError&) {
    }
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string stem = "/tmp/arr-fuzz-inputs-" + std::to_string(getpid());
  static const std::string inputPath = stem + ".npy", outputPath = stem + "-out.npy",
                           plainPath = stem + ".in", fifoPath = stem + ".fifo";
  static const bool prepared = [] {
    std::signal(SIGPIPE, SIG_IGN); // a writer whose reader stopped early gets EPIPE
    unlink(fifoPath.c_str());
    return mkfifo(fifoPath.c_str(), 0600) == 0;
  }();
  if (!prepared) std::abort();
  if (size == 0) return 0;
  const uint8_t selector = data[0];
  const auto dtype = static_cast<Dtype>((selector >> 1) & 3);
  const size_t rank = (selector >> 3) & 3;
  if (const unsigned channel = (selector >> 5) & 3; channel != 0) {
    writeFile(plainPath, data + 1, size - 1);
    std::optional<ArrayValue> value = readInput(plainPath, dtype, rank);
    if (channel != 3) {
      std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
      std::optional<ArrayValue> streamed = readStreamed(channel == 2, fifoPath, bytes, dtype, rank);
      if (value.has_value() != streamed.has_value() || (value && !same(*value, *streamed, true))) {
        std::fprintf(
            stderr, "a %s gives %s, a regular file %s\n", channel == 2 ? "FIFO" : "pipe",
            streamed ? arr::runtime::formatValue(*streamed).substr(0, 2000).c_str() : "an error",
            value ? arr::runtime::formatValue(*value).substr(0, 2000).c_str() : "an error");
        std::abort();
      }
    }
    if (value) {
      roundTrips(*value, outputPath);
      bindsSizes(*value);
    }
    return 0;
  }
  try {
    if (selector & 1) {
      writeFile(inputPath, data + 1, size - 1);
      ArrayValue value = arr::runtime::readNpy(inputPath);
      roundTrips(value, outputPath);
      bindsSizes(value);
    } else {
      arr::runtime::TextReader reader(
          std::string(reinterpret_cast<const char*>(data + 1), size - 1));
      for (int values = 0; values < 16 && !reader.atEnd(); ++values) {
        ArrayValue value = reader.readValue(dtype, rank);
        roundTrips(value, outputPath);
        bindsSizes(value);
      }
    }
  } catch (const arr::runtime::IoError&) {
    // Bad input, reported as such: what the readers must do.
  }
  return 0;
}
