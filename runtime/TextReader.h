// Reading values in Arr's text format (LANGUAGE.md §9), the inverse of
// formatValue. Whitespace separates values, and `--` starts a comment that
// runs to the end of the line.

#pragma once

#include "runtime/ArrayValue.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace arr::runtime {

/// Reads one value after another from a whole input text.
class TextReader {
public:
  /// `sourceName` prefixes error positions: "<stdin>:3:7: ...".
  explicit TextReader(std::string text, std::string sourceName = "<input>");

  /// Reads exactly one value of the expected element type and rank, or throws
  /// IoError with a one-line message saying what was expected, what was found
  /// and where. Integers are accepted for floats (`3` as 3.0), not the
  /// reverse; bool accepts only `true` and `false`. Lists must nest exactly
  /// `expectedRank` deep and be rectangular; an array with a zero dimension
  /// is written `empty([d1,...]T)` with T the expected element type.
  ArrayValue readValue(Dtype expected, size_t expectedRank);

  /// True when only whitespace and comments remain.
  bool atEnd();

  /// Throws IoError unless atEnd(): "expected end of input, found '7'".
  void expectEnd();

  /// "name:line:col" of the next unread character, for messages.
  std::string currentPosition();

private:
  struct ListState;

  void skipBlank();
  std::string_view peekWord() const;
  std::string describeNext() const;
  std::string positionOf(size_t offset) const;
  std::string lineAndColumn(size_t offset) const;
  [[noreturn]] void fail(size_t offset, const std::string& message) const;

  void readList(ListState& state, size_t depth, int64_t indexInParent);
  void readElement(ListState& state);
  template <typename Float>
  void appendFloat(ListState& state, std::string_view word, bool isNumber);
  ArrayValue readEmpty(Dtype expected, size_t expectedRank);
  void expectChar(char c, const char* context);

  std::string text_;
  std::string sourceName_;
  size_t pos_ = 0;
};

} // namespace arr::runtime
