#pragma once
// The simplifier (`--dump-after=simplify`): small local rewrite rules applied
// bottom-up to a fixed point, then common-subexpression elimination by hash
// consing. Every rule preserves LANGUAGE.md's semantics exactly (including
// totality and IEEE arithmetic) unless its comment in Simplify.cpp says otherwise.

#include "ir/Core.h"

namespace arr::passes {

core::Program simplify(const core::Program& program);
core::NodeP simplify(const core::NodeP& node);

} // namespace arr::passes
