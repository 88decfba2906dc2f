// Whole-file and streamed file access that reports every failure as an
// IoError naming the path and the operating system's reason.

#pragma once

#include "runtime/ArrayValue.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
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
  /// The next `count` bytes (fewer at end of file), which the following reads
  /// return again: a pipe's contents can be recognised without reopening it.
  std::string_view peek(size_t count);
  const std::string& path() const { return path_; }

private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::string peeked_; // read from file_ but not yet returned by read()
  uint64_t size_ = 0;
  bool regular_ = false;
};

/// The rest of an open file as text, under readWholeFile's conditions.
std::string readWholeFile(InputFile& file);

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
/// leave a new OUT_0.npy behind). The rename does only what writing the target in
/// place would be allowed to do: a target the process may not write (a read-only
/// file, by access(2)'s rules for the effective ids) is an error, a symbolic link is
/// written through (its final target is replaced, the link kept), and a replaced
/// file keeps its mode. A target that exists and is neither a regular file nor a
/// directory (/dev/null, a FIFO), or a writable file in a directory that cannot hold
/// a temporary, is written directly. Temporaries are removed if the process is
/// interrupted (removeOnInterrupt).
class StagedOutputs {
public:
  StagedOutputs() = default;
  /// Removes the temporaries of outputs not committed.
  ~StagedOutputs();
  StagedOutputs(const StagedOutputs&) = delete;
  StagedOutputs& operator=(const StagedOutputs&) = delete;

  /// The path to write `target` under: a new empty file in its directory. Throws
  /// IoError for an empty name, a directory, a file the process may not write, or
  /// a directory that cannot hold it. An `executable` output (one a linker writes)
  /// that replaces a file gets execute permission wherever the old file was readable.
  std::string add(const std::string& target, bool executable = false);
  /// Renames every temporary onto its target. Throws IoError, before renaming any,
  /// when a target has become a directory.
  void commit();
  /// `message` with the temporary paths in it replaced by their targets'.
  std::string describe(std::string message) const;

private:
  struct Staged {
    std::string temporary;
    std::string target; // the file renamed onto: a symbolic link's final target
    std::string named;  // the target as given, for messages
    bool replaces = false;
    unsigned mode = 0; // the replaced file's permissions
    unsigned owner = 0, group = 0;
  };
  std::vector<Staged> staged_;
};

/// A new empty file in the temporary directory ($TMPDIR, else /tmp) named
/// PREFIX-RANDOM.EXTENSION, removed on destruction and registered with
/// removeOnInterrupt before it is created. Throws IoError if it cannot be made.
class TemporaryFile {
public:
  TemporaryFile(const std::string& prefix, const std::string& extension);
  ~TemporaryFile();
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  const std::string& path() const { return path_; }

private:
  std::string path_;
};

/// Makes SIGINT, SIGTERM and SIGHUP (unless ignored) remove the files registered
/// with removeOnInterrupt and end the child process started by runProcess, before
/// the process ends as the signal's default action would. Async-signal-safe: the
/// handler only kills, waits and unlinks.
void cleanUpOnInterrupt();

/// Registers (or, with keepOnInterrupt, unregisters) a file to remove on an
/// interrupt. At most 32 files at once; the rest are not registered.
void removeOnInterrupt(const std::string& path);
void keepOnInterrupt(const std::string& path);

/// Runs `arguments[0]` (an absolute path) with `arguments` in a process group of its
/// own, so that an interrupt can end it and whatever it starts (a compiler driver's
/// linker) before removing their outputs, and waits for it. Returns its exit status;
/// throws IoError if it could not start or was killed by a signal.
int runProcess(const std::vector<std::string>& arguments);

/// `relative` (such as "lib/arr/libarr_runtime.a") under the installation prefix of the
/// running program, the parent of the directory holding its executable, when that path
/// exists; else `fallback`. An installed arrc (cmake --install, pip install) finds its
/// runtime and standard library there; one in the build tree uses the paths built in.
std::string installedOr(const std::string& relative, const std::string& fallback);

} // namespace arr::runtime
