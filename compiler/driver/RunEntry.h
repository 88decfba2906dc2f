#pragma once
// Running an entry point with the reference interpreter (`arrc --interpret`):
// reading its inputs, binding its sizes, printing or saving its results. The
// value I/O is the runtime's, so the interpreter and executables agree.

#include "ir/Core.h"
#include "loops/LoopIR.h"
#include "runtime/ArrayValue.h"

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

/// The results of the loop IR of the entry to run, or the program's error (a bad input, a
/// negative dimension) as the executable would print it.
struct LoopRun {
  std::vector<runtime::ArrayValue> results;
  std::vector<runtime::ArrayValue> magnitudes; // loops::interpret's, one per result
  std::string error;
};

/// Runs the loop IR of the requested entry with the loop IR's interpreter. `inputs` are
/// read on the first call (when empty) and reused by later ones. A broken invariant of
/// the loop IR throws std::logic_error.
LoopRun runLoops(const loops::Program& program, const RunRequest& request,
                 std::vector<runtime::ArrayValue>& inputs);

/// Runs and prints like interpretEntry, with the loop IR's interpreter; with `tolerances`,
/// prints instead how much another order of floating-point operations may change each
/// result element (toleranceOf).
int interpretLoops(const loops::Program& program, const RunRequest& request, bool tolerances);

/// For each result element, the difference that another order of floating-point
/// operations explains: its magnitude (loops/Interpreter.h) times floatTolerance; 0 for
/// integers, and booleans as they are (they must be equal).
std::vector<runtime::ArrayValue> toleranceOf(const std::vector<runtime::ArrayValue>& magnitudes);

/// Empty when `run` computes what `reference` does: bit for bit when `exact`, else within
/// what a different order of floating-point operations explains; else the first difference.
std::string compareLoopRuns(const LoopRun& reference, const LoopRun& run, bool exact);

/// The entry point to run: the named one, else `main`, else the only one.
/// Throws runtime::IoError with the choices when that does not decide.
const core::Entry& selectEntry(const core::Program& program, const std::string& name);

} // namespace arr::driver
