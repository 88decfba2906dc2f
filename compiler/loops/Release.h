#pragma once
// Buffer lifetimes: each buffer is released right after its last use instead
// of at the end of the scope that allocated them, so temporaries do not pile
// up; and a buffer allocated in every iteration of a serial loop, with a shape
// the loop does not change, is allocated once around the loop instead (no
// buffer relies on its contents when allocated). Parallel loops keep their
// allocations, which are private to each iteration.

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void placeAllocations(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
