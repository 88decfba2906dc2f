// Binding an entry point's size variables from the shapes of its inputs, with
// messages that name the parameters involved and their shapes. Shared by the
// reference interpreter and the harness of executables, so both reject bad
// inputs with the same words.

#pragma once

#include "runtime/ArrayValue.h"
#include "runtime/Signature.h"

#include <cstdint>
#include <string>
#include <vector>

namespace arr::runtime {

/// The value of every size variable of `signature`, in its order, from the
/// (flattened) inputs `args` of the entry point `entryName`. Throws IoError
/// naming the parameters and both shapes when they disagree ("parameters 'a'
/// and 'b' disagree on size n (3 vs 4): a has shape [3] but b has shape [4]"),
/// when an input's rank or element type does not match its parameter, or when
/// a dimension evaluates differently ("parameter 'a' must have shape [3], got
/// [4]") or overflows. A dimension such as n+1, n-1 or 2*n binds n when it is
/// the only unknown.
std::vector<int64_t> bindSizes(const Signature& signature, const std::string& entryName,
                               const std::vector<ArrayValue>& args);

/// The shape of `type` for the given sizes. Throws IoError for a negative
/// dimension or one that overflows, in the interpreter's words ("the dimension
/// n-5 evaluates to -2, a negative size", "the dimension n*n overflows i64").
std::vector<int64_t> evaluateShape(const SignatureType& type, const std::vector<std::string>& names,
                                   const std::vector<int64_t>& sizes);

} // namespace arr::runtime
