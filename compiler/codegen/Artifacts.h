#pragma once
// The files arrc makes besides LLVM's: the C header of an object file
// (LANGUAGE.md §9), and executables and shared libraries linked with the runtime.

#include "loops/LoopIR.h"

#include <string>
#include <utility>
#include <vector>

namespace arr::codegen {

/// Why the entry points `entryNames` (in source order) cannot all be exported with their
/// C names from one object: the position of each entry at fault and the message. Its C
/// name may be the runtime's arr_last_error, or an earlier entry's (`f'` and `f_q` are both
/// arr_f_q).
std::vector<std::pair<size_t, std::string>>
cNameProblems(const std::vector<std::string>& entryNames);

/// The C declarations of every entry point of `program`, and arr_last_error.
/// `guard` names the include guard (derived from the header's file name).
std::string cHeader(const loops::Program& program, const std::string& guard);

/// The flags a C program needs to link an object made by `arrc -c`.
std::string linkFlags();

/// Links `object` with the harness and the runtime into the executable
/// `output` using clang-19; throws std::runtime_error when linking fails.
void linkExecutable(const std::string& object, const std::string& output);

/// Links `object` with the runtime into the shared library `output`, which
/// exports the symbols `versionScript` makes global and needs no further flags
/// to load; throws std::runtime_error when linking fails.
void linkSharedLibrary(const std::string& object, const std::string& versionScript,
                       const std::string& output);

} // namespace arr::codegen
