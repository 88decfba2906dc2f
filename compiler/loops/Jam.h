#pragma once
// Unroll-and-jam of sequential reductions: four iterations of a loop whose
// body is a float sum share one pass of the sum's loop, so four independent
// additions are in flight instead of one; and four iterations of a loop that
// accumulates into a row share one pass over the row (see Jam.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void jamReductions(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
