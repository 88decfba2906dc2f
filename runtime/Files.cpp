#include "runtime/Files.h"

#include <cerrno>
#include <cstring>

#include <sys/stat.h>

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

std::string readWholeFile(const std::string& path) {
  InputFile file(path);
  std::string contents;
  // The size is only a hint: pipes and /proc files report 0 or change.
  contents.reserve(static_cast<size_t>(file.size()));
  char chunk[1 << 16];
  while (size_t done = file.read(chunk, sizeof chunk))
    contents.append(chunk, done);
  return contents;
}

std::string readStandardInput() {
  std::string contents;
  char chunk[1 << 16];
  while (size_t done = std::fread(chunk, 1, sizeof chunk, stdin))
    contents.append(chunk, done);
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

} // namespace arr::runtime
