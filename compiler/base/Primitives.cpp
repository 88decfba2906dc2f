#include "base/Primitives.h"

#include "base/DerivativeFormula.h"
#include "base/ScalarSemantics.h"
#include "runtime/Abi.h"

#include <array>
#include <cmath>
#include <stdexcept>

namespace arr::prim {

namespace {

using D = DerivativeKind;

// The <cmath> function F for f64 and f32 (the float overloads are expf, ...).
#define ARR_FLOAT_FUNCTIONS(F)                                                                     \
  .f64 = [](double x) -> double { return F(x); }, .f32 = [](float x) -> float { return F(x); }
#define ARR_RUNTIME_FUNCTIONS(F) .f64 = F, .f32 = F##f

template <typename T>
T negate(T x) {
  return -x;
}
template <typename T>
T absolute(T x) {
  return std::fabs(x);
}

constexpr std::array<UnaryInfo, kUnaryCount> kUnary = {{
    {.op = UnaryOp::Neg,
     .name = "neg",
     .notation = Notation::Prefix,
     .symbol = "-",
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {.f64 = negate<double>, .f32 = negate<float>, .i64 = wrappingNeg},
     .derivative = {D::Formulas, {"-1"}},
     .zero = ZeroMap::IntegersOnly,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = UnaryOp::Not,
     .name = "not",
     .notation = Notation::Prefix,
     .symbol = "!",
     .operands = Operands::Bools,
     .result = Result::Bool,
     .evaluate = {.boolean = [](bool x) { return !x; }},
     .derivative = {D::Discrete},
     .zero = ZeroMap::Never,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = UnaryOp::Exp,
     .name = "exp",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::exp)},
     .derivative = {D::Formulas, {"r"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Intrinsic,
     .symbolName = "exp"},
    {.op = UnaryOp::Log,
     .name = "log",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::log)},
     .derivative = {D::Formulas, {"1 / x"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Intrinsic,
     .symbolName = "log"},
    {.op = UnaryOp::Sqrt,
     .name = "sqrt",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::sqrt)},
     .derivative = {D::Formulas, {"0.5 / r"}},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Intrinsic,
     .symbolName = "sqrt"},
    {.op = UnaryOp::Sin,
     .name = "sin",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::sin)},
     .derivative = {D::Formulas, {"cos(x)"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Intrinsic,
     .symbolName = "sin"},
    {.op = UnaryOp::Cos,
     .name = "cos",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::cos)},
     .derivative = {D::Formulas, {"-sin(x)"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Intrinsic,
     .symbolName = "cos"},
    {.op = UnaryOp::Tan,
     .name = "tan",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::tan)},
     .derivative = {D::Formulas, {"1 + r * r"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "tan"},
    {.op = UnaryOp::Tanh,
     .name = "tanh",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::tanh)},
     .derivative = {D::Formulas, {"1 - r * r"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "tanh"},
    // sign(x), with +1 at 0: LANGUAGE.md §8 asks for one of the one-sided derivatives.
    {.op = UnaryOp::Abs,
     .name = "abs",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {.f64 = absolute<double>,
                  .f32 = absolute<float>,
                  .i64 = [](int64_t x) { return x < 0 ? wrappingNeg(x) : x; }},
     .derivative = {D::Formulas, {"sign(x) + float(x == 0)"}},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Intrinsic,
     .symbolName = "fabs"},
    {.op = UnaryOp::Floor,
     .name = "floor",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::floor)},
     .derivative = {D::PiecewiseConstant},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Intrinsic,
     .symbolName = "floor"},
    {.op = UnaryOp::Ceil,
     .name = "ceil",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::ceil)},
     .derivative = {D::PiecewiseConstant},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Intrinsic,
     .symbolName = "ceil"},
    {.op = UnaryOp::Sign,
     .name = "sign",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {.f64 = [](double x) { return floatSign(x); },
                  .f32 = [](float x) { return floatSign(x); },
                  .i64 = [](int64_t x) -> int64_t { return (x > 0) - (x < 0); }},
     .derivative = {D::PiecewiseConstant},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = UnaryOp::Log1p,
     .name = "log1p",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::log1p)},
     .derivative = {D::Formulas, {"1 / (1 + x)"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "log1p"},
    {.op = UnaryOp::Expm1,
     .name = "expm1",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::expm1)},
     .derivative = {D::Formulas, {"r + 1"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "expm1"},
    // The constant is 2 / sqrt(pi), the shortest text of that double.
    {.op = UnaryOp::Erf,
     .name = "erf",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::erf)},
     .derivative = {D::Formulas, {"1.1283791670955126 * exp(-(x * x))"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "erf"},
    {.op = UnaryOp::Asin,
     .name = "asin",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::asin)},
     .derivative = {D::Formulas, {"1 / sqrt(1 - x * x)"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "asin"},
    {.op = UnaryOp::Acos,
     .name = "acos",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::acos)},
     .derivative = {D::Formulas, {"-(1 / sqrt(1 - x * x))"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "acos"},
    {.op = UnaryOp::Atan,
     .name = "atan",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::atan)},
     .derivative = {D::Formulas, {"1 / (1 + x * x)"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "atan"},
    {.op = UnaryOp::Sinh,
     .name = "sinh",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::sinh)},
     .derivative = {D::Formulas, {"cosh(x)"}},
     .zero = ZeroMap::Always,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "sinh"},
    {.op = UnaryOp::Cosh,
     .name = "cosh",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::cosh)},
     .derivative = {D::Formulas, {"sinh(x)"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "cosh"},
    // The constant is 1 / log(2).
    {.op = UnaryOp::Log2,
     .name = "log2",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_FUNCTIONS(std::log2)},
     .derivative = {D::Formulas, {"1.4426950408889634 / x"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "log2"},
    {.op = UnaryOp::Lgamma,
     .name = "lgamma",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_RUNTIME_FUNCTIONS(arrrt_lgamma)},
     .derivative = {D::Formulas, {"digamma(x)"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Runtime,
     .symbolName = "arrrt_lgamma"},
    {.op = UnaryOp::Digamma,
     .name = "digamma",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_RUNTIME_FUNCTIONS(arrrt_digamma)},
     .derivative = {D::Formulas, {"trigamma(x)"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Runtime,
     .symbolName = "arrrt_digamma"},
    {.op = UnaryOp::Trigamma,
     .name = "trigamma",
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_RUNTIME_FUNCTIONS(arrrt_trigamma)},
     .derivative = {D::Formulas, {"polygamma(2, x)"}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Runtime,
     .symbolName = "arrrt_trigamma"},
    // Never constant: the budget is the running process's (--loop-checkpoints=auto).
    {.op = UnaryOp::CheckpointFits,
     .name = "checkpoint_fits",
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_RUNTIME_FUNCTIONS(arrrt_checkpoint_fits)},
     .derivative = {D::PiecewiseConstant, {}},
     .zero = ZeroMap::Never,
     .cost = kTranscendental,
     .lowering = Lowering::Runtime,
     .symbolName = "arrrt_checkpoint_fits"},
    {.op = UnaryOp::ToF64,
     .name = "f64",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Any,
     .result = Result::F64,
     .derivative = {D::Conversion},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = UnaryOp::ToF32,
     .name = "f32",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Any,
     .result = Result::F32,
     .derivative = {D::Conversion},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = UnaryOp::ToI64,
     .name = "i64",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Any,
     .result = Result::I64,
     .derivative = {D::Discrete},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = UnaryOp::ToBool,
     .name = "bool",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Any,
     .result = Result::Bool,
     .derivative = {D::Discrete},
     .zero = ZeroMap::Always,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
}};
static_assert(isCompleteTable(kUnary), "every unary primitive needs every property");

#undef ARR_FLOAT_FUNCTIONS
#undef ARR_RUNTIME_FUNCTIONS

// Arithmetic for f64 and f32; i64 (and bool, where accepted) are given separately.
#define ARR_FLOAT_ARITHMETIC(EXPR)                                                                 \
  .f64 = [](double a, double b) -> double { return EXPR; },                                        \
  .f32 = [](float a, float b) -> float { return EXPR; }
// A comparison for every element type.
#define ARR_COMPARISON(OP)                                                                         \
  .f64 = [](double a, double b) { return a OP b; },                                                \
  .f32 = [](float a, float b) { return a OP b; },                                                  \
  .i64 = [](int64_t a, int64_t b) { return a OP b; },                                              \
  .boolean = [](bool a, bool b) { return a OP b; }

constexpr Derivative kDiscrete{D::Discrete};

constexpr std::array<BinaryInfo, kBinaryCount> kBinary = {{
    {.op = BinaryOp::Add,
     .name = "+",
     .notation = Notation::Infix,
     .symbol = "+",
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(a + b), .i64 = wrappingAdd},
     .derivative = {D::Formulas, {"1", "1"}},
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Integers,
     .identity = Identity::Zero,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Sub,
     .name = "-",
     .notation = Notation::Infix,
     .symbol = "-",
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(a - b), .i64 = wrappingSub},
     .derivative = {D::Formulas, {"1", "-1"}},
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Mul,
     .name = "*",
     .notation = Notation::Infix,
     .symbol = "*",
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(a * b), .i64 = wrappingMul},
     .derivative = {D::Formulas, {"y", "x"}},
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Integers,
     .identity = Identity::One,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Div,
     .name = "/",
     .notation = Notation::Infix,
     .symbol = "/",
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(a / b), .i64 = floorDiv},
     .derivative = {D::Formulas, {"1 / y", "-(r * (1 / y))"}},
     .zero = ZeroMap::IntegersOnly,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    // x - y * floor(x / y): d = dx - floor(x / y) dy.
    {.op = BinaryOp::Mod,
     .name = "%",
     .notation = Notation::Infix,
     .symbol = "%",
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(floatMod(a, b)), .i64 = floorMod},
     .derivative = {D::Formulas, {"1", "-floor(x / y)"}},
     .zero = ZeroMap::IntegersOnly,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    // d/dx = y x^(y-1), where y = 0 gives 0 * x^0 rather than 0 * x^-1 (inf at x = 0);
    // d/dy = x^y log x, with log x taken at 1 where x = 0 (0 * log 0 would be NaN).
    {.op = BinaryOp::Pow,
     .name = "pow",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(std::pow(a, b)), .i64 = arrrt_pow_i64},
     .derivative = {D::Formulas,
                    {"y * x ** (y - 1 + float(y == 0))", "r * log(x + float(x == 0))"}},
     .zero = ZeroMap::Never,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kTranscendental,
     .lowering = Lowering::Intrinsic,
     .symbolName = "pow"},
    // The derivative goes to the first operand on ties.
    {.op = BinaryOp::Max,
     .name = "max",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(maximum(a, b)),
                  .i64 = [](int64_t a, int64_t b) { return a > b ? a : b; }},
     .derivative = {D::Formulas, {"float(x >= y)", "1 - float(x >= y)"}},
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Integers,
     .identity = Identity::Lowest,
     .cost = kCheap,
     .lowering = Lowering::Intrinsic,
     .symbolName = "maximum"},
    {.op = BinaryOp::Min,
     .name = "min",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Numbers,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(minimum(a, b)),
                  .i64 = [](int64_t a, int64_t b) { return a < b ? a : b; }},
     .derivative = {D::Formulas, {"float(x <= y)", "1 - float(x <= y)"}},
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Integers,
     .identity = Identity::Highest,
     .cost = kCheap,
     .lowering = Lowering::Intrinsic,
     .symbolName = "minimum"},
    // atan2(x, y) = atan(x / y): d = (y dx - x dy) / (x^2 + y^2).
    {.op = BinaryOp::Atan2,
     .name = "atan2",
     .callable = true,
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {ARR_FLOAT_ARITHMETIC(std::atan2(a, b))},
     .derivative = {D::Formulas, {"y / (x * x + y * y)", "-(x / (x * x + y * y))"}},
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kTranscendental,
     .lowering = Lowering::Libm,
     .symbolName = "atan2"},
    // The order is a whole number: no derivative with respect to it.
    {.op = BinaryOp::Polygamma,
     .name = "polygamma",
     .notation = Notation::Call,
     .operands = Operands::Floats,
     .result = Result::Operand,
     .evaluate = {.f64 = arrrt_polygamma, .f32 = arrrt_polygammaf},
     .derivative = {D::Formulas, {"0", "polygamma(x + 1, y)"}},
     .zero = ZeroMap::Never,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kTranscendental,
     .lowering = Lowering::Runtime,
     .symbolName = "arrrt_polygamma"},
    {.op = BinaryOp::Eq,
     .name = "==",
     .notation = Notation::Infix,
     .symbol = "==",
     .operands = Operands::Any,
     .result = Result::Bool,
     .predicate = {ARR_COMPARISON(==)},
     .derivative = kDiscrete,
     .zero = ZeroMap::Never,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Ne,
     .name = "!=",
     .notation = Notation::Infix,
     .symbol = "!=",
     .operands = Operands::Any,
     .result = Result::Bool,
     .predicate = {ARR_COMPARISON(!=)},
     .derivative = kDiscrete,
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Lt,
     .name = "<",
     .notation = Notation::Infix,
     .symbol = "<",
     .operands = Operands::Numbers,
     .result = Result::Bool,
     .predicate = {ARR_COMPARISON(<)},
     .derivative = kDiscrete,
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Le,
     .name = "<=",
     .notation = Notation::Infix,
     .symbol = "<=",
     .operands = Operands::Numbers,
     .result = Result::Bool,
     .predicate = {ARR_COMPARISON(<=)},
     .derivative = kDiscrete,
     .zero = ZeroMap::Never,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Gt,
     .name = ">",
     .notation = Notation::Infix,
     .symbol = ">",
     .operands = Operands::Numbers,
     .result = Result::Bool,
     .predicate = {ARR_COMPARISON(>)},
     .derivative = kDiscrete,
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Ge,
     .name = ">=",
     .notation = Notation::Infix,
     .symbol = ">=",
     .operands = Operands::Numbers,
     .result = Result::Bool,
     .predicate = {ARR_COMPARISON(>=)},
     .derivative = kDiscrete,
     .zero = ZeroMap::Never,
     .reassociation = Reassociation::Never,
     .identity = Identity::None,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::And,
     .name = "&&",
     .notation = Notation::Infix,
     .symbol = "&&",
     .operands = Operands::Bools,
     .result = Result::Bool,
     .predicate = {.boolean = [](bool a, bool b) { return a && b; }},
     .derivative = kDiscrete,
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Exact,
     .identity = Identity::One,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
    {.op = BinaryOp::Or,
     .name = "||",
     .notation = Notation::Infix,
     .symbol = "||",
     .operands = Operands::Bools,
     .result = Result::Bool,
     .predicate = {.boolean = [](bool a, bool b) { return a || b; }},
     .derivative = kDiscrete,
     .zero = ZeroMap::Always,
     .reassociation = Reassociation::Exact,
     .identity = Identity::Zero,
     .cost = kCheap,
     .lowering = Lowering::Instruction},
}};
static_assert(isCompleteTable(kBinary), "every binary primitive needs every property");

#undef ARR_FLOAT_ARITHMETIC
#undef ARR_COMPARISON

std::optional<Elem> resultOf(Result result, Elem operand) {
  switch (result) {
  case Result::Operand:
    return operand;
  case Result::Bool:
    return Elem::Bool;
  case Result::F64:
    return Elem::F64;
  case Result::F32:
    return Elem::F32;
  case Result::I64:
    return Elem::I64;
  case Result::Unset:
    break;
  }
  return std::nullopt;
}

bool zeroMapsToZero(ZeroMap zero, Elem elem) {
  return zero == ZeroMap::Always || (zero == ZeroMap::IntegersOnly && !isFloat(elem));
}

} // namespace

const UnaryInfo& info(UnaryOp op) {
  return kUnary[size_t(op)];
}

const BinaryInfo& info(BinaryOp op) {
  return kBinary[size_t(op)];
}

const char* toString(UnaryOp op) {
  return info(op).name;
}

const char* toString(BinaryOp op) {
  return info(op).name;
}

std::optional<UnaryOp> callableUnary(std::string_view name) {
  for (const UnaryInfo& entry : kUnary)
    if (entry.callable && name == entry.name) return entry.op;
  return std::nullopt;
}

std::optional<BinaryOp> callableBinary(std::string_view name) {
  for (const BinaryInfo& entry : kBinary)
    if (entry.callable && name == entry.name) return entry.op;
  return std::nullopt;
}

bool accepts(Operands operands, Elem elem) {
  switch (operands) {
  case Operands::Numbers:
    return isNumeric(elem);
  case Operands::Floats:
    return isFloat(elem);
  case Operands::Bools:
    return elem == Elem::Bool;
  case Operands::Any:
    return true;
  case Operands::Unset:
    break;
  }
  return false;
}

std::optional<Elem> resultType(UnaryOp op, Elem elem) {
  if (!accepts(info(op).operands, elem)) return std::nullopt;
  return resultOf(info(op).result, elem);
}

std::optional<Elem> resultType(BinaryOp op, Elem elem) {
  if (!accepts(info(op).operands, elem)) return std::nullopt;
  return resultOf(info(op).result, elem);
}

namespace {

/// Calls body(T{}) with T the C++ type of an element type (f32 as float).
template <typename Body>
auto withType(Elem elem, Body&& body) {
  switch (elem) {
  case Elem::F64:
    return body(double{});
  case Elem::F32:
    return body(float{});
  case Elem::I64:
    return body(int64_t{});
  case Elem::Bool:
    break;
  }
  return body(bool{});
}

template <typename T>
T valueAs(const Scalar& scalar) {
  if constexpr (std::is_floating_point_v<T>)
    return T(std::get<double>(scalar));
  else
    return std::get<T>(scalar);
}

template <typename T>
Scalar asScalar(T value) {
  if constexpr (std::is_floating_point_v<T>)
    return double(value);
  else
    return value;
}

template <typename T, typename Evaluation>
auto functionFor(const Evaluation& evaluation) {
  if constexpr (std::is_same_v<T, double>)
    return evaluation.f64;
  else if constexpr (std::is_same_v<T, float>)
    return evaluation.f32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return evaluation.i64;
  else
    return evaluation.boolean;
}

[[noreturn]] void notAccepted(const char* name, Elem elem) {
  throw std::invalid_argument(std::string(name) + " does not apply to " + toString(elem));
}

} // namespace

Scalar evaluate(UnaryOp op, Elem elem, const Scalar& x) {
  const UnaryInfo& entry = info(op);
  std::optional<Elem> result = resultType(op, elem);
  if (!result) notAccepted(entry.name, elem);
  return withType(elem, [&](auto from) -> Scalar {
    using From = decltype(from);
    From value = valueAs<From>(x);
    if (entry.operands == Operands::Any && isConversionResult(entry.result))
      return withType(*result, [&](auto to) -> Scalar {
        return asScalar(convertElement<decltype(to), From>(value));
      });
    auto function = functionFor<From>(entry.evaluate);
    if (!function) notAccepted(entry.name, elem);
    return asScalar(function(value));
  });
}

Scalar evaluate(BinaryOp op, Elem elem, const Scalar& x, const Scalar& y) {
  const BinaryInfo& entry = info(op);
  if (!resultType(op, elem)) notAccepted(entry.name, elem);
  return withType(elem, [&](auto tag) -> Scalar {
    using T = decltype(tag);
    if (entry.result == Result::Bool) {
      auto function = functionFor<T>(entry.predicate);
      if (!function) notAccepted(entry.name, elem);
      return function(valueAs<T>(x), valueAs<T>(y));
    }
    auto function = functionFor<T>(entry.evaluate);
    if (!function) notAccepted(entry.name, elem);
    return asScalar(function(valueAs<T>(x), valueAs<T>(y)));
  });
}

bool mayReassociate(BinaryOp op, Elem elem, bool roundingAllowed) {
  switch (info(op).reassociation) {
  case Reassociation::Exact:
    return true;
  case Reassociation::Integers:
    return !isFloat(elem) || roundingAllowed;
  case Reassociation::Never:
  case Reassociation::Unset:
    break;
  }
  return false;
}

bool isComparison(BinaryOp op) {
  return info(op).result == Result::Bool && info(op).operands != Operands::Bools;
}

bool mapsZeroToZero(UnaryOp op, Elem elem) {
  return zeroMapsToZero(info(op).zero, elem);
}

bool mapsZeroToZero(BinaryOp op, Elem elem) {
  return zeroMapsToZero(info(op).zero, elem);
}

namespace {

template <typename Entry>
std::string checkDerivative(const Entry& entry, size_t arity) {
  if (entry.derivative.kind != D::Formulas) return "";
  for (size_t i = 0; i < arity; ++i) {
    const char* text = entry.derivative.partial[i];
    if (std::string problem = checkPartialFormula(text, arity); !problem.empty())
      return std::string("the derivative of ") + entry.name + " with respect to operand " +
             std::to_string(i) + ", '" + text + "': " + problem;
  }
  return "";
}

} // namespace

std::string validatePrimitives() {
  for (const UnaryInfo& entry : kUnary)
    if (std::string problem = checkDerivative(entry, 1); !problem.empty()) return problem;
  for (const BinaryInfo& entry : kBinary)
    if (std::string problem = checkDerivative(entry, 2); !problem.empty()) return problem;
  return "";
}

} // namespace arr::prim
