#pragma once
// Unroll-and-jam of sequential reductions: four iterations of a loop whose
// body is a float sum share one pass of the sum's loop, so four independent
// additions are in flight instead of one; and four iterations of a loop that
// accumulates into a row share one pass over the row (see Jam.cpp). The same
// transformation, applied to every iteration of a short loop of constant extent
// and through a perfect nest, serves the unroll pass (Unroll.h).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

/// The longest loop JamMode::Whole unrolls.
inline constexpr int64_t kMaxWholeTrips = 4;

enum class JamMode {
  Groups, // four iterations at a time, the rest in a remainder loop
  Whole,  // every iteration of a loop of at most kMaxWholeTrips, jammed into the innermost loop of
          // the perfect nest its body runs
};

/// Every sequential loop of `body`, inner loops first, unrolled and jammed as `mode` says
/// where that is legal (by the dependences) and worth it.
void unrollAndJamAll(Block& body, JamMode mode, ExprBuilder& exprs);

/// The `jam` pass: JamMode::Groups on every loop.
void jamReductions(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
