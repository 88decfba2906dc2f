// Whole-file and streamed file access that reports every failure as an
// IoError naming the path and the operating system's reason.

#pragma once

#include "runtime/ArrayValue.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace arr::runtime {

/// The largest text input readWholeFile and readStandardInput accept.
constexpr size_t kMaxTextBytes = size_t(2) << 30;

/// The contents of a text file. Throws IoError for a missing, unreadable or
/// directory path, a NUL byte, or more than kMaxTextBytes.
std::string readWholeFile(const std::string& path);

/// Everything on standard input up to end of file, under the same conditions.
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

/// A set of output files written under temporary names beside their targets and
/// renamed onto them only when every one is complete, so that a failure leaves all
/// the targets as they were (a tuple's OUT_1.npy that cannot be written does not
/// leave a new OUT_0.npy behind). A target that exists and is neither a regular file
/// nor a directory (/dev/null, a FIFO) is written directly.
class StagedOutputs {
public:
  StagedOutputs() = default;
  /// Removes the temporaries of outputs not committed.
  ~StagedOutputs();
  StagedOutputs(const StagedOutputs&) = delete;
  StagedOutputs& operator=(const StagedOutputs&) = delete;

  /// The path to write `target` under: a new empty file in its directory. Throws
  /// IoError for an empty name, a directory, or a directory that cannot hold it.
  std::string add(const std::string& target);
  /// Renames every temporary onto its target. Throws IoError, before renaming any,
  /// when a target has become a directory.
  void commit();
  /// `message` with the temporary paths in it replaced by their targets'.
  std::string describe(std::string message) const;

private:
  struct Staged {
    std::string temporary;
    std::string target;
  };
  std::vector<Staged> staged_;
};

} // namespace arr::runtime
