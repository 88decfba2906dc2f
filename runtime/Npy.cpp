#include "runtime/Npy.h"

#include "runtime/Files.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string_view>
#include <utility>

namespace arr::runtime {
namespace {

static_assert(std::endian::native == std::endian::little,
              "the .npy reader and writer assume a little-endian host");

constexpr std::string_view kMagic = "\x93NUMPY";
constexpr size_t kAlignment = 64; // numpy >= 1.14 pads the header to this size.
// numpy.lib.format's max_header_size: longer headers are refused as unsafe to parse.
constexpr uint64_t kMaxHeaderLength = 10000;

/// What the header dictionary says about the array.
struct NpyHeader {
  Dtype dtype = Dtype::F64;
  bool byteSwapped = false;
  bool fortranOrder = false;
  std::vector<int64_t> shape;
};

struct DtypeSpelling {
  char kind;
  char size;
  Dtype dtype;
};
constexpr DtypeSpelling kDtypeSpellings[] = {{'f', '8', Dtype::F64},
                                             {'f', '4', Dtype::F32},
                                             {'i', '8', Dtype::I64},
                                             {'b', '1', Dtype::Bool}};

/// Parses the header, a Python dict literal such as
/// `{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }`, accepting
/// any spacing, either quote character, trailing commas and Python 2's `3L`.
class HeaderParser {
public:
  explicit HeaderParser(std::string_view text) : text_(text) {}

  NpyHeader parse() {
    NpyHeader header;
    bool sawDescr = false, sawFortranOrder = false, sawShape = false;
    expect('{');
    while (!skipSpaceAndConsume('}')) {
      std::string key = parseString("a key");
      expect(':');
      if (key == "descr") {
        parseDescr(header);
        sawDescr = true;
      } else if (key == "fortran_order") {
        header.fortranOrder = parseBool();
        sawFortranOrder = true;
      } else if (key == "shape") {
        header.shape = parseShape();
        sawShape = true;
      } else {
        fail("unexpected key '" + key + "'");
      }
      if (!skipSpaceAndConsume(',')) {
        expect('}');
        break;
      }
    }
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected text after the dictionary");
    if (!sawDescr || !sawFortranOrder || !sawShape)
      fail(std::string("missing key '") +
           (!sawDescr          ? "descr"
            : !sawFortranOrder ? "fortran_order"
                               : "shape") +
           "'");
    return header;
  }

private:
  [[noreturn]] void fail(const std::string& message) {
    throw IoError("malformed .npy header: " + message);
  }

  void skipSpace() {
    // The padding is spaces and a final newline; numpy < 1.9 also used tabs.
    while (pos_ < text_.size() &&
           std::string_view(" \t\r\n\f\v").find(text_[pos_]) != std::string_view::npos)
      ++pos_;
  }

  bool skipSpaceAndConsume(char c) {
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!skipSpaceAndConsume(c))
      fail(std::string("expected '") + c + "' at offset " + std::to_string(pos_));
  }

  bool atQuote() {
    skipSpace();
    return pos_ < text_.size() && (text_[pos_] == '\'' || text_[pos_] == '"');
  }

  std::string parseString(const char* what) {
    if (!atQuote())
      fail(std::string("expected ") + what + " in quotes at offset " + std::to_string(pos_));
    char quote = text_[pos_++];
    size_t end = text_.find(quote, pos_);
    if (end == std::string_view::npos) fail("unterminated string");
    std::string value(text_.substr(pos_, end - pos_));
    pos_ = end + 1;
    return value;
  }

  void parseDescr(NpyHeader& header) {
    if (!atQuote()) fail("unsupported dtype: structured (record) dtypes are not supported");
    std::string descr = parseString("a dtype");
    if (descr.size() == 3) {
      char order = descr[0];
      for (const DtypeSpelling& spelling : kDtypeSpellings) {
        if (descr[1] != spelling.kind || descr[2] != spelling.size) continue;
        bool singleByte = spelling.size == '1';
        // '|' means "byte order not applicable"; it is only valid for single bytes.
        if (order == '<' || order == '=' || order == '>' || (order == '|' && singleByte)) {
          header.dtype = spelling.dtype;
          header.byteSwapped = order == '>' && !singleByte;
          return;
        }
      }
    }
    throw IoError("unsupported dtype '" + descr +
                  "' (supported: f64 <f8, f32 <f4, i64 <i8, bool |b1)");
  }

  bool parseBool() {
    skipSpace();
    for (auto [word, value] : {std::pair{std::string_view("True"), true}, {"False", false}}) {
      if (text_.substr(pos_, word.size()) == word) {
        pos_ += word.size();
        return value;
      }
    }
    fail("expected True or False at offset " + std::to_string(pos_));
  }

  std::vector<int64_t> parseShape() {
    std::vector<int64_t> shape;
    expect('(');
    while (!skipSpaceAndConsume(')')) {
      shape.push_back(parseDimension());
      if (!skipSpaceAndConsume(',')) {
        expect(')');
        break;
      }
    }
    return shape;
  }

  int64_t parseDimension() {
    skipSpace();
    size_t start = pos_;
    int64_t value = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      int digit = text_[pos_++] - '0';
      if (value > (INT64_MAX - digit) / 10) fail("dimension too large in shape");
      value = value * 10 + digit;
    }
    if (pos_ == start)
      fail("expected a non-negative integer in the shape at offset " + std::to_string(start));
    if (pos_ < text_.size() && (text_[pos_] == 'L' || text_[pos_] == 'l'))
      ++pos_; // Python 2 long literal.
    return value;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

uint32_t readLittleEndian(const unsigned char* bytes, size_t count) {
  uint32_t value = 0;
  for (size_t i = count; i-- > 0;)
    value = (value << 8) | bytes[i];
  return value;
}

/// Reads `wanted` bytes, or fewer at end of file, into `out`. The buffer
/// grows with the data actually read, so a corrupt length in a pipe's header
/// cannot make us allocate more than the pipe delivers.
void readUpTo(InputFile& file, uint64_t wanted, ArrayBytes& out) {
  out.clear();
  if (file.isRegular())
    out.reserve(static_cast<size_t>(wanted)); // Callers check regular sizes first.
  constexpr uint64_t kFirstChunk = 1 << 16;
  while (out.size() < wanted) {
    uint64_t step =
        std::min<uint64_t>(wanted - out.size(), std::max<uint64_t>(kFirstChunk, out.size()));
    size_t old = out.size();
    out.resize(old + static_cast<size_t>(step));
    size_t got = file.read(out.data() + old, static_cast<size_t>(step));
    out.resize(old + got);
    if (got < step) break;
  }
}

std::string truncatedDataMessage(uint64_t expected, uint64_t found) {
  return "file is truncated: expected " + std::to_string(expected) + " bytes of data, found " +
         std::to_string(found);
}

void swapElementBytes(ArrayBytes& bytes, size_t elementSize) {
  for (size_t start = 0; start + elementSize <= bytes.size(); start += elementSize)
    std::reverse(bytes.begin() + start, bytes.begin() + start + elementSize);
}

ArrayValue readNpyFile(InputFile& file) {
  // Fixed preamble: magic, two version bytes, then a 2-byte (version 1) or
  // 4-byte (versions 2 and 3) little-endian header length.
  unsigned char preamble[12];
  size_t got = file.read(preamble, 8);
  if (got < kMagic.size() || std::memcmp(preamble, kMagic.data(), kMagic.size()) != 0)
    throw IoError("not a .npy file (bad magic string: it does not start with \\x93NUMPY)");
  if (got < 8) throw IoError("file is truncated: incomplete .npy preamble");
  int major = preamble[6], minor = preamble[7];
  if (minor != 0 || major < 1 || major > 3)
    throw IoError("unsupported .npy format version " + std::to_string(major) + "." +
                  std::to_string(minor));
  size_t lengthSize = major == 1 ? 2 : 4;
  if (file.read(preamble + 8, lengthSize) < lengthSize)
    throw IoError("file is truncated: incomplete .npy preamble");
  uint64_t headerLength = readLittleEndian(preamble + 8, lengthSize);
  uint64_t preambleSize = 8 + lengthSize;

  if (file.isRegular() && preambleSize + headerLength > file.size())
    throw IoError("header length " + std::to_string(headerLength) +
                  " goes beyond the end of the file (" + std::to_string(file.size()) + " bytes)");
  // Checked before reading: a pipe's header would otherwise be buffered to whatever
  // length it claims (up to 4 GiB).
  if (headerLength > kMaxHeaderLength)
    throw IoError("header length " + std::to_string(headerLength) + " is larger than " +
                  std::to_string(kMaxHeaderLength) + " bytes, the most NumPy reads");
  ArrayBytes headerBytes;
  readUpTo(file, headerLength, headerBytes);
  if (headerBytes.size() < headerLength)
    throw IoError("header length " + std::to_string(headerLength) +
                  " goes beyond the end of the file");
  NpyHeader header =
      HeaderParser(
          std::string_view(reinterpret_cast<const char*>(headerBytes.data()), headerBytes.size()))
          .parse();
  if (header.fortranOrder)
    throw IoError("Fortran-order (column-major) arrays are not supported; save a C-order "
                  "array, e.g. numpy.ascontiguousarray(a)");

  ArrayValue value;
  value.dtype = header.dtype;
  value.shape = header.shape;
  uint64_t dataSize =
      static_cast<uint64_t>(checkedElementCount(value.shape, value.dtype)) * dtypeSize(value.dtype);
  if (file.isRegular()) {
    uint64_t available = file.size() - preambleSize - headerLength;
    if (available < dataSize) throw IoError(truncatedDataMessage(dataSize, available));
  }
  readUpTo(file, dataSize, value.bytes);
  if (value.bytes.size() < dataSize)
    throw IoError(truncatedDataMessage(dataSize, value.bytes.size()));

  if (header.byteSwapped) swapElementBytes(value.bytes, dtypeSize(value.dtype));
  if (value.dtype == Dtype::Bool) {
    // Any other byte would be an invalid `bool` object in C++.
    for (unsigned char& byte : value.bytes)
      byte = byte != 0;
  }
  return value;
}

std::string pythonShapeTuple(const std::vector<int64_t>& shape) {
  if (shape.size() == 1) return "(" + std::to_string(shape[0]) + ",)";
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i > 0 ? ", " : "") + std::to_string(shape[i]);
  return text + ")";
}

} // namespace

std::string npyDescr(Dtype dtype) {
  switch (dtype) {
  case Dtype::F64:
    return "<f8";
  case Dtype::F32:
    return "<f4";
  case Dtype::I64:
    return "<i8";
  case Dtype::Bool:
    return "|b1";
  }
  return "?";
}

ArrayValue readNpy(InputFile& file) {
  try {
    return readNpyFile(file);
  } catch (const IoError& error) {
    throw IoError(file.path() + ": " + error.what());
  }
}

ArrayValue readNpy(const std::string& path) {
  InputFile file(path);
  return readNpy(file);
}

bool startsWithNpyMagic(InputFile& file) {
  return file.peek(kMagic.size()) == kMagic;
}

void writeNpy(const std::string& path, const ArrayValue& value) {
  int64_t count = checkedElementCount(value.shape, value.dtype);
  size_t dataSize = static_cast<size_t>(count) * dtypeSize(value.dtype);
  if (value.bytes.size() != dataSize)
    throw IoError("cannot write '" + path + "': the value holds " +
                  std::to_string(value.bytes.size()) + " bytes but its shape needs " +
                  std::to_string(dataSize));

  // Same dictionary text as numpy.save, padded with spaces and ended by a
  // newline so that the data starts at a multiple of kAlignment.
  std::string header = "{'descr': '" + npyDescr(value.dtype) +
                       "', 'fortran_order': False, 'shape': " + pythonShapeTuple(value.shape) +
                       ", }";
  // Version 1.0: its 2-byte header length is enough for every header readers accept.
  constexpr size_t kPreambleSize = 10;
  size_t unpadded = kPreambleSize + header.size() + 1;
  size_t headerLength = header.size() + 1 + (kAlignment - unpadded % kAlignment) % kAlignment;
  if (headerLength > kMaxHeaderLength)
    throw IoError("cannot write '" + path + "': the .npy header of a rank-" +
                  std::to_string(value.rank()) + " array would be longer than " +
                  std::to_string(kMaxHeaderLength) + " bytes, the most NumPy reads");
  header.resize(headerLength - 1, ' ');
  header += '\n';

  std::string preamble(kMagic);
  preamble += '\x01';
  preamble += '\0';
  preamble += static_cast<char>(headerLength & 0xff);
  preamble += static_cast<char>(headerLength >> 8);

  OutputFile file(path);
  file.write(preamble.data(), preamble.size());
  file.write(header.data(), header.size());
  file.write(value.bytes.data(), value.bytes.size());
  file.close();
}

} // namespace arr::runtime
