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
//
// The default rule, auto, decides at run time: a first-order gradient (a grad,
// valueAndGrad or vjp node of the program, outside other differentiations and loop
// steps, containing none) whose loops keep steps × state bytes within the running
// process's budget (arrrt_checkpoint_fits, runtime/CheckpointBudget.h) runs with every
// state kept, else with √n segments. Both versions are compiled, each the Diff node in
// the step of a loop of 1 or 0 steps (c = fits(bytes) and 1 - c: the core IR's only
// construct that evaluates something or not), the second loop starting from the first
// one's result. The loops' own derivatives (the vjps of their steps, differentiated in
// later rounds) are not versioned again: their loops keep every state, as with 'all',
// so each gradient of the program has two versions however deep its loops nest.
// Derivatives of derivatives keep every state too: one version each.

#include "ir/Core.h"

#include <cstdint>
#include <optional>
#include <string>

namespace arr::ad {

struct LoopCheckpoints {
  enum class Rule {
    Auto,       // EveryStep while the states fit the budget at run time, else SquareRoot
    EveryStep,  // keep the state of every step (no segments): the fastest
    SquareRoot, // segments of ⌊√n⌋ steps
    Interval,   // segments of `interval` steps
  };
  Rule rule = Rule::Auto;
  int64_t interval = 0; // Interval: at least 2

  /// "auto", "all", "sqrt" or a number of steps K >= 2; nullopt for anything else.
  static std::optional<LoopCheckpoints> parse(const std::string& text);
};

/// Whether `loop` is one of the two loops of 1 or 0 steps that choose a gradient's version
/// under the auto rule: its step is not a loop's step in the sense of Forward.h (what
/// it runs, it runs once).
bool choosesCheckpointVersion(const core::Node& loop);

/// Whether `function` holds a loop split into segments (a loop whose count mentions a
/// derived size): the vjp of a segment keeps only its states, however it is nested.
bool holdsSegments(const core::Function& function);

/// Every loop in the functions of the grad/valueAndGrad/vjp nodes that the next `ad` pass
/// differentiates (those whose functions contain no other Diff), segmented by `policy`.
/// `firstRound`: the first round of differentiation, the only one whose gradients the
/// auto rule versions.
core::Program checkpointLoops(const core::Program& program, const LoopCheckpoints& policy,
                              bool firstRound);

} // namespace arr::ad
