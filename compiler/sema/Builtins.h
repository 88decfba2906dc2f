#pragma once
// The built-in operations of LANGUAGE.md §6 and the differentiation operators of §8.
// The elementwise built-ins (exp, max, f64, ...) are the callable primitives of the
// primitive table (base/Primitives.h): a Builtin value carries the primitive.

#include "base/Primitives.h"

#include <cstdint>
#include <optional>
#include <string>

namespace arr::sema {

enum class Builtin : uint16_t {
  Build,
  Gather,
  Scatter,
  SumOuter,
  MaxOuter,
  ProdOuter,
  ArgmaxOuter,
  Replicate,
  Tr,
  Reshape,
  Iota,
  NoGrad,
  // sequential loops (LANGUAGE.md §6): a function threads a state through the elements
  Fold,
  Scan,
  MapAccum,
  // a loop whose length depends on values (LANGUAGE.md §6): a state stepped while a
  // condition holds, at most a bound
  While,
  // differentiation operators: applied to a function, then called
  Grad,
  ValueAndGrad,
  Vjp,
  Jvp,
  // a function carrying its own derivative rule (LANGUAGE.md §8): a function value
  CustomVjp,
  CustomJvp,
  // Elementwise primitives follow: kFirstUnary + op and kFirstBinary + op.
};
inline constexpr uint16_t kFirstUnary = 0x100;
inline constexpr uint16_t kFirstBinary = 0x200;

Builtin builtinOf(prim::UnaryOp op);
Builtin builtinOf(prim::BinaryOp op);
/// The primitive an elementwise built-in applies (none for the other built-ins).
std::optional<prim::UnaryOp> unaryPrimitive(Builtin builtin);
std::optional<prim::BinaryOp> binaryPrimitive(Builtin builtin);

std::optional<Builtin> builtinNamed(const std::string& name);
const char* builtinName(Builtin builtin);
bool isBuiltinName(const std::string& name);

/// A primitive applied elementwise: math functions and conversions.
bool isElementwise(Builtin builtin);
/// f64, f32, i64 and bool.
bool isConversion(Builtin builtin);
bool isDifferentiation(Builtin builtin);
/// customVjp and customJvp.
bool isCustomDerivative(Builtin builtin);

} // namespace arr::sema
