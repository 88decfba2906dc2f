#pragma once
// The native back end as the driver runs it: loop IR to LLVM, optimisation,
// and the requested artifact (executable, object and header, LLVM IR).

#include "driver/Options.h"
#include "loops/LoopIR.h"
#include "sema/TypeChecker.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>

namespace arr::driver {

/// Whether the options ask for LLVM IR at all (an artifact or its dump).
bool needsLlvm(const Options& options);

/// Loop IR to optimised LLVM IR (the `llvm` pass).
std::unique_ptr<llvm::Module> generateLlvm(const Options& options, const loops::Program& loops,
                                           llvm::LLVMContext& context);

/// Writes what the options ask for: an executable, an object and its C header, or
/// LLVM IR text (the `emit` pass). Throws UserError when a file cannot be written
/// or linking fails.
void emitArtifacts(const Options& options, const loops::Program& loops, llvm::Module& module);

/// Whether every entry point of the main module can be exported with its C name
/// (LANGUAGE.md §9) from an object file; reports each that cannot, at its name.
bool exportableEntries(const sema::CheckedProgram& program, Diagnostics& diags);

/// Whether no file the options make arrc write is one of the program's sources (the input,
/// its imports, the prelude), and an object file is not its own header; reports each
/// clash.
bool outputsSpareInputs(const Options& options, const SourceManager& sources, Diagnostics& diags);

} // namespace arr::driver
