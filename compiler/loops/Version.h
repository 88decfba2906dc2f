#pragma once
// Loop versioning of guarded reads: an innermost loop whose reads are guarded
// by range checks on indices that grow by one per iteration runs without the
// checks when its first and last indices are in range (see Version.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void versionGuardedLoops(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
