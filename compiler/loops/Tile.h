#pragma once
// Register tiles for products: a nest of two loops around a reduction whose
// terms read one operand that moves with the inner or outer index and another
// that does not (a matrix product in any of its layouts) runs as a micro-kernel
// of rows by vector lanes sized for the target's registers, reading a packed copy of the
// moving operand; sums that feed other work are first split off into a temporary
// (see Tile.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void tileProducts(Function& function, ExprBuilder& exprs, const VectorRegisters& target);

} // namespace arr::loops
