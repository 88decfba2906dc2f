#pragma once
// Reduction interchange: sums whose terms are contiguous in the enclosing
// loop's variable are accumulated a row at a time (see Interchange.cpp).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

/// What one walk over a function's loops does to a loop j whose body sums over l.
enum class SumNestWalk {
  /// Sums of sums that read memory contiguous in j become one sum with j innermost
  /// (`for l: for j: acc += X(l, j)`), parallel j loops included (the collapse pass).
  CollapseStrided,
  /// As CollapseStrided for sequential loops, and other sums contiguous in j take the row
  /// form (the interchange pass's first walk).
  Reorder,
  /// The remaining sums of sums become one sum over the nest in its order (its second).
  CollapseInOrder,
};

/// One walk over every loop of `function`, inner loops first.
void walkSumNests(Function& function, ExprBuilder& exprs, SumNestWalk walk);

/// The interchange pass: SumNestWalk::Reorder, then SumNestWalk::CollapseInOrder.
void interchangeReductions(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
