#include "codegen/SharedLibrary.h"

#include "codegen/Artifacts.h"

#include <llvm/Support/FileSystem.h>

#include <fstream>
#include <stdexcept>

namespace arr::codegen {

namespace {

/// A file in the temporary directory, deleted when this goes out of scope.
struct TemporaryFile {
  std::string path;
  explicit TemporaryFile(const char* extension) {
    llvm::SmallString<256> created;
    if (std::error_code error = llvm::sys::fs::createTemporaryFile("arrc", extension, created))
      throw std::runtime_error("cannot create a temporary file: " + error.message());
    path = std::string(created);
  }
  ~TemporaryFile() { llvm::sys::fs::remove(path); }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
};

} // namespace

void writeSharedLibrary(llvm::Module& module, const TargetOptions& target,
                        const std::string& output) {
  TemporaryFile object("o"), script("map");
  writeObject(module, target, object.path);
  std::ofstream out(script.path);
  // The entries (arr_NAME), arr_last_error, and the runtime functions a host calls.
  out << "{ global: arr_*; arrrt_set_threads; arrrt_describe; arrrt_parallel_max_chunks; "
         "arrrt_threads; arrrt_request_interrupt; arrrt_catch_interrupts; "
         "arrrt_interrupt_requested; local: *; };\n";
  out.close();
  if (!out) throw std::runtime_error("cannot write " + script.path);
  linkSharedLibrary(object.path, script.path, output);
}

} // namespace arr::codegen
