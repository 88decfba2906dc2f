// Calls: user functions (with size and type inference), function parameters,
// lambdas, functions passed as arguments, and the differentiation operators.

#include "sema/Checker.h"
#include "sema/Unify.h"

#include <algorithm>

namespace arr::sema {

namespace {

std::string plural(size_t count, const char* noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

std::string bindingsText(const Signature& sig, const Substitution& substitution) {
  std::string text;
  for (const auto& var : sig.sizeVars)
    if (auto it = substitution.dims.find(var->id); it != substitution.dims.end())
      text += (text.empty() ? "" : ", ") + var->name + " = " + it->second.toString();
  for (const auto& name : sig.typeParams)
    if (auto it = substitution.types.find(name); it != substitution.types.end())
      text += (text.empty() ? "" : ", ") + name + " = " + toString(it->second);
  return text;
}

} // namespace

TypeP FunctionChecker::checkCall(ast::Expr& call, Hint hint) {
  ast::Expr& callee = call.operand(0);
  using K = ast::Expr::Kind;
  // grad(f)(x, ...): the callee is itself a call of a differentiation operator.
  if (callee.kind == K::Call && callee.operand(0).kind == K::Name &&
      !lookupLocal(callee.operand(0).name())) {
    auto op = builtinNamed(callee.operand(0).name());
    if (op && isDifferentiation(*op)) {
      if (callee.operands.size() != 2)
        throw CompileError(callee.operand(0).range.begin,
                           std::string(builtinName(*op)) +
                               " expects 1 argument (a function) but got " +
                               std::to_string(callee.operands.size() - 1));
      return checkDifferentiation(call, *op, callee.operand(1));
    }
  }
  if (isCustomDerivativeForm(callee)) {
    std::vector<TypeP> argTypes;
    for (size_t i = 1; i < call.operands.size(); ++i)
      argTypes.push_back(check(call.operand(i)));
    TypeP result = checkCustomDerivative(callee, argTypes, "this call");
    call.resolution = callee.resolution;
    return result;
  }
  if (callee.kind == K::Lambda) return checkLambdaCall(call);
  if (callee.kind != K::Name)
    throw CompileError(callee.range.begin, "this expression is not a function");
  const std::string& name = callee.name();
  if (const Local* local = lookupLocal(name)) {
    if (!local->type->isFunction())
      throw CompileError(callee.range.begin,
                         "'" + name + "' is not a function; it has type " + toString(local->type));
    return checkFunctionParamCall(call, name, local->type);
  }
  if (auto builtin = builtinNamed(name)) {
    if (isDifferentiation(*builtin))
      throw CompileError(callee.range.begin,
                         name + "(f) must be applied to arguments, as in " + name + "(f)(x)");
    if (isCustomDerivative(*builtin))
      throw CompileError(callee.range.begin, name + "(f, rule) is a function: call it, as in " +
                                                 name + "(f, rule)(x), or pass it as a function");
    return checkBuiltinCall(call, *builtin, hint);
  }
  auto target = program_.program().lookup(module_, name);
  if (!target) throw CompileError(callee.range.begin, "unknown name '" + name + "'");
  if (target->decl->kind == ast::Decl::Kind::Constant)
    throw CompileError(callee.range.begin, "'" + name + "' is a constant, not a function");
  return checkUserCall(call, *target);
}

TypeP FunctionChecker::checkUserCall(ast::Expr& call, const TopLevel& callee) {
  std::vector<Argument> args;
  for (size_t i = 1; i < call.operands.size(); ++i)
    args.push_back({&call.operand(i), nullptr, call.operand(i).range.begin});
  auto resolution = std::make_shared<Resolution>();
  resolution->kind = Resolution::Kind::Function;
  TypeP result = instantiate(callee, args, call.operand(0).range.begin, *resolution);
  call.operand(0).resolution = resolution;
  call.resolution = resolution;
  return result;
}

TypeP FunctionChecker::instantiate(const TopLevel& callee, std::vector<Argument>& args,
                                   Loc calleeLoc, Resolution& resolution) {
  const ast::Decl& decl = *callee.decl;
  const Signature& sig = program_.signature(callee);
  if (args.size() != sig.params.size())
    throw CompileError(calleeLoc, decl.name + " expects " + plural(sig.params.size(), "argument") +
                                      " but got " + std::to_string(args.size()));
  // Literal arguments take the types the call needs (LANGUAGE.md §2): iterate(3, \i s -> s + x,
  // 0.0) with x: f32 steps an f32 state.
  Unifier unifier(sig.sizeVars, sig.typeParams);
  auto attempt = [&](const std::vector<TypeP>* forced, std::vector<TypeP>& checked) -> TypeP {
    unifier = Unifier(sig.sizeVars, sig.typeParams);
    auto mismatch = [&](size_t i, const TypeP& argType) {
      std::string bound = bindingsText(sig, unifier.substitution);
      return CompileError(args[i].loc, "argument '" + decl.params[i].name + "' of " + decl.name +
                                           " has type " + toString(argType) + ", expected " +
                                           toString(sig.params[i]) +
                                           (bound.empty() ? "" : " (with " + bound + ")"));
    };
    // Values first, so that functions passed as arguments see their parameter types.
    std::vector<TypeP> argTypes(args.size());
    for (size_t i = 0; i < args.size(); ++i) {
      if (sig.params[i]->isFunction()) continue;
      if (sig.isSizeParam[i]) {
        std::optional<Dim> size;
        if (args[i].expr) {
          check(*args[i].expr, ElemKind::I64);
          size = asSize(*args[i].expr);
        }
        if (!size)
          throw CompileError(args[i].loc, "argument '" + decl.params[i].name + "' of " + decl.name +
                                              " is a size: it must be a constant, a size variable, "
                                              "or +, - and * of them");
        const SizeVarP& var = sig.sizeVarByName.at(decl.params[i].name);
        if (!unifier.constrain(Dim::variable(var), *size, i))
          throw mismatch(i, scalarType(ElemKind::I64));
        argTypes[i] = scalarType(ElemKind::I64);
        continue;
      }
      TypeP expected = substitute(sig.params[i], unifier.substitution);
      argTypes[i] = forced && (*forced)[i] ? (*forced)[i]
                    : args[i].expr         ? checkExpected(*args[i].expr, expected)
                                           : args[i].knownType;
      if (args[i].expr) checked[i] = argTypes[i];
      if (!unifier.unify(sig.params[i], argTypes[i], i)) throw mismatch(i, argTypes[i]);
    }
    std::string unsolved;
    if (long bad = unifier.solve(unsolved); bad >= 0) throw mismatch(bad, argTypes[bad]);
    // Then the functions, each once its parameter types are known: a function's result can fix
    // another's parameter types (comp(f, g, x) = f(g(x)) learns g's result type before f).
    std::vector<size_t> functions;
    for (size_t i = 0; i < args.size(); ++i)
      if (sig.params[i]->isFunction()) functions.push_back(i);
    auto known = [&](size_t i) {
      TypeP expected = substitute(sig.params[i], unifier.substitution);
      return std::none_of(expected->elements.begin(), expected->elements.end(),
                          [](const TypeP& param) { return containsTypeVariable(param); });
    };
    std::vector<size_t> order;
    while (order.size() < functions.size()) {
      size_t next = functions.size();
      for (size_t f = 0; f < functions.size() && next == functions.size(); ++f)
        if (std::find(order.begin(), order.end(), functions[f]) == order.end() &&
            known(functions[f]))
          next = f;
      if (next == functions.size()) {
        for (size_t i : functions)
          if (std::find(order.begin(), order.end(), i) == order.end())
            throw CompileError(args[i].loc, "cannot infer the parameter types of the function "
                                            "passed as '" +
                                                decl.params[i].name + "' to " + decl.name);
      }
      size_t i = functions[next];
      order.push_back(i);
      if (!args[i].expr) throw mismatch(i, args[i].knownType);
      TypeP expected = substitute(sig.params[i], unifier.substitution);
      TypeP result =
          checkFunctionArgument(*args[i].expr, expected->elements,
                                "argument '" + decl.params[i].name + "' of " + decl.name);
      if (!unifier.unify(sig.params[i]->result, result, i))
        throw CompileError(args[i].loc, "the function passed as '" + decl.params[i].name + "' to " +
                                            decl.name + " returns " + toString(result) +
                                            ", expected " + toString(expected->result));
      argTypes[i] = functionType(expected->elements, result);
      if (long bad = unifier.solve(unsolved); bad >= 0) throw mismatch(bad, argTypes[bad]);
    }
    if (long bad = unifier.solve(unsolved); bad >= 0) throw mismatch(bad, argTypes[bad]);
    std::string missing;
    if (!unifier.boundAll(missing))
      throw CompileError(calleeLoc, "cannot infer '" + missing + "' in this call of " + decl.name);

    return nullptr;
  };
  std::vector<ast::Expr*> values(args.size(), nullptr);
  for (size_t i = 0; i < args.size(); ++i)
    if (!sig.params[i]->isFunction() && !sig.isSizeParam[i]) values[i] = args[i].expr;
  checkLiteralsByUse(values, attempt);

  std::vector<std::pair<std::string, TypeP>> typeArgs;
  for (const auto& name : sig.typeParams)
    typeArgs.emplace_back(name, unifier.substitution.types.at(name));
  FunctionInstance* inst = nullptr;
  try {
    inst = &program_.instance(callee, typeArgs, calleeLoc);
  } catch (const LimitError&) {
    throw;
  } catch (const CompileError& error) {
    if (error.message.empty() || typeArgs.empty()) throw alreadyReported();
    std::string with;
    for (const auto& [name, type] : typeArgs)
      with += (with.empty() ? "" : ", ") + name + " = " + toString(type);
    std::vector<Note> notes;
    if (error.loc.valid()) notes.push_back({error.loc, error.message});
    throw CompileError(calleeLoc,
                       "cannot instantiate " + decl.name + " with " + with + ": " + error.message,
                       std::move(notes));
  }
  resolution.instance = inst;
  resolution.bindings.dims = unifier.substitution.dims;
  return substitute(inst->resultType, resolution.bindings);
}

TypeP FunctionChecker::checkFunctionParamCall(ast::Expr& call, const std::string& name,
                                              const TypeP& type) {
  size_t count = call.operands.size() - 1;
  if (count != type->elements.size())
    throw CompileError(call.operand(0).range.begin, name + " expects " +
                                                        plural(type->elements.size(), "argument") +
                                                        " but got " + std::to_string(count));
  for (size_t i = 0; i < count; ++i) {
    const TypeP& expected = type->elements[i];
    if (expected->isFunction())
      throw CompileError(call.operand(i + 1).range.begin,
                         "functions passed as arguments cannot take functions");
    TypeP arg = checkExpected(call.operand(i + 1), expected);
    if (!equal(arg, expected))
      throw CompileError(call.operand(i + 1).range.begin,
                         "argument " + std::to_string(i + 1) + " of " + name + " has type " +
                             toString(arg) + ", expected " + toString(expected));
  }
  auto resolution = std::make_shared<Resolution>();
  resolution->kind = Resolution::Kind::Local;
  call.resolution = resolution;
  call.operand(0).resolution = resolution;
  call.operand(0).type = type;
  return type->result;
}

TypeP FunctionChecker::checkLambdaCall(ast::Expr& call) {
  std::vector<TypeP> argTypes;
  for (size_t i = 1; i < call.operands.size(); ++i)
    argTypes.push_back(check(call.operand(i)));
  auto resolution = std::make_shared<Resolution>();
  resolution->kind = Resolution::Kind::Lambda;
  call.resolution = resolution;
  return checkLambda(call.operand(0), argTypes, "this lambda");
}

TypeP FunctionChecker::checkLambda(ast::Expr& lambda, const std::vector<TypeP>& paramTypes,
                                   const std::string& context) {
  if (lambda.lambdaParams.size() != paramTypes.size())
    throw CompileError(lambda.range.begin,
                       context + " must take " + plural(paramTypes.size(), "parameter") +
                           ", but the lambda takes " + std::to_string(lambda.lambdaParams.size()));
  pushScope();
  for (size_t i = 0; i < paramTypes.size(); ++i) {
    auto& param = lambda.lambdaParams[i];
    if (isBuiltinName(param.name))
      throw CompileError(param.range.begin, "cannot redefine built-in '" + param.name + "'");
    param.type = paramTypes[i];
    bind(param.name, Local{paramTypes[i], nullptr});
  }
  TypeP result = check(lambda.operand(0));
  popScope();
  if (result->isFunction())
    throw CompileError(lambda.operand(0).range.begin, "a lambda cannot return a function");
  lambda.type = functionType(paramTypes, result);
  return result;
}

TypeP FunctionChecker::checkFunctionArgument(ast::Expr& expr, const std::vector<TypeP>& paramTypes,
                                             const std::string& context) {
  using K = ast::Expr::Kind;
  if (isCustomDerivativeForm(expr)) return checkCustomDerivative(expr, paramTypes, context);
  if (expr.kind == K::Lambda) return checkLambda(expr, paramTypes, context);
  if (expr.kind != K::Name)
    throw CompileError(expr.range.begin, context +
                                             " must be a function: the name of a function or a "
                                             "lambda");
  const std::string& name = expr.name();
  if (const Local* local = lookupLocal(name)) {
    if (!local->type->isFunction())
      throw CompileError(expr.range.begin, context + " must be a function, but '" + name +
                                               "' has type " + toString(local->type));
    const auto& expected = local->type->elements;
    bool same = expected.size() == paramTypes.size();
    for (size_t i = 0; same && i < expected.size(); ++i)
      same = equal(expected[i], paramTypes[i]);
    if (!same) {
      std::vector<TypeP> wanted(paramTypes.begin(), paramTypes.end());
      throw CompileError(expr.range.begin, context + " must take " + toString(tupleType(wanted)) +
                                               ", but '" + name + "' has type " +
                                               toString(local->type));
    }
    auto resolution = std::make_shared<Resolution>();
    expr.resolution = resolution;
    expr.type = local->type;
    return local->type->result;
  }
  auto resolution = std::make_shared<Resolution>();
  if (auto builtin = builtinNamed(name)) {
    if (!(isElementwise(*builtin) || *builtin == Builtin::NoGrad))
      throw CompileError(expr.range.begin, "the built-in '" + name +
                                               "' cannot be passed as a function; wrap it in a "
                                               "lambda");
    resolution->kind = Resolution::Kind::Builtin;
    resolution->builtin = *builtin;
    TypeP result = elementwiseType(*builtin, paramTypes, expr.range.begin);
    expr.resolution = resolution;
    expr.type = functionType(paramTypes, result);
    return result;
  }
  auto target = program_.program().lookup(module_, name);
  if (!target) throw CompileError(expr.range.begin, "unknown name '" + name + "'");
  if (target->decl->kind == ast::Decl::Kind::Constant)
    throw CompileError(expr.range.begin,
                       context + " must be a function, but '" + name + "' is a constant");
  std::vector<Argument> args;
  for (const auto& type : paramTypes)
    args.push_back({nullptr, type, expr.range.begin});
  resolution->kind = Resolution::Kind::Function;
  TypeP result = instantiate(*target, args, expr.range.begin, *resolution);
  expr.resolution = resolution;
  expr.type = functionType(paramTypes, result);
  return result;
}

size_t FunctionChecker::functionArity(ast::Expr& function, const std::string& context) {
  using K = ast::Expr::Kind;
  if (function.kind == K::Lambda) return function.lambdaParams.size();
  if (isCustomDerivativeForm(function) && function.operands.size() == 3)
    return functionArity(function.operand(1), context);
  if (function.kind == K::Name) {
    if (const Local* local = lookupLocal(function.name()); local && local->type->isFunction())
      return local->type->elements.size();
    if (auto target = program_.program().lookup(module_, function.name());
        target && target->decl->kind != ast::Decl::Kind::Constant && !lookupLocal(function.name()))
      return target->decl->params.size();
    if (auto builtin = builtinNamed(function.name())) return binaryPrimitive(*builtin) ? 2 : 1;
  }
  throw CompileError(function.range.begin,
                     context +
                         " must be applied to a function: the name of a function or a lambda");
}

bool FunctionChecker::isCustomDerivativeForm(const ast::Expr& expr) {
  if (expr.kind != ast::Expr::Kind::Call || expr.operand(0).kind != ast::Expr::Kind::Name ||
      lookupLocal(expr.operand(0).name()))
    return false;
  auto builtin = builtinNamed(expr.operand(0).name());
  return builtin && isCustomDerivative(*builtin);
}

TypeP FunctionChecker::checkCustomDerivative(ast::Expr& form, const std::vector<TypeP>& paramTypes,
                                             const std::string& context) {
  Builtin op = *builtinNamed(form.operand(0).name());
  bool reverse = op == Builtin::CustomVjp;
  std::string name = builtinName(op);
  Loc at = form.operand(0).range.begin;
  if (form.operands.size() != 3)
    throw CompileError(at, name +
                               " expects 2 arguments (a function and its derivative rule) but "
                               "got " +
                               std::to_string(form.operands.size() - 1));
  TypeP result = checkFunctionArgument(form.operand(1), paramTypes, name + ": the function");
  std::vector<TypeP> differentiable;
  for (const auto& type : paramTypes)
    if (TypeP part = floatPart(type)) differentiable.push_back(part);
  if (differentiable.empty())
    throw CompileError(at, name + ": the function, called in " + context +
                               ", has no differentiable (f32 or f64) parameter");
  // rule(x1..xn, y, ct) for customVjp, rule(x1..xn, y, t1..tk) for customJvp.
  std::vector<TypeP> ruleParams = paramTypes;
  ruleParams.push_back(result);
  if (reverse)
    ruleParams.push_back(result);
  else
    ruleParams.insert(ruleParams.end(), differentiable.begin(), differentiable.end());
  TypeP expected = reverse ? tupleType(differentiable) : floatPart(result);
  if (!expected)
    throw CompileError(at, name + ": the function's result " + toString(result) +
                               " has no float component to differentiate");
  ast::Expr& rule = form.operand(2);
  std::string ruleContext =
      name + ": the rule, of parameters " + toString(tupleType(ruleParams)) + ",";
  TypeP ruleResult;
  try {
    ruleResult = checkFunctionArgument(rule, ruleParams, ruleContext);
  } catch (const CompileError& error) {
    // A named rule is checked as a call of it: say that it is the rule, and what it must take.
    Loc loc = rule.range.begin;
    if (rule.kind != ast::Expr::Kind::Name || error.message.empty() || error.loc.line != loc.line ||
        error.loc.col != loc.col)
      throw;
    throw CompileError(error.loc, ruleContext + " does not fit: " + error.message, error.notes);
  }
  if (!equal(ruleResult, expected))
    throw CompileError(rule.range.begin,
                       name + ": the rule returns " + toString(ruleResult) + ", expected " +
                           toString(expected) +
                           (reverse ? " (the cotangents of the differentiable parameters)"
                                    : " (the tangent of the result)"));
  auto resolution = std::make_shared<Resolution>();
  resolution->kind = Resolution::Kind::Builtin;
  resolution->builtin = op;
  resolution->primalArity = paramTypes.size();
  form.resolution = resolution;
  form.operand(0).resolution = resolution;
  form.type = functionType(paramTypes, result);
  return result;
}

TypeP FunctionChecker::checkDifferentiation(ast::Expr& call, Builtin op, ast::Expr& function) {
  std::string name = builtinName(op);
  Loc at = call.operand(0).operand(0).range.begin;
  size_t arity = functionArity(function, name);
  size_t given = call.operands.size() - 1;
  auto countError = [&](size_t expected, const std::string& what) {
    return CompileError(at, name + ": the function takes " + plural(arity, "argument") + ", so " +
                                name + "(f) expects " + std::to_string(expected) + " arguments" +
                                what + " but got " + std::to_string(given));
  };
  if (given < arity) throw countError(arity + (op == Builtin::Vjp ? 1 : 0), "");
  std::vector<TypeP> primal;
  for (size_t i = 0; i < arity; ++i)
    primal.push_back(check(call.operand(i + 1)));
  std::vector<TypeP> differentiable;
  for (const auto& type : primal)
    if (TypeP part = floatPart(type)) differentiable.push_back(part);
  if (differentiable.empty())
    throw CompileError(at, name + ": the function has no differentiable (f32 or f64) parameter");
  size_t extra = op == Builtin::Vjp ? 1 : op == Builtin::Jvp ? differentiable.size() : 0;
  if (given != arity + extra)
    throw countError(arity + extra, op == Builtin::Vjp   ? " (the inputs and a cotangent)"
                                    : op == Builtin::Jvp ? " (the inputs and their tangents)"
                                                         : "");
  TypeP result = checkFunctionArgument(function, primal, name);
  auto resolution = std::make_shared<Resolution>();
  resolution->kind = Resolution::Kind::Builtin;
  resolution->builtin = op;
  resolution->primalArity = arity;
  call.resolution = resolution;
  call.operand(0).resolution = resolution;
  TypeP gradients = tupleType(differentiable);
  switch (op) {
  case Builtin::Grad:
  case Builtin::ValueAndGrad:
    if (!result->isScalar() || !isFloat(result->elem))
      throw CompileError(at, name +
                                 ": the function must return a float scalar (f32 or f64), but it "
                                 "returns " +
                                 toString(result));
    return op == Builtin::Grad ? gradients : tupleType({result, gradients});
  case Builtin::Vjp: {
    ast::Expr& cotangent = call.operand(arity + 1);
    TypeP type = checkExpected(cotangent, result);
    if (!equal(type, result))
      throw CompileError(at, "vjp: the cotangent has type " + toString(type) +
                                 " but the function returns " + toString(result));
    return gradients;
  }
  case Builtin::Jvp: {
    for (size_t i = 0; i < differentiable.size(); ++i) {
      ast::Expr& tangent = call.operand(arity + 1 + i);
      TypeP type = checkExpected(tangent, differentiable[i]);
      if (!equal(type, differentiable[i]))
        throw CompileError(tangent.range.begin, "jvp: tangent " + std::to_string(i + 1) +
                                                    " has type " + toString(type) + ", expected " +
                                                    toString(differentiable[i]));
    }
    TypeP resultTangent = floatPart(result);
    if (!resultTangent)
      throw CompileError(at, "jvp: the function's result " + toString(result) +
                                 " has no float component to differentiate");
    return tupleType({result, resultTangent});
  }
  default:
    break;
  }
  return result;
}

} // namespace arr::sema
