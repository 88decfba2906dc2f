#include "codegen/SharedLibrary.h"

#include "codegen/Artifacts.h"
#include "runtime/Files.h"

#include <fstream>
#include <stdexcept>

namespace arr::codegen {

void writeSharedLibrary(llvm::Module& module, const TargetOptions& target,
                        const std::string& output) {
  runtime::TemporaryFile object("arrc", "o"), script("arrc", "map");
  writeObject(module, target, object.path());
  std::ofstream out(script.path());
  // The entries (arr_NAME), arr_last_error, and the runtime functions a host calls.
  out << "{ global: arr_*; arrrt_set_threads; arrrt_describe; arrrt_parallel_max_chunks; "
         "arrrt_threads; arrrt_request_interrupt; arrrt_catch_interrupts; "
         "arrrt_interrupt_requested; local: *; };\n";
  out.close();
  if (!out) throw std::runtime_error("cannot write " + script.path());
  linkSharedLibrary(object.path(), script.path(), output);
}

} // namespace arr::codegen
