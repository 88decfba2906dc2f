#pragma once
// The native back end as the driver runs it: loop IR to LLVM, optimisation,
// and the requested artifact (executable, object and header, LLVM IR).

#include "driver/Options.h"
#include "ir/Core.h"
#include "loops/LoopIR.h"

namespace arr::driver {

/// Returns the process exit status; errors are reported on stderr.
int buildNative(const Options& options, const core::Program& core, const loops::Program& loops);

} // namespace arr::driver
