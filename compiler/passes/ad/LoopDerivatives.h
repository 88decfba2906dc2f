#pragma once
// The derivatives of a sequential loop (a Delta of kind Loop, Forward.cpp) as loops
// whose steps apply the derivative of the loop's step: a vjp or jvp Diff node of the
// step function, differentiated in the next round of AD (innermost first), so the
// step is differentiated as a function of its own and nothing is interpreted at
// run time.
//
// Reverse mode runs the step's vjp backwards over the states the primal loop kept
// (one per step), recomputing the step's intermediate values from them; the
// cotangents of captured values accumulate in the reverse loop's state. A loop whose
// primal also kept its steps' intermediate values (Forward.h) runs instead the step's
// reverse that the forward pass built (Delta::reverse) over them. Forward mode carries
// the tangent of the state beside the state through the step's jvp.

#include "ir/Builder.h"
#include "passes/ad/Delta.h"

#include <vector>

namespace arr::ad {

/// What gets a cotangent in the reverse sweep of `loop`, by step parameter: every float
/// state component (cotangents flow through the state from step to step), and the float
/// elements and captured values whose tangent (`parts`, by operand) is not zero.
std::vector<bool> reverseDifferentiable(const core::Node& loop, const std::vector<DeltaP>& parts);

/// The cotangents of the loop's operands (initial state, elements, captured; null
/// where the Delta's part is null) for the cotangents of its results (null for zero).
/// The reverse loop is appended to `bindings`, which must be bound before the
/// returned terms are used. A while loop's sweep reads the states of the steps taken,
/// kept in arrays of their number, when `runtimeSizes` (DualFunction::runtimeSizes) allows
/// such a size; otherwise it recomputes each state from the first (time quadratic in the
/// steps, memory constant).
std::vector<NodeP> loopCotangents(const Delta& loop, const std::vector<NodeP>& resultCotangents,
                                  std::vector<core::Binding>& bindings, bool runtimeSizes = false);

/// The tangents of the loop's results (null where zero or not a float) for the
/// tangents of its operands (null for zero). The tangent loop is appended to `bindings`.
std::vector<NodeP> loopTangents(const Delta& loop, const std::vector<NodeP>& operandTangents,
                                std::vector<core::Binding>& bindings);

} // namespace arr::ad
