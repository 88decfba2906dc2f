// The runtime's value I/O: .npy reading and writing, the text format, and
// loading inputs by file name.

#include "runtime/ArrayValue.h"
#include "runtime/Npy.h"
#include "runtime/ReadInput.h"
#include "runtime/TextFormat.h"
#include "runtime/TextReader.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <thread>

#include <sys/stat.h>

namespace arr::runtime {
namespace {

namespace fs = std::filesystem;

/// Runs `action` and returns the IoError message it throws ("" if none).
template <typename Action>
std::string ioErrorOf(Action action) {
  try {
    action();
  } catch (const IoError& error) {
    return error.what();
  }
  return "";
}

class RuntimeIoTest : public ::testing::Test {
protected:
  void SetUp() override {
    const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = fs::path(::testing::TempDir()) / (std::string("arr_runtime_io_") + test->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }

  std::string path(const std::string& name) const { return (dir / name).string(); }

  std::string writeBytes(const std::string& name, const std::string& bytes) const {
    std::ofstream out(path(name), std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path(name);
  }

  std::string readBytes(const std::string& name) const {
    std::ifstream in(path(name), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  fs::path dir;
};

/// A .npy file: preamble for `major`.0, then `header` verbatim, then `data`.
std::string npyFile(int major, const std::string& header, const std::string& data) {
  std::string bytes = "\x93NUMPY";
  bytes += static_cast<char>(major);
  bytes += '\0';
  size_t lengthSize = major == 1 ? 2 : 4;
  for (size_t i = 0; i < lengthSize; ++i)
    bytes += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  return bytes + header + data;
}

template <typename T>
std::string rawBytes(std::initializer_list<T> values) {
  std::string bytes;
  for (T value : values)
    bytes.append(reinterpret_cast<const char*>(&value), sizeof(T));
  return bytes;
}

ArrayValue readText(const std::string& text, Dtype dtype, size_t rank) {
  TextReader reader(text, "in");
  ArrayValue value = reader.readValue(dtype, rank);
  reader.expectEnd();
  return value;
}

std::string textError(const std::string& text, Dtype dtype, size_t rank) {
  return ioErrorOf([&] { readText(text, dtype, rank); });
}

// ---------------------------------------------------------------------------
// ArrayValue

TEST(ArrayValueTest, FactoriesAndAccessors) {
  ArrayValue zeros = ArrayValue::zeros(Dtype::I64, {2, 3});
  EXPECT_EQ(zeros.elementCount(), 6);
  EXPECT_EQ(zeros.bytes.size(), 48u);
  EXPECT_EQ(zeros.data<int64_t>()[5], 0);

  ArrayValue scalar = ArrayValue::scalar(2.5f);
  EXPECT_EQ(scalar.dtype, Dtype::F32);
  EXPECT_EQ(scalar.rank(), 0u);
  EXPECT_EQ(scalar.data<float>()[0], 2.5f);

  ArrayValue flags = ArrayValue::fromElements<bool>({3}, std::vector<bool>{true, false, true});
  EXPECT_EQ(flags.bytes, (arr::runtime::ArrayBytes{1, 0, 1}));
  EXPECT_EQ(ArrayValue::zeros(Dtype::F64, {4, 0, 1 << 30}).elementCount(), 0);

  EXPECT_EQ(dtypeName(Dtype::Bool), "bool");
  EXPECT_EQ(dtypeSize(Dtype::F32), 4u);
  EXPECT_EQ(describeType(Dtype::F64, 0), "an f64 scalar");
  EXPECT_EQ(describeType(Dtype::Bool, 0), "a bool scalar");
  EXPECT_EQ(describeType(Dtype::I64, 2), "a rank-2 i64 array");
  EXPECT_NE(ioErrorOf([] { ArrayValue::zeros(Dtype::F64, {-1}); }), "");
  EXPECT_NE(ioErrorOf([] { ArrayValue::zeros(Dtype::F64, {1LL << 40, 1LL << 40}); }), "");
}

// ---------------------------------------------------------------------------
// .npy round trips

/// Arrays of every dtype and rank 0..4, some empty, filled with awkward values.
std::vector<ArrayValue> sampleArrays() {
  const std::vector<double> doubles = {0.0,
                                       -0.0,
                                       1.0,
                                       -2.5,
                                       std::numeric_limits<double>::quiet_NaN(),
                                       std::numeric_limits<double>::infinity(),
                                       -std::numeric_limits<double>::infinity(),
                                       std::numeric_limits<double>::denorm_min(),
                                       std::numeric_limits<double>::min(),
                                       std::numeric_limits<double>::max(),
                                       -std::numeric_limits<double>::max(),
                                       0.1};
  const std::vector<int64_t> integers = {
      0, -1, 1, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max(), 42};
  const std::vector<std::vector<int64_t>> shapes = {
      {}, {5}, {0}, {2, 3}, {3, 0}, {2, 1, 3}, {0, 2, 2}, {2, 3, 1, 2}, {1, 2, 0, 4}};
  std::vector<ArrayValue> arrays;
  for (Dtype dtype : {Dtype::F64, Dtype::F32, Dtype::I64, Dtype::Bool}) {
    for (const auto& shape : shapes) {
      ArrayValue value(dtype, shape);
      for (int64_t i = 0; i < value.elementCount(); ++i) {
        switch (dtype) {
        case Dtype::F64:
          value.data<double>()[i] = doubles[i % doubles.size()];
          break;
        case Dtype::F32:
          value.data<float>()[i] = static_cast<float>(doubles[i % doubles.size()]);
          break;
        case Dtype::I64:
          value.data<int64_t>()[i] = integers[i % integers.size()];
          break;
        case Dtype::Bool:
          value.data<bool>()[i] = i % 3 == 1;
          break;
        }
      }
      arrays.push_back(std::move(value));
    }
  }
  // Denormal f32, which the cast from double above does not produce.
  arrays.push_back(ArrayValue::fromElements<float>(
      {2}, std::vector<float>{std::numeric_limits<float>::denorm_min(), -1e-40f}));
  return arrays;
}

TEST_F(RuntimeIoTest, NpyRoundTripIsBitExact) {
  for (const ArrayValue& value : sampleArrays()) {
    SCOPED_TRACE(formatValue(value));
    writeNpy(path("a.npy"), value);
    EXPECT_EQ(readNpy(path("a.npy")), value);
  }
}

TEST_F(RuntimeIoTest, NpyWriterProducesNumpyHeader) {
  writeNpy(path("a.npy"), ArrayValue::zeros(Dtype::F32, {3}));
  std::string bytes = readBytes("a.npy");
  // The 57-byte dictionary needs the preamble and header padded to 128 bytes.
  ASSERT_EQ(bytes.size(), 128u + 12u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_EQ(static_cast<unsigned char>(bytes[8]) | static_cast<unsigned char>(bytes[9]) << 8, 118);
  std::string header = bytes.substr(10, 118);
  EXPECT_EQ(header.find_last_not_of(" \n"), 56u);
  EXPECT_EQ(header.substr(0, 48), "{'descr': '<f4', 'fortran_order': False, 'shape'");
  EXPECT_NE(header.find("'shape': (3,), }"), std::string::npos);
  EXPECT_EQ(header.back(), '\n');

  writeNpy(path("b.npy"), ArrayValue::scalar(true));
  EXPECT_NE(readBytes("b.npy").find("{'descr': '|b1', 'fortran_order': False, 'shape': (), }"),
            std::string::npos);
  writeNpy(path("c.npy"), ArrayValue::zeros(Dtype::I64, {2, 0, 3}));
  EXPECT_NE(readBytes("c.npy").find("'shape': (2, 0, 3), }"), std::string::npos);
  EXPECT_EQ(readBytes("c.npy").size(), 128u); // No data: the header alone.
}

TEST_F(RuntimeIoTest, NpyWriterRefusesHeadersNumPyWouldNotRead) {
  // 3400 dimensions of 1 make a header of more than 10200 bytes, beyond NumPy's 10000.
  ArrayValue value(Dtype::F64, std::vector<int64_t>(3400, 1));
  EXPECT_EQ(ioErrorOf([&] { writeNpy(path("big.npy"), value); }),
            "cannot write '" + path("big.npy") +
                "': the .npy header of a rank-3400 array would be longer than 10000 bytes, the "
                "most NumPy reads");
  // 3200 dimensions fit, in a header of at most 10000 bytes that reads back.
  ArrayValue fits(Dtype::F64, std::vector<int64_t>(3200, 1));
  fits.data<double>()[0] = 7.5;
  writeNpy(path("fits.npy"), fits);
  std::string bytes = readBytes("fits.npy");
  EXPECT_EQ(bytes[6], 1);
  EXPECT_LE(bytes.size() - 10 - 8, 10000u);
  EXPECT_EQ(readNpy(path("fits.npy")), fits);
}

// ---------------------------------------------------------------------------
// Hand-made .npy files

TEST_F(RuntimeIoTest, NpyAcceptsHeaderVariations) {
  std::string data = rawBytes<double>({1.5, -2.0, 3.25});
  ArrayValue expected = ArrayValue::fromElements<double>({3}, std::vector<double>{1.5, -2, 3.25});
  // Compact spacing, double quotes, no trailing comma, no padding.
  std::string compact = R"({"descr":"<f8","fortran_order":False,"shape":(3,)})";
  EXPECT_EQ(readNpy(writeBytes("a.npy", npyFile(1, compact, data))), expected);
  // Generous spacing, keys in another order, trailing commas, newline padding.
  std::string spaced = "{ 'shape' : ( 3 , ) ,\t'fortran_order' : False , 'descr' : '<f8' , }   \n";
  EXPECT_EQ(readNpy(writeBytes("b.npy", npyFile(1, spaced, data))), expected);
  // Version 2.0 and 3.0 have a 4-byte header length.
  std::string standard = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }\n";
  EXPECT_EQ(readNpy(writeBytes("c.npy", npyFile(2, standard, data))), expected);
  EXPECT_EQ(readNpy(writeBytes("d.npy", npyFile(3, standard, data))), expected);
  // Python 2 long literals, '=' byte order, and trailing data (ignored, as numpy does).
  std::string python2 = "{'descr': '=f8', 'fortran_order': False, 'shape': (1L, 3L), }";
  ArrayValue matrix = readNpy(writeBytes("e.npy", npyFile(1, python2, data + "junk")));
  EXPECT_EQ(matrix.shape, (std::vector<int64_t>{1, 3}));
  EXPECT_EQ(matrix.bytes, expected.bytes);
}

TEST_F(RuntimeIoTest, NpyReadsScalarsBoolsAndBigEndian) {
  ArrayValue scalar = readNpy(
      writeBytes("s.npy", npyFile(1, "{'descr': '<i8', 'fortran_order': False, 'shape': (), }",
                                  rawBytes<int64_t>({-7}))));
  EXPECT_EQ(scalar, ArrayValue::scalar<int64_t>(-7));

  // Bytes other than 0 and 1 are normalised so that they are valid C++ bools.
  ArrayValue flags = readNpy(
      writeBytes("b.npy", npyFile(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }",
                                  std::string("\x00\x01\x07", 3))));
  EXPECT_EQ(flags.bytes, (arr::runtime::ArrayBytes{0, 1, 1}));

  // Big-endian data is byte-swapped to the host order.
  std::string bigEndian = rawBytes<float>({1.5f, -0.25f});
  for (size_t i = 0; i < bigEndian.size(); i += 4)
    std::reverse(bigEndian.begin() + i, bigEndian.begin() + i + 4);
  ArrayValue swapped = readNpy(writeBytes(
      "f.npy", npyFile(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2,), }", bigEndian)));
  EXPECT_EQ(swapped, ArrayValue::fromElements<float>({2}, std::vector<float>{1.5f, -0.25f}));
}

TEST_F(RuntimeIoTest, NpyRejectsBadFiles) {
  auto error = [&](const std::string& header, const std::string& data, int major = 1) {
    std::string file = writeBytes("bad.npy", npyFile(major, header, data));
    return ioErrorOf([&] { readNpy(file); });
  };
  std::string eightBytes = rawBytes<double>({1.0});
  std::string bad = path("bad.npy");

  EXPECT_EQ(error("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2), }", eightBytes),
            bad + ": Fortran-order (column-major) arrays are not supported; save a C-order "
                  "array, e.g. numpy.ascontiguousarray(a)");
  EXPECT_EQ(error("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", eightBytes),
            bad + ": unsupported dtype '<i4' (supported: f64 <f8, f32 <f4, i64 <i8, bool |b1)");
  EXPECT_EQ(error("{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }", eightBytes),
            bad + ": unsupported dtype '|u1' (supported: f64 <f8, f32 <f4, i64 <i8, bool |b1)");
  EXPECT_EQ(error("{'descr': '|f8', 'fortran_order': False, 'shape': (1,), }", eightBytes),
            bad + ": unsupported dtype '|f8' (supported: f64 <f8, f32 <f4, i64 <i8, bool |b1)");
  EXPECT_NE(error("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (1,), }", eightBytes)
                .find("structured"),
            std::string::npos);
  EXPECT_EQ(error("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", eightBytes),
            bad + ": file is truncated: expected 24 bytes of data, found 8");
  // An absurd shape must be rejected from the file size, without allocating.
  EXPECT_EQ(
      error("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }", eightBytes),
      bad + ": file is truncated: expected 8000000000000 bytes of data, found 8");
  EXPECT_NE(error("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }",
                  eightBytes)
                .find("too many elements"),
            std::string::npos);
  EXPECT_NE(error("{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,), }",
                  eightBytes)
                .find("dimension too large"),
            std::string::npos);
  EXPECT_NE(error("{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }", eightBytes)
                .find("malformed .npy header"),
            std::string::npos);
  EXPECT_EQ(error("{'descr': '<f8', 'shape': (1,), }", eightBytes),
            bad + ": malformed .npy header: missing key 'fortran_order'");
  EXPECT_EQ(error("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'x': 1}", eightBytes),
            bad + ": malformed .npy header: unexpected key 'x'");
  EXPECT_NE(error("{'descr': '<f8', 'fortran_order': False, 'shape': (1,)", eightBytes)
                .find("malformed .npy header"),
            std::string::npos);
  EXPECT_NE(error("{'descr': '<f8', 'fortran_order': Nope, 'shape': (1,)}", eightBytes)
                .find("expected True or False"),
            std::string::npos);
  EXPECT_NE(error("{'descr': '<f8', 'fortran_order': False, 'shape': (1,)} x", eightBytes)
                .find("unexpected text after the dictionary"),
            std::string::npos);
  EXPECT_EQ(error("{'descr': '<f8', 'fortran_order': False, 'shape': (1,)}", eightBytes, 4),
            bad + ": unsupported .npy format version 4.0");
}

TEST_F(RuntimeIoTest, NpyRejectsCorruptPreambles) {
  auto error = [&](const std::string& bytes) {
    std::string file = writeBytes("bad.npy", bytes);
    return ioErrorOf([&] { readNpy(file); });
  };
  std::string bad = path("bad.npy");
  EXPECT_EQ(error("PK\x03\x04 this is a zip file"),
            bad + ": not a .npy file (bad magic string: it does not start with \\x93NUMPY)");
  EXPECT_NE(error("").find("bad magic"), std::string::npos);
  EXPECT_EQ(error("\x93NUMPY\x01"), bad + ": file is truncated: incomplete .npy preamble");
  EXPECT_EQ(error(std::string("\x93NUMPY\x01\x00\x10", 9)),
            bad + ": file is truncated: incomplete .npy preamble");
  // The header length says 4096 bytes but the file ends long before.
  EXPECT_EQ(error(std::string("\x93NUMPY\x01\x00\x00\x10{'descr'", 18)),
            bad + ": header length 4096 goes beyond the end of the file (18 bytes)");
  EXPECT_EQ(error(std::string("\x93NUMPY\x02\x00\xff\xff\xff\xff{}", 14)),
            bad + ": header length 4294967295 goes beyond the end of the file (14 bytes)");
}

TEST_F(RuntimeIoTest, NpyReadsFromPipes) {
  // A pipe has no size to check up front: a lying header must still not
  // make the reader allocate what the pipe never delivers.
  std::string fifo = path("pipe.npy");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  auto feed = [&](std::string bytes) {
    return std::thread([fifo, bytes] {
      std::ofstream out(fifo, std::ios::binary);
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    });
  };
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }";
  std::thread writer = feed(npyFile(1, header, rawBytes<double>({1.0, 2.0})));
  ArrayValue value = readNpy(fifo);
  writer.join();
  EXPECT_EQ(value, ArrayValue::fromElements<double>({2}, std::vector<double>{1.0, 2.0}));

  std::string absurd = "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,), }";
  writer = feed(npyFile(1, absurd, rawBytes<double>({1.0})));
  EXPECT_EQ(ioErrorOf([&] { readNpy(fifo); }),
            fifo + ": file is truncated: expected 8000000000000 bytes of data, found 8");
  writer.join();

  // A header longer than NumPy's limit is refused before it is read, not buffered to the
  // 4 GiB it claims.
  writer = feed(std::string("\x93NUMPY\x02\x00\xff\xff\xff\xff{", 13));
  EXPECT_EQ(ioErrorOf([&] { readNpy(fifo); }),
            fifo + ": header length 4294967295 is larger than 10000 bytes, the most NumPy reads");
  writer.join();
}

TEST_F(RuntimeIoTest, NpyHeadersAreLimitedLikeNumPys) {
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }";
  std::string data = rawBytes<double>({2.5});
  ArrayValue expected = ArrayValue::fromElements<double>({1}, std::vector<double>{2.5});
  std::string longest = header + std::string(10000 - header.size() - 1, ' ') + "\n";
  EXPECT_EQ(readNpy(writeBytes("longest.npy", npyFile(2, longest, data))), expected);
  std::string file = writeBytes("long.npy", npyFile(2, " " + longest, data));
  EXPECT_EQ(ioErrorOf([&] { readNpy(file); }),
            file + ": header length 10001 is larger than 10000 bytes, the most NumPy reads");
}

TEST_F(RuntimeIoTest, MissingFilesAndDirectoriesAreNamed) {
  EXPECT_EQ(ioErrorOf([&] { readNpy(path("missing.npy")); }),
            "cannot open '" + path("missing.npy") + "': No such file or directory");
  EXPECT_EQ(ioErrorOf([&] { readInputFile(dir.string(), Dtype::F64, 0); }),
            "cannot read '" + dir.string() + "': Is a directory");
  EXPECT_EQ(ioErrorOf([&] { readInputFile(path("missing.txt"), Dtype::F64, 0); }),
            "cannot open '" + path("missing.txt") + "': No such file or directory");
  EXPECT_EQ(ioErrorOf([&] { writeNpy(path("no/such/dir.npy"), ArrayValue::scalar(1.0)); }),
            "cannot create '" + path("no/such/dir.npy") + "': No such file or directory");
}

// ---------------------------------------------------------------------------
// Text formatting

TEST(TextFormatTest, FormatsTheDocumentedExamples) {
  EXPECT_EQ(formatValue(ArrayValue::scalar(3.5)), "3.5");
  EXPECT_EQ(formatValue(ArrayValue::scalar<int64_t>(-2)), "-2");
  EXPECT_EQ(formatValue(ArrayValue::scalar(true)), "true");
  EXPECT_EQ(formatValue(ArrayValue::scalar(false)), "false");
  EXPECT_EQ(formatValue(ArrayValue::fromElements<double>({2}, std::vector<double>{1, 2})),
            "[1.0, 2.0]");
  EXPECT_EQ(
      formatValue(ArrayValue::fromElements<int64_t>({2, 2}, std::vector<int64_t>{1, 2, 3, 4})),
      "[[1, 2], [3, 4]]");
  EXPECT_EQ(formatValue(ArrayValue::zeros(Dtype::F64, {0, 3})), "empty([0,3]f64)");
  EXPECT_EQ(formatValue(ArrayValue::zeros(Dtype::I64, {3, 0})), "empty([3,0]i64)");
  EXPECT_EQ(formatValue(ArrayValue::zeros(Dtype::Bool, {0})), "empty([0]bool)");
  EXPECT_EQ(formatValue(ArrayValue::fromElements<bool>({1, 2, 1}, std::vector<bool>{true, false})),
            "[[[true], [false]]]");
}

TEST(TextFormatTest, FloatsAreShortestAndLookLikeFloats) {
  EXPECT_EQ(formatFloat(0.1f), "0.1");
  EXPECT_EQ(formatFloat(0.1), "0.1");
  EXPECT_EQ(formatFloat(static_cast<double>(0.1f)), "0.10000000149011612");
  EXPECT_EQ(formatFloat(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(formatFloat(1.0f / 3.0f), "0.33333334");
  EXPECT_EQ(formatFloat(1e20), "1e+20");
  EXPECT_EQ(formatFloat(1.0), "1.0");
  EXPECT_EQ(formatFloat(-0.0), "-0.0");
  EXPECT_EQ(formatFloat(-0.0f), "-0.0");
  EXPECT_EQ(formatFloat(16777216.0f), "16777216.0");
  EXPECT_EQ(formatFloat(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(formatFloat(-std::numeric_limits<float>::infinity()), "-inf");
  EXPECT_EQ(formatFloat(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(formatFloat(-std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(formatFloat(std::numeric_limits<double>::denorm_min()), "5e-324");
  EXPECT_EQ(formatValue(ArrayValue::scalar(0.1f)), "0.1");
}

// ---------------------------------------------------------------------------
// Text reading

TEST(TextReaderTest, ReadsScalarsArraysAndEmpties) {
  EXPECT_EQ(readText("3.5", Dtype::F64, 0), ArrayValue::scalar(3.5));
  EXPECT_EQ(readText("3", Dtype::F64, 0), ArrayValue::scalar(3.0));
  EXPECT_EQ(readText("-2", Dtype::I64, 0), ArrayValue::scalar<int64_t>(-2));
  EXPECT_EQ(readText("true", Dtype::Bool, 0), ArrayValue::scalar(true));
  EXPECT_EQ(readText("-0.0", Dtype::F64, 0), ArrayValue::scalar(-0.0));
  EXPECT_EQ(readText("2.", Dtype::F64, 0), ArrayValue::scalar(2.0));
  EXPECT_EQ(readText("1E3", Dtype::F32, 0), ArrayValue::scalar(1000.0f));
  EXPECT_EQ(readText("-inf", Dtype::F32, 0),
            ArrayValue::scalar(-std::numeric_limits<float>::infinity()));
  EXPECT_TRUE(std::isnan(readText("nan", Dtype::F64, 0).data<double>()[0]));
  EXPECT_EQ(readText("-9223372036854775808", Dtype::I64, 0),
            ArrayValue::scalar(std::numeric_limits<int64_t>::min()));
  // Underflow reads as the nearest value rather than failing.
  EXPECT_EQ(readText("1e-400", Dtype::F64, 0), ArrayValue::scalar(0.0));
  EXPECT_EQ(readText("1e-45", Dtype::F32, 0),
            ArrayValue::scalar(std::numeric_limits<float>::denorm_min()));

  EXPECT_EQ(readText("[1.0, 2]", Dtype::F64, 1),
            ArrayValue::fromElements<double>({2}, std::vector<double>{1, 2}));
  EXPECT_EQ(readText(" [ [1,2] ,\n[3 , 4] ] ", Dtype::I64, 2),
            ArrayValue::fromElements<int64_t>({2, 2}, std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(readText("[[[true]], [[false]]]", Dtype::Bool, 3),
            ArrayValue::fromElements<bool>({2, 1, 1}, std::vector<bool>{true, false}));
  EXPECT_EQ(readText("empty([0,3]f64)", Dtype::F64, 2), ArrayValue::zeros(Dtype::F64, {0, 3}));
  EXPECT_EQ(readText("empty( [ 3 , 0 ] i64 )", Dtype::I64, 2),
            ArrayValue::zeros(Dtype::I64, {3, 0}));
}

TEST(TextReaderTest, ReadsConsecutiveValuesAndSkipsComments) {
  TextReader reader("-- inputs\n1.5 [1, 2]\n  true -- a flag\n[[1.0]]\n-- done\n", "stdin");
  EXPECT_FALSE(reader.atEnd());
  EXPECT_EQ(reader.readValue(Dtype::F64, 0), ArrayValue::scalar(1.5));
  EXPECT_EQ(reader.readValue(Dtype::I64, 1),
            ArrayValue::fromElements<int64_t>({2}, std::vector<int64_t>{1, 2}));
  EXPECT_EQ(reader.readValue(Dtype::Bool, 0), ArrayValue::scalar(true));
  EXPECT_EQ(reader.readValue(Dtype::F32, 2),
            ArrayValue::fromElements<float>({1, 1}, std::vector<float>{1.0f}));
  EXPECT_TRUE(reader.atEnd());
  EXPECT_EQ(ioErrorOf([&] { reader.readValue(Dtype::F64, 0); }),
            "stdin:6:1: expected an f64 scalar, found end of input");
}

TEST(TextReaderTest, ReportsErrorsWithPositions) {
  EXPECT_EQ(textError("[[1, 2], [3, 4, 5]]", Dtype::I64, 2),
            "in:1:10: ragged array: row 2 has 3 elements, expected 2");
  EXPECT_EQ(textError("[[1, 2],\n [3]]", Dtype::I64, 2),
            "in:2:2: ragged array: row 2 has 1 element, expected 2");
  EXPECT_EQ(textError("[1, 2]", Dtype::F64, 2),
            "in:1:2: rank mismatch: expected a rank-2 f64 array, found a rank-1 array");
  EXPECT_EQ(textError("[[1, 2]]", Dtype::F64, 1),
            "in:1:2: rank mismatch: expected a rank-1 f64 array, found a rank-2 array");
  EXPECT_EQ(textError("[1]", Dtype::F64, 0),
            "in:1:1: rank mismatch: expected an f64 scalar, found a rank-1 array");
  EXPECT_EQ(textError("3", Dtype::F64, 1),
            "in:1:1: rank mismatch: expected a rank-1 f64 array, found the scalar '3'");
  EXPECT_EQ(textError("1.5", Dtype::I64, 0),
            "in:1:1: expected an i64 integer, found the float '1.5'");
  EXPECT_EQ(textError("[1, 2e3]", Dtype::I64, 1),
            "in:1:5: expected an i64 integer, found the float '2e3'");
  EXPECT_EQ(textError("99999999999999999999", Dtype::I64, 0),
            "in:1:1: integer '99999999999999999999' is out of range for i64");
  EXPECT_EQ(textError("1e400", Dtype::F64, 0), "in:1:1: number '1e400' is out of range for f64");
  EXPECT_EQ(textError("1e39", Dtype::F32, 0), "in:1:1: number '1e39' is out of range for f32");
  EXPECT_EQ(textError("1", Dtype::Bool, 0), "in:1:1: expected a bool (true or false), found '1'");
  EXPECT_EQ(textError("true", Dtype::F64, 0), "in:1:1: expected an f64 number, found 'true'");
  EXPECT_EQ(textError("[1, 2", Dtype::F64, 1),
            "in:1:6: unterminated array: the '[' at 1:1 is not closed, found end of input");
  EXPECT_EQ(textError("[1, 2,", Dtype::F64, 1),
            "in:1:7: expected an f64 number, found end of input");
  EXPECT_EQ(textError("[1, 2,]", Dtype::F64, 1), "in:1:7: expected an f64 number, found ']'");
  EXPECT_EQ(textError("[1 2]", Dtype::F64, 1), "in:1:4: expected ',' or ']' in array, found '2'");
  EXPECT_EQ(textError("abc", Dtype::F64, 0), "in:1:1: expected an f64 number, found 'abc'");
  EXPECT_EQ(textError("abc", Dtype::F64, 1), "in:1:1: expected a rank-1 f64 array, found 'abc'");
  EXPECT_EQ(textError("1.2.3", Dtype::F64, 0), "in:1:1: expected an f64 number, found '1.2.3'");
  EXPECT_EQ(textError("\xff\x01", Dtype::F64, 0),
            "in:1:1: expected an f64 number, found '\\xff\\x01'");
  EXPECT_EQ(textError("", Dtype::F64, 0), "in:1:1: expected an f64 scalar, found end of input");
  EXPECT_EQ(textError("  -- nothing\n", Dtype::I64, 2),
            "in:2:1: expected a rank-2 i64 array, found end of input");
  EXPECT_EQ(textError("1 2", Dtype::F64, 0),
            "in:1:3: expected end of input after the value, found '2'");
  EXPECT_EQ(textError("[]", Dtype::F64, 2),
            "in:1:1: empty list '[]': an array with a zero dimension is written with its full "
            "shape, like empty([0,3]f64)");
  EXPECT_EQ(textError("empty([0,3]i64)", Dtype::F64, 2),
            "in:1:1: expected a rank-2 f64 array, found empty([0,3]i64), which is a rank-2 i64 "
            "array");
  EXPECT_EQ(textError("empty([0]f64)", Dtype::F64, 2),
            "in:1:1: expected a rank-2 f64 array, found empty([0]f64), which is a rank-1 f64 "
            "array");
  EXPECT_EQ(textError("empty([2,3]f64)", Dtype::F64, 2),
            "in:1:1: empty([2,3]f64) has no zero dimension; write the elements instead");
  EXPECT_EQ(textError("empty([0,-1]f64)", Dtype::F64, 2),
            "in:1:10: expected a dimension (a non-negative integer) in empty(...), found '-1'");
  EXPECT_EQ(textError("empty([0]f16)", Dtype::F64, 1),
            "in:1:10: expected an element type (f64, f32, i64 or bool) in empty(...), found 'f16'");
  EXPECT_EQ(textError("empty([0]f64", Dtype::F64, 1),
            "in:1:13: expected ')' closing empty(...), found end of input");
  EXPECT_EQ(textError(std::string(100000, '['), Dtype::F64, 1),
            "in:1:2: rank mismatch: expected a rank-1 f64 array, found a rank-100000 array");
}

// ---------------------------------------------------------------------------
// Text round trips

template <typename Float, typename Bits>
void expectRandomFloatsRoundTrip(Dtype dtype) {
  std::mt19937_64 random(12345);
  std::vector<Float> values;
  for (int i = 0; i < 4000; ++i) {
    // Random bit patterns cover every exponent; NaN payloads are not kept.
    Float value = std::bit_cast<Float>(static_cast<Bits>(random()));
    if (!std::isnan(value)) values.push_back(value);
  }
  // Uniform values in [0, 1) have long shortest representations.
  std::uniform_real_distribution<Float> unit(0, 1);
  for (int i = 0; i < 2000; ++i)
    values.push_back(unit(random));
  for (Float value : values) {
    std::string text = formatFloat(value);
    ArrayValue back = readText(text, dtype, 0);
    ASSERT_EQ(std::bit_cast<Bits>(back.data<Float>()[0]), std::bit_cast<Bits>(value)) << text;
  }
  ArrayValue array = ArrayValue::fromElements<Float>({static_cast<int64_t>(values.size())}, values);
  EXPECT_EQ(readText(formatValue(array), dtype, 1), array);
}

TEST(TextRoundTripTest, RandomDoublesAreBitExact) {
  expectRandomFloatsRoundTrip<double, uint64_t>(Dtype::F64);
}

TEST(TextRoundTripTest, RandomFloatsAreBitExact) {
  expectRandomFloatsRoundTrip<float, uint32_t>(Dtype::F32);
}

TEST(TextRoundTripTest, SampleArraysRoundTrip) {
  for (const ArrayValue& value : sampleArrays()) {
    std::string text = formatValue(value);
    SCOPED_TRACE(text);
    ArrayValue back = readText(text, value.dtype, value.rank());
    if (text.find("nan") == std::string::npos)
      EXPECT_EQ(back, value);
    else
      EXPECT_EQ(formatValue(back), text);
  }
}

// ---------------------------------------------------------------------------
// Inputs by file name

TEST_F(RuntimeIoTest, ReadInputFileChoosesTheFormatByExtensionOrMagicString) {
  ArrayValue matrix = ArrayValue::fromElements<double>({2, 2}, std::vector<double>{1, 2, 3, 4});
  writeNpy(path("m.npy"), matrix);
  writeNpy(path("upper.NPY"), matrix);
  EXPECT_EQ(readInputFile(path("m.npy"), Dtype::F64, 2), matrix);
  EXPECT_EQ(readInputFile(path("upper.NPY"), Dtype::F64, 2), matrix);
  EXPECT_EQ(ioErrorOf([&] { readInputFile(path("m.npy"), Dtype::F64, 1); }),
            path("m.npy") + ": expected a rank-1 f64 array, got a rank-2 f64 array");
  EXPECT_EQ(ioErrorOf([&] { readInputFile(path("m.npy"), Dtype::F32, 2); }),
            path("m.npy") + ": expected a rank-2 f32 array, got a rank-2 f64 array");

  writeBytes("m.txt", "-- a matrix\n[[1, 2],\n [3, 4.0]]\n");
  EXPECT_EQ(readInputFile(path("m.txt"), Dtype::F64, 2), matrix);
  writeBytes("two.txt", "1.0 2.0");
  EXPECT_EQ(ioErrorOf([&] { readInputFile(path("two.txt"), Dtype::F64, 0); }),
            path("two.txt") + ":1:5: expected end of input after the value, found '2.0'");
  // A file named like anything but .npy is read as .npy when it starts with the magic
  // string (a pipe's /dev/fd/N), and as text otherwise: one with a NUL byte is refused.
  writeNpy(path("m.bin"), matrix);
  EXPECT_EQ(readInputFile(path("m.bin"), Dtype::F64, 2), matrix);
  writeBytes("m.bin", "\x93NUMPY, but no more");
  EXPECT_EQ(ioErrorOf([&] { readInputFile(path("m.bin"), Dtype::F64, 2); }),
            path("m.bin") + ": unsupported .npy format version 44.32");
  writeBytes("m.bin", std::string("[[1, 2]]\0", 9));
  EXPECT_EQ(ioErrorOf([&] { readInputFile(path("m.bin"), Dtype::F64, 2); }),
            "'" + path("m.bin") + "' is not text: it holds a NUL byte (byte 9)");
  writeBytes("m.bin", "\x93NUMP");
  EXPECT_NE(
      ioErrorOf([&] { readInputFile(path("m.bin"), Dtype::F64, 2); }).find(path("m.bin") + ":1:1:"),
      std::string::npos);
}

} // namespace
} // namespace arr::runtime
