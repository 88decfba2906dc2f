// The typing rules of the built-in operations (LANGUAGE.md §6).

#include "sema/Checker.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace arr::sema {

namespace {

/// The element types an elementwise built-in accepts (any for noGrad).
prim::Operands operandsOf(Builtin builtin) {
  if (auto op = unaryPrimitive(builtin)) return prim::info(*op).operands;
  if (auto op = binaryPrimitive(builtin)) return prim::info(*op).operands;
  return prim::Operands::Any;
}

/// exp, log, ... need floats (literals default to f64); abs, sign, max and pow take
/// any number.
bool needsFloat(Builtin builtin) {
  return operandsOf(builtin) == prim::Operands::Floats;
}

size_t arityOf(Builtin builtin) {
  switch (builtin) {
  case Builtin::Build:
  case Builtin::Tr:
  case Builtin::Reshape:
  case Builtin::Replicate:
    return 2;
  case Builtin::Gather:
  case Builtin::Scatter:
  case Builtin::Fold:
  case Builtin::Scan:
  case Builtin::MapAccum:
    return 3;
  case Builtin::While:
    return 4;
  default:
    return binaryPrimitive(builtin) ? 2 : 1;
  }
}

Dim elementCount(const std::vector<Dim>& dims) {
  Dim count = Dim::constant(1);
  for (const auto& dim : dims)
    count = count * dim;
  return count;
}

} // namespace

TypeP FunctionChecker::elementwiseType(Builtin builtin, const std::vector<TypeP>& args, Loc loc) {
  std::string name = builtinName(builtin);
  if (args.size() != arityOf(builtin))
    throw CompileError(loc, name + " expects " + std::to_string(arityOf(builtin)) + " argument" +
                                (arityOf(builtin) == 1 ? "" : "s") + " but got " +
                                std::to_string(args.size()));
  for (const auto& arg : args) {
    if (builtin == Builtin::NoGrad) break;
    if (!arg->isArray() || !arg->typeVar.empty())
      throw CompileError(loc, name + ": cannot apply to " + toString(arg) +
                                  "; it applies to arrays elementwise");
    prim::Operands operands = operandsOf(builtin);
    if (operands == prim::Operands::Any) continue;
    if (operands == prim::Operands::Bools && arg->elem != ElemKind::Bool)
      throw CompileError(loc, name + ": needs bool, not " + toString(arg));
    if (!isNumeric(arg->elem))
      throw CompileError(loc, name + ": needs a number, not " + toString(arg) +
                                  " (bool is not a number)");
    if (operands == prim::Operands::Floats && !isFloat(arg->elem))
      throw CompileError(loc, name + ": needs a float (f32 or f64) argument, not " + toString(arg) +
                                  "; convert it with f64(...)");
  }
  if (builtin == Builtin::NoGrad) return args[0];
  if (auto op = unaryPrimitive(builtin))
    return withElem(args[0], *prim::resultType(*op, args[0]->elem));
  if (args.size() == 1) return args[0];
  const TypeP& left = args[0];
  const TypeP& right = args[1];
  std::string what = name + ": cannot combine " + toString(left) + " and " + toString(right);
  if (left->elem != right->elem) throw CompileError(loc, what + ": element types differ");
  std::string problem;
  std::optional<std::vector<Dim>> dims = broadcastShape(left->dims, right->dims, problem);
  if (!dims) throw CompileError(loc, what + ": " + problem);
  return arrayType(std::move(*dims), left->elem);
}

std::vector<Dim> FunctionChecker::shapeArgument(ast::Expr& shape, const char* builtin) {
  if (shape.kind != ast::Expr::Kind::ArrayLit)
    throw CompileError(shape.range.begin, std::string(builtin) +
                                              ": the shape must be a bracketed list of sizes, "
                                              "e.g. [n, m]");
  std::vector<Dim> dims;
  for (auto& element : shape.operands) {
    TypeP type = check(*element, ElemKind::I64);
    auto dim = asSize(*element);
    if (!dim || !type->isScalar() || type->elem != ElemKind::I64)
      throw CompileError(element->range.begin,
                         std::string(builtin) + ": " + ast::toString(*element) +
                             " is not a size; a size is a constant, a size variable, or +, - and * "
                             "of them");
    dims.push_back(*dim);
  }
  shape.type = arrayType({Dim::constant(static_cast<int64_t>(dims.size()))}, ElemKind::I64);
  return dims;
}

TypeP FunctionChecker::checkIndexLambda(ast::Expr& lambda, size_t arity, const char* builtin,
                                        size_t& count) {
  std::string name = builtin;
  if (lambda.kind != ast::Expr::Kind::Lambda)
    throw CompileError(lambda.range.begin, name + ": the index function must be a lambda");
  if (lambda.lambdaParams.size() != arity)
    throw CompileError(lambda.range.begin, name + ": the index function must take " +
                                               std::to_string(arity) + " indices but takes " +
                                               std::to_string(lambda.lambdaParams.size()));
  ast::Expr& body = lambda.operand(0);
  if (body.kind != ast::Expr::Kind::ArrayLit)
    throw CompileError(body.range.begin,
                       name + ": the index function must return a bracketed list of i64 indices");
  std::vector<TypeP> params(arity, scalarType(ElemKind::I64));
  pushScope();
  for (size_t i = 0; i < arity; ++i) {
    auto& param = lambda.lambdaParams[i];
    if (isBuiltinName(param.name))
      throw CompileError(param.range.begin, "cannot redefine built-in '" + param.name + "'");
    param.type = params[i];
    bind(param.name, Local{params[i], nullptr});
  }
  for (auto& index : body.operands) {
    TypeP type = check(*index, ElemKind::I64);
    if (!type->isScalar() || type->elem != ElemKind::I64)
      throw CompileError(index->range.begin,
                         name + ": an index must be an i64 scalar, not " + toString(type));
  }
  popScope();
  count = body.operands.size();
  body.type = arrayType({Dim::constant(static_cast<int64_t>(count))}, ElemKind::I64);
  lambda.type = functionType(params, body.type);
  return body.type;
}

TypeP FunctionChecker::checkBuiltinCall(ast::Expr& call, Builtin builtin, Hint hint) {
  const char* name = builtinName(builtin);
  std::string prefix = std::string(name) + ": ";
  Loc at = call.operand(0).range.begin;
  size_t given = call.operands.size() - 1;
  size_t expected = arityOf(builtin);
  if (given != expected)
    throw CompileError(at, std::string(name) + " expects " + std::to_string(expected) +
                               (expected == 1 ? " argument" : " arguments") + " but got " +
                               std::to_string(given));
  auto resolution = std::make_shared<Resolution>();
  resolution->kind = Resolution::Kind::Builtin;
  resolution->builtin = builtin;
  call.resolution = resolution;
  call.operand(0).resolution = resolution;
  auto arg = [&](size_t i) -> ast::Expr& { return call.operand(i + 1); };
  auto requireArray = [&](const TypeP& type, size_t rank, const std::string& what) {
    if (type->isFunction() || !hasCommonOuterDims(type, rank))
      throw CompileError(at, prefix + what + ", got " + toString(type));
  };

  switch (builtin) {
  case Builtin::Build: {
    resolution->shape = shapeArgument(arg(0), name);
    ast::Expr& lambda = arg(1);
    if (lambda.kind != ast::Expr::Kind::Lambda)
      throw CompileError(lambda.range.begin, prefix + "the second argument must be a lambda");
    if (lambda.lambdaParams.size() != resolution->shape.size())
      throw CompileError(at, prefix + "the shape has " + std::to_string(resolution->shape.size()) +
                                 " dimensions but the lambda takes " +
                                 std::to_string(lambda.lambdaParams.size()) + " indices");
    std::vector<TypeP> indices(resolution->shape.size(), scalarType(ElemKind::I64));
    pushScope();
    for (size_t i = 0; i < indices.size(); ++i) {
      auto& param = lambda.lambdaParams[i];
      if (isBuiltinName(param.name))
        throw CompileError(param.range.begin, "cannot redefine built-in '" + param.name + "'");
      param.type = indices[i];
      bind(param.name, Local{indices[i], nullptr});
    }
    TypeP body = check(lambda.operand(0), hint);
    popScope();
    if (body->isFunction())
      throw CompileError(lambda.operand(0).range.begin,
                         prefix + "cannot build an array of functions");
    lambda.type = functionType(indices, body);
    return prependDims(resolution->shape, body);
  }
  case Builtin::Gather: {
    resolution->shape = shapeArgument(arg(0), name);
    TypeP source = check(arg(1));
    size_t count = 0;
    checkIndexLambda(arg(2), resolution->shape.size(), name, count);
    if (source->isFunction() || !hasCommonOuterDims(source, count))
      throw CompileError(at, prefix + "the index function returns " + std::to_string(count) +
                                 " indices but the array " + toString(source) + " has rank " +
                                 std::to_string(source->isArray() ? source->rank() : 0));
    return prependDims(resolution->shape, dropOuterDims(source, count));
  }
  case Builtin::Scatter: {
    resolution->shape = shapeArgument(arg(0), name);
    TypeP source = check(arg(1));
    ast::Expr& lambda = arg(2);
    size_t arity = lambda.kind == ast::Expr::Kind::Lambda ? lambda.lambdaParams.size() : 0;
    if (source->isFunction() || !hasCommonOuterDims(source, arity))
      throw CompileError(at, prefix + "the index function takes " + std::to_string(arity) +
                                 " indices but the array " + toString(source) + " has rank " +
                                 std::to_string(source->isArray() ? source->rank() : 0));
    size_t count = 0;
    checkIndexLambda(lambda, arity, name, count);
    if (count != resolution->shape.size())
      throw CompileError(at, prefix + "the index function returns " + std::to_string(count) +
                                 " indices but the shape has " +
                                 std::to_string(resolution->shape.size()) + " dimensions");
    for (const auto& part : flatten(source))
      if (!isNumeric(part->elem))
        throw CompileError(at, prefix + "cannot add up values of type " + toString(source) +
                                   " (bool is not a number)");
    return prependDims(resolution->shape, dropOuterDims(source, arity));
  }
  case Builtin::Fold:
  case Builtin::Scan:
  case Builtin::MapAccum: {
    ast::Expr& function = arg(0);
    ast::Expr& init = arg(1);
    TypeP elements = check(arg(2));
    requireArray(elements, 1,
                 "the elements (the third argument) must be an array, or a tuple of arrays of "
                 "one length");
    resolution->shape = outerDims(elements, 1);
    TypeP element = dropOuterDims(elements, 1);
    TypeP state;
    TypeP output;
    Hint stateHint = builtin == Builtin::Fold ? hint : std::nullopt;
    // A literal state takes the type the steps need (LANGUAGE.md §2): fold(\a x -> a + x, 0,
    // xs) sums the elements' floats, fold(\c x -> c + 1, 0, xs) counts in i64.
    auto checkSteps = [&](const std::vector<TypeP>* forced, std::vector<TypeP>& checked) {
      state = checked[0] = forced && (*forced)[0] ? (*forced)[0] : check(init, stateHint);
      if (state->isFunction())
        throw CompileError(init.range.begin, prefix + "the state cannot be a function");
      TypeP result = checkFunctionArgument(function, {state, element}, prefix + "the function");
      Loc resultAt = function.kind == ast::Expr::Kind::Lambda ? function.operand(0).range.begin
                                                              : function.range.begin;
      TypeP next = result;
      if (builtin == Builtin::MapAccum) {
        if (!result->isTuple() || result->elements.size() != 2)
          throw CompileError(resultAt, prefix +
                                           "the function must return a pair (state, output), "
                                           "but it returns " +
                                           toString(result));
        next = result->elements[0];
        output = result->elements[1];
      }
      if (!equal(next, state))
        throw CompileError(resultAt, prefix + "the function returns the state as " +
                                         toString(next) + ", but the initial state has type " +
                                         toString(state) +
                                         "; the state keeps one type in every step");
      return state;
    };
    checkLiteralsByUse({&init}, checkSteps);
    switch (builtin) {
    case Builtin::Fold:
      return state;
    case Builtin::Scan:
      return prependDims(resolution->shape, state);
    default:
      return tupleType({state, prependDims(resolution->shape, output)});
    }
  }
  case Builtin::While:
    return checkWhile(call, hint);
  case Builtin::SumOuter:
  case Builtin::ProdOuter:
  case Builtin::MaxOuter:
  case Builtin::ArgmaxOuter: {
    TypeP source = check(arg(0), hint);
    requireArray(source, 1, "needs an array of rank 1 or more");
    for (const auto& part : flatten(source))
      if (!isNumeric(part->elem))
        throw CompileError(at, prefix + "needs numbers, not " + toString(source) +
                                   " (bool is not a number)");
    if (builtin != Builtin::SumOuter && builtin != Builtin::ProdOuter && source->isTuple())
      throw CompileError(at, prefix + "cannot compare tuples; apply it to each component");
    TypeP rest = dropOuterDims(source, 1);
    return builtin == Builtin::ArgmaxOuter ? withElem(rest, ElemKind::I64) : rest;
  }
  case Builtin::Replicate: {
    check(arg(0), ElemKind::I64);
    auto count = asSize(arg(0));
    if (!count)
      throw CompileError(arg(0).range.begin, prefix + "the count must be a size: a constant, a "
                                                      "size variable, or +, - and * of them");
    resolution->shape = {*count};
    TypeP source = check(arg(1), hint);
    if (source->isFunction()) throw CompileError(at, prefix + "cannot replicate a function");
    return prependDims(resolution->shape, source);
  }
  case Builtin::Iota: {
    check(arg(0), ElemKind::I64);
    auto count = asSize(arg(0));
    if (!count)
      throw CompileError(arg(0).range.begin, prefix + "the count must be a size: a constant, a "
                                                      "size variable, or +, - and * of them");
    resolution->shape = {*count};
    return arrayType({*count}, ElemKind::I64);
  }
  case Builtin::Tr: {
    ast::Expr& permutation = arg(0);
    if (permutation.kind != ast::Expr::Kind::ArrayLit)
      throw CompileError(permutation.range.begin,
                         prefix +
                             "the permutation must be a bracketed list of integers, e.g. [1, 0]");
    std::vector<int> perm;
    for (auto& entry : permutation.operands) {
      check(*entry, ElemKind::I64);
      if (entry->kind != ast::Expr::Kind::IntLit)
        throw CompileError(entry->range.begin,
                           prefix + "permutation entries must be integer literals");
      perm.push_back(static_cast<int>(std::min<int64_t>(entry->intValue, 1 << 30)));
    }
    permutation.type = arrayType({Dim::constant(static_cast<int64_t>(perm.size()))}, ElemKind::I64);
    TypeP source = check(arg(1), hint);
    std::vector<int> sorted = perm;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> identity(perm.size());
    std::iota(identity.begin(), identity.end(), 0);
    bool fits = !source->isFunction() && hasCommonOuterDims(source, perm.size());
    if (sorted != identity || !fits)
      throw CompileError(at, prefix + ast::toString(permutation) +
                                 " is not a permutation of the "
                                 "outer dimensions of " +
                                 toString(source));
    resolution->permutation = perm;
    std::vector<Dim> outer = outerDims(source, perm.size());
    std::vector<Dim> permuted;
    for (int p : perm)
      permuted.push_back(outer[p]);
    return prependDims(permuted, dropOuterDims(source, perm.size()));
  }
  case Builtin::Reshape: {
    resolution->shape = shapeArgument(arg(0), name);
    TypeP source = check(arg(1), hint);
    // An array of tuples reshapes each component: [q](f64, i64) is ([q]f64, [q]i64).
    std::vector<TypeP> arrays = source->isFunction() ? std::vector<TypeP>{} : flatten(source);
    bool uniform =
        !arrays.empty() && std::all_of(arrays.begin(), arrays.end(), [&](const TypeP& component) {
          return component->isArray() && component->typeVar.empty() &&
                 component->dims == arrays[0]->dims;
        });
    if (!uniform)
      throw CompileError(at, prefix + "cannot reshape " + toString(source) + "; it needs an array" +
                                 (source->isTuple() ? " (or a tuple of arrays of one shape)" : ""));
    Dim from = elementCount(arrays[0]->dims);
    Dim to = elementCount(resolution->shape);
    if (from != to)
      throw CompileError(at, prefix + "cannot reshape " + toString(source) + " (" +
                                 from.toString() + " elements) into [" +
                                 toString(resolution->shape) + "] (" + to.toString() +
                                 " elements)");
    return prependDims(resolution->shape, dropOuterDims(source, arrays[0]->rank()));
  }
  case Builtin::NoGrad:
    return check(arg(0), hint);
  default:
    break;
  }

  // Elementwise math and conversions. Literal arguments follow the other
  // argument's element type, or the hint, or default to f64 for float functions.
  std::vector<TypeP> types(given);
  Hint floatHint = hint && isFloat(*hint) ? hint : Hint(ElemKind::F64);
  Hint literalHint = isConversion(builtin) ? std::nullopt : needsFloat(builtin) ? floatHint : hint;
  if (given == 2 && isLiteralLike(arg(0)) && isLiteralLike(arg(1)) && !isConversion(builtin))
    literalHint = jointLiteralHint(literalHint, {&arg(0), &arg(1)}); // max(1, 2.5) is f64
  if (given == 2 && isLiteralLike(arg(0)) && !isLiteralLike(arg(1))) {
    types[1] = check(arg(1), literalHint);
    types[0] = check(arg(0), types[1]->isArray() ? Hint(types[1]->elem) : literalHint);
  } else {
    types[0] = check(arg(0), literalHint);
    if (given == 2)
      types[1] = check(arg(1), types[0]->isArray() && isLiteralLike(arg(1)) ? Hint(types[0]->elem)
                                                                            : literalHint);
  }
  return elementwiseType(builtin, types, at);
}

/// while(k, cond, step, init): the bound is any i64 value; the condition and the step
/// take the state, which keeps its type. A mismatch is reported at the function's body.
TypeP FunctionChecker::checkWhile(ast::Expr& call, Hint hint) {
  std::string prefix = "while: ";
  auto arg = [&](size_t i) -> ast::Expr& { return call.operand(i + 1); };
  ast::Expr& bound = arg(0);
  ast::Expr& condition = arg(1);
  ast::Expr& step = arg(2);
  ast::Expr& init = arg(3);
  TypeP count = check(bound, ElemKind::I64);
  if (!count->isArray() || !count->typeVar.empty() || count->rank() != 0 ||
      count->elem != ElemKind::I64)
    throw CompileError(bound.range.begin,
                       prefix + "the bound must be an i64 scalar, not " + toString(count));
  auto bodyOf = [](ast::Expr& function) {
    return function.kind == ast::Expr::Kind::Lambda ? function.operand(0).range.begin
                                                    : function.range.begin;
  };
  // A literal state takes the type the functions need (LANGUAGE.md §2): while(k, \s -> s <
  // 5.0, \s -> s + x, 0) with x: f64 steps an f64.
  auto checkSteps = [&](const std::vector<TypeP>* forced, std::vector<TypeP>& checked) {
    TypeP state = checked[0] = forced && (*forced)[0] ? (*forced)[0] : check(init, hint);
    if (state->isFunction())
      throw CompileError(init.range.begin, prefix + "the state cannot be a function");
    TypeP holds = checkFunctionArgument(condition, {state}, prefix + "the condition");
    TypeP boolean = scalarType(ElemKind::Bool);
    if (!equal(holds, boolean))
      throw CompileError(bodyOf(condition), prefix + "the condition returns " + toString(holds) +
                                                ", but it must return " + toString(boolean));
    TypeP next = checkFunctionArgument(step, {state}, prefix + "the step");
    if (!equal(next, state))
      throw CompileError(bodyOf(step), prefix + "the step returns the state as " + toString(next) +
                                           ", but the initial state has type " + toString(state) +
                                           "; the state keeps one type in every step");
    return state;
  };
  return checkLiteralsByUse({&init}, checkSteps);
}

} // namespace arr::sema
