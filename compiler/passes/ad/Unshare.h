#pragma once
// Sharing as let-bindings (the paper's Fig. 20; `--dump-after=unshare`): the
// derivative code that transpose builds shares cotangents by node identity; this
// pass binds every non-trivial node used more than once (outside index
// functions) to a let, in dependency order, just above the root of each entry body.

#include "ir/Core.h"

namespace arr::ad {

core::Program unshare(const core::Program& program);

} // namespace arr::ad
