// The reference interpreter of the core IR: every node kind, the totality
// rules of LANGUAGE.md §7, arithmetic in the element type, size binding, and
// the evaluation strategies (sharing, loop-invariant values) that must never
// change a result.

#include "ir/Interpreter.h"
#include "ir/Builder.h"
#include "ir/InterpreterOps.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace arr::interp {
namespace {

using namespace arr::core;
using runtime::ArrayValue;
using runtime::Dtype;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

Dim c(int64_t value) {
  return Dim::constant(value);
}
Type type(Elem elem, std::vector<Dim> shape = {}) {
  return Type{elem, std::move(shape)};
}

NodeP f64(double x) {
  return makeConst(x, Elem::F64);
}
NodeP f32(float x) {
  return makeConst(static_cast<double>(x), Elem::F32);
}
NodeP i64(int64_t x) {
  return makeConst(x, Elem::I64);
}
NodeP boolean(bool x) {
  return makeConst(x, Elem::Bool);
}
NodeP use(const VarP& var) {
  return makeVariable(var);
}
VarP indexVar(const std::string& name) {
  return newVar(name, scalarType(Elem::I64));
}

NodeP bin(BinaryOp op, NodeP a, NodeP b) {
  return makeBinary(op, std::move(a), std::move(b));
}
NodeP un(UnaryOp op, NodeP a) {
  return makeUnary(op, std::move(a));
}

/// A literal array of f64 or i64 constants.
NodeP f64s(const std::vector<double>& values) {
  std::vector<NodeP> elements;
  for (double value : values)
    elements.push_back(f64(value));
  return makeArrayLit(std::move(elements));
}
NodeP i64s(const std::vector<int64_t>& values) {
  std::vector<NodeP> elements;
  for (int64_t value : values)
    elements.push_back(i64(value));
  return makeArrayLit(std::move(elements));
}

template <typename T>
ArrayValue array(std::vector<int64_t> shape, const std::vector<T>& values) {
  return ArrayValue::fromElements<T>(std::move(shape), values);
}

template <typename T>
std::vector<T> elements(const ArrayValue& value) {
  EXPECT_EQ(value.dtype, runtime::dtypeOf<T>());
  const T* data = value.data<T>();
  return std::vector<T>(data, data + value.elementCount());
}

/// The single result of a function of `params` applied to `args`.
ArrayValue apply(const std::vector<VarP>& params, const NodeP& body,
                 const std::vector<ArrayValue>& args, const SizeValues& sizes = {}) {
  std::vector<ArrayValue> results = evaluate(Function{params, body}, args, sizes);
  EXPECT_EQ(results.size(), 1u);
  return results.at(0);
}
ArrayValue eval(const NodeP& body, const SizeValues& sizes = {}) {
  return apply({}, body, {}, sizes);
}

template <typename T>
T scalarOf(const NodeP& body) {
  ArrayValue value = eval(body);
  EXPECT_EQ(value.rank(), 0u);
  return elements<T>(value).at(0);
}
double asF64(const NodeP& body) {
  return scalarOf<double>(body);
}
float asF32(const NodeP& body) {
  return scalarOf<float>(body);
}
int64_t asI64(const NodeP& body) {
  return scalarOf<int64_t>(body);
}
bool asBool(const NodeP& body) {
  return scalarOf<bool>(body);
}

/// Runs `action` and returns the InterpError message it throws ("" if none).
template <typename Action>
std::string errorOf(Action action) {
  try {
    action();
  } catch (const InterpError& error) {
    return error.what();
  }
  return "";
}

// ---- gather, scatter, index: totality ----------------------------------------------

TEST(InterpreterScatter, PaperExample) {
  // scatter [6] [1..9] (\[i] -> [i div 2]) = [3, 7, 11, 15, 9, 0] (paper §3.3).
  VarP i = indexVar("i");
  NodeP source = f64s({1, 2, 3, 4, 5, 6, 7, 8, 9});
  NodeP scatter = makeScatter({c(6)}, source, {i}, {bin(BinaryOp::Div, use(i), i64(2))});
  EXPECT_EQ(eval(scatter), array<double>({6}, {3, 7, 11, 15, 9, 0}));

  NodeP integers = makeScatter({c(6)}, i64s({1, 2, 3, 4, 5, 6, 7, 8, 9}), {i},
                               {bin(BinaryOp::Div, use(i), i64(2))});
  EXPECT_EQ(eval(integers), array<int64_t>({6}, {3, 7, 11, 15, 9, 0}));
}

TEST(InterpreterScatter, DropsOutOfRangeTargets) {
  // Targets i - 2 for i in 0..5 into [3]: -2 and -1 are dropped (no wrap-around), so are 3.
  VarP i = indexVar("i");
  NodeP scatter =
      makeScatter({c(3)}, f64s({1, 2, 3, 4, 5, 6}), {i}, {bin(BinaryOp::Sub, use(i), i64(2))});
  EXPECT_EQ(eval(scatter), array<double>({3}, {3, 4, 5}));
}

TEST(InterpreterScatter, AddsSubArraysAndCollapsesSeveralVariables) {
  VarP a = newVar("a", type(Elem::F64, {c(4), c(2)}));
  VarP i = indexVar("i");
  // Rows i of a [4,2] land at row i % 3 of a [3,2]: row 0 gets a[0] + a[3].
  NodeP rows = makeScatter({c(3)}, use(a), {i}, {bin(BinaryOp::Mod, use(i), i64(3))});
  ArrayValue input = array<double>({4, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT_EQ(apply({a}, rows, {input}), array<double>({3, 2}, {8, 10, 3, 4, 5, 6}));

  // Two index variables, one target dimension: the column sums.
  VarP r = indexVar("r");
  VarP s = indexVar("s");
  NodeP columns = makeScatter({c(2)}, use(a), {r, s}, {use(s)});
  EXPECT_EQ(apply({a}, columns, {input}), array<double>({2}, {16, 20}));

  // One variable, two target dimensions: a diagonal.
  VarP v = newVar("v", type(Elem::I64, {c(3)}));
  NodeP diagonal = makeScatter({c(3), c(3)}, use(v), {i}, {use(i), use(i)});
  EXPECT_EQ(apply({v}, diagonal, {array<int64_t>({3}, {7, 8, 9})}),
            array<int64_t>({3, 3}, {7, 0, 0, 0, 8, 0, 0, 0, 9}));
}

TEST(InterpreterGather, OutOfRangeReadsZeroSubArrays) {
  VarP a = newVar("a", type(Elem::F64, {c(3), c(2)}));
  VarP i = indexVar("i");
  // Rows i - 1 for i in 0..3: row -1 and row 3 are out of range.
  NodeP gather = makeGather({c(4)}, use(a), {i}, {bin(BinaryOp::Sub, use(i), i64(1))});
  ArrayValue input = array<double>({3, 2}, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(apply({a}, gather, {input}), array<double>({4, 2}, {0, 0, 1, 2, 3, 4, 5, 6}));

  // Two index variables, full indexing: a transpose, read at [j, i].
  VarP j = indexVar("j");
  NodeP transpose = makeGather({c(2), c(3)}, use(a), {i, j}, {use(j), use(i)});
  EXPECT_EQ(apply({a}, transpose, {input}), array<double>({2, 3}, {1, 3, 5, 2, 4, 6}));

  // Bool arrays read false out of range.
  VarP flags = newVar("flags", type(Elem::Bool, {c(2)}));
  NodeP shifted = makeGather({c(3)}, use(flags), {i}, {bin(BinaryOp::Add, use(i), i64(1))});
  EXPECT_EQ(apply({flags}, shifted, {array<bool>({2}, std::vector<bool>{true, true})}),
            array<bool>({3}, std::vector<bool>{true, false, false}));
}

TEST(InterpreterIndex, FewerIndicesThanRankGiveSubArrays) {
  VarP a = newVar("a", type(Elem::F64, {c(2), c(3)}));
  ArrayValue input = array<double>({2, 3}, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(apply({a}, makeIndex(use(a), {i64(1)}), {input}), array<double>({3}, {4, 5, 6}));
  EXPECT_EQ(apply({a}, makeIndex(use(a), {i64(1), i64(2)}), {input}), ArrayValue::scalar(6.0));
  EXPECT_EQ(apply({a}, makeIndex(use(a), {}), {input}), input);
}

TEST(InterpreterIndex, OutOfRangeReadsZero) {
  VarP a = newVar("a", type(Elem::F64, {c(2), c(3)}));
  ArrayValue input = array<double>({2, 3}, {1, 2, 3, 4, 5, 6});
  auto at = [&](std::vector<NodeP> indices) {
    return apply({a}, makeIndex(use(a), indices), {input});
  };
  EXPECT_EQ(at({i64(2)}), array<double>({3}, {0, 0, 0}));
  EXPECT_EQ(at({i64(-1)}), array<double>({3}, {0, 0, 0})); // no wrap-around
  EXPECT_EQ(at({i64(0), i64(3)}), ArrayValue::scalar(0.0));
  EXPECT_EQ(at({i64(-1), i64(0)}), ArrayValue::scalar(0.0));
  EXPECT_EQ(at({i64(kMin), i64(kMax)}), ArrayValue::scalar(0.0));

  VarP flags = newVar("flags", type(Elem::Bool, {c(1)}));
  EXPECT_EQ(
      apply({flags}, makeIndex(use(flags), {i64(1)}), {array<bool>({1}, std::vector<bool>{true})}),
      ArrayValue::scalar(false));
}

// ---- integer arithmetic ------------------------------------------------------------

TEST(InterpreterIntegers, FloorDivisionAndRemainder) {
  auto div = [](int64_t a, int64_t b) { return asI64(bin(BinaryOp::Div, i64(a), i64(b))); };
  auto mod = [](int64_t a, int64_t b) { return asI64(bin(BinaryOp::Mod, i64(a), i64(b))); };
  EXPECT_EQ(div(-7, 2), -4);
  EXPECT_EQ(mod(-7, 2), 1);
  EXPECT_EQ(div(7, -2), -4);
  EXPECT_EQ(mod(7, -2), -1);
  EXPECT_EQ(div(-7, -2), 3);
  EXPECT_EQ(mod(-7, -2), -1);
  EXPECT_EQ(div(7, 2), 3);
  EXPECT_EQ(mod(7, 2), 1);
  EXPECT_EQ(div(-8, 2), -4);
  EXPECT_EQ(mod(-8, 2), 0);
  for (int64_t a = -20; a <= 20; ++a)
    for (int64_t b : {-7, -3, -1, 1, 2, 5})
      EXPECT_EQ(b * ops::floorDiv(a, b) + ops::floorMod(a, b), a);
}

TEST(InterpreterIntegers, DivisionByZeroAndOverflowDoNotTrap) {
  auto div = [](int64_t a, int64_t b) { return asI64(bin(BinaryOp::Div, i64(a), i64(b))); };
  auto mod = [](int64_t a, int64_t b) { return asI64(bin(BinaryOp::Mod, i64(a), i64(b))); };
  EXPECT_EQ(div(5, 0), 0);
  EXPECT_EQ(mod(5, 0), 0);
  EXPECT_EQ(div(kMin, 0), 0);
  EXPECT_EQ(div(kMin, -1), kMin); // wraps
  EXPECT_EQ(mod(kMin, -1), 0);
  EXPECT_EQ(div(kMin, 1), kMin);
}

TEST(InterpreterIntegers, ArithmeticWraps) {
  EXPECT_EQ(asI64(bin(BinaryOp::Add, i64(kMax), i64(1))), kMin);
  EXPECT_EQ(asI64(bin(BinaryOp::Sub, i64(kMin), i64(1))), kMax);
  EXPECT_EQ(asI64(bin(BinaryOp::Mul, i64(kMax), i64(2))), -2);
  EXPECT_EQ(asI64(un(UnaryOp::Neg, i64(kMin))), kMin);
  EXPECT_EQ(asI64(un(UnaryOp::Abs, i64(kMin))), kMin);
  EXPECT_EQ(asI64(un(UnaryOp::Abs, i64(-5))), 5);
  EXPECT_EQ(asI64(un(UnaryOp::Sign, i64(-5))), -1);
  EXPECT_EQ(asI64(un(UnaryOp::Sign, i64(0))), 0);
  EXPECT_EQ(asI64(un(UnaryOp::Sign, i64(kMax))), 1);
  EXPECT_EQ(asI64(bin(BinaryOp::Max, i64(-3), i64(2))), 2);
  EXPECT_EQ(asI64(bin(BinaryOp::Min, i64(-3), i64(2))), -3);
}

TEST(InterpreterIntegers, Power) {
  auto pow = [](int64_t a, int64_t b) { return asI64(bin(BinaryOp::Pow, i64(a), i64(b))); };
  EXPECT_EQ(pow(2, 10), 1024);
  EXPECT_EQ(pow(-3, 3), -27);
  EXPECT_EQ(pow(0, 0), 1);
  EXPECT_EQ(pow(7, 0), 1);
  EXPECT_EQ(pow(2, -1), 0);
  EXPECT_EQ(pow(0, -1), 0);
  EXPECT_EQ(pow(1, -5), 1);
  EXPECT_EQ(pow(-1, -3), -1);
  EXPECT_EQ(pow(-1, -4), 1);
  EXPECT_EQ(pow(2, 63), kMin); // wraps
  EXPECT_EQ(pow(2, 64), 0);
  uint64_t wrapped = 1;
  for (int k = 0; k < 45; ++k)
    wrapped *= 3;
  EXPECT_EQ(pow(3, 45), static_cast<int64_t>(wrapped));
}

TEST(InterpreterIntegers, Comparisons) {
  EXPECT_TRUE(asBool(bin(BinaryOp::Lt, i64(kMin), i64(kMax))));
  EXPECT_FALSE(asBool(bin(BinaryOp::Gt, i64(-1), i64(0))));
  EXPECT_TRUE(asBool(bin(BinaryOp::Ge, i64(3), i64(3))));
  EXPECT_TRUE(asBool(bin(BinaryOp::Le, i64(3), i64(3))));
  EXPECT_TRUE(asBool(bin(BinaryOp::Eq, i64(3), i64(3))));
  EXPECT_TRUE(asBool(bin(BinaryOp::Ne, i64(3), i64(4))));
}

// ---- floating point ----------------------------------------------------------------

TEST(InterpreterFloats, FollowIeee) {
  EXPECT_TRUE(std::isnan(asF64(un(UnaryOp::Log, f64(-1)))));
  EXPECT_EQ(asF64(un(UnaryOp::Log, f64(0))), -kInf);
  EXPECT_TRUE(std::isnan(asF64(un(UnaryOp::Sqrt, f64(-1)))));
  EXPECT_EQ(asF64(bin(BinaryOp::Div, f64(1), f64(0))), kInf);
  EXPECT_EQ(asF64(bin(BinaryOp::Div, f64(-1), f64(0))), -kInf);
  EXPECT_TRUE(std::isnan(asF64(bin(BinaryOp::Div, f64(0), f64(0)))));
  EXPECT_EQ(asF64(bin(BinaryOp::Pow, f64(2), f64(0.5))), std::sqrt(2.0));
  EXPECT_EQ(asF64(bin(BinaryOp::Atan2, f64(1), f64(-1))), std::atan2(1.0, -1.0));
  EXPECT_EQ(asF64(un(UnaryOp::Neg, f64(0.0))), 0.0);
  EXPECT_TRUE(std::signbit(asF64(un(UnaryOp::Neg, f64(0.0)))));
}

TEST(InterpreterFloats, ModIsXMinusYFloorXOverY) {
  auto mod = [](double a, double b) { return asF64(bin(BinaryOp::Mod, f64(a), f64(b))); };
  EXPECT_EQ(mod(-7, 2), 1);
  EXPECT_EQ(mod(7, -2), -1);
  EXPECT_EQ(mod(5.5, 2), 1.5);
  EXPECT_TRUE(std::isnan(mod(5, 0)));
  EXPECT_TRUE(std::isnan(mod(5, kInf))); // 5/inf = 0, inf*0 = NaN: the formula, literally
}

TEST(InterpreterFloats, UnaryFunctionsMatchTheCLibrary) {
  struct Case {
    UnaryOp op;
    double (*f64)(double);
    float (*f32)(float);
  };
  // Lambdas, not std::exp itself: standard library functions are not addressable.
#define ARR_CASE(op, name)                                                                         \
  Case {                                                                                           \
    UnaryOp::op, [](double x) { return std::name(x); }, [](float x) { return std::name(x); }       \
  }
  const Case cases[] = {
      ARR_CASE(Exp, exp),     ARR_CASE(Log, log),   ARR_CASE(Sqrt, sqrt),   ARR_CASE(Sin, sin),
      ARR_CASE(Cos, cos),     ARR_CASE(Tan, tan),   ARR_CASE(Tanh, tanh),   ARR_CASE(Abs, fabs),
      ARR_CASE(Floor, floor), ARR_CASE(Ceil, ceil), ARR_CASE(Log1p, log1p), ARR_CASE(Expm1, expm1),
      ARR_CASE(Erf, erf),
  };
#undef ARR_CASE
  for (const Case& test : cases)
    for (double x : {0.3, 1.7, 2.5, 10.25}) {
      SCOPED_TRACE(toString(test.op) + std::string(" ") + std::to_string(x));
      // ArrayValue equality is bitwise, so NaN results (log of negatives) compare too.
      for (double z : {x, -x}) {
        EXPECT_EQ(eval(un(test.op, f64(z))), ArrayValue::scalar(test.f64(z)));
        float y = static_cast<float>(z);
        EXPECT_EQ(eval(un(test.op, f32(y))), ArrayValue::scalar(test.f32(y)));
      }
    }
}

TEST(InterpreterFloats, Sign) {
  EXPECT_EQ(asF64(un(UnaryOp::Sign, f64(-3.5))), -1);
  EXPECT_EQ(asF64(un(UnaryOp::Sign, f64(1e-300))), 1);
  EXPECT_EQ(asF64(un(UnaryOp::Sign, f64(-kInf))), -1);
  double zero = asF64(un(UnaryOp::Sign, f64(-0.0)));
  EXPECT_EQ(zero, 0);
  EXPECT_FALSE(std::signbit(zero));
  EXPECT_TRUE(std::isnan(asF64(un(UnaryOp::Sign, f64(kNaN)))));
  EXPECT_EQ(asF32(un(UnaryOp::Sign, f32(-2))), -1.0f);
}

TEST(InterpreterFloats, MaxAndMinPropagateNaNAndOrderZeros) {
  EXPECT_TRUE(std::isnan(asF64(bin(BinaryOp::Max, f64(kNaN), f64(1)))));
  EXPECT_TRUE(std::isnan(asF64(bin(BinaryOp::Max, f64(1), f64(kNaN)))));
  EXPECT_TRUE(std::isnan(asF64(bin(BinaryOp::Min, f64(kNaN), f64(1)))));
  EXPECT_TRUE(std::isnan(asF64(bin(BinaryOp::Min, f64(1), f64(kNaN)))));
  EXPECT_EQ(asF64(bin(BinaryOp::Max, f64(-2), f64(3))), 3);
  EXPECT_EQ(asF64(bin(BinaryOp::Min, f64(-2), f64(3))), -2);
  EXPECT_FALSE(std::signbit(asF64(bin(BinaryOp::Max, f64(-0.0), f64(0.0)))));
  EXPECT_FALSE(std::signbit(asF64(bin(BinaryOp::Max, f64(0.0), f64(-0.0)))));
  EXPECT_TRUE(std::signbit(asF64(bin(BinaryOp::Min, f64(-0.0), f64(0.0)))));
  EXPECT_TRUE(std::signbit(asF64(bin(BinaryOp::Min, f64(0.0), f64(-0.0)))));
}

TEST(InterpreterFloats, ComparisonsWithNaN) {
  for (BinaryOp op : {BinaryOp::Eq, BinaryOp::Lt, BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge})
    EXPECT_FALSE(asBool(bin(op, f64(kNaN), f64(kNaN)))) << toString(op);
  EXPECT_TRUE(asBool(bin(BinaryOp::Ne, f64(kNaN), f64(kNaN))));
  EXPECT_TRUE(asBool(bin(BinaryOp::Eq, f64(0.0), f64(-0.0))));
}

TEST(InterpreterFloats, F32IsComputedInFloat) {
  // 2^24 + 1 + 1: float rounds each sum back to 2^24; in double the sum is
  // 2^24 + 2, which is a float.
  NodeP values = makeArrayLit({f32(16777216.0f), f32(1.0f), f32(1.0f)});
  EXPECT_EQ(asF32(makeSumOuter(values)), 16777216.0f);
  EXPECT_EQ(asF32(bin(BinaryOp::Add, bin(BinaryOp::Add, f32(16777216.0f), f32(1)), f32(1))),
            16777216.0f);

  // The steps of % round in float.
  float x = 44.0649109f, y = 12.3587818f;
  float inFloat = x - y * std::floor(x / y);
  float viaDouble = static_cast<float>(double(x) - double(y) * std::floor(double(x) / double(y)));
  ASSERT_NE(inFloat, viaDouble);
  EXPECT_EQ(asF32(bin(BinaryOp::Mod, f32(x), f32(y))), ops::floatMod(x, y));
  EXPECT_EQ(ops::floatMod(x, y), inFloat);

  EXPECT_EQ(asF32(bin(BinaryOp::Pow, f32(1.1f), f32(2.5f))), std::pow(1.1f, 2.5f));
  EXPECT_EQ(asF32(bin(BinaryOp::Atan2, f32(1.1f), f32(2.5f))), std::atan2(1.1f, 2.5f));
}

// ---- conversions -------------------------------------------------------------------

TEST(InterpreterConversions, ToI64TruncatesAndSaturates) {
  auto toI64 = [](double x) { return asI64(un(UnaryOp::ToI64, f64(x))); };
  EXPECT_EQ(toI64(2.7), 2);
  EXPECT_EQ(toI64(-2.7), -2);
  EXPECT_EQ(toI64(-0.0), 0);
  EXPECT_EQ(toI64(kNaN), 0);
  EXPECT_EQ(toI64(1e300), kMax);
  EXPECT_EQ(toI64(-1e300), kMin);
  EXPECT_EQ(toI64(kInf), kMax);
  EXPECT_EQ(toI64(-kInf), kMin);
  EXPECT_EQ(toI64(9223372036854775808.0), kMax);                // 2^63
  EXPECT_EQ(toI64(-9223372036854775808.0), kMin);               // -2^63 is representable
  EXPECT_EQ(toI64(9223372036854774784.0), 9223372036854774784); // the largest double below 2^63
  EXPECT_EQ(asI64(un(UnaryOp::ToI64, f32(1e30f))), kMax);
  EXPECT_EQ(asI64(un(UnaryOp::ToI64, f32(-3.9f))), -3);
  EXPECT_EQ(asI64(un(UnaryOp::ToI64, boolean(true))), 1);
}

TEST(InterpreterConversions, ToBoolIsNotZero) {
  EXPECT_TRUE(asBool(un(UnaryOp::ToBool, f64(kNaN))));
  EXPECT_FALSE(asBool(un(UnaryOp::ToBool, f64(-0.0))));
  EXPECT_TRUE(asBool(un(UnaryOp::ToBool, f64(1e-320))));
  EXPECT_TRUE(asBool(un(UnaryOp::ToBool, i64(-5))));
  EXPECT_FALSE(asBool(un(UnaryOp::ToBool, i64(0))));
  EXPECT_EQ(asF64(un(UnaryOp::ToF64, boolean(true))), 1.0);
  EXPECT_EQ(asF32(un(UnaryOp::ToF32, boolean(false))), 0.0f);
}

TEST(InterpreterConversions, FloatConversionsRoundOnce) {
  // 2^54 + 2^30 + 1 is just above the midpoint between two floats; through
  // double it would first round down to the midpoint, then to even (2^54).
  int64_t x = (int64_t{1} << 54) + (int64_t{1} << 30) + 1;
  EXPECT_EQ(asF32(un(UnaryOp::ToF32, i64(x))), 18014400656965632.0f); // 2^54 + 2^31
  EXPECT_EQ(asF64(un(UnaryOp::ToF64, f32(0.1f))), static_cast<double>(0.1f));
  EXPECT_EQ(asF32(un(UnaryOp::ToF32, f64(0.1))), 0.1f);
  EXPECT_EQ(asF32(un(UnaryOp::ToF32, f64(1e300))), std::numeric_limits<float>::infinity());
  EXPECT_EQ(asF64(un(UnaryOp::ToF64, i64(kMax))), 9223372036854775808.0);
}

TEST(InterpreterBools, LogicalOperations) {
  EXPECT_TRUE(asBool(bin(BinaryOp::And, boolean(true), boolean(true))));
  EXPECT_FALSE(asBool(bin(BinaryOp::And, boolean(true), boolean(false))));
  EXPECT_TRUE(asBool(bin(BinaryOp::Or, boolean(false), boolean(true))));
  EXPECT_FALSE(asBool(un(UnaryOp::Not, boolean(true))));
  EXPECT_TRUE(asBool(bin(BinaryOp::Eq, boolean(false), boolean(false))));
  EXPECT_TRUE(asBool(bin(BinaryOp::Ne, boolean(false), boolean(true))));
}

TEST(InterpreterElementwise, ArraysOfEqualShape) {
  VarP a = newVar("a", type(Elem::I64, {c(2), c(2)}));
  VarP b = newVar("b", type(Elem::I64, {c(2), c(2)}));
  ArrayValue left = array<int64_t>({2, 2}, {-7, 7, 9, -9});
  ArrayValue right = array<int64_t>({2, 2}, {2, -2, 0, 4});
  EXPECT_EQ(apply({a, b}, bin(BinaryOp::Div, use(a), use(b)), {left, right}),
            array<int64_t>({2, 2}, {-4, -4, 0, -3}));
  EXPECT_EQ(apply({a, b}, bin(BinaryOp::Lt, use(a), use(b)), {left, right}),
            array<bool>({2, 2}, std::vector<bool>{true, false, false, true}));
  EXPECT_EQ(apply({a}, un(UnaryOp::ToF64, use(a)), {left}), array<double>({2, 2}, {-7, 7, 9, -9}));
}

// ---- reductions --------------------------------------------------------------------

TEST(InterpreterReductions, SumOuter) {
  VarP a = newVar("a", type(Elem::F64, {c(3), c(2)}));
  EXPECT_EQ(apply({a}, makeSumOuter(use(a)), {array<double>({3, 2}, {1, 2, 3, 4, 5, 6})}),
            array<double>({2}, {9, 12}));
  EXPECT_EQ(asI64(makeSumOuter(i64s({kMax, 1}))), kMin); // wraps
  // One row is returned exactly, -0.0 included.
  EXPECT_TRUE(std::signbit(asF64(makeSumOuter(f64s({-0.0})))));

  VarP empty = newVar("e", type(Elem::F64, {c(0), c(3)}));
  EXPECT_EQ(apply({empty}, makeSumOuter(use(empty)), {ArrayValue::zeros(Dtype::F64, {0, 3})}),
            array<double>({3}, {0, 0, 0}));
}

TEST(InterpreterReductions, MaxOuterAndArgmaxOuter) {
  VarP a = newVar("a", type(Elem::F64, {c(3), c(3)}));
  ArrayValue input = array<double>({3, 3}, {1, 5, 2, 3, 5, kNaN, 3, 4, 7});
  EXPECT_EQ(elements<double>(apply({a}, makeMaxOuter(use(a)), {input}))[0], 3);
  EXPECT_EQ(elements<double>(apply({a}, makeMaxOuter(use(a)), {input}))[1], 5);
  EXPECT_TRUE(std::isnan(elements<double>(apply({a}, makeMaxOuter(use(a)), {input}))[2]));
  // Ties go to the first index; a NaN wins from its index on.
  EXPECT_EQ(apply({a}, makeArgmaxOuter(use(a)), {input}), array<int64_t>({3}, {1, 0, 1}));

  EXPECT_EQ(asI64(makeArgmaxOuter(f64s({kNaN, 1, kNaN}))), 0);
  EXPECT_EQ(asI64(makeArgmaxOuter(f64s({-0.0, 0.0}))), 0);
  EXPECT_EQ(asI64(makeArgmaxOuter(i64s({4, 9, 9, 2}))), 1);
  EXPECT_EQ(asI64(makeMaxOuter(i64s({4, 9, 9, 2}))), 9);
  EXPECT_EQ(asF32(makeMaxOuter(makeArrayLit({f32(-1), f32(-3)}))), -1.0f);
}

TEST(InterpreterReductions, EmptyDimension) {
  VarP f = newVar("f", type(Elem::F64, {c(0), c(2)}));
  VarP g = newVar("g", type(Elem::F32, {c(0)}));
  VarP n = newVar("n", type(Elem::I64, {c(0), c(2)}));
  ArrayValue emptyF64 = ArrayValue::zeros(Dtype::F64, {0, 2});
  ArrayValue emptyI64 = ArrayValue::zeros(Dtype::I64, {0, 2});
  EXPECT_EQ(apply({f}, makeMaxOuter(use(f)), {emptyF64}), array<double>({2}, {-kInf, -kInf}));
  EXPECT_EQ(apply({g}, makeMaxOuter(use(g)), {ArrayValue::zeros(Dtype::F32, {0})}),
            ArrayValue::scalar(-std::numeric_limits<float>::infinity()));
  EXPECT_EQ(apply({n}, makeMaxOuter(use(n)), {emptyI64}), array<int64_t>({2}, {kMin, kMin}));
  EXPECT_EQ(apply({f}, makeArgmaxOuter(use(f)), {emptyF64}), array<int64_t>({2}, {0, 0}));
  EXPECT_EQ(apply({n}, makeSumOuter(use(n)), {emptyI64}), array<int64_t>({2}, {0, 0}));
}

// ---- structural operations ---------------------------------------------------------

TEST(InterpreterStructure, ReplicateAndArrayLiterals) {
  EXPECT_EQ(eval(makeReplicate(c(3), f64s({1, 2}))), array<double>({3, 2}, {1, 2, 1, 2, 1, 2}));
  EXPECT_EQ(eval(makeReplicate(c(0), f64s({1, 2}))), ArrayValue::zeros(Dtype::F64, {0, 2}));
  EXPECT_EQ(eval(makeArrayLit({i64s({1, 2}), i64s({3, 4})})), array<int64_t>({2, 2}, {1, 2, 3, 4}));
  EXPECT_EQ(eval(makeArrayLit({boolean(true), boolean(false)})),
            array<bool>({2}, std::vector<bool>{true, false}));
}

TEST(InterpreterStructure, TrPermutesTheOuterDimensions) {
  VarP a = newVar("a", type(Elem::I64, {c(2), c(3), c(4)}));
  std::vector<int64_t> values(24);
  for (int64_t k = 0; k < 24; ++k)
    values[k] = k;
  ArrayValue input = array<int64_t>({2, 3, 4}, values);
  auto at = [&](int64_t i, int64_t j, int64_t k) { return values[(i * 3 + j) * 4 + k]; };

  // tr [1,0] on a rank-3 array: out[j][i][k] = a[i][j][k].
  ArrayValue swapped = apply({a}, makeTr({1, 0}, use(a)), {input});
  ASSERT_EQ(swapped.shape, (std::vector<int64_t>{3, 2, 4}));
  std::vector<int64_t> expected;
  for (int64_t j = 0; j < 3; ++j)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t k = 0; k < 4; ++k)
        expected.push_back(at(i, j, k));
  EXPECT_EQ(elements<int64_t>(swapped), expected);

  // Result dimension q is input dimension p_q: tr [2,0,1] gives out[k][i][j] = a[i][j][k].
  ArrayValue rotated = apply({a}, makeTr({2, 0, 1}, use(a)), {input});
  ASSERT_EQ(rotated.shape, (std::vector<int64_t>{4, 2, 3}));
  expected.clear();
  for (int64_t k = 0; k < 4; ++k)
    for (int64_t i = 0; i < 2; ++i)
      for (int64_t j = 0; j < 3; ++j)
        expected.push_back(at(i, j, k));
  EXPECT_EQ(elements<int64_t>(rotated), expected);

  EXPECT_EQ(apply({a}, makeTr({0, 1}, use(a)), {input}), input);
}

TEST(InterpreterStructure, ReshapeIsRowMajor) {
  VarP a = newVar("a", type(Elem::F64, {c(2), c(3)}));
  ArrayValue input = array<double>({2, 3}, {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(apply({a}, makeReshape({c(3), c(2)}, use(a)), {input}),
            array<double>({3, 2}, {1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(apply({a}, makeReshape({c(6)}, use(a)), {input}),
            array<double>({6}, {1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(eval(makeReshape({}, f64s({7}))), ArrayValue::scalar(7.0));
  EXPECT_EQ(eval(makeReshape({c(1), c(1)}, f64(7))), array<double>({1, 1}, {7}));
}

TEST(InterpreterStructure, IotaSizeValueNoGradConst) {
  SizeVarP n = newSizeVar("n");
  SizeVarP m = newSizeVar("m");
  Dim N = Dim::variable(n), M = Dim::variable(m);
  SizeValues sizes{{n->id, 3}, {m->id, 4}};
  EXPECT_EQ(eval(makeIota(N), sizes), array<int64_t>({3}, {0, 1, 2}));
  EXPECT_EQ(eval(makeIota(c(0))), ArrayValue::zeros(Dtype::I64, {0}));
  EXPECT_EQ(eval(makeSizeValue(N * M + c(1)), sizes), ArrayValue::scalar(int64_t{13}));
  EXPECT_EQ(eval(makeNoGrad(f64s({1, 2}))), array<double>({2}, {1, 2}));
  EXPECT_EQ(eval(f32(0.1f)), ArrayValue::scalar(0.1f));
  EXPECT_EQ(eval(boolean(true)), ArrayValue::scalar(true));
}

TEST(InterpreterStructure, CondSelectsAndIsStrict) {
  NodeP x = f64s({1, 2});
  NodeP y = f64s({3, 4});
  EXPECT_EQ(eval(makeCond(boolean(true), x, y)), array<double>({2}, {1, 2}));
  EXPECT_EQ(eval(makeCond(bin(BinaryOp::Lt, i64(2), i64(1)), x, y)), array<double>({2}, {3, 4}));
  // Both branches are evaluated: an unsupported node in the unselected branch is reached.
  VarP p = newVar("p", scalarType(Elem::F64));
  auto square = std::make_shared<Function>(Function{{p}, bin(BinaryOp::Mul, use(p), use(p))});
  NodeP gradient = makeDiff(DiffKind::Grad, square, {f64(3)});
  EXPECT_NE(errorOf([&] { eval(makeCond(boolean(true), f64(1), gradient)); }), "");
}

TEST(InterpreterStructure, Build1NestedAndEmpty) {
  VarP i = indexVar("i");
  VarP j = indexVar("j");
  NodeP inner =
      makeBuild1(c(3), j, bin(BinaryOp::Add, bin(BinaryOp::Mul, use(i), i64(10)), use(j)));
  EXPECT_EQ(eval(makeBuild1(c(2), i, inner)), array<int64_t>({2, 3}, {0, 1, 2, 10, 11, 12}));

  VarP k = indexVar("k");
  EXPECT_EQ(eval(makeBuild1(c(0), k, f64s({1, 2, 3}))), ArrayValue::zeros(Dtype::F64, {0, 3}));

  // A build over a size variable, reading a parameter.
  SizeVarP n = newSizeVar("n");
  VarP a = newVar("a", type(Elem::F64, {Dim::variable(n)}));
  NodeP reversed =
      makeBuild1(Dim::variable(n), i,
                 makeIndex(use(a), {bin(BinaryOp::Sub,
                                        bin(BinaryOp::Sub, makeSizeValue(Dim::variable(n)), i64(1)),
                                        use(i))}));
  EXPECT_EQ(apply({a}, reversed, {array<double>({4}, {1, 2, 3, 4})}, {{n->id, 4}}),
            array<double>({4}, {4, 3, 2, 1}));
}

TEST(InterpreterBindings, LetLetTupleAndTuple) {
  VarP a = newVar("a", type(Elem::F64, {c(3)}));
  VarP x = newVar("x", type(Elem::F64, {c(3)}));
  // let x = a * 2 in (x + a, sumOuter x): two results.
  NodeP body = makeLet(x, bin(BinaryOp::Mul, use(a), makeReplicate(c(3), f64(2))),
                       makeTuple({bin(BinaryOp::Add, use(x), use(a)), makeSumOuter(use(x))}));
  std::vector<ArrayValue> results =
      evaluate(Function{{a}, body}, {array<double>({3}, {1, 2, 3})}, {});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0], array<double>({3}, {3, 6, 9}));
  EXPECT_EQ(results[1], ArrayValue::scalar(12.0));

  // let (p, q) = (let y = 5 in (y, y * 2)) in p - q
  VarP p = newVar("p", scalarType(Elem::I64));
  VarP q = newVar("q", scalarType(Elem::I64));
  VarP y = newVar("y", scalarType(Elem::I64));
  NodeP pair = makeLet(y, i64(5), makeTuple({use(y), bin(BinaryOp::Mul, use(y), i64(2))}));
  EXPECT_EQ(asI64(makeLetTuple({p, q}, pair, bin(BinaryOp::Sub, use(p), use(q)))), -5);
}

TEST(InterpreterBindings, RebindingTheSameVariableShadowsAndRestores) {
  // A duplicated subtree may bind the same variable object twice:
  // let x = 1 in (let x = 2 in x * 3) + x * 3, with x * 3 one shared node.
  VarP x = newVar("x", scalarType(Elem::I64));
  NodeP triple = bin(BinaryOp::Mul, use(x), i64(3));
  NodeP body = makeLet(x, i64(1), bin(BinaryOp::Add, makeLet(x, i64(2), triple), triple));
  EXPECT_EQ(asI64(body), 9);
}

TEST(InterpreterBindings, UnboundVariable) {
  VarP x = newVar("x", scalarType(Elem::F64));
  EXPECT_NE(errorOf([&] { eval(use(x)); }).find("not bound"), std::string::npos);
}

// ---- evaluation strategy: sharing and loop-invariant values ---------------------------

TEST(InterpreterSharing, SharedNodesAreEvaluatedOnce) {
  // x_{k+1} = x_k + x_k with one node used twice: 2^100 evaluations if unshared.
  VarP a = newVar("a", scalarType(Elem::F64));
  NodeP x = use(a);
  for (int k = 0; k < 100; ++k)
    x = bin(BinaryOp::Add, x, x);
  EXPECT_EQ(apply({a}, x, {ArrayValue::scalar(3.0)}), ArrayValue::scalar(std::ldexp(3.0, 100)));
}

TEST(InterpreterSharing, SharedNodesDependingOnALoopVariableAreRecomputed) {
  // build1 3 (\i -> build1 2 (\j -> t + t + j)) with t = i * 10 one shared node.
  VarP i = indexVar("i");
  VarP j = indexVar("j");
  NodeP t = bin(BinaryOp::Mul, use(i), i64(10));
  NodeP inner = makeBuild1(c(2), j, bin(BinaryOp::Add, bin(BinaryOp::Add, t, t), use(j)));
  EXPECT_EQ(eval(makeBuild1(c(3), i, inner)), array<int64_t>({3, 2}, {0, 1, 20, 21, 40, 41}));

  // The same inside a gather's index function and a scatter's.
  VarP k = indexVar("k");
  NodeP half = bin(BinaryOp::Div, use(k), i64(2));
  NodeP gather = makeGather({c(4)}, i64s({5, 6, 7}), {k}, {bin(BinaryOp::Sub, half, half)});
  EXPECT_EQ(eval(gather), array<int64_t>({4}, {5, 5, 5, 5}));
  NodeP scatter = makeScatter({c(2)}, i64s({1, 2, 3, 4}), {k},
                              {bin(BinaryOp::Sub, use(k), bin(BinaryOp::Add, half, half))});
  EXPECT_EQ(eval(scatter), array<int64_t>({2}, {4, 6}));
}

TEST(InterpreterSharing, OnlyUnreferencedBuffersAreOverwritten) {
  // Elementwise results and reshapes reuse their operand's buffer when nothing
  // else refers to it; arguments and bound variables must stay intact.
  VarP a = newVar("a", type(Elem::F64, {c(3)}));
  VarP x = newVar("x", type(Elem::F64, {c(3)}));
  ArrayValue input = array<double>({3}, {1, 2, 3});
  const ArrayValue original = input;

  NodeP chain = makeReshape({c(3), c(1)}, un(UnaryOp::Neg, bin(BinaryOp::Add, use(a), use(a))));
  EXPECT_EQ(apply({a}, chain, {input}), array<double>({3, 1}, {-2, -4, -6}));
  EXPECT_EQ(input, original);

  NodeP doubled = bin(BinaryOp::Add, use(a), use(a));
  NodeP body = makeLet(
      x, doubled,
      makeTuple({bin(BinaryOp::Mul, use(x), use(x)), use(x), makeReshape({c(3)}, use(x)), use(a)}));
  std::vector<ArrayValue> results = evaluate(Function{{a}, body}, {input}, {});
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(results[0], array<double>({3}, {4, 16, 36}));
  EXPECT_EQ(results[1], array<double>({3}, {2, 4, 6}));
  EXPECT_EQ(results[2], array<double>({3}, {2, 4, 6}));
  EXPECT_EQ(results[3], original);
  EXPECT_EQ(input, original);

  NodeP square = bin(BinaryOp::Mul, use(a), use(a));
  results = evaluate(Function{{a}, makeTuple({square, square})}, {input}, {});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0], array<double>({3}, {1, 4, 9}));
  EXPECT_EQ(results[1], results[0]);
}

TEST(InterpreterSharing, LargeBuildWithLoopInvariantReduction) {
  // build([n], \i -> a[i] - sumOuter(a) / n) for n = 10^6: the reduction does
  // not depend on i and must not be recomputed per element.
  const int64_t count = 1000000;
  SizeVarP n = newSizeVar("n");
  Dim N = Dim::variable(n);
  VarP a = newVar("a", type(Elem::F64, {N}));
  VarP i = indexVar("i");
  NodeP mean = bin(BinaryOp::Div, makeSumOuter(use(a)), un(UnaryOp::ToF64, makeSizeValue(N)));
  NodeP body = makeBuild1(N, i, bin(BinaryOp::Sub, makeIndex(use(a), {use(i)}), mean));
  std::vector<double> values(count);
  for (int64_t k = 0; k < count; ++k)
    values[k] = static_cast<double>(k % 7);
  ArrayValue result = apply({a}, body, {array<double>({count}, values)}, {{n->id, count}});
  double sum = 0;
  for (double value : values)
    sum += value;
  double expectedMean = sum / static_cast<double>(count);
  std::vector<double> out = elements<double>(result);
  ASSERT_EQ(out.size(), static_cast<size_t>(count));
  for (int64_t k : {int64_t{0}, int64_t{1}, count / 2, count - 1})
    EXPECT_EQ(out[k], values[k] - expectedMean);
}

// ---- differentiation nodes ---------------------------------------------------------

TEST(InterpreterDiff, ReportsThatADHasNotLanded) {
  VarP p = newVar("p", scalarType(Elem::F64));
  auto square = std::make_shared<Function>(Function{{p}, bin(BinaryOp::Mul, use(p), use(p))});
  EXPECT_EQ(errorOf([&] { eval(makeDiff(DiffKind::Grad, square, {f64(3)})); }),
            "grad is not supported by the interpreter yet: reverse-mode AD has not landed");
  EXPECT_EQ(errorOf([&] {
              eval(makeDiff(DiffKind::Vjp, square, {f64(3), f64(1)}));
            }),
            "vjp is not supported by the interpreter yet: reverse-mode AD has not landed");
  std::string jvp;
  try {
    evaluate(Function{{}, makeDiff(DiffKind::Jvp, square, {f64(3), f64(1)})}, {}, {});
  } catch (const InterpError& error) {
    jvp = error.what();
  }
  EXPECT_EQ(jvp, "jvp is not supported by the interpreter yet: forward-mode AD has not landed");
}

// ---- sizes -------------------------------------------------------------------------

class InterpreterSizes : public ::testing::Test {
protected:
  SizeVarP n = newSizeVar("n");
  SizeVarP m = newSizeVar("m");
  Dim N = Dim::variable(n);
  Dim M = Dim::variable(m);

  /// An entry whose parameters are single arrays named like their variables.
  Entry entry(std::vector<VarP> params, NodeP body, std::vector<SizeVarP> sizeVars) {
    Entry result;
    result.name = "main";
    result.sizeVars = std::move(sizeVars);
    for (const VarP& param : params) {
      result.paramNames.push_back(param->name);
      result.paramComponents.push_back(1);
    }
    result.function = Function{std::move(params), std::move(body)};
    return result;
  }
};

TEST_F(InterpreterSizes, AgreeingShapesBindSizeVariables) {
  VarP a = newVar("a", type(Elem::F64, {N}));
  VarP b = newVar("b", type(Elem::F64, {N, M}));
  Entry main = entry({a, b}, makeSizeValue(N * M), {n, m});
  std::vector<ArrayValue> args{ArrayValue::zeros(Dtype::F64, {3}),
                               ArrayValue::zeros(Dtype::F64, {3, 5})};
  SizeValues sizes = bindSizes(main, args);
  EXPECT_EQ(sizes, (SizeValues{{n->id, 3}, {m->id, 5}}));
  EXPECT_EQ(run(main, args), std::vector<ArrayValue>{ArrayValue::scalar(int64_t{15})});
}

TEST_F(InterpreterSizes, DisagreeingShapesNameBothParameters) {
  VarP a = newVar("a", type(Elem::F64, {N}));
  VarP b = newVar("b", type(Elem::F64, {N}));
  Entry main = entry({a, b}, makeSumOuter(bin(BinaryOp::Add, use(a), use(b))), {n});
  std::vector<ArrayValue> args{ArrayValue::zeros(Dtype::F64, {3}),
                               ArrayValue::zeros(Dtype::F64, {4})};
  EXPECT_EQ(
      errorOf([&] { bindSizes(main, args); }),
      "parameters 'a' and 'b' disagree on size n (3 vs 4): a has shape [3] but b has shape [4]");
  EXPECT_EQ(
      errorOf([&] { run(main, args); }),
      "parameters 'a' and 'b' disagree on size n (3 vs 4): a has shape [3] but b has shape [4]");

  VarP square = newVar("s", type(Elem::F64, {N, N}));
  Entry diagonal = entry({square}, makeSizeValue(N), {n});
  EXPECT_EQ(errorOf([&] {
              bindSizes(diagonal, {ArrayValue::zeros(Dtype::F64, {3, 4})});
            }),
            "parameter 's' must have shape [n,n], got [3,4]: its dimensions named n differ");
}

TEST_F(InterpreterSizes, ConstantDimensionsRankAndElementType) {
  VarP a = newVar("a", type(Elem::F64, {c(3)}));
  Entry main = entry({a}, makeSumOuter(use(a)), {});
  EXPECT_EQ(errorOf([&] { bindSizes(main, {ArrayValue::zeros(Dtype::F64, {4})}); }),
            "parameter 'a' must have shape [3], got [4]");
  EXPECT_EQ(errorOf([&] { bindSizes(main, {ArrayValue::scalar(1.0)}); }),
            "parameter 'a' must be a rank-1 f64 array, got an f64 scalar");
  EXPECT_EQ(errorOf([&] { bindSizes(main, {ArrayValue::zeros(Dtype::I64, {3})}); }),
            "parameter 'a' must be a rank-1 f64 array, got a rank-1 i64 array");
  EXPECT_EQ(errorOf([&] { bindSizes(main, {}); }), "entry 'main' takes 1 inputs, got 0");
}

TEST_F(InterpreterSizes, TupleParameterComponents) {
  // p: ([n]f64, [n]i64), flattened into two components.
  VarP p0 = newVar("p0", type(Elem::F64, {N}));
  VarP p1 = newVar("p1", type(Elem::I64, {N}));
  Entry main;
  main.name = "main";
  main.sizeVars = {n};
  main.paramNames = {"p"};
  main.paramComponents = {2};
  main.function = Function{{p0, p1}, makeSizeValue(N)};
  EXPECT_EQ(
      errorOf([&] {
        bindSizes(main, {ArrayValue::zeros(Dtype::F64, {2}), ArrayValue::zeros(Dtype::I64, {3})});
      }),
      "parameters 'p.0' and 'p.1' disagree on size n (2 vs 3): p.0 has shape [2] but p.1 has shape "
      "[3]");
  EXPECT_EQ(run(main, {ArrayValue::zeros(Dtype::F64, {2}), ArrayValue::zeros(Dtype::I64, {2})}),
            std::vector<ArrayValue>{ArrayValue::scalar(int64_t{2})});
}

TEST_F(InterpreterSizes, PolynomialDimensions) {
  VarP a = newVar("a", type(Elem::F64, {N}));
  VarP b = newVar("b", type(Elem::F64, {N + c(1)}));
  Entry pair = entry({a, b}, makeSizeValue(N), {n});
  EXPECT_EQ(
      bindSizes(pair, {ArrayValue::zeros(Dtype::F64, {3}), ArrayValue::zeros(Dtype::F64, {4})}),
      (SizeValues{{n->id, 3}}));
  EXPECT_EQ(
      errorOf([&] {
        bindSizes(pair, {ArrayValue::zeros(Dtype::F64, {3}), ArrayValue::zeros(Dtype::F64, {5})});
      }),
      "parameter 'b' must have shape [n+1], got [5] (n = 3 from 'a')");

  // A dimension linear in its only unknown binds it.
  VarP d = newVar("d", type(Elem::F64, {c(2) * N}));
  Entry doubled = entry({d}, makeSizeValue(N), {n});
  EXPECT_EQ(run(doubled, {ArrayValue::zeros(Dtype::F64, {6})}),
            std::vector<ArrayValue>{ArrayValue::scalar(int64_t{3})});
  EXPECT_EQ(errorOf([&] { bindSizes(doubled, {ArrayValue::zeros(Dtype::F64, {7})}); }),
            "parameter 'd' must have shape [2*n], got [7]");
  VarP e = newVar("e", type(Elem::F64, {N + c(2)}));
  EXPECT_EQ(errorOf([&] {
              bindSizes(entry({e}, makeSizeValue(N), {n}), {ArrayValue::zeros(Dtype::F64, {1})});
            }),
            "parameter 'e' must have shape [n+2], got [1]");
}

TEST_F(InterpreterSizes, EvaluateChecksArgumentsAndDimensions) {
  VarP a = newVar("a", type(Elem::F64, {N}));
  EXPECT_NE(errorOf([&] {
              evaluate(Function{{a}, makeSumOuter(use(a))}, {ArrayValue::zeros(Dtype::F64, {4})},
                       {{n->id, 3}});
            }),
            "");
  // A dimension without a value, and one that evaluates negative.
  EXPECT_NE(errorOf([&] { eval(makeIota(N)); }).find("without a value"), std::string::npos);
  EXPECT_NE(errorOf([&] {
              eval(makeIota(N - c(5)), {{n->id, 3}});
            }).find("n-5 evaluates to -2"),
            std::string::npos);
}

} // namespace
} // namespace arr::interp
