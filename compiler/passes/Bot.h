#pragma once
// The bulk-operation transform (the paper's §5, Figs. 9 to 11): pushes build1
// and index down into terms until no build1 is left and every index is in one
// of the normal forms of Theorem 5.1. Reads that may be out of range keep
// LANGUAGE.md's totality: where a rule of the paper would drop an index, the
// result is guarded by a range check that yields zero.

#include "ir/Core.h"

#include <string>

namespace arr::passes {

/// Applies the BOT to the body of every differentiated function (Diff node).
core::Program bulkOperationTransform(const core::Program& program);
/// Applies the BOT to whole entry bodies as well (`arrc --bot-all`).
core::Program bulkOperationTransformAll(const core::Program& program);
/// Applies the BOT to one function's body: a loop's step that AD differentiates where it
/// meets the loop (passes/ad/Forward.h), not as the function of a Diff node.
core::FunctionP bulkOperationTransform(const core::FunctionP& function);

/// Empty when `node` is in the normal form of Theorem 5.1 (no build1, every
/// index of a variable, a constant, a one-index array literal or a scatter),
/// else a description of the first offending subterm.
std::string checkBotNormalForm(const core::Node& node);

} // namespace arr::passes
