#pragma once
// Sums of sums collapsed into one sum whose innermost loop walks memory
// contiguously (see Collapse.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void collapseSumNests(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
