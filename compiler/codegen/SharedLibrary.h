#pragma once
// `arrc --shared`: a program's module as a shared library that a host such as
// Python's ctypes loads directly (LANGUAGE.md §10).

#include "codegen/CodeGen.h"

#include <string>

namespace arr::codegen {

/// Writes `module` (with arrrt_describe, Description.h) linked with the runtime
/// as the shared library `output`. Only the C functions are exported (arr_*:
/// the entries, arrrt_describe, arr_last_error, arrrt_set_threads, ...), so a host
/// that loads several libraries, each with its own copy of the runtime, sees
/// no clashing C++ symbols. Throws std::runtime_error on failure.
void writeSharedLibrary(llvm::Module& module, const TargetOptions& target,
                        const std::string& output);

} // namespace arr::codegen
