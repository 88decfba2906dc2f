#pragma once
// Lowering from the typed AST to the core IR (`--dump-after=core`): every call is
// inlined and every lambda beta-reduced, tuples are split into their components,
// scalar broadcasting becomes replicate, `if` becomes cond, a multi-dimensional
// build becomes nested build1, and size variables of callees are replaced by the
// sizes they were bound to. Entry points keep their size variables symbolic.

#include "ir/Core.h"
#include "sema/TypeChecker.h"

namespace arr::lower {

core::Program lowerToCore(const sema::CheckedProgram& program);

} // namespace arr::lower
