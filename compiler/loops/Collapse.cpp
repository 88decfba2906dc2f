// Collapse of sums of sums on loop IR, before tiling.
//
// A sum over a matrix's columns of sums over its rows (`sum(sum(x))`, which sums
// the rows as vectors first) lowers to
//
//   parallel for j < m reduce acc +: sum = -0.0; for i < n: sum += X(i, j); acc += sum
//
// which walks each column of x with a row's stride between reads. Where both sums may
// be reassociated (not with --strict-fp), it is one sum over the (i, j) nest, and when
// X reads memory contiguous in j and moving with i, the order that walks rows:
//
//   parallel for i < n reduce acc +: for j < m: acc += X(i, j)
//
// Done before tiling, so that a product inside X (a loss over a matrix product) is tiled
// in the order its consumer reads it. The rewrite is the interchange pass's collapse
// (Interchange.cpp), whose legality checks it shares: the inner sum's body reads nothing
// the outer loop's body defines, and its bound does not depend on j (or is a triangle,
// min(b, j + c)).

#include "loops/Collapse.h"

#include "loops/Interchange.h"

namespace arr::loops {

void collapseSumNests(Function& function, ExprBuilder& exprs) {
  walkSumNests(function, exprs, SumNestWalk::CollapseStrided);
}

} // namespace arr::loops
