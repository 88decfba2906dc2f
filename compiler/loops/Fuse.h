#pragma once
// Fusion of sibling loops on loop IR: two consecutive loops over the same range,
// whose iterations meet only at the same index, run as one.

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void fuseSiblingLoops(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
