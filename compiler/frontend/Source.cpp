#include "frontend/Source.h"

namespace arr {

FileId SourceManager::addFile(std::string path, std::string text) {
  auto file = std::make_unique<SourceFile>();
  file->path = std::move(path);
  file->text = std::move(text);
  file->lineStarts.push_back(0);
  for (size_t i = 0; i < file->text.size(); ++i)
    if (file->text[i] == '\n') file->lineStarts.push_back(i + 1);
  files_.push_back(std::move(file));
  return static_cast<FileId>(files_.size() - 1);
}

std::string_view SourceManager::lineText(FileId id, uint32_t line) const {
  const SourceFile& source = file(id);
  if (line == 0 || line > source.lineStarts.size()) return {};
  size_t begin = source.lineStarts[line - 1];
  size_t end = line < source.lineStarts.size() ? source.lineStarts[line] : source.text.size();
  std::string_view text(source.text.data() + begin, end - begin);
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
    text.remove_suffix(1);
  return text;
}

} // namespace arr
