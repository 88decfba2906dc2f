// The primitive table (base/Primitives.h) checked against itself: its derivative
// formulas against central differences of its own evaluation, its zero column
// against evaluating at zero, its formulas' syntax and the start-up validation.

#include "base/Primitives.h"
#include "base/DerivativeFormula.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace {

using namespace arr;
using namespace arr::prim;

double asDouble(const Scalar& value) {
  return std::get<double>(value);
}

/// A formula evaluated on f64 scalars with the table's own evaluation.
double evaluateFormula(const Formula& formula, double x, double y, double r) {
  switch (formula.kind) {
  case Formula::Kind::Number:
    return formula.number;
  case Formula::Kind::Operand:
    return formula.operand == 0 ? x : y;
  case Formula::Kind::Result:
    return r;
  case Formula::Kind::Unary:
    return asDouble(
        evaluate(formula.unaryOp, Elem::F64, evaluateFormula(formula.args[0], x, y, r)));
  case Formula::Kind::Binary:
    return asDouble(evaluate(formula.binaryOp, Elem::F64, evaluateFormula(formula.args[0], x, y, r),
                             evaluateFormula(formula.args[1], x, y, r)));
  case Formula::Kind::Indicator: {
    const Formula& comparison = formula.args[0];
    Scalar holds =
        evaluate(comparison.binaryOp, Elem::F64, evaluateFormula(comparison.args[0], x, y, r),
                 evaluateFormula(comparison.args[1], x, y, r));
    return std::get<bool>(holds) ? 1.0 : 0.0;
  }
  }
  return std::numeric_limits<double>::quiet_NaN();
}

/// Points inside every float primitive's domain, away from kinks and poles.
const double kPoints[] = {0.3, 0.71, 1.37, 2.9};

double centralDifference(UnaryOp op, double x) {
  const double h = 1e-6 * std::max(1.0, std::fabs(x));
  return (asDouble(evaluate(op, Elem::F64, x + h)) - asDouble(evaluate(op, Elem::F64, x - h))) /
         (2 * h);
}

TEST(PrimitivesTest, TableIsValidAtStartUp) {
  EXPECT_EQ(validatePrimitives(), "");
}

TEST(PrimitivesTest, UnaryDerivativeFormulasMatchFiniteDifferences) {
  for (size_t i = 0; i < kUnaryCount; ++i) {
    auto op = UnaryOp(i);
    if (info(op).derivative.kind != DerivativeKind::Formulas) continue;
    for (double x : kPoints) {
      if (op == UnaryOp::Asin || op == UnaryOp::Acos) x /= 3; // inside (-1, 1)
      double r = asDouble(evaluate(op, Elem::F64, x));
      double exact = evaluateFormula(partialDerivative(op), x, 0, r);
      double estimate = centralDifference(op, x);
      EXPECT_NEAR(exact, estimate, 1e-6 * std::max(1.0, std::fabs(estimate)))
          << toString(op) << " at " << x;
    }
  }
}

TEST(PrimitivesTest, BinaryDerivativeFormulasMatchFiniteDifferences) {
  for (size_t i = 0; i < kBinaryCount; ++i) {
    auto op = BinaryOp(i);
    if (info(op).derivative.kind != DerivativeKind::Formulas) continue;
    for (double x : kPoints)
      for (double y : kPoints) {
        if (op == BinaryOp::Polygamma) x = std::floor(x) + 1;                 // a whole order
        if ((op == BinaryOp::Max || op == BinaryOp::Min) && x == y) continue; // a kink
        if (op == BinaryOp::Mod && std::fabs(std::remainder(x / y, 1.0)) < 1e-3) continue;
        double r = asDouble(evaluate(op, Elem::F64, x, y));
        for (int operand = 0; operand < 2; ++operand) {
          if (op == BinaryOp::Polygamma && operand == 0) continue; // the order is whole
          double h = 1e-6;
          double up = asDouble(
              evaluate(op, Elem::F64, x + (operand == 0 ? h : 0), y + (operand == 1 ? h : 0)));
          double down = asDouble(
              evaluate(op, Elem::F64, x - (operand == 0 ? h : 0), y - (operand == 1 ? h : 0)));
          double estimate = (up - down) / (2 * h);
          double exact = evaluateFormula(partialDerivative(op, operand), x, y, r);
          EXPECT_NEAR(exact, estimate, 1e-5 * std::max(1.0, std::fabs(estimate)))
              << toString(op) << " operand " << operand << " at " << x << ", " << y;
        }
      }
  }
}

bool isExactZero(const Scalar& value) {
  if (auto* d = std::get_if<double>(&value)) return *d == 0 && !std::signbit(*d);
  if (auto* i = std::get_if<int64_t>(&value)) return *i == 0;
  return !std::get<bool>(value);
}

Scalar zeroOf(Elem elem) {
  if (elem == Elem::I64) return int64_t(0);
  if (elem == Elem::Bool) return false;
  return 0.0;
}

TEST(PrimitivesTest, ZeroColumnAgreesWithEvaluation) {
  for (Elem elem : {Elem::F64, Elem::F32, Elem::I64, Elem::Bool}) {
    for (size_t i = 0; i < kUnaryCount; ++i) {
      auto op = UnaryOp(i);
      if (!resultType(op, elem)) continue;
      EXPECT_EQ(mapsZeroToZero(op, elem), isExactZero(evaluate(op, elem, zeroOf(elem))))
          << toString(op) << " on " << toString(elem);
    }
    for (size_t i = 0; i < kBinaryCount; ++i) {
      auto op = BinaryOp(i);
      if (!resultType(op, elem)) continue;
      EXPECT_EQ(mapsZeroToZero(op, elem),
                isExactZero(evaluate(op, elem, zeroOf(elem), zeroOf(elem))))
          << toString(op) << " on " << toString(elem);
    }
  }
}

TEST(PrimitivesTest, BuiltinsAreFoundByName) {
  EXPECT_EQ(callableUnary("asin"), UnaryOp::Asin);
  EXPECT_EQ(callableUnary("digamma"), UnaryOp::Digamma);
  EXPECT_EQ(callableUnary("f32"), UnaryOp::ToF32);
  EXPECT_EQ(callableBinary("atan2"), BinaryOp::Atan2);
  // Internal primitives and operators are not functions of the language.
  EXPECT_FALSE(callableUnary("trigamma"));
  EXPECT_FALSE(callableUnary("neg"));
  EXPECT_FALSE(callableBinary("polygamma"));
  EXPECT_FALSE(callableBinary("+"));
}

TEST(PrimitivesTest, FormulaCheckerRejectsWhatCannotBeDifferentiatedAgain) {
  EXPECT_EQ(checkPartialFormula("1 / sqrt(1 - x * x)", 1), "");
  EXPECT_EQ(checkPartialFormula("float(x >= y) * y ** 2", 2), "");
  EXPECT_NE(checkPartialFormula("1 +", 1), "");
  EXPECT_NE(checkPartialFormula("frobnicate(x)", 1), "");
  EXPECT_NE(checkPartialFormula("float(x)", 1), "");  // not a comparison
  EXPECT_NE(checkPartialFormula("sin(x, y)", 2), ""); // wrong arity
  EXPECT_NE(checkPartialFormula("y", 1), "");         // no second operand
  EXPECT_NE(checkPartialFormula("i64(x)", 1), "");    // discrete: no derivative of its own
  EXPECT_NE(checkPartialFormula("x < y", 2), "");     // a bool, not a derivative
}

TEST(PrimitivesTest, FormulasParseWithPrecedence) {
  Formula formula = parseFormula("y * x ** (y - 1 + float(y == 0))");
  ASSERT_EQ(formula.kind, Formula::Kind::Binary);
  EXPECT_EQ(formula.binaryOp, BinaryOp::Mul);
  const Formula& power = formula.args[1];
  ASSERT_EQ(power.kind, Formula::Kind::Binary);
  EXPECT_EQ(power.binaryOp, BinaryOp::Pow);
  EXPECT_EQ(power.args[1].kind, Formula::Kind::Binary);
  EXPECT_EQ(power.args[1].binaryOp, BinaryOp::Add);
  EXPECT_EQ(power.args[1].args[1].kind, Formula::Kind::Indicator);
  Formula negative = parseFormula("-1");
  EXPECT_TRUE(negative.isNumber(-1)); // a literal, not a negation
  EXPECT_TRUE(parseFormula("r + 1").mentionsResult());
  EXPECT_FALSE(parseFormula("cos(x)").mentionsResult());
}

} // namespace
