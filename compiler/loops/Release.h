#pragma once
// Buffers are released right after their last use instead of at the end of
// the scope that allocated them, so temporaries do not pile up.

#include "loops/LoopIR.h"

namespace arr::loops {

void releaseEarly(Block& block);

} // namespace arr::loops
