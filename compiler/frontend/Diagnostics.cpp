#include "frontend/Diagnostics.h"

#include <cstdio>
#include <ostream>

namespace arr {

namespace {

bool isContinuation(unsigned char byte) {
  return (byte & 0xC0) == 0x80;
}

/// Whether `unit` (a lead byte and the continuation bytes after it) is one well-formed
/// UTF-8 encoded code point, and which.
bool decode(std::string_view unit, uint32_t& codePoint) {
  auto lead = static_cast<unsigned char>(unit[0]);
  size_t length = lead < 0x80   ? 1
                  : lead < 0xC2 ? 0
                  : lead < 0xE0 ? 2
                  : lead < 0xF0 ? 3
                  : lead < 0xF5 ? 4
                                : 0;
  if (length == 0 || unit.size() != length) return false;
  codePoint = length == 1   ? lead
              : length == 2 ? lead & 0x1F
              : length == 3 ? lead & 0x0F
                            : lead & 0x07;
  for (size_t i = 1; i < length; ++i)
    codePoint = (codePoint << 6) | (static_cast<unsigned char>(unit[i]) & 0x3F);
  static constexpr uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  return codePoint >= smallest[length] && codePoint <= 0x10FFFF &&
         !(codePoint >= 0xD800 && codePoint <= 0xDFFF);
}

/// A piece of a source line as a terminal is shown it: the text, and how many columns
/// it spans. Control characters (C0, DEL and C1, which terminals obey: ESC starts a
/// sequence that may retitle the window or move the cursor) and bytes that are not
/// UTF-8 are written \xNN, byte by byte; a tab stays a tab; other code points stay as
/// they are.
struct Shown {
  std::string text;
  size_t width = 0;
};

Shown show(std::string_view unit) {
  uint32_t codePoint = 0;
  bool valid = decode(unit, codePoint);
  if (valid && codePoint == '\t') return {"\t", 1};
  if (valid && codePoint >= 0x20 && codePoint != 0x7F && !(codePoint >= 0x80 && codePoint < 0xA0))
    return {std::string(unit), 1};
  Shown shown;
  // A stray continuation byte after a letter: the letter stays readable.
  if (!valid && unit[0] >= 0x20 && unit[0] < 0x7F) {
    shown.text = unit[0];
    unit.remove_prefix(1);
  }
  for (char byte : unit) {
    char escaped[8];
    std::snprintf(escaped, sizeof escaped, "\\x%02X", static_cast<unsigned char>(byte));
    shown.text += escaped;
  }
  shown.width = shown.text.size();
  return shown;
}

/// The pieces of `line` that columns count: each starts at a byte that is not a UTF-8
/// continuation byte, as the parser counts columns (Loc). Continuation bytes at the
/// start of the line, before any column, are the first piece, of no column.
std::vector<std::string_view> columnUnits(std::string_view line) {
  std::vector<std::string_view> units;
  size_t begin = 0;
  for (size_t at = 1; at <= line.size(); ++at) {
    if (at < line.size() && isContinuation(static_cast<unsigned char>(line[at]))) continue;
    units.push_back(line.substr(begin, at - begin));
    begin = at;
  }
  return units;
}

/// `text` with every piece shown as a terminal should see it, newlines kept.
std::string escaped(std::string_view text) {
  std::string shown;
  for (std::string_view unit : columnUnits(text))
    shown += unit == "\n" ? std::string("\n") : show(unit).text;
  return shown;
}

/// The source line as shown, and under it a caret at column `col`, counted as the
/// parser counts (code points), placed by the shown widths (an escaped byte is four
/// columns wide; a tab is copied, so that it moves the caret as far as the line).
std::pair<std::string, std::string> lineAndCaret(std::string_view line, uint32_t col) {
  std::vector<std::string_view> units = columnUnits(line);
  std::string shown, caret;
  uint32_t column = 1;
  bool caretPlaced = false;
  for (size_t i = 0; i < units.size(); ++i) {
    std::string_view unit = units[i];
    bool countsColumn = !(i == 0 && isContinuation(static_cast<unsigned char>(unit[0])));
    if (countsColumn && column == col && !caretPlaced) {
      caret += '^';
      caretPlaced = true;
    }
    Shown piece = show(unit);
    shown += piece.text;
    if (!caretPlaced)
      caret += piece.text == "\t" ? std::string("\t") : std::string(piece.width, ' ');
    if (countsColumn) ++column;
  }
  if (!caretPlaced) caret += '^';
  return {shown, caret};
}

} // namespace

void Diagnostics::print(Loc loc, const char* severity, const std::string& message) {
  if (!loc.valid() || loc.file >= sources_.fileCount()) {
    out_ << "arrc: " << severity << ": " << escaped(message) << "\n";
    return;
  }
  out_ << escaped(sources_.file(loc.file).path) << ":" << loc.line << ":" << loc.col << ": "
       << severity << ": " << escaped(message) << "\n";
  std::string_view line = sources_.lineText(loc.file, loc.line);
  // A line of random bytes or a minified megabyte would drown the message.
  if (line.size() > 400) return;
  auto [shown, caret] = lineAndCaret(line, loc.col);
  out_ << shown << "\n" << caret << "\n";
}

void Diagnostics::error(Loc loc, const std::string& message) {
  ++errors_;
  if (errors_ <= kMaxReported) print(loc, "error", message);
  if (errors_ == kMaxReported + 1)
    out_ << "arrc: note: too many errors; further errors are not shown\n";
}

void Diagnostics::note(Loc loc, const std::string& message) {
  if (errors_ <= kMaxReported) print(loc, "note", message);
}

void Diagnostics::report(const CompileError& failure) {
  error(failure.loc, failure.message);
  for (const Note& n : failure.notes)
    note(n.loc, n.message);
}

} // namespace arr
