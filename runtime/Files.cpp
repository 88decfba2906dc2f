#include "runtime/Files.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char** environ;

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
  size_t fromPeeked = std::min(count, peeked_.size());
  if (fromPeeked > 0) {
    std::memcpy(buffer, peeked_.data(), fromPeeked);
    peeked_.erase(0, fromPeeked);
  }
  size_t wanted = count - fromPeeked;
  if (wanted == 0) return count;
  size_t done = std::fread(static_cast<char*>(buffer) + fromPeeked, 1, wanted, file_);
  if (done < wanted && std::ferror(file_)) throwOsError("read", path_, errno);
  return fromPeeked + done;
}

std::string_view InputFile::peek(size_t count) {
  if (peeked_.size() < count) {
    size_t old = peeked_.size();
    peeked_.resize(count);
    size_t done = std::fread(peeked_.data() + old, 1, count - old, file_);
    peeked_.resize(old + done);
    if (old + done < count && std::ferror(file_)) throwOsError("read", path_, errno);
  }
  return std::string_view(peeked_).substr(0, count);
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

std::string readWholeFile(InputFile& file) {
  std::string contents;
  // The size is only a hint: pipes and /proc files report 0 or change.
  contents.reserve(static_cast<size_t>(std::min<uint64_t>(file.size(), kMaxTextBytes)));
  char chunk[1 << 16];
  while (size_t done = file.read(chunk, sizeof chunk))
    appendText(contents, chunk, done, "'" + file.path() + "'");
  return contents;
}

std::string readWholeFile(const std::string& path) {
  InputFile file(path);
  return readWholeFile(file);
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

/// The file that opening `path` for writing would reach: `path` with its symbolic links
/// followed, the last of which may name a file that does not exist yet (open would
/// create it).
std::string followLinks(const std::string& path) {
  std::string current = path;
  for (int depth = 0; depth < 40; ++depth) { // Linux's own limit on links followed
    struct stat status;
    if (lstat(current.c_str(), &status) != 0 || !S_ISLNK(status.st_mode)) return current;
    char link[PATH_MAX];
    ssize_t length = readlink(current.c_str(), link, sizeof link);
    if (length < 0) throwOsError("write", path, errno);
    if (size_t(length) == sizeof link) throwOsError("write", path, ENAMETOOLONG);
    std::string next(link, size_t(length));
    current = next.front() == '/' ? next : directoryOf(current) + "/" + next;
  }
  throwOsError("write", path, ELOOP);
}

} // namespace

StagedOutputs::~StagedOutputs() {
  for (const Staged& file : staged_)
    if (file.temporary != file.target) {
      std::remove(file.temporary.c_str());
      keepOnInterrupt(file.temporary);
    }
}

std::string StagedOutputs::add(const std::string& named, bool executable) {
  if (named.empty()) throw IoError("the output file name is empty");
  Staged file{"", followLinks(named), named};
  struct stat status;
  if (stat(file.target.c_str(), &status) == 0) {
    if (S_ISDIR(status.st_mode)) throw IoError("cannot write '" + named + "': it is a directory");
    if (!S_ISREG(status.st_mode)) {
      file.temporary = file.target;
      staged_.push_back(file);
      return file.target;
    }
    // The rename needs only the directory's permission; the file's own decides, as it
    // would for a write in place (root may write a read-only file).
    if (faccessat(AT_FDCWD, file.target.c_str(), W_OK, AT_EACCESS) != 0)
      throwOsError("write", named, errno);
    file.replaces = true;
    file.mode = status.st_mode & 0777;
    if (executable) file.mode |= (file.mode & 0444) >> 2;
    file.owner = status.st_uid;
    file.group = status.st_gid;
  }
  // Beside the target, so that the rename stays within one file system; hidden, and
  // made with the permissions a new file gets.
  std::string directory = directoryOf(file.target);
  std::string name = file.target.substr(file.target.rfind('/') + 1);
  for (unsigned attempt = 0;; ++attempt) {
    std::string temporary = directory + "/." + name + ".arr-" + std::to_string(getpid()) + "-" +
                            std::to_string(staged_.size()) + "-" + std::to_string(attempt);
    removeOnInterrupt(temporary);
    int descriptor = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    int error = errno;
    if (descriptor >= 0) {
      close(descriptor);
      file.temporary = temporary;
      staged_.push_back(file);
      return temporary;
    }
    keepOnInterrupt(temporary);
    // A writable file in a directory that cannot hold another is written in place.
    if (error == EACCES && file.replaces) {
      file.temporary = file.target;
      staged_.push_back(file);
      return file.target;
    }
    if (error != EEXIST || attempt >= 100) throwOsError("create", named, error);
  }
}

void StagedOutputs::commit() {
  for (const Staged& file : staged_)
    if (file.temporary != file.target && isDirectory(file.target))
      throw IoError("cannot write '" + file.named + "': it is a directory");
  for (Staged& file : staged_) {
    if (file.temporary == file.target) continue;
    if (file.replaces) {
      // As a write in place would leave them. Only root may give the file to another
      // owner; where that fails, the file stays the writer's, as a new file would be.
      [[maybe_unused]] int owned = chown(file.temporary.c_str(), file.owner, file.group);
      if (chmod(file.temporary.c_str(), file.mode) != 0) throwOsError("write", file.named, errno);
    }
    if (std::rename(file.temporary.c_str(), file.target.c_str()) != 0)
      throwOsError("write", file.named, errno);
    keepOnInterrupt(file.temporary);
    file.temporary = file.target;
  }
}

std::string StagedOutputs::describe(std::string message) const {
  for (const Staged& file : staged_) {
    if (file.temporary == file.named) continue;
    for (size_t at = message.find(file.temporary); at != std::string::npos;
         at = message.find(file.temporary, at + file.named.size()))
      message.replace(at, file.temporary.size(), file.named);
  }
  return message;
}

namespace {

/// The files an interrupt removes, in storage the signal handler can read without
/// allocating or locking.
struct InterruptSlot {
  enum State { kFree, kFilling, kRegistered };
  std::atomic<int> state{kFree};
  char path[PATH_MAX];
};
InterruptSlot interruptSlots[32];
/// The process group of the child runProcess waits for, or 0.
std::atomic<pid_t> interruptibleGroup{0};
std::atomic<bool> interrupted{false};
std::atomic<bool> spawning{false};
constexpr int kInterruptSignals[] = {SIGINT, SIGTERM, SIGHUP};

void onInterrupt(int signal) {
  interrupted.store(true);
  // A child being started on another thread is waited for, so that it is known and
  // ended here (runProcess starts none once `interrupted` is set).
  while (spawning.load()) {
    struct timespec pause = {0, 1000000};
    nanosleep(&pause, nullptr);
  }
  if (pid_t group = interruptibleGroup.load(); group > 0) {
    kill(-group, SIGKILL);
    // Every process of the group is a child of this one (a subreaper adopts the
    // linker its driver started): once all are reaped, none can write again.
    while (waitpid(-group, nullptr, 0) > 0 || errno == EINTR) {
    }
  }
  for (InterruptSlot& slot : interruptSlots)
    if (slot.state.load() == InterruptSlot::kRegistered) unlink(slot.path);
  struct sigaction fallback = {};
  fallback.sa_handler = SIG_DFL;
  sigaction(signal, &fallback, nullptr);
  // Pending while this handler runs; delivered, with its default action, on return.
  raise(signal);
}

} // namespace

void cleanUpOnInterrupt() {
  struct sigaction action = {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  for (int signal : kInterruptSignals)
    sigaddset(&action.sa_mask, signal);
  for (int signal : kInterruptSignals) {
    struct sigaction previous;
    // An ignored signal (nohup's SIGHUP) stays ignored.
    if (sigaction(signal, nullptr, &previous) == 0 && previous.sa_handler != SIG_IGN)
      sigaction(signal, &action, nullptr);
  }
}

void removeOnInterrupt(const std::string& path) {
  if (path.size() >= PATH_MAX) return;
  for (InterruptSlot& slot : interruptSlots) {
    int expected = InterruptSlot::kFree;
    if (slot.state.compare_exchange_strong(expected, InterruptSlot::kFilling)) {
      std::memcpy(slot.path, path.c_str(), path.size() + 1);
      slot.state.store(InterruptSlot::kRegistered);
      return;
    }
  }
}

void keepOnInterrupt(const std::string& path) {
  for (InterruptSlot& slot : interruptSlots) {
    int expected = InterruptSlot::kRegistered;
    if (slot.state.load() == expected && path == slot.path &&
        slot.state.compare_exchange_strong(expected, InterruptSlot::kFree))
      return;
  }
}

TemporaryFile::TemporaryFile(const std::string& prefix, const std::string& extension) {
  std::string directory = "/tmp";
  for (const char* variable : {"TMPDIR", "TMP", "TEMP", "TEMPDIR"}) // as LLVM looks
    if (const char* value = std::getenv(variable); value && *value) {
      directory = value;
      break;
    }
  std::random_device entropy;
  for (unsigned attempt = 0;; ++attempt) {
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "%08x", unsigned(entropy()));
    std::string path = directory + "/" + prefix + "-" + suffix + "." + extension;
    // Registered first: an interrupt just after the file appears still removes it.
    removeOnInterrupt(path);
    int descriptor = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    int error = errno;
    if (descriptor >= 0) {
      close(descriptor);
      path_ = path;
      return;
    }
    keepOnInterrupt(path);
    if (error != EEXIST || attempt >= 100)
      throw IoError("cannot create a temporary file in '" + directory +
                    "': " + std::strerror(error));
  }
}

TemporaryFile::~TemporaryFile() {
  unlink(path_.c_str());
  keepOnInterrupt(path_);
}

int runProcess(const std::vector<std::string>& arguments) {
  // The driver's own children (the linker) become this process's when the driver dies,
  // so that the handler can reap them too.
  static bool adopting = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
  (void)adopting;
  std::vector<char*> argv;
  for (const std::string& argument : arguments)
    argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);

  // No interrupt is handled on this thread between the start and the recording of the
  // child; the child starts with this thread's usual mask.
  sigset_t interrupts, previous;
  sigemptyset(&interrupts);
  for (int signal : kInterruptSignals)
    sigaddset(&interrupts, signal);
  pthread_sigmask(SIG_BLOCK, &interrupts, &previous);
  spawning.store(true);
  if (interrupted.load()) {
    spawning.store(false);
    for (;;)
      pause(); // the handler, on another thread, ends the process
  }
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setsigmask(&attributes, &previous);
  pid_t child = 0;
  int error = posix_spawn(&child, argv[0], nullptr, &attributes, argv.data(), environ);
  posix_spawnattr_destroy(&attributes);
  if (error == 0) interruptibleGroup.store(child);
  spawning.store(false);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (error != 0) throwOsError("run", arguments[0], error);

  int status = 0;
  pid_t waited;
  do
    waited = waitpid(child, &status, 0);
  while (waited < 0 && errno == EINTR);
  error = errno;
  interruptibleGroup.store(0);
  // The handler killed (and perhaps reaped) the child and is about to end the process:
  // no failure to report.
  while (interrupted.load())
    pause();
  if (waited < 0) throwOsError("wait for", arguments[0], error);
  if (WIFSIGNALED(status))
    throw IoError("'" + arguments[0] + "' was killed by signal " +
                  std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")");
  return WEXITSTATUS(status);
}

std::string installedOr(const std::string& relative, const std::string& fallback) {
  char executable[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
  if (length <= 0) return fallback;
  std::string prefix(executable, size_t(length));
  for (int level = 0; level < 2; ++level) { // .../prefix/bin/arrc -> .../prefix
    size_t slash = prefix.rfind('/');
    if (slash == std::string::npos) return fallback;
    prefix.resize(slash);
  }
  std::string candidate = prefix + "/" + relative;
  struct stat status;
  return stat(candidate.c_str(), &status) == 0 ? candidate : fallback;
}

} // namespace arr::runtime
