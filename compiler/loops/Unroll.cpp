// Whole unroll-and-jam of short loops on loop IR.
//
// A loop of a few iterations (a constant extent of at most four: a stencil's taps)
// around a perfect nest that accumulates,
//
//   for q < 3: acc = 0; for r: for c: acc += t[r, c] * x[r, c + q]; out[q] = acc
//
// runs all its iterations in the nest's innermost loop, each with its own locals:
//
//   acc0 = 0; acc1 = 0; acc2 = 0
//   for r: for c: acc0 += t[r, c] * x[r, c]; acc1 += ..x[r, c + 1]; acc2 += ..x[r, c + 2]
//   out[0] = acc0; out[1] = acc1; out[2] = acc2
//
// What the copies share is loaded once (t[r, c]), the copies' accumulators are
// independent chains, and the loop left innermost is the long one, which LLVM
// vectorises. Two such loops (a 3 x 3 kernel's rows and columns) give nine
// accumulators. The checks of the copies' reads (`x` read out of range gives zero) are
// then all in one loop, whose index-set splitting (Split.cpp) removes them together.
//
// Legality and the transformation are unroll-and-jam's (Jam.cpp, JamMode::Whole): a
// dependence between two iterations of the unrolled loop must be between statements
// whose order the unrolling keeps, or between steps of one reassociable reduction.

#include "loops/Unroll.h"

#include "loops/Jam.h"

namespace arr::loops {

void unrollShortLoops(Function& function, ExprBuilder& exprs) {
  unrollAndJamAll(function.body, JamMode::Whole, exprs);
}

} // namespace arr::loops
