// Whole-file and streamed file access that reports every failure as an
// IoError naming the path and the operating system's reason.

#pragma once

#include "runtime/ArrayValue.h"

#include <cstdint>
#include <cstdio>
#include <string>

namespace arr::runtime {

/// The contents of a file. Throws IoError for a missing, unreadable or
/// directory path.
std::string readWholeFile(const std::string& path);

/// Everything on standard input up to end of file.
std::string readStandardInput();

/// A regular file opened for binary reading; closed on destruction.
class InputFile {
public:
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  /// Whether this is a regular file, whose size() is known up front (not a
  /// pipe or a terminal).
  bool isRegular() const { return regular_; }
  /// Size of a regular file when it was opened; 0 for other files.
  uint64_t size() const { return size_; }
  /// Reads up to `count` bytes and returns how many were read, fewer only
  /// at end of file. Throws IoError on a read error.
  size_t read(void* buffer, size_t count);
  const std::string& path() const { return path_; }

private:
  std::string path_;
  std::FILE* file_ = nullptr;
  uint64_t size_ = 0;
  bool regular_ = false;
};

/// A file created (or truncated) for binary writing. close() must be called
/// to learn whether the data reached the file; the destructor only cleans up.
class OutputFile {
public:
  explicit OutputFile(const std::string& path);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(const void* buffer, size_t count);
  void close();

private:
  std::string path_;
  std::FILE* file_ = nullptr;
};

} // namespace arr::runtime
