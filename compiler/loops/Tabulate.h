#pragma once
// Tables of partial sums on loop IR: a sum over a range that one end of moves with the
// loops around it, of terms those loops do not change, reads its value from a table of
// suffix (or prefix) sums built once before them (see Tabulate.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void tabulateRangeSums(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
