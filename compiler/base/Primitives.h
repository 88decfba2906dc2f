#pragma once
// The table of scalar primitives: one entry per elementwise operation of the
// core and loop IRs (arithmetic, comparisons, logic, math functions,
// conversions), holding everything a stage needs to know about it: its name
// and notation, the element types it accepts and returns, its evaluation, its
// derivative, whether it maps zeros to zero, its cost and how it becomes LLVM
// IR. The type checker, the lowering, the printers, the interpreter, the
// simplifier, AD, the BOT, the loop lowering and code generation all read this
// table (compare MLIR's ODS or Futhark's Derivatives.hs); none of them decides
// a property of a primitive in a `default:` case.
//
// Every field must be set: the tables are checked at compile time
// (isComplete, static_assert in Primitives.cpp), and the derivative formulas,
// which are text, are parsed and checked at start-up (validatePrimitives).
// Adding a primitive is adding an enumerator and an entry; code generation
// needs code only for a primitive lowered to instructions.

#include "base/Elem.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace arr::prim {

enum class UnaryOp : uint8_t {
  Neg,
  Not,
  Exp,
  Log,
  Sqrt,
  Sin,
  Cos,
  Tan,
  Tanh,
  Abs,
  Floor,
  Ceil,
  Sign,
  Log1p,
  Expm1,
  Erf,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Log2,
  Lgamma,
  Digamma,
  Trigamma,       // internal: the derivative of digamma
  CheckpointFits, // internal: 1 when x bytes of loop states fit the budget, else 0 (Abi.h)
  ToF64,
  ToF32,
  ToI64,
  ToBool,
};
inline constexpr size_t kUnaryCount = size_t(UnaryOp::ToBool) + 1;

enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Pow,
  Max,
  Min,
  Atan2,
  Polygamma, // internal: polygamma(n, x), the n-th derivative of digamma
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  And,
  Or,
};
inline constexpr size_t kBinaryCount = size_t(BinaryOp::Or) + 1;

/// The element types a primitive accepts (both operands of a binary one have the same type).
enum class Operands : uint8_t {
  Unset,
  Numbers, // f64, f32, i64
  Floats,  // f64, f32
  Bools,
  Any,
};

/// The element type of the result.
enum class Result : uint8_t { Unset, Operand, Bool, F64, F32, I64 };

/// How dumps and messages write it.
enum class Notation : uint8_t {
  Unset,
  Prefix, // -x, !x (symbol)
  Infix,  // a + b (symbol)
  Call,   // exp(x), max(a, b) (name)
};

/// Whether applying it to zeros (0, +0.0, false) gives exactly zero: the BOT may then
/// push an out-of-range read, which reads zeros, through it without a range check.
enum class ZeroMap : uint8_t {
  Unset,
  Always,
  IntegersOnly, // i64 and bool operands only (-(+0.0) is -0.0; 0.0 / 0.0 is NaN)
  Never,
};

/// How the derivative is computed.
enum class DerivativeKind : uint8_t {
  Unset,
  Formulas,          // one formula per operand: the partial derivative (see below)
  PiecewiseConstant, // zero wherever it is differentiable (floor, ceil, sign)
  Conversion,        // between f64 and f32 the tangent converts like the value
  Discrete,          // the result is never a float: nothing to differentiate
};

/// A partial derivative is a formula over `x` (the first operand), `y` (the second),
/// `r` (the result), number literals, `+ - * / **`, unary minus, calls of primitives
/// by name, and `float(a OP b)` (1 where the comparison holds, else 0). "1" passes
/// the tangent through unscaled and "0" means no dependence. The derivative of a
/// derivative uses the same table: every primitive a formula calls must itself be
/// differentiable (checked at start-up).
struct Derivative {
  DerivativeKind kind = DerivativeKind::Unset;
  const char* partial[2] = {nullptr, nullptr};
};

/// How code generation computes it on floats (integers and bools are instructions).
enum class Lowering : uint8_t {
  Unset,
  Instruction, // LLVM instructions written in codegen/Scalar.cpp
  Intrinsic,   // the LLVM intrinsic llvm.SYMBOL on the float type
  Libm,        // the C library's SYMBOL (f64) or SYMBOLf (f32)
  Runtime,     // Arr's runtime library: SYMBOL (f64) or SYMBOLf (f32), runtime/Abi.h
};

/// Whether a chain of applications, as in a reduction, may be evaluated in another order
/// (reassociated and commuted: split across vector lanes, register tiles or threads).
enum class Reassociation : uint8_t {
  Unset,
  Never,    // not associative (or not a reduction)
  Exact,    // associative and commutative exactly, on every type it accepts (&&, ||)
  Integers, // exactly on i64 and bool; on floats only up to rounding (+, *, max, min)
};

/// The identity element of an operation used as a reduction: where its lanes and its
/// parallel chunks start from.
enum class Identity : uint8_t {
  Unset,
  None,    // not a reduction
  Zero,    // -0.0 (the identity of IEEE addition), 0, false
  One,     // 1.0, 1, true
  Lowest,  // -inf, INT64_MIN, false
  Highest, // +inf, INT64_MAX, true
};

/// A relative cost of one application in simple operations; what makes a value
/// worth storing rather than recomputing per use.
inline constexpr int kCheap = 1;
inline constexpr int kTranscendental = 8;

struct UnaryEvaluation {
  double (*f64)(double) = nullptr;
  float (*f32)(float) = nullptr;
  int64_t (*i64)(int64_t) = nullptr;
  bool (*boolean)(bool) = nullptr;
};

struct BinaryEvaluation {
  double (*f64)(double, double) = nullptr;
  float (*f32)(float, float) = nullptr;
  int64_t (*i64)(int64_t, int64_t) = nullptr;
  bool (*boolean)(bool, bool) = nullptr;
};

/// Comparisons and logic: bool whatever the operands' type.
struct PredicateEvaluation {
  bool (*f64)(double, double) = nullptr;
  bool (*f32)(float, float) = nullptr;
  bool (*i64)(int64_t, int64_t) = nullptr;
  bool (*boolean)(bool, bool) = nullptr;
};

struct UnaryInfo {
  UnaryOp op;
  const char* name = nullptr; // the built-in's name ("exp"), or a name for dumps ("neg")
  bool callable = false;      // a built-in function of the language (LANGUAGE.md §6)
  Notation notation = Notation::Unset;
  const char* symbol = nullptr; // Prefix: "-" or "!"
  Operands operands = Operands::Unset;
  Result result = Result::Unset;
  UnaryEvaluation evaluate{}; // conversions (result F64..I64, Bool) need none: they convert
  Derivative derivative{};
  ZeroMap zero = ZeroMap::Unset;
  int cost = 0;
  Lowering lowering = Lowering::Unset;
  const char* symbolName = nullptr; // Intrinsic, Libm, Runtime
};

struct BinaryInfo {
  BinaryOp op;
  const char* name = nullptr; // "max", "pow"; for infix operators their symbol ("+")
  bool callable = false;
  Notation notation = Notation::Unset;
  const char* symbol = nullptr; // Infix
  Operands operands = Operands::Unset;
  Result result = Result::Unset;
  BinaryEvaluation evaluate{};     // Result::Operand
  PredicateEvaluation predicate{}; // Result::Bool
  Derivative derivative{};
  ZeroMap zero = ZeroMap::Unset;
  Reassociation reassociation = Reassociation::Unset;
  Identity identity = Identity::Unset;
  int cost = 0;
  Lowering lowering = Lowering::Unset;
  const char* symbolName = nullptr;
};

const UnaryInfo& info(UnaryOp op);
const BinaryInfo& info(BinaryOp op);

/// The name in dumps and messages: "exp", "neg", "+", "max".
const char* toString(UnaryOp op);
const char* toString(BinaryOp op);

/// The primitive a built-in function of the language names (`exp`, `max`, `f64`).
std::optional<UnaryOp> callableUnary(std::string_view name);
std::optional<BinaryOp> callableBinary(std::string_view name);

bool accepts(Operands operands, Elem elem);
/// The result's element type for operands of type `elem`; none when it does not accept them.
std::optional<Elem> resultType(UnaryOp op, Elem elem);
std::optional<Elem> resultType(BinaryOp op, Elem elem);

/// A scalar value: f64 and f32 values as a double (every f32 is one), i64, bool.
using Scalar = std::variant<double, int64_t, bool>;

/// The primitive applied to a scalar of type `elem` (the interpreter's and the
/// simplifier's evaluation); throws std::invalid_argument when it does not accept it.
Scalar evaluate(UnaryOp op, Elem elem, const Scalar& x);
Scalar evaluate(BinaryOp op, Elem elem, const Scalar& x, const Scalar& y);

bool isComparison(BinaryOp op);
/// Whether a reduction with `op` over `elem` may be reassociated: always when that is
/// exact, and on floats when rounding differences are allowed (not --strict-fp).
bool mayReassociate(BinaryOp op, Elem elem, bool roundingAllowed);
/// Whether it maps zeros of type `elem` to exactly zero.
bool mapsZeroToZero(UnaryOp op, Elem elem);
bool mapsZeroToZero(BinaryOp op, Elem elem);

// ---- Completeness ---------------------------------------------------------------

/// Whether every field of an entry is set consistently. Checked over the whole table
/// at compile time, so an entry without, say, a derivative rule does not compile.
constexpr bool evaluatesEveryType(Operands operands, bool f64, bool f32, bool i64, bool boolean) {
  switch (operands) {
  case Operands::Numbers:
    return f64 && f32 && i64;
  case Operands::Floats:
    return f64 && f32;
  case Operands::Bools:
    return boolean;
  case Operands::Any:
    return f64 && f32 && i64 && boolean;
  case Operands::Unset:
    return false;
  }
  return false;
}

constexpr bool derivativeFits(const Derivative& derivative, size_t arity, Result result) {
  switch (derivative.kind) {
  case DerivativeKind::Unset:
    return false;
  case DerivativeKind::Formulas:
    for (size_t i = 0; i < arity; ++i)
      if (!derivative.partial[i]) return false;
    return result != Result::Bool && result != Result::I64;
  case DerivativeKind::Conversion:
    return result == Result::F64 || result == Result::F32;
  case DerivativeKind::Discrete:
    return result == Result::Bool || result == Result::I64;
  case DerivativeKind::PiecewiseConstant:
    return true;
  }
  return false;
}

constexpr bool isConversionResult(Result result) {
  return result == Result::F64 || result == Result::F32 || result == Result::I64 ||
         result == Result::Bool;
}

constexpr bool isComplete(const UnaryInfo& entry) {
  const UnaryEvaluation& e = entry.evaluate;
  bool converts = entry.operands == Operands::Any && isConversionResult(entry.result);
  return entry.name && entry.notation != Notation::Unset &&
         (entry.notation != Notation::Prefix || entry.symbol) &&
         entry.notation != Notation::Infix && entry.operands != Operands::Unset &&
         entry.result != Result::Unset &&
         (converts || evaluatesEveryType(entry.operands, e.f64, e.f32, e.i64, e.boolean)) &&
         derivativeFits(entry.derivative, 1, entry.result) && entry.zero != ZeroMap::Unset &&
         entry.cost > 0 && entry.lowering != Lowering::Unset &&
         (entry.lowering == Lowering::Instruction || entry.symbolName);
}

constexpr bool isComplete(const BinaryInfo& entry) {
  bool evaluates = false;
  const BinaryEvaluation& e = entry.evaluate;
  const PredicateEvaluation& p = entry.predicate;
  switch (entry.result) {
  case Result::Operand:
    evaluates = evaluatesEveryType(entry.operands, e.f64, e.f32, e.i64, e.boolean);
    break;
  case Result::Bool:
    evaluates = evaluatesEveryType(entry.operands, p.f64, p.f32, p.i64, p.boolean);
    break;
  default:
    evaluates = false;
  }
  return entry.name && entry.notation != Notation::Unset && entry.notation != Notation::Prefix &&
         (entry.notation != Notation::Infix || entry.symbol) && entry.operands != Operands::Unset &&
         evaluates && derivativeFits(entry.derivative, 2, entry.result) &&
         entry.zero != ZeroMap::Unset && entry.reassociation != Reassociation::Unset &&
         entry.identity != Identity::Unset &&
         (entry.reassociation == Reassociation::Never) == (entry.identity == Identity::None) &&
         entry.cost > 0 && entry.lowering != Lowering::Unset &&
         (entry.lowering == Lowering::Instruction || entry.symbolName);
}

/// Every entry complete and in enumerator order.
template <typename Table>
constexpr bool isCompleteTable(const Table& table) {
  for (size_t i = 0; i < table.size(); ++i)
    if (size_t(table[i].op) != i || !isComplete(table[i])) return false;
  return true;
}

/// Checks what the compiler cannot: every derivative formula parses, names only
/// primitives that are themselves differentiable, and uses only the variables its
/// primitive has. Empty when all is well, else the first problem. Run at start-up.
std::string validatePrimitives();

} // namespace arr::prim
