#pragma once
// An entry point's C function (LANGUAGE.md §9) as data: its arguments in C
// order with their C names and types. The C header of `arrc -c` and the
// description a shared library carries (`arrc --shared`) are both printed from
// it, so they cannot disagree.

#include "loops/LoopIR.h"

#include <string>
#include <vector>

namespace arr::codegen {

struct CArgument {
  enum class Role { Size, Param, Result };
  Role role = Role::Size;
  size_t index = 0;  // among the arguments of its role: size variable, flattened parameter, result
  std::string name;  // the C identifier
  std::string cType; // "int64_t", "const double *", "bool", "float *", ...
};

struct CEntry {
  std::string function; // arr_NAME
  /// The size variables (exactly the size arguments, in order), the flattened
  /// parameters named as in messages ("p.0") and the results.
  runtime::Signature signature;
  std::vector<CArgument> arguments; // size variables, then parameters, then results
};

/// Throws std::logic_error when the entry's types mention a size variable
/// that is not among its size arguments (the caller could not pass it).
CEntry cEntry(const loops::Function& entry);

/// The C element type: double, float, int64_t or bool.
const char* cElementType(runtime::Dtype dtype);

} // namespace arr::codegen
