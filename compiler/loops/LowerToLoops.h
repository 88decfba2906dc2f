#pragma once
// Core IR (differentiation-free) to loop IR: fused loop nests with
// materialisation and parallel annotations (ARCHITECTURE.md §5).

#include "ir/Core.h"
#include "loops/LoopIR.h"

namespace arr::loops {

/// Lowers every entry point. Reductions may be reassociated where the primitive table
/// allows, on floats only without `strictFp` (LANGUAGE.md §9). Throws std::logic_error
/// for IR it cannot lower (a Diff node left by an earlier stage).
Program lowerToLoops(const core::Program& program, bool strictFp);

} // namespace arr::loops
