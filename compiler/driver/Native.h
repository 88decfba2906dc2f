#pragma once
// The native back end as the driver runs it: loop IR to LLVM, optimisation,
// and the requested artifact (executable, object and header, LLVM IR).

#include "driver/Options.h"
#include "ir/Core.h"
#include "loops/LoopIR.h"
#include "sema/TypeChecker.h"

namespace arr::driver {

/// Whether every entry point of the main module can be exported with its C name
/// (LANGUAGE.md §9) from an object file; reports each that cannot, at its name.
bool exportableEntries(const sema::CheckedProgram& program, Diagnostics& diags);

/// Whether no file the options make arrc write is one of the program's sources (the input,
/// its imports, the prelude), and an object file is not its own header; reports each
/// clash.
bool outputsSpareInputs(const Options& options, const SourceManager& sources, Diagnostics& diags);

/// Returns the process exit status; errors are reported on stderr.
int buildNative(const Options& options, const core::Program& core, const loops::Program& loops);

} // namespace arr::driver
