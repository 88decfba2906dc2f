// Shared by the hand-written C++ baselines of tests/bench: reading and writing
// .npy files (little-endian f64 and i64, C order, format 1.0 to 3.0), the
// command line and the timing loop.
//
// Every baseline is run as
//
//     baseline [--grad] --runs N --out RESULT.npy INPUT.npy...
//
// computes its result N times, printing "run I: T ms" on standard error for
// each run, and writes the last result to RESULT.npy. With --grad it computes
// the gradient instead of the primal (when the baseline has one); a gradient
// with several components is written as RESULT_0.npy, RESULT_1.npy, .., as an
// Arr executable writes a tuple.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace bench {

template <typename T>
struct Array {
  std::vector<int64_t> shape;
  std::vector<T> data;

  int64_t dim(size_t axis) const { return shape.at(axis); }
};

[[noreturn]] inline void fail(const std::string& message) {
  std::fprintf(stderr, "error: %s\n", message.c_str());
  std::exit(1);
}

inline std::string headerValue(const std::string& header, const std::string& key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos) return "";
  at = header.find(':', at);
  if (at == std::string::npos) return "";
  size_t begin = header.find_first_not_of(' ', at + 1);
  if (begin == std::string::npos) return "";
  size_t end =
      header[begin] == '(' ? header.find(')', begin) + 1 : header.find_first_of(",}", begin);
  return header.substr(begin, end - begin);
}

/// Reads an .npy file whose dtype is `descr` ("<f8" or "<i8").
template <typename T>
Array<T> loadNpy(const std::string& path, const char* descr) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("cannot open " + path);
  char magic[8];
  in.read(magic, 8);
  if (!in || std::memcmp(magic, "\x93NUMPY", 6) != 0) fail(path + " is not an .npy file");
  uint32_t headerLength = 0;
  if (magic[6] == 1) {
    unsigned char bytes[2];
    in.read(reinterpret_cast<char*>(bytes), 2);
    headerLength = bytes[0] | (bytes[1] << 8);
  } else {
    unsigned char bytes[4];
    in.read(reinterpret_cast<char*>(bytes), 4);
    headerLength = bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (uint32_t(bytes[3]) << 24);
  }
  std::string header(headerLength, '\0');
  in.read(header.data(), headerLength);
  if (!in) fail(path + ": truncated header");
  std::string dtype = headerValue(header, "descr");
  if (dtype != std::string("'") + descr + "'")
    fail(path + ": dtype " + dtype + ", expected " + descr);
  if (headerValue(header, "fortran_order") != "False") fail(path + ": not in C order");
  Array<T> array;
  std::string shape = headerValue(header, "shape");
  std::stringstream dims(shape.substr(1, shape.size() - 2));
  std::string item;
  int64_t count = 1;
  while (std::getline(dims, item, ','))
    if (item.find_first_not_of(' ') != std::string::npos) {
      array.shape.push_back(std::stoll(item));
      count *= array.shape.back();
    }
  array.data.resize(size_t(count));
  in.read(reinterpret_cast<char*>(array.data.data()), std::streamsize(count * sizeof(T)));
  if (!in) fail(path + ": truncated data");
  return array;
}

inline Array<double> loadF64(const std::string& path) {
  return loadNpy<double>(path, "<f8");
}
inline Array<int64_t> loadI64(const std::string& path) {
  return loadNpy<int64_t>(path, "<i8");
}

/// Writes a little-endian f64 .npy file (format 1.0).
inline void saveF64(const std::string& path, const std::vector<int64_t>& shape,
                    const std::vector<double>& data) {
  std::string dims;
  for (int64_t d : shape)
    dims += std::to_string(d) + ", ";
  if (shape.size() > 1) dims.resize(dims.size() - 2);
  if (shape.size() == 1) dims.resize(dims.size() - 1);
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + dims + "), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  unsigned char length[2] = {static_cast<unsigned char>(header.size() & 0xff),
                             static_cast<unsigned char>(header.size() >> 8)};
  out.write(reinterpret_cast<const char*>(length), 2);
  out << header;
  out.write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size() * 8));
  if (!out) fail("cannot write " + path);
}

/// One f64 result: its shape and row-major data. Gradients are computed into
/// results allocated (and zeroed) before the timed runs, as the Arr harness
/// allocates an entry's results once, outside its timing.
struct Result {
  std::vector<int64_t> shape;
  std::vector<double> data;

  explicit Result(std::vector<int64_t> dims) : shape(std::move(dims)) {
    int64_t count = 1;
    for (int64_t d : shape)
      count *= d;
    data.assign(size_t(count), 0.0);
  }
};

/// Writes a result, or the components of a tuple result as PATH_0.npy, PATH_1.npy, ..
/// (PATH without its .npy suffix), the names an Arr executable uses for `-o PATH`.
inline void saveResults(const std::string& path, const std::vector<Result>& results) {
  if (results.size() == 1) {
    saveF64(path, results[0].shape, results[0].data);
    return;
  }
  std::string stem = path;
  if (stem.size() > 4 && stem.compare(stem.size() - 4, 4, ".npy") == 0) stem.resize(stem.size() - 4);
  for (size_t i = 0; i < results.size(); ++i)
    saveF64(stem + "_" + std::to_string(i) + ".npy", results[i].shape, results[i].data);
}

struct Options {
  int runs = 1;
  bool grad = false;
  std::string out;
  std::vector<std::string> inputs;
};

inline Options parseOptions(int argc, char** argv, size_t inputCount) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--grad") {
      options.grad = true;
    } else if (arg == "--runs" && i + 1 < argc) {
      options.runs = std::atoi(argv[++i]);
    } else if (arg == "--out" && i + 1 < argc) {
      options.out = argv[++i];
    } else {
      options.inputs.push_back(arg);
    }
  }
  if (options.runs < 1 || options.inputs.size() != inputCount)
    fail("usage: " + std::string(argv[0]) + " [--grad] --runs N --out RESULT.npy (" +
         std::to_string(inputCount) + " input .npy files)");
  return options;
}

/// Keeps the optimiser from treating a result as unused.
template <typename T>
inline void escape(const T* pointer) {
  asm volatile("" : : "g"(pointer) : "memory");
}

/// Runs `compute` `runs` times, printing the time of each run on standard error.
inline void timeRuns(int runs, const std::function<void()>& compute) {
  for (int run = 1; run <= runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    compute();
    auto stop = std::chrono::steady_clock::now();
    double ms = std::chrono::duration<double, std::milli>(stop - start).count();
    std::fprintf(stderr, "run %d: %.6f ms\n", run, ms);
  }
}

} // namespace bench
