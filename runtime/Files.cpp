#include "runtime/Files.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace arr::runtime {
namespace {

[[noreturn]] void throwOsError(const std::string& action, const std::string& path, int error) {
  throw IoError("cannot " + action + " '" + path + "': " + std::strerror(error));
}

} // namespace

InputFile::InputFile(const std::string& path) : path_(path) {
  file_ = std::fopen(path.c_str(), "rb");
  if (!file_) throwOsError("open", path, errno);
  struct stat status;
  if (fstat(fileno(file_), &status) != 0) {
    int error = errno;
    std::fclose(file_);
    throwOsError("read", path, error);
  }
  // fopen succeeds on a directory under Linux; only reading would fail, with
  // a less helpful message.
  if (S_ISDIR(status.st_mode)) {
    std::fclose(file_);
    throwOsError("read", path, EISDIR);
  }
  regular_ = S_ISREG(status.st_mode);
  size_ = regular_ ? static_cast<uint64_t>(status.st_size) : 0;
}

InputFile::~InputFile() {
  if (file_) std::fclose(file_);
}

size_t InputFile::read(void* buffer, size_t count) {
  size_t done = std::fread(buffer, 1, count, file_);
  if (done < count && std::ferror(file_)) throwOsError("read", path_, errno);
  return done;
}

namespace {

/// Appends a piece of a text input, which holds no NUL byte and stays within
/// kMaxTextBytes: a binary file or a device (/dev/zero) fails at once instead of
/// filling the memory.
void appendText(std::string& contents, const char* piece, size_t size, const std::string& name) {
  if (const void* nul = std::memchr(piece, '\0', size))
    throw IoError(
        name + " is not text: it holds a NUL byte (byte " +
        std::to_string(contents.size() + size_t(static_cast<const char*>(nul) - piece) + 1) + ")");
  if (contents.size() + size > kMaxTextBytes)
    throw IoError(name + " is larger than " + std::to_string(kMaxTextBytes >> 30) +
                  " GiB, the largest text input (use .npy files for more data)");
  contents.append(piece, size);
}

} // namespace

std::string readWholeFile(const std::string& path) {
  InputFile file(path);
  std::string contents;
  // The size is only a hint: pipes and /proc files report 0 or change.
  contents.reserve(static_cast<size_t>(std::min<uint64_t>(file.size(), kMaxTextBytes)));
  char chunk[1 << 16];
  while (size_t done = file.read(chunk, sizeof chunk))
    appendText(contents, chunk, done, "'" + path + "'");
  return contents;
}

std::string readStandardInput() {
  std::string contents;
  char chunk[1 << 16];
  while (size_t done = std::fread(chunk, 1, sizeof chunk, stdin))
    appendText(contents, chunk, done, "standard input");
  if (std::ferror(stdin))
    throw IoError(std::string("cannot read standard input: ") + std::strerror(errno));
  return contents;
}

OutputFile::OutputFile(const std::string& path) : path_(path) {
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) throwOsError("create", path, errno);
}

OutputFile::~OutputFile() {
  if (file_) std::fclose(file_);
}

void OutputFile::write(const void* buffer, size_t count) {
  if (count == 0) return; // An empty vector's data() may be null, which fwrite does not allow.
  if (std::fwrite(buffer, 1, count, file_) != count) throwOsError("write", path_, errno);
}

void OutputFile::close() {
  if (!file_) return;
  std::FILE* file = file_;
  file_ = nullptr;
  if (std::fclose(file) != 0) throwOsError("write", path_, errno);
}

namespace {

bool isDirectory(const std::string& path) {
  struct stat status;
  return stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode);
}

std::string directoryOf(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

} // namespace

StagedOutputs::~StagedOutputs() {
  for (const Staged& file : staged_)
    if (file.temporary != file.target) std::remove(file.temporary.c_str());
}

std::string StagedOutputs::add(const std::string& target) {
  if (target.empty()) throw IoError("the output file name is empty");
  struct stat status;
  if (stat(target.c_str(), &status) == 0) {
    if (S_ISDIR(status.st_mode)) throw IoError("cannot write '" + target + "': it is a directory");
    if (!S_ISREG(status.st_mode)) {
      staged_.push_back({target, target});
      return target;
    }
  }
  // Beside the target, so that the rename stays within one file system; hidden, and
  // made with the permissions a new file gets.
  std::string directory = directoryOf(target);
  std::string name = target.substr(target.rfind('/') + 1);
  for (unsigned attempt = 0;; ++attempt) {
    std::string temporary = directory + "/." + name + ".arr-" + std::to_string(getpid()) + "-" +
                            std::to_string(staged_.size()) + "-" + std::to_string(attempt);
    int descriptor = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (descriptor >= 0) {
      close(descriptor);
      staged_.push_back({temporary, target});
      return temporary;
    }
    if (errno != EEXIST || attempt >= 100) throwOsError("create", target, errno);
  }
}

void StagedOutputs::commit() {
  for (const Staged& file : staged_)
    if (file.temporary != file.target && isDirectory(file.target))
      throw IoError("cannot write '" + file.target + "': it is a directory");
  for (Staged& file : staged_) {
    if (file.temporary == file.target) continue;
    if (std::rename(file.temporary.c_str(), file.target.c_str()) != 0)
      throwOsError("write", file.target, errno);
    file.temporary = file.target;
  }
}

std::string StagedOutputs::describe(std::string message) const {
  for (const Staged& file : staged_)
    for (size_t at = message.find(file.temporary); at != std::string::npos;
         at = message.find(file.temporary, at + file.target.size()))
      message.replace(at, file.temporary.size(), file.target);
  return message;
}

} // namespace arr::runtime
