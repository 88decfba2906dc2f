#pragma once
// Arrays read under range checks many times over are read from a copy with zero
// margins instead, without the checks (see Pad.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void padGuardedReads(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
