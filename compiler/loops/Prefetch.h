#pragma once
// Software prefetching of strided row walks on loop IR: a serial loop that reads
// one short row per iteration, rows far apart, asks for the next row's cache lines
// one iteration ahead (see Prefetch.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void prefetchStridedRows(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
