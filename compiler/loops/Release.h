#pragma once
// Buffer lifetimes: each buffer is released right after its last use instead
// of at the end of the scope that allocated them, so temporaries do not pile
// up; and a buffer allocated in every iteration of a serial loop, with a size
// the loop does not change, is allocated once around the loop instead (no
// buffer relies on being zeroed by its allocation). Parallel loops keep their
// allocations, which are private to each iteration.

#include "loops/LoopIR.h"

namespace arr::loops {

void placeAllocations(Block& block);

} // namespace arr::loops
