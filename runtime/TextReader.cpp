#include "runtime/TextReader.h"

#include "runtime/Files.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

namespace arr::runtime {
namespace {

constexpr std::string_view kDelimiters = ",[]()";

bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

/// How a word reads, independently of the type expected where it stands.
enum class WordKind { Integer, Float, Bool, Other };

size_t skipDigits(std::string_view word, size_t i) {
  while (i < word.size() && isDigit(word[i]))
    ++i;
  return i;
}

/// Integers are `-?[0-9]+`; floats add a fraction `.[0-9]*` and/or an
/// exponent `[eE][+-]?[0-9]+`, or are `nan`, `inf`, `-inf`.
WordKind classifyWord(std::string_view word) {
  if (word == "true" || word == "false") return WordKind::Bool;
  if (word == "nan" || word == "inf" || word == "-inf") return WordKind::Float;
  size_t i = word.starts_with('-') ? 1 : 0;
  size_t integerEnd = skipDigits(word, i);
  if (integerEnd == i) return WordKind::Other;
  if (integerEnd == word.size()) return WordKind::Integer;
  i = integerEnd;
  if (word[i] == '.') i = skipDigits(word, i + 1);
  if (i < word.size() && (word[i] == 'e' || word[i] == 'E')) {
    size_t exponentStart = i + 1;
    if (exponentStart < word.size() && (word[exponentStart] == '+' || word[exponentStart] == '-'))
      ++exponentStart;
    i = skipDigits(word, exponentStart);
    if (i == exponentStart) return WordKind::Other;
  }
  return i == word.size() ? WordKind::Float : WordKind::Other;
}

/// Parses a word classified Integer or Float as a correctly rounded Float
/// (std::from_chars parses f32 directly, avoiding double rounding through
/// f64). Underflow gives the nearest value (0 or a denormal); overflow
/// gives nullopt.
template <typename Float>
std::optional<Float> parseFloat(std::string_view word) {
  if (word == "nan") return std::numeric_limits<Float>::quiet_NaN();
  Float value = 0;
  auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (error == std::errc()) return value;
  // libstdc++ reports underflow like overflow; strtod/strtof tell them apart.
  std::string copy(word);
  if constexpr (std::is_same_v<Float, float>)
    value = std::strtof(copy.c_str(), nullptr);
  else
    value = std::strtod(copy.c_str(), nullptr);
  if (std::isinf(value)) return std::nullopt;
  return value;
}

template <typename T>
void appendBytes(ArrayBytes& bytes, T value) {
  size_t old = bytes.size();
  bytes.resize(old + sizeof(T));
  std::memcpy(bytes.data() + old, &value, sizeof(T));
}

std::string plural(int64_t count, const char* noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::optional<Dtype> dtypeFromName(std::string_view name) {
  for (Dtype dtype : {Dtype::F64, Dtype::F32, Dtype::I64, Dtype::Bool}) {
    if (dtypeName(dtype) == name) return dtype;
  }
  return std::nullopt;
}

} // namespace

/// The array being assembled by readValue.
struct TextReader::ListState {
  Dtype dtype;
  size_t rank;
  /// -1 until the first list at that depth is complete.
  std::vector<int64_t> shape;
  ArrayBytes bytes;
};

TextReader::TextReader(std::string text, std::string sourceName)
    : text_(std::move(text)), sourceName_(std::move(sourceName)) {}

void TextReader::skipBlank() {
  while (pos_ < text_.size()) {
    if (isBlank(text_[pos_])) {
      ++pos_;
    } else if (text_.compare(pos_, 2, "--") == 0) {
      size_t newline = text_.find('\n', pos_);
      pos_ = newline == std::string::npos ? text_.size() : newline + 1;
    } else {
      break;
    }
  }
}

bool TextReader::atEnd() {
  skipBlank();
  return pos_ == text_.size();
}

void TextReader::expectEnd() {
  if (!atEnd()) fail(pos_, "expected end of input after the value, found " + describeNext());
}

std::string TextReader::currentPosition() {
  return positionOf(pos_);
}

/// The word at pos_: everything up to a blank, a delimiter or a comment.
std::string_view TextReader::peekWord() const {
  size_t end = pos_;
  while (end < text_.size() && !isBlank(text_[end]) &&
         kDelimiters.find(text_[end]) == std::string_view::npos &&
         !(end > pos_ && text_.compare(end, 2, "--") == 0))
    ++end;
  return std::string_view(text_).substr(pos_, end - pos_);
}

/// The next token quoted for a message, made printable and cut short.
std::string TextReader::describeNext() const {
  if (pos_ == text_.size()) return "end of input";
  std::string_view token = peekWord();
  if (token.empty()) token = std::string_view(text_).substr(pos_, 1);
  constexpr size_t kMaxShown = 24;
  std::string shown = "'";
  for (size_t i = 0; i < token.size() && i < kMaxShown; ++i) {
    auto c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f) {
      shown += static_cast<char>(c);
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      shown += "\\x";
      shown += kHex[c >> 4];
      shown += kHex[c & 15];
    }
  }
  return shown + (token.size() > kMaxShown ? "...'" : "'");
}

std::string TextReader::positionOf(size_t offset) const {
  return sourceName_ + ":" + lineAndColumn(offset);
}

std::string TextReader::lineAndColumn(size_t offset) const {
  size_t line = 1, lineStart = 0;
  for (size_t i = 0; i < offset && i < text_.size(); ++i) {
    if (text_[i] == '\n') {
      ++line;
      lineStart = i + 1;
    }
  }
  return std::to_string(line) + ":" + std::to_string(offset - lineStart + 1);
}

void TextReader::fail(size_t offset, const std::string& message) const {
  throw IoError(positionOf(offset) + ": " + message);
}

void TextReader::expectChar(char c, const char* context) {
  skipBlank();
  if (pos_ < text_.size() && text_[pos_] == c) {
    ++pos_;
    return;
  }
  fail(pos_, std::string("expected '") + c + "' " + context + ", found " + describeNext());
}

ArrayValue TextReader::readValue(Dtype expected, size_t expectedRank) {
  skipBlank();
  if (pos_ == text_.size())
    fail(pos_, "expected " + describeType(expected, expectedRank) + ", found end of input");
  if (peekWord() == "empty") return readEmpty(expected, expectedRank);

  ListState state{expected, expectedRank, std::vector<int64_t>(expectedRank, -1), {}};
  if (expectedRank == 0)
    readElement(state);
  else
    readList(state, 0, 0);

  ArrayValue value;
  value.dtype = expected;
  value.shape = std::move(state.shape);
  value.bytes = std::move(state.bytes);
  return value;
}

void TextReader::readList(ListState& state, size_t depth, int64_t indexInParent) {
  skipBlank();
  size_t start = pos_;
  if (pos_ == text_.size() || text_[pos_] != '[') {
    std::string expectedType = describeType(state.dtype, state.rank);
    if (classifyWord(peekWord()) != WordKind::Other)
      fail(pos_, "rank mismatch: expected " + expectedType + ", found " +
                     (depth == 0 ? "the scalar " + describeNext()
                                 : "a rank-" + std::to_string(depth) + " array"));
    fail(pos_, (depth == 0 ? "expected " + expectedType : "expected '[' in " + expectedType) +
                   ", found " + describeNext());
  }
  ++pos_;
  skipBlank();
  if (pos_ < text_.size() && text_[pos_] == ']') {
    std::vector<int64_t> example(state.rank, 3);
    example[0] = 0;
    fail(start, "empty list '[]': an array with a zero dimension is written with its full "
                "shape, like empty(" +
                    formatShape(example) + std::string(dtypeName(state.dtype)) + ")");
  }

  int64_t count = 0;
  while (true) {
    if (depth + 1 == state.rank)
      readElement(state);
    else
      readList(state, depth + 1, count);
    ++count;
    skipBlank();
    if (pos_ < text_.size() && text_[pos_] == ',') {
      ++pos_;
      continue;
    }
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      break;
    }
    if (pos_ == text_.size())
      fail(pos_, "unterminated array: the '[' at " + lineAndColumn(start) +
                     " is not closed, found end of input");
    fail(pos_, "expected ',' or ']' in array, found " + describeNext());
  }

  int64_t& dim = state.shape[depth];
  if (dim == -1)
    dim = count;
  else if (dim != count)
    fail(start, "ragged array: row " + std::to_string(indexInParent + 1) + " has " +
                    plural(count, "element") + ", expected " + std::to_string(dim));
}

void TextReader::readElement(ListState& state) {
  skipBlank();
  if (pos_ < text_.size() && text_[pos_] == '[') {
    // Count the opening brackets to name the rank that was written.
    size_t extraDepth = 0;
    for (size_t i = pos_; i < text_.size() && (text_[i] == '[' || isBlank(text_[i])); ++i)
      extraDepth += text_[i] == '[';
    fail(pos_, "rank mismatch: expected " + describeType(state.dtype, state.rank) +
                   ", found a rank-" + std::to_string(state.rank + extraDepth) + " array");
  }

  std::string_view word = peekWord();
  WordKind kind = classifyWord(word);
  size_t start = pos_;
  switch (state.dtype) {
  case Dtype::F64:
  case Dtype::F32: {
    bool isNumber = kind == WordKind::Integer || kind == WordKind::Float;
    if (state.dtype == Dtype::F64)
      appendFloat<double>(state, word, isNumber);
    else
      appendFloat<float>(state, word, isNumber);
    break;
  }
  case Dtype::I64: {
    if (kind == WordKind::Float)
      fail(start, "expected an i64 integer, found the float " + describeNext());
    if (kind != WordKind::Integer) fail(start, "expected an i64 integer, found " + describeNext());
    int64_t value = 0;
    auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (error != std::errc() || end != word.data() + word.size())
      fail(start, "integer " + describeNext() + " is out of range for i64");
    appendBytes(state.bytes, value);
    break;
  }
  case Dtype::Bool:
    if (kind != WordKind::Bool)
      fail(start, "expected a bool (true or false), found " + describeNext());
    state.bytes.push_back(word == "true" ? 1 : 0);
    break;
  }
  pos_ += word.size();
}

template <typename Float>
void TextReader::appendFloat(ListState& state, std::string_view word, bool isNumber) {
  if (!isNumber)
    fail(pos_,
         "expected an " + std::string(dtypeName(state.dtype)) + " number, found " + describeNext());
  std::optional<Float> value = parseFloat<Float>(word);
  if (!value)
    fail(pos_, "number " + describeNext() + " is out of range for " +
                   std::string(dtypeName(state.dtype)));
  appendBytes(state.bytes, *value);
}

/// `empty([d1,...,dn]T)`, the notation for arrays with a zero dimension.
ArrayValue TextReader::readEmpty(Dtype expected, size_t expectedRank) {
  size_t start = pos_;
  pos_ += std::strlen("empty");
  expectChar('(', "after 'empty'");
  expectChar('[', "starting the shape in empty(...)");
  std::vector<int64_t> shape;
  skipBlank();
  if (pos_ < text_.size() && text_[pos_] == ']') {
    ++pos_;
  } else {
    while (true) {
      skipBlank();
      std::string_view word = peekWord();
      int64_t dim = -1;
      auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), dim);
      if (classifyWord(word) != WordKind::Integer || dim < 0 || error != std::errc())
        fail(pos_, "expected a dimension (a non-negative integer) in empty(...), found " +
                       describeNext());
      shape.push_back(dim);
      pos_ += word.size();
      skipBlank();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      expectChar(']', "closing the shape in empty(...)");
      break;
    }
  }
  skipBlank();
  std::string_view typeWord = peekWord();
  std::optional<Dtype> dtype = dtypeFromName(typeWord);
  if (!dtype)
    fail(pos_,
         "expected an element type (f64, f32, i64 or bool) in empty(...), found " + describeNext());
  pos_ += typeWord.size();
  expectChar(')', "closing empty(...)");

  std::string written = "empty(" + formatShape(shape) + std::string(typeWord) + ")";
  if (*dtype != expected || shape.size() != expectedRank)
    fail(start, "expected " + describeType(expected, expectedRank) + ", found " + written +
                    ", which is " + describeType(*dtype, shape.size()));
  if (std::find(shape.begin(), shape.end(), 0) == shape.end())
    fail(start, written + " has no zero dimension; write the elements instead");
  return ArrayValue(expected, std::move(shape));
}

} // namespace arr::runtime
