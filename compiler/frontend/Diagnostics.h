#pragma once
// LLVM-style diagnostics: `file:line:col: error: message`, the source line and a caret.

#include "frontend/Source.h"

#include <exception>
#include <iosfwd>
#include <string>
#include <vector>

namespace arr {

struct Note {
  Loc loc;
  std::string message;
};

/// Thrown by a stage that cannot go on with the declaration at hand; the driver
/// reports it and continues with independent declarations where it can.
struct CompileError : std::exception {
  CompileError(Loc loc, std::string message, std::vector<Note> notes = {})
      : loc(loc), message(std::move(message)), notes(std::move(notes)) {}
  const char* what() const noexcept override { return message.c_str(); }
  Loc loc;
  std::string message;
  std::vector<Note> notes;
};

class Diagnostics {
public:
  Diagnostics(const SourceManager& sources, std::ostream& out) : sources_(sources), out_(out) {}

  void error(Loc loc, const std::string& message);
  void note(Loc loc, const std::string& message);
  void report(const CompileError& error);

  int errorCount() const { return errors_; }
  bool hasErrors() const { return errors_ > 0; }
  /// Stop reporting after this many errors; later ones only count.
  static constexpr int kMaxReported = 20;

private:
  void print(Loc loc, const char* severity, const std::string& message);

  const SourceManager& sources_;
  std::ostream& out_;
  int errors_ = 0;
};

} // namespace arr
