#pragma once
// Index-set splitting of loops with range-checked bodies: a serial loop whose
// reads are guarded by range checks on its index plus an offset runs as three
// loops, the middle one over the indices where every such check holds and with
// those checks removed (see Split.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void splitGuardedLoops(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
