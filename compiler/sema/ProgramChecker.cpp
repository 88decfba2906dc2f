// Declarations: signatures, constants, instances of functions, entry points.

#include "sema/Checker.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

namespace arr::sema {

namespace {

bool hasTypeVariables(const Signature& signature) {
  return !signature.typeParams.empty();
}

std::string instanceKey(const std::vector<std::pair<std::string, TypeP>>& typeArgs) {
  std::string key;
  for (const auto& [name, type] : typeArgs) {
    key += name + "=" + toString(type);
    std::set<uint32_t> ids;
    collectSizeVariables(type, ids);
    for (uint32_t id : ids)
      key += "#" + std::to_string(id);
    key += ";";
  }
  return key;
}

std::optional<ScalarValue> parseOverride(const std::string& text, ElemKind elem) {
  if (elem == ElemKind::Bool) {
    if (text == "true") return ScalarValue(true);
    if (text == "false") return ScalarValue(false);
    return std::nullopt;
  }
  if (elem == ElemKind::I64) {
    int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return ScalarValue(value);
  }
  try {
    size_t used = 0;
    double value = std::stod(text, &used);
    if (used != text.size()) return std::nullopt;
    return ScalarValue(value);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

} // namespace

Dim ProgramChecker::convertDim(const ast::DimExpr& dim, const ModuleInfo& module,
                               const std::map<std::string, SizeVarP>& sizeVars) {
  try {
    switch (dim.kind) {
    case ast::DimExpr::Kind::Int:
      return Dim::constant(dim.value);
    case ast::DimExpr::Kind::Name: {
      if (auto it = sizeVars.find(dim.name); it != sizeVars.end()) return Dim::variable(it->second);
      auto target = program().lookup(module, dim.name);
      if (target && target->decl->kind == ast::Decl::Kind::Constant)
        return Dim::constant(constantSize(*target, dim.range.begin));
      throw CompileError(dim.range.begin, "unknown size '" + dim.name + "'");
    }
    case ast::DimExpr::Kind::Add:
      return convertDim(*dim.lhs, module, sizeVars) + convertDim(*dim.rhs, module, sizeVars);
    case ast::DimExpr::Kind::Sub:
      return convertDim(*dim.lhs, module, sizeVars) - convertDim(*dim.rhs, module, sizeVars);
    case ast::DimExpr::Kind::Mul:
      return convertDim(*dim.lhs, module, sizeVars) * convertDim(*dim.rhs, module, sizeVars);
    }
  } catch (const std::overflow_error&) {
    throw CompileError(dim.range.begin, "this dimension overflows i64");
  } catch (const DimTermLimitError& error) {
    throw LimitError(dim.range.begin, error.what());
  }
  return Dim();
}

TypeP ProgramChecker::convertType(const ast::TypeExpr& type, const ModuleInfo& module,
                                  const std::map<std::string, SizeVarP>& sizeVars,
                                  const std::vector<std::string>& typeParams, bool inEntry) {
  auto convert = [&](const ast::TypeExpr& inner) {
    return convertType(inner, module, sizeVars, typeParams, inEntry);
  };
  switch (type.kind) {
  case ast::TypeExpr::Kind::Elem:
    return scalarType(type.elem);
  case ast::TypeExpr::Kind::Array: {
    std::vector<Dim> dims;
    for (const auto& dim : type.dims) {
      dims.push_back(convertDim(*dim, module, sizeVars));
      if (auto constant = dims.back().asConstant(); constant && *constant < 0)
        throw CompileError(dim->range.begin, "the dimension " + ast::toString(*dim) + " is " +
                                                 std::to_string(*constant) + ", a negative size");
    }
    TypeP element = convert(*type.elements.at(0));
    if (containsFunction(element))
      throw CompileError(type.range.begin, "arrays of functions are not allowed");
    return prependDims(dims, element);
  }
  case ast::TypeExpr::Kind::Tuple: {
    std::vector<TypeP> components;
    for (const auto& element : type.elements)
      components.push_back(convert(*element));
    return tupleType(std::move(components));
  }
  case ast::TypeExpr::Kind::Name:
    if (std::find(typeParams.begin(), typeParams.end(), type.name) != typeParams.end())
      return typeVariable(type.name);
    throw CompileError(type.range.begin,
                       "unknown type '" + type.name + "'" +
                           (inEntry ? ": entry parameters must be arrays or tuples of arrays of "
                                      "f64, f32, i64 or bool"
                                    : ""));
  case ast::TypeExpr::Kind::Function: {
    std::vector<TypeP> params;
    for (const auto& element : type.elements)
      params.push_back(convert(*element));
    return functionType(std::move(params), convert(*type.result));
  }
  }
  return nullptr;
}

const Signature& ProgramChecker::signature(const TopLevel& function) {
  if (auto it = signatures_.find(function.decl); it != signatures_.end()) return it->second;
  if (isBroken(function.decl)) throw alreadyReported();
  try {
    return signatures_.emplace(function.decl, buildSignature(function)).first->second;
  } catch (const CompileError& error) {
    // Report once, here, whoever asked first; later users stay silent.
    if (!error.message.empty()) diags_.report(error);
    broken_.insert(function.decl);
    throw alreadyReported();
  }
}

namespace {

/// Whether the dimension mentions `var`, and only linearly (n, n-1, 2*n, m*n), so that its
/// value determines var once the other variables are known.
bool linearIn(const Dim& dim, uint32_t var) {
  bool mentioned = false;
  for (const auto& [monomial, coefficient] : dim.terms()) {
    auto count = std::count_if(monomial.begin(), monomial.end(),
                               [&](const SizeVarP& v) { return v->id == var; });
    if (count > 1) return false;
    mentioned = mentioned || count == 1;
  }
  return mentioned;
}

/// An entry reads its size variables off the shapes of its inputs (runtime/SizeBinding.h):
/// a dimension binds its one unknown variable when it is linear in it. Reports a variable
/// that no sequence of such steps binds, at the first parameter that mentions it.
void requireDeterminedSizes(const ast::Decl& decl, const Signature& signature) {
  std::vector<std::vector<Dim>> dims; // per parameter, of every component
  for (const auto& param : signature.params) {
    dims.emplace_back();
    for (const auto& part : flatten(param))
      dims.back().insert(dims.back().end(), part->dims.begin(), part->dims.end());
  }
  std::set<uint32_t> known;
  for (bool progress = true; progress;) {
    progress = false;
    for (const auto& paramDims : dims)
      for (const Dim& dim : paramDims) {
        std::vector<uint32_t> unknown;
        for (uint32_t var : dim.variables())
          if (!known.count(var)) unknown.push_back(var);
        if (unknown.size() == 1 && linearIn(dim, unknown[0])) {
          known.insert(unknown[0]);
          progress = true;
        }
      }
  }
  for (const auto& var : signature.sizeVars) {
    if (known.count(var->id)) continue;
    for (size_t i = 0; i < dims.size(); ++i) {
      auto mentions = [&](const Dim& dim) { return dim.variables().count(var->id) != 0; };
      auto found = std::find_if(dims[i].begin(), dims[i].end(), mentions);
      if (found == dims[i].end()) continue;
      throw CompileError(decl.params[i].type->range.begin,
                         "entry '" + decl.name + "' cannot read size " + var->name +
                             " off the shapes of its inputs: a dimension determines a size when "
                             "it is the only unknown one and the dimension is linear in it (n, "
                             "n-1, 2*n), and " +
                             found->toString() + " is not");
    }
  }
}

} // namespace

Signature ProgramChecker::buildSignature(const TopLevel& function) {
  const ast::Decl& decl = *function.decl;
  Signature signature;
  for (const auto& typeParam : decl.typeParams) {
    if (isBuiltinName(typeParam.name))
      throw CompileError(typeParam.range.begin,
                         "cannot redefine built-in '" + typeParam.name + "'");
    signature.typeParams.push_back(typeParam.name);
  }
  for (const auto& name : sizeVariableNames(program(), *function.module, decl)) {
    SizeVarP var = newSizeVar(name);
    signature.sizeVars.push_back(var);
    signature.sizeVarByName[name] = var;
  }
  bool entry = decl.kind == ast::Decl::Kind::Entry;
  for (const auto& param : decl.params) {
    if (isBuiltinName(param.name))
      throw CompileError(param.range.begin, "cannot redefine built-in '" + param.name + "'");
    TypeP type = convertType(*param.type, *function.module, signature.sizeVarByName,
                             signature.typeParams, entry);
    bool sizeParam = signature.sizeVarByName.count(param.name) != 0;
    if (sizeParam && (entry || !type->isScalar() || type->elem != ElemKind::I64))
      throw CompileError(param.range.begin,
                         "parameter '" + param.name + "' has the name of a size variable" +
                             (entry ? " (entry points read their sizes off their inputs)"
                                    : "; a size parameter must have type i64"));
    if (entry && containsFunction(type))
      throw CompileError(param.range.begin, "entry parameter '" + param.name +
                                                "' must be an array or a tuple of arrays, not " +
                                                toString(type));
    signature.params.push_back(type);
    signature.isSizeParam.push_back(sizeParam);
  }
  if (entry) requireDeterminedSizes(decl, signature);
  if (decl.resultType) {
    signature.declaredResult = convertType(*decl.resultType, *function.module,
                                           signature.sizeVarByName, signature.typeParams, false);
    if (containsFunction(signature.declaredResult))
      throw CompileError(decl.resultType->range.begin, "a function cannot return a function");
    // Every size in the result must be determined by the arguments.
    std::set<uint32_t> bound;
    for (size_t i = 0; i < signature.params.size(); ++i) {
      collectSizeVariables(signature.params[i], bound);
      if (signature.isSizeParam[i])
        bound.insert(signature.sizeVarByName.at(decl.params[i].name)->id);
    }
    for (const auto& var : signature.sizeVars)
      if (!bound.count(var->id))
        throw CompileError(decl.resultType->range.begin,
                           "size variable '" + var->name +
                               "' of the result type is not bound by any parameter");
  }
  return signature;
}

ConstantInfo& ProgramChecker::constant(const TopLevel& target) {
  auto& slot = result_.constants[target.decl];
  if (slot) {
    if (slot->failed) throw alreadyReported();
    if (!slot->type)
      throw CompileError(target.decl->nameRange.begin, "recursion is not allowed: constant '" +
                                                           target.decl->name +
                                                           "' depends on itself");
    return *slot;
  }
  if (isBroken(target.decl)) throw alreadyReported();
  slot = std::make_unique<ConstantInfo>();
  ConstantInfo& info = *slot;
  info.decl = target.decl;
  info.module = target.module;
  info.body = target.decl->body->clone();
  try {
    FunctionChecker checker(*this, *target.module);
    checker.pushScope();
    TypeP type = checker.check(*info.body);
    if (!type->isScalar())
      throw CompileError(target.decl->nameRange.begin, "constant '" + target.decl->name +
                                                           "' must be a scalar, not " +
                                                           toString(type));
    info.type = type;
    info.value = evaluateConstant(*info.body, result_);
  } catch (const CompileError& error) {
    info.failed = true;
    if (!error.message.empty()) diags_.report(error);
    throw alreadyReported();
  }
  return info;
}

int64_t ProgramChecker::constantSize(const TopLevel& target, Loc use) {
  ConstantInfo& info = constant(target);
  if (info.type->elem != ElemKind::I64 || !info.value ||
      !std::holds_alternative<int64_t>(*info.value))
    throw CompileError(use, "constant '" + target.decl->name +
                                "' is used as a size but is not a compile-time i64 value");
  int64_t value = std::get<int64_t>(*info.value);
  if (value < 0)
    throw CompileError(use, "constant '" + target.decl->name + "' is used as a size but is " +
                                std::to_string(value));
  return value;
}

FunctionInstance&
ProgramChecker::instance(const TopLevel& function,
                         const std::vector<std::pair<std::string, TypeP>>& typeArgs, Loc use) {
  auto key = std::make_pair(function.decl, instanceKey(typeArgs));
  if (auto it = instances_.find(key); it != instances_.end()) {
    FunctionInstance& existing = *it->second;
    if (existing.inProgress)
      throw CompileError(function.decl->nameRange.begin,
                         "recursion is not allowed: '" + function.decl->name + "' calls itself");
    if (existing.failed) {
      if (existing.typeArgs.empty()) throw alreadyReported();
      if (existing.failedAtLimit) throw LimitError(existing.failureLoc, existing.failure);
      throw CompileError(existing.failureLoc, existing.failure);
    }
    return existing;
  }
  if (isBroken(function.decl)) throw alreadyReported();
  if (++instanceCounts_[function.decl] > kInstanceLimit)
    throw LimitError(use, "this call would make instance " + std::to_string(kInstanceLimit + 1) +
                              " of '" + function.decl->name + "', over the limit of " +
                              std::to_string(kInstanceLimit) +
                              " instances of one generic function (README, \"Compile-time "
                              "limits\")");
  const Signature& sig = signature(function);
  auto owned = std::make_unique<FunctionInstance>();
  FunctionInstance& inst = *owned;
  result_.instances.push_back(std::move(owned));
  instances_[key] = &inst;
  inst.decl = function.decl;
  inst.module = function.module;
  inst.typeArgs = typeArgs;
  inst.sizeVars = sig.sizeVars;
  inst.isSizeParam = sig.isSizeParam;
  Substitution substitution;
  for (const auto& [name, type] : typeArgs)
    substitution.types[name] = type;
  for (const auto& param : sig.params)
    inst.paramTypes.push_back(substitute(param, substitution));
  if (sig.declaredResult) inst.resultType = substitute(sig.declaredResult, substitution);
  checkInstanceBody(inst);
  return inst;
}

void ProgramChecker::checkInstanceBody(FunctionInstance& inst) {
  const ast::Decl& decl = *inst.decl;
  inst.inProgress = true;
  inst.body = decl.body->clone();
  try {
    FunctionChecker checker(*this, *inst.module);
    checker.pushScope();
    for (const auto& var : inst.sizeVars)
      checker.bind(var->name, {scalarType(ElemKind::I64), var});
    for (size_t i = 0; i < decl.params.size(); ++i) {
      SizeVarP sizeVar;
      if (inst.isSizeParam[i])
        sizeVar = signature({inst.decl, inst.module}).sizeVarByName.at(decl.params[i].name);
      checker.bind(decl.params[i].name, {inst.paramTypes[i], sizeVar});
    }
    TypeP body = inst.resultType ? checker.checkExpected(*inst.body, inst.resultType)
                                 : checker.check(*inst.body);
    if (inst.resultType && !equal(body, inst.resultType))
      throw CompileError(inst.body->range.begin,
                         "the body of '" + decl.name + "' has type " + toString(body) +
                             " but its declared result type is " + toString(inst.resultType));
    if (body->isFunction())
      throw CompileError(inst.body->range.begin, "a function cannot return a function");
    inst.resultType = body;
  } catch (const CompileError& error) {
    inst.inProgress = false;
    inst.failed = true;
    inst.failure = error.message;
    inst.failureLoc = error.loc;
    inst.failedAtLimit = dynamic_cast<const LimitError*>(&error) != nullptr;
    // A generic instance's error is reported at the call that instantiated it.
    if (!inst.typeArgs.empty()) throw;
    if (!error.message.empty()) diags_.report(error);
    throw alreadyReported();
  }
  inst.inProgress = false;
  inst.checked = true;
}

void ProgramChecker::applyOverrides() {
  for (const auto& [name, text] : overrides_) {
    bool found = false;
    for (const auto& module : result_.program->modules) {
      auto it = module->decls.find(name);
      if (it == module->decls.end() || it->second->kind != ast::Decl::Kind::Constant) continue;
      found = true;
      ConstantInfo* info = nullptr;
      try {
        info = &constant({it->second, module.get()});
      } catch (const CompileError& error) {
        if (!error.message.empty()) diags_.report(error);
        continue;
      }
      auto value = parseOverride(text, info->type->elem);
      if (!value) {
        diags_.error({}, "-D " + name + "=" + text + ": constant '" + name + "' has type " +
                             toString(info->type) + " and '" + text + "' is not a value of it");
        continue;
      }
      info->value = value;
      info->overridden = true;
    }
    if (!found)
      diags_.error({}, "-D " + name + "=" + text + ": there is no constant named '" + name + "'");
  }
}

void ProgramChecker::run() {
  broken_ = resolveNames(*result_.program, diags_);
  applyOverrides();
  for (const auto& module : result_.program->modules) {
    for (const ast::Decl& decl : module->ast.decls) {
      if (decl.kind == ast::Decl::Kind::Import || isBroken(&decl)) continue;
      TopLevel target{&decl, module.get()};
      try {
        if (decl.kind == ast::Decl::Kind::Constant) {
          constant(target);
          continue;
        }
        const Signature& sig = signature(target);
        if (hasTypeVariables(sig)) continue; // checked per instantiation
        FunctionInstance& inst = instance(target, {}, decl.nameRange.begin);
        if (decl.kind == ast::Decl::Kind::Entry && module->isMain) result_.entries.push_back(&inst);
      } catch (const CompileError& error) {
        if (!error.message.empty()) diags_.report(error);
      }
    }
  }
}

std::unique_ptr<CheckedProgram> typeCheck(std::unique_ptr<Program> program,
                                          const std::map<std::string, std::string>& overrides,
                                          Diagnostics& diags) {
  auto result = std::make_unique<CheckedProgram>();
  result->program = std::move(program);
  ProgramChecker(*result, overrides, diags).run();
  return result;
}

} // namespace arr::sema
