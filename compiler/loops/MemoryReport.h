#pragma once
// `arrc --memory-report`: per entry, the arrays it receives and returns and every
// buffer its loop nests allocate, with their shapes in the entry's size variables, so
// that a user sees where a derivative's memory goes (issue #37).

#include "loops/LoopIR.h"

#include <string>

namespace arr::loops {

/// The report of every function of the program, as printed on standard error.
std::string memoryReport(const Program& program);

} // namespace arr::loops
