// Binding an entry point's size variables from the shapes of its arguments:
// the runtime's binder (runtime/SizeBinding.h), which executables use too, on
// the entry's signature, so both reject bad inputs with the same messages.

#include "ir/EntrySignature.h"
#include "ir/Interpreter.h"
#include "runtime/SizeBinding.h"

namespace arr::interp {

SizeValues bindSizes(const core::Entry& entry, const std::vector<runtime::ArrayValue>& args) {
  core::EntrySignature described = core::describeEntry(entry);
  std::vector<int64_t> values;
  try {
    values = runtime::bindSizes(described.signature, entry.name, args);
  } catch (const runtime::IoError& error) {
    throw InterpError(error.what());
  }
  SizeValues sizes;
  for (size_t i = 0; i < values.size(); ++i)
    sizes[described.sizeIds[i]] = values[i];
  return sizes;
}

} // namespace arr::interp
