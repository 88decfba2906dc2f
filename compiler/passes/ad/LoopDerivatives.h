#pragma once
// The derivatives of a sequential loop (a Delta of kind Loop, Forward.cpp) as loops
// whose steps apply the derivative of the loop's step: a vjp or jvp Diff node of the
// step function, differentiated in the next round of AD (innermost first), so the
// step is differentiated as a function of its own and nothing is interpreted at
// run time.
//
// Reverse mode runs the step's vjp backwards over the states the primal loop kept
// (one per step), recomputing the step's intermediate values from them; the
// cotangents of captured values accumulate in the reverse loop's state. Forward
// mode carries the tangent of the state beside the state through the step's jvp.

#include "ir/Builder.h"
#include "passes/ad/Delta.h"

#include <vector>

namespace arr::ad {

/// The cotangents of the loop's operands (initial state, elements, captured; null
/// where the Delta's part is null) for the cotangents of its results (null for zero).
/// The reverse loop is appended to `bindings`, which must be bound before the
/// returned terms are used.
std::vector<NodeP> loopCotangents(const Delta& loop, const std::vector<NodeP>& resultCotangents,
                                  std::vector<core::Binding>& bindings);

/// The tangents of the loop's results (null where zero or not a float) for the
/// tangents of its operands (null for zero). The tangent loop is appended to `bindings`.
std::vector<NodeP> loopTangents(const Delta& loop, const std::vector<NodeP>& operandTangents,
                                std::vector<core::Binding>& bindings);

} // namespace arr::ad
