#pragma once
// Vectorised reductions over loop nests: sums that a nest of loops adds into
// scalars are accumulated in vector lanes across the whole nest and combined once
// after it (see Vectorise.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void vectoriseNestReductions(Function& function, ExprBuilder& exprs, const VectorRegisters& target);

} // namespace arr::loops
