#pragma once
// Source files and positions. Every AST node carries a Range so that any stage
// can point a diagnostic at the exact token it is about.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arr {

using FileId = uint32_t;

/// A 1-based line and column in a file. Columns count Unicode code points.
struct Loc {
  FileId file = 0;
  uint32_t line = 0;
  uint32_t col = 0;
  bool valid() const { return line != 0; }
};

/// A span of source text: `begin` is the first character, `end` the last.
struct Range {
  Loc begin;
  Loc end;
  bool valid() const { return begin.valid(); }
};

struct SourceFile {
  std::string path;
  std::string text;
  std::vector<size_t> lineStarts; // byte offset at which each line starts
};

/// Owns the text of every file the compiler reads, so that diagnostics can quote it.
class SourceManager {
public:
  FileId addFile(std::string path, std::string text);
  const SourceFile& file(FileId id) const { return *files_.at(id); }
  size_t fileCount() const { return files_.size(); }
  /// The text of a 1-based line without its line terminator ("" when out of range).
  std::string_view lineText(FileId id, uint32_t line) const;

private:
  std::vector<std::unique_ptr<SourceFile>> files_;
};

} // namespace arr
