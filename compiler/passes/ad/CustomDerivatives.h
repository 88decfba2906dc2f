#pragma once
// Derivatives given by the programmer (LANGUAGE.md §8): a custom node (Node::Kind::Custom)
// differentiated in its rule's mode applies the rule; in the other mode it is its value,
// differentiated as ordinary code. Its Delta is a Loop delta whose `loop` is the custom node
// (opaque to the passes between the forward pass and the transposition) whose parts are the
// deltas of its operands: inputs, value, captured values.

#include "passes/ad/Delta.h"

namespace arr::ad {

/// The cotangents of the custom node's operands (null where none) for the cotangents of its
/// results (null for zero). A reverse-mode rule is inlined into `bindings`.
std::vector<NodeP> customCotangents(const Delta& custom, const std::vector<NodeP>& resultCotangents,
                                    std::vector<core::Binding>& bindings);

/// The tangents of the custom node's results (null where zero or not a float) for the
/// tangents of its operands (null for zero). A forward-mode rule is inlined into `bindings`.
std::vector<NodeP> customTangents(const Delta& custom, const std::vector<NodeP>& operandTangents,
                                  std::vector<core::Binding>& bindings);

/// Every custom node replaced by its value, once nothing is left to differentiate.
core::Program removeCustomDerivatives(const core::Program& program);

/// The custom nodes of the entries that differentiate nothing (no Diff but in rules)
/// replaced by their values: no rule of theirs is ever used, and the BOT of --bot-all
/// could not lift a rule's derivatives over a build.
core::Program removeUnusedCustomDerivatives(const core::Program& program);

} // namespace arr::ad
