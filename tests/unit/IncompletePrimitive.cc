// A one-entry primitive table checked like the real one (base/Primitives.cpp):
// compiled once as it is, and once with -DARR_OMIT=derivative (or another field),
// which must fail to compile. Not part of the unit test executable (the .cc
// suffix keeps it out of the glob); incomplete_primitive_test.py compiles it.

#include "base/Primitives.h"

#include <array>

using namespace arr::prim;

#define ARR_OMIT_derivative 1
#define ARR_OMIT_zero 2
#define ARR_OMIT_evaluate 3
#define ARR_OMIT_lowering 4
#ifndef ARR_OMIT
#define ARR_OMITTED 0
#else
#define ARR_CONCAT(a, b) a##b
#define ARR_FIELD(name) ARR_CONCAT(ARR_OMIT_, name)
#define ARR_OMITTED ARR_FIELD(ARR_OMIT)
#endif

constexpr std::array<UnaryInfo, 1> kTable = {{
    {.op = UnaryOp::Neg,
     .name = "neg",
     .notation = Notation::Prefix,
     .symbol = "-",
     .operands = Operands::Floats,
     .result = Result::Operand,
#if ARR_OMITTED != 3
     .evaluate = {.f64 = [](double x) { return -x; }, .f32 = [](float x) { return -x; }},
#endif
#if ARR_OMITTED != 1
     .derivative = {DerivativeKind::Formulas, {"-1"}},
#endif
#if ARR_OMITTED != 2
     .zero = ZeroMap::IntegersOnly,
#endif
     .cost = kCheap,
#if ARR_OMITTED != 4
     .lowering = Lowering::Instruction,
#endif
    },
}};
static_assert(isCompleteTable(kTable), "every unary primitive needs every property");

int main() {
  return 0;
}
