#pragma once
// Arr's pipeline: the passes from parsing to LLVM in order, with what each one
// produces, run by the pass manager (PassManager.h).

#include "driver/Options.h"

#include <string>
#include <vector>

namespace arr::driver {

struct PassInfo {
  std::string name;
  std::string description;
  bool optional;       // an optimisation that --disable-pass may skip
  bool loopIr = false; // its output is the loop IR: --interpret-after may run it
};

/// Every pass in pipeline order (for --dump-after, --disable-pass and --help).
const std::vector<PassInfo>& pipelinePasses();

/// Whether `name` is a pass whose output is the loop IR (`loops` and the loop passes).
bool isLoopStage(const std::string& name);
/// The last of them: the loop IR that code generation reads.
std::string lastLoopStage();

/// Where imports and the prelude are found: $ARR_STDLIB, else the build's stdlib/.
std::string stdlibDir();

/// Compiles (or interprets) as the options ask; returns the exit status.
int runPipeline(const Options& options);

} // namespace arr::driver
