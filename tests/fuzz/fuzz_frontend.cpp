// libFuzzer target: any bytes as the source file of an Arr program, parsed and
// type-checked with the prelude, as `arrc FILE` does. Errors are expected; a
// crash, a hang, a leak or a sanitizer report is a bug. Built with -DARR_FUZZ=ON
// (cmake/fuzz.sh builds and runs it).

#include "frontend/Diagnostics.h"
#include "frontend/Source.h"
#include "sema/Modules.h"
#include "sema/TypeChecker.h"

#include <pthread.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>

namespace {

/// The stdlib directory: ARR_FUZZ_STDLIB when set (cmake/fuzz.sh sets a smaller prelude:
/// the whole one is parsed and checked for every input, which makes runs several times
/// slower), otherwise the real one.
std::string stdlibDir() {
  const char* dir = std::getenv("ARR_FUZZ_STDLIB");
  return dir ? dir : ARR_STDLIB_DIR;
}

void check(const std::string& path) {
  static const std::string stdlib = stdlibDir();
  arr::SourceManager sources;
  std::ostringstream messages;
  arr::Diagnostics diags(sources, messages);
  auto program = arr::sema::loadProgram(sources, path, stdlib, diags);
  if (program) arr::sema::typeCheck(std::move(program), {}, diags);
}

/// Like the driver, the checks run on a thread with a 1 GiB stack (deep nesting recurses
/// deeply); one thread for the whole run, since starting one per input is slow under ASan.
class Worker {
public:
  Worker() {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, size_t(1) << 30);
    if (pthread_create(&thread_, &attributes, &Worker::loop, this) != 0) std::abort();
    pthread_attr_destroy(&attributes);
  }

  void run(const std::string& path) {
    std::unique_lock<std::mutex> lock(mutex_);
    path_ = &path;
    changed_.notify_all();
    changed_.wait(lock, [this] { return path_ == nullptr; });
  }

private:
  static void* loop(void* raw) {
    auto* self = static_cast<Worker*>(raw);
    std::unique_lock<std::mutex> lock(self->mutex_);
    for (;;) {
      self->changed_.wait(lock, [self] { return self->path_ != nullptr; });
      check(*self->path_);
      self->path_ = nullptr;
      self->changed_.notify_all();
    }
    return nullptr;
  }

  pthread_t thread_{};
  std::mutex mutex_;
  std::condition_variable changed_;
  const std::string* path_ = nullptr;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // loadProgram reads a file (and resolves imports relative to it).
  static const std::string path = "/tmp/arr-fuzz-frontend-" + std::to_string(getpid()) + ".arr";
  static Worker* worker = new Worker;
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  worker->run(path);
  return 0;
}
