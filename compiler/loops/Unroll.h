#pragma once
// Unrolling of short loops into the loop nest inside them (see Unroll.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void unrollShortLoops(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
