// The interpreter's side of running an entry point. Choosing the entry,
// reading the inputs and writing the results are the runtime's (EntryIo.h),
// shared with the main() of executables, so both behave and fail alike.

#include "driver/RunEntry.h"

#include "ir/EntrySignature.h"
#include "ir/Interpreter.h"
#include "runtime/EntryIo.h"

#include <iostream>

namespace arr::driver {

const core::Entry& selectEntry(const core::Program& program, const std::string& name) {
  std::vector<std::string> names;
  for (const auto& entry : program.entries)
    names.push_back(entry.name);
  return program.entries[runtime::selectEntry(names, name)];
}

int interpretEntry(const core::Program& program, const RunRequest& request) {
  try {
    const core::Entry& entry = selectEntry(program, request.entry);
    runtime::Signature signature = core::describeEntry(entry).signature;
    std::vector<runtime::ArrayValue> inputs =
        runtime::readInputs(entry.name, signature, request.inputs);
    std::vector<runtime::ArrayValue> results = interp::run(entry, inputs);
    runtime::writeResults(results, request.output);
    return 0;
  } catch (const std::runtime_error& error) { // InterpError and IoError alike
    std::cerr << "error: " << error.what() << "\n";
  }
  return 1;
}

} // namespace arr::driver
