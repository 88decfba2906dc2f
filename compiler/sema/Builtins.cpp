#include "sema/Builtins.h"

#include <map>

namespace arr::sema {

namespace {

const std::map<std::string, Builtin>& structural() {
  static const std::map<std::string, Builtin> names = {
      {"build", Builtin::Build},
      {"gather", Builtin::Gather},
      {"scatter", Builtin::Scatter},
      {"sumOuter", Builtin::SumOuter},
      {"maxOuter", Builtin::MaxOuter},
      {"prodOuter", Builtin::ProdOuter},
      {"argmaxOuter", Builtin::ArgmaxOuter},
      {"replicate", Builtin::Replicate},
      {"tr", Builtin::Tr},
      {"reshape", Builtin::Reshape},
      {"iota", Builtin::Iota},
      {"noGrad", Builtin::NoGrad},
      {"fold", Builtin::Fold},
      {"scan", Builtin::Scan},
      {"mapAccum", Builtin::MapAccum},
      {"while", Builtin::While},
      {"grad", Builtin::Grad},
      {"valueAndGrad", Builtin::ValueAndGrad},
      {"vjp", Builtin::Vjp},
      {"jvp", Builtin::Jvp},
      {"customVjp", Builtin::CustomVjp},
      {"customJvp", Builtin::CustomJvp},
  };
  return names;
}

} // namespace

Builtin builtinOf(prim::UnaryOp op) {
  return Builtin(kFirstUnary + uint16_t(op));
}

Builtin builtinOf(prim::BinaryOp op) {
  return Builtin(kFirstBinary + uint16_t(op));
}

std::optional<prim::UnaryOp> unaryPrimitive(Builtin builtin) {
  auto value = uint16_t(builtin);
  if (value < kFirstUnary || value >= kFirstUnary + prim::kUnaryCount) return std::nullopt;
  return prim::UnaryOp(value - kFirstUnary);
}

std::optional<prim::BinaryOp> binaryPrimitive(Builtin builtin) {
  auto value = uint16_t(builtin);
  if (value < kFirstBinary || value >= kFirstBinary + prim::kBinaryCount) return std::nullopt;
  return prim::BinaryOp(value - kFirstBinary);
}

std::optional<Builtin> builtinNamed(const std::string& name) {
  auto it = structural().find(name);
  if (it != structural().end()) return it->second;
  if (auto op = prim::callableUnary(name)) return builtinOf(*op);
  if (auto op = prim::callableBinary(name)) return builtinOf(*op);
  return std::nullopt;
}

const char* builtinName(Builtin builtin) {
  if (auto op = unaryPrimitive(builtin)) return prim::toString(*op);
  if (auto op = binaryPrimitive(builtin)) return prim::toString(*op);
  for (const auto& [name, value] : structural())
    if (value == builtin) return name.c_str();
  return "?";
}

bool isBuiltinName(const std::string& name) {
  return builtinNamed(name).has_value();
}

bool isElementwise(Builtin builtin) {
  return unaryPrimitive(builtin) || binaryPrimitive(builtin);
}

bool isConversion(Builtin builtin) {
  auto op = unaryPrimitive(builtin);
  return op && prim::isConversionResult(prim::info(*op).result) &&
         prim::info(*op).operands == prim::Operands::Any;
}

bool isCustomDerivative(Builtin builtin) {
  return builtin == Builtin::CustomVjp || builtin == Builtin::CustomJvp;
}

bool isDifferentiation(Builtin builtin) {
  return builtin >= Builtin::Grad && builtin <= Builtin::Jvp;
}

} // namespace arr::sema
