#pragma once
// Fusion of sibling loops on loop IR: two consecutive loops over the same range,
// whose iterations meet only at the same index, run as one.

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

#include <functional>

namespace arr::loops {

void fuseSiblingLoops(Function& function, ExprBuilder& exprs);

/// The two loops as one, the second's iterations after the first's in each (its index
/// renamed, its body after the first's), when both have the same bounds, step and
/// parallelism, neither carries a state, reduces or assigns a local of its parent, and the
/// fused loop carries no dependence (loops/Analysis.h); else null.
StmtP fuseLoops(const Stmt& first, const Stmt& second, ExprBuilder& exprs);

/// Fuses each loop of `block` that `leads` accepts with the later loops for which `tryFuse`
/// returns a fused loop (fuseLoops and a pass's own conditions). A later loop moves up to
/// the one it joins past at most a few statements that it shares nothing with (no buffer
/// one writes and the other touches, no local one defines and the other reads);
/// allocations on the way go before the fused loop.
void fuseSiblings(Block& block, const std::function<bool(const Stmt& loop)>& leads,
                  const std::function<StmtP(const Stmt& first, const Stmt& second)>& tryFuse);

} // namespace arr::loops
