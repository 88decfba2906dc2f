#pragma once
// The built-in operations of LANGUAGE.md §6 and the differentiation operators of §8.

#include <optional>
#include <string>

namespace arr::sema {

enum class Builtin {
  Build,
  Gather,
  Scatter,
  SumOuter,
  MaxOuter,
  ProdOuter, // not in LANGUAGE.md: the prelude's product
  ArgmaxOuter,
  Replicate,
  Tr,
  Reshape,
  Iota,
  NoGrad,
  // elementwise unary
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
  // elementwise binary
  Max,
  Min,
  Pow,
  Atan2,
  // conversions
  ToF64,
  ToF32,
  ToI64,
  ToBool,
  // differentiation operators: applied to a function, then called
  Grad,
  ValueAndGrad,
  Vjp,
  Jvp,
};

std::optional<Builtin> builtinNamed(const std::string& name);
const char* builtinName(Builtin builtin);
bool isBuiltinName(const std::string& name);

bool isUnaryMath(Builtin builtin);
bool isBinaryMath(Builtin builtin);
bool isConversion(Builtin builtin);
bool isDifferentiation(Builtin builtin);

} // namespace arr::sema
