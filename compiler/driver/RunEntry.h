#pragma once
// Running an entry point with the reference interpreter (`arrc --interpret`):
// reading its inputs, binding its sizes, printing or saving its results. The
// value I/O is the runtime's, so the interpreter and executables agree.

#include "ir/Core.h"

#include <string>
#include <vector>

namespace arr::driver {

struct RunRequest {
  std::string entry;               // empty: the default entry point
  std::vector<std::string> inputs; // files; none: text on standard input
  std::string output;              // -o OUT.npy; empty: print as text
};

/// Returns the process exit status; errors are one line on stderr.
int interpretEntry(const core::Program& program, const RunRequest& request);

/// The entry point to run: the named one, else `main`, else the only one.
/// Throws runtime::IoError with the choices when that does not decide.
const core::Entry& selectEntry(const core::Program& program, const std::string& name);

} // namespace arr::driver
