#pragma once
// The pass manager of arrc (in the manner of LLVM's and MLIR's): the pipeline is a
// list of named passes from parsing to LLVM, and the manager applies to each one
// the same instrumentation, so no stage repeats it:
//   --verify-ir         the IR's verifier after the pass;
//   --dump-after=NAME   the IR after the pass (repeatable, 'all');
//   --print-stats       the size of the IR after the pass, on stderr;
//   --time-passes       wall time and IR size per pass, a report on stderr at the end;
//   --disable-pass=NAME skips a pass that may be skipped (the optimisations);
// and it reports an exception escaping a pass as an internal compiler error that
// names the pass, apart from the errors the user must fix.
//
// The manager knows nothing of the IRs: each pass says what its output is through
// IRView callbacks (Pipeline.cpp provides them for every stage).

#include <chrono>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace arr::driver {

/// What the user must fix, not a compiler bug: a file that cannot be read or
/// written, a link that failed, a limit of the compiler. Reported without "internal".
struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The pipeline stops here with this exit status (diagnostics already printed, or
/// nothing left to do).
struct StopPipeline {
  int status;
};

/// How the manager sees the IR a pass produced.
struct IRView {
  std::function<std::string()> print;  // the --dump-after text
  std::function<std::string()> verify; // empty when well formed
  std::function<std::string()> size;   // "123 nodes", for --print-stats and --time-passes
};

struct Pass {
  std::string name;
  std::string description; // one line, for --help
  bool optional = false;   // an optimisation: --disable-pass may skip it
  std::function<void()> run;
  std::function<IRView()> view; // null: the pass produces nothing to show (emit)
};

struct Instrumentation {
  std::vector<std::string> dumpAfter; // pass names
  bool verify = false;
  bool printStats = false;
  bool timePasses = false;
  std::vector<std::string> disabled;
  /// --debug-internal-error=NAME: the pass fails as if an invariant broke (to test
  /// how internal compiler errors are reported).
  std::string injectInternalError;
};

class PassManager {
public:
  explicit PassManager(Instrumentation instrumentation)
      : instrumentation_(std::move(instrumentation)) {}

  void add(Pass pass) { steps_.push_back(Step{std::move(pass), {}, {}}); }
  /// Passes run in order, again and again while `again()` holds after them (each
  /// round dumps and times like a pass of its own, with the round's number).
  void addRepeated(std::vector<Pass> passes, std::function<bool()> again);

  /// Called after every pass once its instrumentation is done (its dump printed); it
  /// may end the pipeline by throwing StopPipeline.
  void afterEachPass(std::function<void(const std::string& pass)> hook) {
    afterEachPass_ = std::move(hook);
  }

  /// Runs the pipeline: 0, or the exit status of the first failure (with its message
  /// printed); a StopPipeline thrown by a pass ends it with that status.
  int run();

  /// The time report of --time-passes (also printed by run when asked).
  std::string timeReport() const;

private:
  struct Step {
    Pass pass;
    std::vector<Pass> group; // addRepeated: the passes (then `pass` is unused)
    std::function<bool()> again;
  };
  struct Timing {
    std::string name;
    double seconds;
    std::string size;
  };

  /// Runs one pass with its instrumentation; the exit status on failure.
  std::optional<int> runPass(const Pass& pass, int round);
  bool wants(const std::vector<std::string>& names, const std::string& name) const;

  Instrumentation instrumentation_;
  std::vector<Step> steps_;
  std::vector<Timing> timings_;
  std::function<void(const std::string&)> afterEachPass_;
};

} // namespace arr::driver
