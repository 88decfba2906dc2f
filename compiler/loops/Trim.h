#pragma once
// Trimming of masked sums on loop IR: a serial loop whose every effect is a sum of
// terms masked by a comparison of its index (a triangular dot product) runs only
// over the indices where some mask holds (see Trim.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void trimMaskedSums(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
