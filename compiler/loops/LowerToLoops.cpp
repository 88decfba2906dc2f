#include "loops/LowerToLoops.h"

#include "loops/Lowering.h"

namespace arr::loops {

Program lowerToLoops(const core::Program& program, bool strictFp) {
  Program lowered;
  lowered.strictFp = strictFp;
  for (const core::Entry& entry : program.entries)
    lowered.functions.push_back(Lowering(entry, strictFp).run());
  return lowered;
}

} // namespace arr::loops
