#pragma once
// The dual-arrays forward pass (the paper's Figs. 14 and 15, with §7.1's
// observation): a differentiated function becomes primal let-bindings plus one
// symbolic Delta term per result. Index functions and indices are copied from
// the primal program (the non-differentiating transformation D' of Fig. 13 is
// the identity here because variables are unique).

#include "ir/Builder.h"
#include "passes/ad/Delta.h"

namespace arr::ad {

struct DualFunction {
  std::vector<VarP> params;
  std::vector<core::Binding> bindings; // the primal computation, in order
  std::vector<NodeP> results;          // primal results, over the bindings
  std::vector<DeltaP> deltas;          // per result; null for a zero derivative
  uint64_t shareCount = 0;             // ids 1..shareCount are in use
  /// The derivative may bind a size at run time (forwardPasses: it is never lifted over a
  /// build nor differentiated again): a while loop's reverse sweep keeps the states of
  /// the steps taken in arrays of their number.
  bool runtimeSizes = false;
};

/// Differentiates a function in BOT normal form (no build1) with respect to the
/// parameters marked in `differentiable` (one flag per parameter, floats only).
///
/// A loop's primal keeps the state before each step, from which the reverse sweep
/// recomputes each step (LoopDerivatives.h). With `keepLoopIntermediates`, its loops
/// (and theirs) also keep the values the steps' reverse reads, and the reverse sweep reads
/// them instead of running the step again: for loops differentiated inside another
/// loop's step, whose memory lives for one step of that loop.
DualFunction forwardPass(const core::Function& function, const std::vector<bool>& differentiable,
                         bool keepLoopIntermediates = false);

/// `--dump-after=ad`: the primal bindings and the Delta terms.
std::string print(const DualFunction& dual);

} // namespace arr::ad
