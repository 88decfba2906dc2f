#include "sema/Builtins.h"

#include <map>

namespace arr::sema {

namespace {

const std::map<std::string, Builtin>& table() {
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
      {"exp", Builtin::Exp},
      {"log", Builtin::Log},
      {"sqrt", Builtin::Sqrt},
      {"sin", Builtin::Sin},
      {"cos", Builtin::Cos},
      {"tan", Builtin::Tan},
      {"tanh", Builtin::Tanh},
      {"abs", Builtin::Abs},
      {"floor", Builtin::Floor},
      {"ceil", Builtin::Ceil},
      {"sign", Builtin::Sign},
      {"log1p", Builtin::Log1p},
      {"expm1", Builtin::Expm1},
      {"erf", Builtin::Erf},
      {"max", Builtin::Max},
      {"min", Builtin::Min},
      {"pow", Builtin::Pow},
      {"atan2", Builtin::Atan2},
      {"f64", Builtin::ToF64},
      {"f32", Builtin::ToF32},
      {"i64", Builtin::ToI64},
      {"bool", Builtin::ToBool},
      {"grad", Builtin::Grad},
      {"valueAndGrad", Builtin::ValueAndGrad},
      {"vjp", Builtin::Vjp},
      {"jvp", Builtin::Jvp},
  };
  return names;
}

} // namespace

std::optional<Builtin> builtinNamed(const std::string& name) {
  auto it = table().find(name);
  if (it == table().end()) return std::nullopt;
  return it->second;
}

const char* builtinName(Builtin builtin) {
  for (const auto& [name, value] : table())
    if (value == builtin) return name.c_str();
  return "?";
}

bool isBuiltinName(const std::string& name) {
  return table().count(name) != 0;
}

bool isUnaryMath(Builtin builtin) {
  return builtin >= Builtin::Exp && builtin <= Builtin::Erf;
}
bool isBinaryMath(Builtin builtin) {
  return builtin >= Builtin::Max && builtin <= Builtin::Atan2;
}
bool isConversion(Builtin builtin) {
  return builtin >= Builtin::ToF64 && builtin <= Builtin::ToBool;
}
bool isDifferentiation(Builtin builtin) {
  return builtin >= Builtin::Grad;
}

} // namespace arr::sema
