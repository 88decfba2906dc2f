#pragma once
// `checkpoint`: the loops that reverse mode is about to differentiate, split into segments
// so that their derivative keeps O(√n) states instead of one per step (--loop-checkpoints).
//
// Reverse mode keeps the state before every step of a loop and runs the step's vjp on it
// (LoopDerivatives.h). A loop of n steps, rewritten as an outer loop of m = ⌊n / K⌋ steps
// whose step runs K of the original steps, then a remainder loop of n - m·K steps, is
// differentiated by the same rule: the outer loop keeps only the state at the start of
// each segment, and the vjp of its step recomputes the segment's K states from it (a
// second forward sweep) before running their derivatives backwards. With K = ⌊√n⌋ a
// loop needs about 2√n states; a fixed K needs n/K + K. The arithmetic of every step is
// unchanged, so results are bit for bit those of the unsegmented loop, except that the
// cotangents of captured values are summed per segment first.
//
// The segment count and length are sizes derived from n (base/Dim.h: quotient,
// squareRoot); loops whose count mentions a derived size are segments already and are
// left alone, so a nested differentiation does not segment them again.

#include "ir/Core.h"

#include <cstdint>
#include <optional>
#include <string>

namespace arr::ad {

struct LoopCheckpoints {
  enum class Rule {
    EveryStep,  // keep the state of every step (no segments): the fastest
    SquareRoot, // segments of ⌊√n⌋ steps
    Interval,   // segments of `interval` steps
  };
  Rule rule = Rule::EveryStep;
  int64_t interval = 0; // Interval: at least 2

  /// "all", "sqrt" or a number of steps K >= 2; nullopt for anything else.
  static std::optional<LoopCheckpoints> parse(const std::string& text);
};

/// Every loop in the functions of the grad/valueAndGrad/vjp nodes that the next `ad` pass
/// differentiates (those whose functions contain no other Diff), segmented by `policy`.
core::Program checkpointLoops(const core::Program& program, const LoopCheckpoints& policy);

} // namespace arr::ad
