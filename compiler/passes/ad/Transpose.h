#pragma once
// The symbolic reverse pass (the paper's Fig. 19) and the forward evaluation of
// a Delta term (eval0, for jvp). Both build core IR: cotangent and tangent
// terms over the primal bindings. Sharing is node identity: a cotangent used by
// both sides of an Add is the same node (the paper's `share`), turned into
// let-bindings by unshare.

#include "passes/ad/Forward.h"

#include <map>

namespace arr::ad {

/// The cotangent of every float parameter (by parameter index) for the given
/// cotangents of the results; parameters that receive none are absent. Loops of the
/// reverse sweep are appended to `bindings`, to be bound before the cotangents are used.
std::map<size_t, NodeP> transpose(const DualFunction& dual, const std::vector<NodeP>& cotangents,
                                  std::vector<core::Binding>& bindings);

/// The tangents of the results for the given tangents of the float parameters
/// (by parameter index); null for a result with a zero derivative. Tangent loops are
/// appended to `bindings`.
std::vector<NodeP> evaluateForward(const DualFunction& dual,
                                   const std::map<size_t, NodeP>& tangents,
                                   std::vector<core::Binding>& bindings);

} // namespace arr::ad
