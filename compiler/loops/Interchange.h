#pragma once
// Reduction interchange: sums whose terms are contiguous in the enclosing
// loop's variable are accumulated a row at a time (see Interchange.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void interchangeReductions(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
