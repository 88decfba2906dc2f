#pragma once
// The partial-derivative formulas of the primitive table (Primitives.h), parsed.
// A formula is a small expression tree over the operands `x`, `y`, the result
// `r`, number literals and other primitives; AD instantiates it with core IR
// terms (passes/ad/Forward.cpp).

#include "base/Primitives.h"

#include <string>
#include <string_view>
#include <vector>

namespace arr::prim {

struct Formula {
  enum class Kind {
    Number,    // number
    Operand,   // x (operand 0) or y (operand 1)
    Result,    // r
    Unary,     // unaryOp(args[0])
    Binary,    // binaryOp(args[0], args[1])
    Indicator, // float(args[0]): 1 where the comparison args[0] holds, else 0
  };
  explicit Formula(Kind kind = Kind::Number) : kind(kind) {}

  Kind kind;
  double number = 0;
  int operand = 0;
  UnaryOp unaryOp = UnaryOp::Neg;
  BinaryOp binaryOp = BinaryOp::Add;
  std::vector<Formula> args;

  bool isNumber(double value) const { return kind == Kind::Number && number == value; }
  bool mentionsResult() const;
};

/// Parses a formula; throws std::invalid_argument naming the problem.
Formula parseFormula(std::string_view text);

/// Empty when `text` parses, uses only variables an operation of `arity` operands has,
/// and applies only primitives that are differentiable on floats (so the derivative
/// can be differentiated again); else the problem.
std::string checkPartialFormula(std::string_view text, size_t arity);

/// The parsed partial derivative of a primitive with DerivativeKind::Formulas with
/// respect to one of its operands (parsed once; validatePrimitives checks them all).
const Formula& partialDerivative(UnaryOp op);
const Formula& partialDerivative(BinaryOp op, int operand);

} // namespace arr::prim
