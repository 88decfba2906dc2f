#include "frontend/Diagnostics.h"

#include <ostream>

namespace arr {

namespace {

// Advances over one UTF-8 encoded code point; columns count code points.
size_t nextCodePoint(std::string_view text, size_t at) {
  unsigned char lead = static_cast<unsigned char>(text[at]);
  size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  return std::min(text.size(), at + length);
}

std::string caretLine(std::string_view line, uint32_t col) {
  std::string caret;
  size_t at = 0;
  for (uint32_t c = 1; c < col && at < line.size(); ++c) {
    caret += line[at] == '\t' ? '\t' : ' ';
    at = nextCodePoint(line, at);
  }
  caret += '^';
  return caret;
}

} // namespace

void Diagnostics::print(Loc loc, const char* severity, const std::string& message) {
  if (!loc.valid() || loc.file >= sources_.fileCount()) {
    out_ << "arrc: " << severity << ": " << message << "\n";
    return;
  }
  out_ << sources_.file(loc.file).path << ":" << loc.line << ":" << loc.col << ": " << severity
       << ": " << message << "\n";
  std::string_view line = sources_.lineText(loc.file, loc.line);
  // A line of random bytes or a minified megabyte would drown the message.
  if (line.size() > 400) return;
  out_ << line << "\n" << caretLine(line, loc.col) << "\n";
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
