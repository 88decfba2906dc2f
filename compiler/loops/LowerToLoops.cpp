#include "loops/LowerToLoops.h"

#include "loops/Lowering.h"

namespace arr::loops {

Program lowerToLoops(const core::Program& program) {
  Program lowered;
  for (const core::Entry& entry : program.entries)
    lowered.functions.push_back(Lowering(entry).run());
  return lowered;
}

} // namespace arr::loops
