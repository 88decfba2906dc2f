#pragma once
// Replaces every grad/valueAndGrad/vjp/jvp node by its derivative program:
// the forward pass (ad), the symbolic reverse pass or forward evaluation
// (transpose), and the conversion of node sharing to let-bindings (unshare).
// The result contains no Diff node: only primal and derivative arithmetic.

#include "ir/Core.h"

#include <string>

namespace arr::ad {

struct DifferentiationDumps {
  std::string ad;        // primal bindings and Delta terms of each differentiated function
  std::string transpose; // the program with derivative code whose sharing is still by node identity
};

core::Program differentiate(const core::Program& program, DifferentiationDumps* dumps = nullptr);

/// Binds every non-trivial node used more than once (outside index functions)
/// to a let, in dependency order, just above the root of each entry body.
core::Program unshare(const core::Program& program);

} // namespace arr::ad
