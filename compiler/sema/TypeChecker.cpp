#include "sema/Checker.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace arr::sema {

CompileError alreadyReported() {
  return CompileError({}, "");
}

void requireWithinTypeLimit(const TypeP& type, Loc loc) {
  if (type->arrays <= kTypeArrayLimit) return;
  std::string count = type->arrays == SIZE_MAX ? "more than " + std::to_string(SIZE_MAX)
                                               : std::to_string(type->arrays);
  throw LimitError(loc, "the type of this expression holds " + count +
                            " arrays, over the limit of " + std::to_string(kTypeArrayLimit) +
                            " arrays in one type (README, \"Compile-time limits\")");
}

FunctionChecker::Literal FunctionChecker::literalClass(const ast::Expr& expr) {
  using K = ast::Expr::Kind;
  if (auto known = literalClasses_.find(&expr); known != literalClasses_.end())
    return known->second;
  // The join of the given operands: None when one is not literal-like, else Float when one
  // holds a float literal.
  auto join = [&](auto begin, auto end) {
    Literal joined = Literal::Integer;
    for (auto it = begin; it != end && joined != Literal::None; ++it) {
      Literal operand = literalClass(**it);
      if (operand == Literal::None || operand == Literal::Float) joined = operand;
    }
    return joined;
  };
  Literal result = Literal::None;
  switch (expr.kind) {
  case K::IntLit:
    result = Literal::Integer;
    break;
  case K::FloatLit:
    result = Literal::Float;
    break;
  case K::Unary:
    if (expr.unaryOp == ast::UnaryOp::Neg) result = literalClass(expr.operand(0));
    break;
  case K::Binary:
    if (expr.binaryOp >= ast::BinaryOp::Add)
      result = join(expr.operands.begin(), expr.operands.end());
    break;
  case K::If: // not the condition
    result = join(expr.operands.begin() + 1, expr.operands.end());
    break;
  case K::ArrayLit:
    result = join(expr.operands.begin(), expr.operands.end());
    break;
  case K::Call: {
    if (expr.operand(0).kind != K::Name) break;
    auto builtin = builtinNamed(expr.operand(0).name());
    if (builtin && isElementwise(*builtin) && !isConversion(*builtin))
      result = join(expr.operands.begin() + 1, expr.operands.end());
    break;
  }
  default:
    break;
  }
  literalClasses_.emplace(&expr, result);
  return result;
}

std::string describe(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
    return "add";
  case BinaryOp::Sub:
    return "subtract";
  case BinaryOp::Mul:
    return "multiply";
  case BinaryOp::Div:
    return "divide";
  case BinaryOp::Mod:
    return "take the remainder of";
  case BinaryOp::Pow:
    return "raise to a power";
  case BinaryOp::Eq:
  case BinaryOp::Ne:
  case BinaryOp::Lt:
  case BinaryOp::Le:
  case BinaryOp::Gt:
  case BinaryOp::Ge:
    return "compare";
  case BinaryOp::And:
  case BinaryOp::Or:
    return std::string("apply '") + ast::toString(op) + "' to";
  }
  return "combine";
}

// ---- Expressions ---------------------------------------------------------------

const FunctionChecker::Local* FunctionChecker::lookupLocal(const std::string& name) const {
  auto it = visible_.find(name);
  return it == visible_.end() ? nullptr : it->second.back();
}

void FunctionChecker::bind(const std::string& name, Local local) {
  auto [it, inserted] = scopes_.back().insert_or_assign(name, std::move(local));
  if (inserted) visible_[name].push_back(&it->second);
}

void FunctionChecker::popScope() {
  for (const auto& [name, local] : scopes_.back()) {
    auto it = visible_.find(name);
    it->second.pop_back();
    if (it->second.empty()) visible_.erase(it);
  }
  scopes_.pop_back();
}

TypeP FunctionChecker::check(ast::Expr& expr, Hint hint) {
  // Dimension arithmetic (Dim) throws std::overflow_error wherever a dimension of a type
  // leaves i64 (reshape, concat, a built shape, a call's instantiated result), and
  // DimTermLimitError where it grows past its limit: the innermost expression being
  // checked is where it happened.
  ++checksStarted_;
  TypeP type;
  try {
    type = checkKind(expr, hint);
  } catch (const DimTermLimitError& error) {
    throw LimitError(expr.range.begin, error.what());
  } catch (const std::overflow_error&) {
    throw CompileError(expr.range.begin, "a dimension of this expression's type overflows i64");
  }
  requireWithinTypeLimit(type, expr.range.begin);
  expr.type = type;
  return type;
}

TypeP FunctionChecker::checkKind(ast::Expr& expr, Hint hint) {
  using K = ast::Expr::Kind;
  TypeP type;
  switch (expr.kind) {
  case K::IntLit:
    type = scalarType(hint && isFloat(*hint) ? *hint : ElemKind::I64);
    break;
  case K::FloatLit:
    type = scalarType(hint == ElemKind::F32 ? ElemKind::F32 : ElemKind::F64);
    break;
  case K::BoolLit:
    type = scalarType(ElemKind::Bool);
    break;
  case K::Name:
    type = checkName(expr);
    break;
  case K::Unary:
    type = checkUnary(expr, hint);
    break;
  case K::Binary:
    type = checkBinary(expr, hint);
    break;
  case K::Call:
    type = checkCall(expr, hint);
    break;
  case K::Index:
    type = checkIndex(expr);
    break;
  case K::Project:
    type = checkProject(expr);
    break;
  case K::Tuple: {
    std::vector<TypeP> components;
    for (auto& operand : expr.operands)
      components.push_back(check(*operand));
    type = tupleType(std::move(components));
    break;
  }
  case K::ArrayLit:
    type = checkArrayLiteral(expr, hint);
    break;
  case K::Lambda:
    throw CompileError(expr.range.begin,
                       "a lambda can only be passed as an argument to a function or called");
  case K::Let:
    type = checkLet(expr, hint);
    break;
  case K::If:
    type = checkIf(expr, hint);
    break;
  }
  return type;
}

TypeP FunctionChecker::checkExpected(ast::Expr& expr, const TypeP& expected) {
  if (expected->isTuple() && expr.kind == ast::Expr::Kind::Tuple &&
      expr.operands.size() == expected->elements.size()) {
    std::vector<TypeP> components;
    for (size_t i = 0; i < expr.operands.size(); ++i)
      components.push_back(checkExpected(expr.operand(i), expected->elements[i]));
    expr.type = tupleType(std::move(components));
    requireWithinTypeLimit(expr.type, expr.range.begin);
    return expr.type;
  }
  Hint hint;
  if (expected->isArray() && expected->typeVar.empty()) hint = expected->elem;
  return check(expr, hint);
}

TypeP FunctionChecker::checkName(ast::Expr& expr) {
  const std::string& name = expr.name();
  auto resolution = std::make_shared<Resolution>();
  if (const Local* local = lookupLocal(name)) {
    if (local->type->isFunction())
      throw CompileError(expr.range.begin, "'" + name +
                                               "' is a function; a function can only be called "
                                               "or passed as an argument");
    if (local->sizeVar) {
      resolution->kind = Resolution::Kind::SizeVar;
      resolution->sizeVar = local->sizeVar;
    }
    if (local->uses) ++*local->uses;
    expr.resolution = resolution;
    return local->type;
  }
  if (auto builtin = builtinNamed(name); builtin && isConversion(*builtin))
    throw CompileError(expr.range.begin, "'" + name +
                                             "' is a reserved type name, not a variable; as a "
                                             "function, " +
                                             name + "(x) converts x to " + name);
  if (isBuiltinName(name))
    throw CompileError(expr.range.begin,
                       "'" + name + "' is a built-in function; call it with arguments");
  auto target = program_.program().lookup(module_, name);
  if (!target) throw CompileError(expr.range.begin, "unknown name '" + name + "'");
  if (target->decl->kind != ast::Decl::Kind::Constant)
    throw CompileError(expr.range.begin, "'" + name +
                                             "' is a function; a function can only be called "
                                             "or passed as an argument");
  ConstantInfo& constant = program_.constant(*target);
  resolution->kind = Resolution::Kind::Constant;
  resolution->constant = target->decl;
  expr.resolution = resolution;
  return constant.type;
}

TypeP FunctionChecker::checkUnary(ast::Expr& expr, Hint hint) {
  TypeP operand = check(expr.operand(0), hint);
  if (!operand->isArray())
    throw CompileError(expr.opLoc, std::string("cannot apply '") + ast::toString(expr.unaryOp) +
                                       "' to " + toString(operand));
  if (expr.unaryOp == ast::UnaryOp::Not) {
    if (operand->elem != ElemKind::Bool)
      throw CompileError(expr.opLoc, "the operand of '!' must be bool, not " + toString(operand));
  } else if (!isNumeric(operand->elem)) {
    throw CompileError(expr.opLoc, "cannot negate " + toString(operand) + ": bool is not a number");
  }
  return operand;
}

TypeP FunctionChecker::binaryResult(BinaryOp op, const TypeP& left, const TypeP& right, Loc opLoc) {
  std::string what = "cannot " + describe(op) + " " + toString(left) + " and " + toString(right);
  if (!left->isArray() || !right->isArray())
    throw CompileError(opLoc, what + ": operators apply to arrays, not tuples or functions");
  bool logical = op == BinaryOp::And || op == BinaryOp::Or;
  bool equality = op == BinaryOp::Eq || op == BinaryOp::Ne;
  if (logical) {
    if (left->elem != ElemKind::Bool || right->elem != ElemKind::Bool)
      throw CompileError(opLoc,
                         what + ": the operands of '" + ast::toString(op) + "' must be bool");
  } else if (!equality && (!isNumeric(left->elem) || !isNumeric(right->elem))) {
    throw CompileError(opLoc, what + ": bool is not a number");
  }
  if (left->elem != right->elem)
    throw CompileError(opLoc, what + ": element types " + toString(left->elem) + " and " +
                                  toString(right->elem) + " differ");
  // A scalar operand of && and || is replicated, but they do not broadcast other suffixes.
  if (logical && left->rank() && right->rank() && left->rank() != right->rank())
    throw CompileError(opLoc, what + ": the shapes [" + toString(left->dims) + "] and [" +
                                  toString(right->dims) + "] differ, and '" + ast::toString(op) +
                                  "' only broadcasts a scalar");
  std::string problem;
  std::optional<std::vector<Dim>> dims = broadcastShape(left->dims, right->dims, problem);
  if (!dims) throw CompileError(opLoc, what + ": " + problem);
  bool comparison = op >= BinaryOp::Eq && op <= BinaryOp::Ge;
  if (op == BinaryOp::Pow && !isFloat(left->elem) && left->elem != ElemKind::I64)
    throw CompileError(opLoc, what);
  return arrayType(std::move(*dims), comparison ? ElemKind::Bool : left->elem);
}

Hint FunctionChecker::jointLiteralHint(Hint hint,
                                       std::initializer_list<const ast::Expr*> operands) {
  if (hint && *hint != ElemKind::I64) return hint;
  for (const ast::Expr* operand : operands)
    if (literalClass(*operand) == Literal::Float) return ElemKind::F64;
  return hint;
}

TypeP FunctionChecker::checkBinary(ast::Expr& expr, Hint hint) {
  BinaryOp op = expr.binaryOp;
  bool arithmetic = op >= BinaryOp::Add;
  Hint operandHint = arithmetic ? hint : std::nullopt;
  if (op == BinaryOp::And || op == BinaryOp::Or) operandHint = ElemKind::Bool;
  ast::Expr& left = expr.operand(0);
  ast::Expr& right = expr.operand(1);
  TypeP leftType, rightType;
  // A literal operand takes the element type of the other one: x * 2 with x: f32.
  auto elemOf = [&](const TypeP& type) -> Hint {
    return type->isArray() && type->typeVar.empty() ? Hint(type->elem) : operandHint;
  };
  if (isLiteralLike(left) && isLiteralLike(right) && operandHint != ElemKind::Bool)
    operandHint = jointLiteralHint(operandHint, {&left, &right}); // 1 + 2.5 is f64
  if (isLiteralLike(left) && !isLiteralLike(right)) {
    rightType = check(right, operandHint);
    leftType = check(left, elemOf(rightType));
    return binaryResult(op, leftType, rightType, expr.opLoc);
  }
  // The left operand's literals take the right's type when it has one (LANGUAGE.md §2):
  // build([n], \_ -> 0.0) * w with w: [n]f32; the right's always follow the left's.
  auto attempt = [&](const std::vector<TypeP>* forced, std::vector<TypeP>& checked) {
    leftType = checked[0] = forced && (*forced)[0] ? (*forced)[0] : check(left, operandHint);
    rightType = check(right, elemOf(leftType));
    return binaryResult(op, leftType, rightType, expr.opLoc);
  };
  return checkLiteralsByUse({&left}, attempt);
}

TypeP FunctionChecker::checkIndex(ast::Expr& expr) {
  TypeP array = check(expr.operand(0));
  size_t count = expr.operands.size() - 1;
  for (size_t i = 1; i < expr.operands.size(); ++i) {
    TypeP index = check(expr.operand(i), ElemKind::I64);
    if (!index->isScalar() || index->elem != ElemKind::I64)
      throw CompileError(expr.operand(i).range.begin, "index must be i64, not " + toString(index));
  }
  if (array->isFunction()) throw CompileError(expr.opLoc, "cannot index a function");
  if (!hasCommonOuterDims(array, count)) {
    std::string reason = array->isTuple() ? "its components do not share " + std::to_string(count) +
                                                " outer dimensions"
                                          : "it has rank " + std::to_string(array->rank());
    throw CompileError(expr.opLoc, "cannot index " + toString(array) + " with " +
                                       std::to_string(count) +
                                       (count == 1 ? " index: " : " indices: ") + reason);
  }
  return dropOuterDims(array, count);
}

TypeP FunctionChecker::checkProject(ast::Expr& expr) {
  TypeP tuple = check(expr.operand(0));
  if (!tuple->isTuple())
    throw CompileError(expr.opLoc, "cannot project component " + std::to_string(expr.projIndex) +
                                       " of " + toString(tuple) +
                                       ": not a tuple (it has no component " +
                                       std::to_string(expr.projIndex) + ")");
  if (expr.projIndex < 0 || static_cast<size_t>(expr.projIndex) >= tuple->elements.size())
    throw CompileError(expr.opLoc, "the tuple " + toString(tuple) + " of " +
                                       std::to_string(tuple->elements.size()) +
                                       " components has no component " +
                                       std::to_string(expr.projIndex));
  return tuple->elements[expr.projIndex];
}

TypeP FunctionChecker::checkArrayLiteral(ast::Expr& expr, Hint hint) {
  // Check a non-literal element first so that literals follow its element type; when all
  // are literals, one float literal makes them all floats ([1, 2.5]).
  if (std::all_of(expr.operands.begin(), expr.operands.end(),
                  [&](const ast::ExprP& e) { return isLiteralLike(*e); })) {
    for (const ast::ExprP& element : expr.operands)
      hint = jointLiteralHint(hint, {element.get()});
  }
  size_t leader = 0;
  for (size_t i = 0; i < expr.operands.size(); ++i)
    if (!isLiteralLike(expr.operand(i))) {
      leader = i;
      break;
    }
  // The leader's literals take the other elements' type when they have one (LANGUAGE.md §2).
  TypeP element;
  auto attempt = [&](const std::vector<TypeP>* forced, std::vector<TypeP>& checked) {
    element = checked[0] =
        forced && (*forced)[0] ? (*forced)[0] : check(expr.operand(leader), hint);
    if (element->isFunction())
      throw CompileError(expr.operand(leader).range.begin, "an array cannot hold functions");
    Hint elementHint = hint;
    if (auto arrays = flatten(element); arrays.size() == 1 && arrays[0]->isArray())
      elementHint = arrays[0]->elem;
    for (size_t i = 0; i < expr.operands.size(); ++i) {
      if (i == leader) continue;
      TypeP other = check(expr.operand(i), elementHint);
      if (!equal(other, element))
        throw CompileError(expr.operand(i).range.begin,
                           "array literal elements have different types: " + toString(element) +
                               " and " + toString(other));
    }
    return element;
  };
  checkLiteralsByUse({&expr.operand(leader)}, attempt);
  return prependDims({Dim::constant(static_cast<int64_t>(expr.operands.size()))}, element);
}

void FunctionChecker::bindPattern(ast::Pattern& pattern, const TypeP& type, size_t* uses) {
  switch (pattern.kind) {
  case ast::Pattern::Kind::Wildcard:
    return;
  case ast::Pattern::Kind::Name:
    if (isBuiltinName(pattern.name))
      throw CompileError(pattern.range.begin, "cannot redefine built-in '" + pattern.name + "'");
    pattern.type = type;
    bind(pattern.name, Local{type, nullptr, uses});
    return;
  case ast::Pattern::Kind::Tuple:
    if (!type->isTuple() || type->elements.size() != pattern.elements.size())
      throw CompileError(pattern.range.begin, "the pattern " + ast::toString(pattern) +
                                                  " does not match a value of type " +
                                                  toString(type));
    for (size_t i = 0; i < pattern.elements.size(); ++i)
      bindPattern(pattern.elements[i], type->elements[i], uses);
    return;
  }
}

TypeP FunctionChecker::checkLet(ast::Expr& expr, Hint hint) {
  return checkBindings(expr, 0, hint);
}

TypeP FunctionChecker::checkBindings(ast::Expr& expr, size_t index, Hint hint) {
  size_t depth = scopes_.size();
  // Bindings of values that cannot be literals bind at once (no recursion along long chains
  // of lets); a literal's type is decided by the code after it (LANGUAGE.md §2).
  for (; index < expr.bindings.size(); ++index) {
    auto& binding = expr.bindings[index];
    TypeP value = check(*binding.value);
    if (mayBeLiteral(*binding.value, value)) break;
    pushScope();
    bindPattern(binding.pattern, value);
  }
  if (index == expr.bindings.size()) {
    TypeP body = check(expr.operand(0), hint);
    popScopes(depth);
    return body;
  }
  auto& binding = expr.bindings[index];
  size_t valueDepth = scopes_.size();
  bool first = true;
  size_t uses = 0; // of the names bound here in the first attempt
  auto attempt = [&](const std::vector<TypeP>* forced, std::vector<TypeP>& checked) {
    // The first attempt's value was checked above.
    checked[0] = forced && (*forced)[0] ? (*forced)[0]
                 : first                ? binding.value->type
                                        : check(*binding.value);
    pushScope();
    bindPattern(binding.pattern, checked[0], first ? &uses : nullptr);
    first = false;
    TypeP body = checkBindings(expr, index + 1, hint);
    popScopes(valueDepth);
    return body;
  };
  // A literal bound here takes the element type the let is expected to have when that is
  // what its body then has: def f(): f32 = let z = 0.0 in z.
  auto preferred = [&](const TypeP& body) {
    return !hint || !body->isArray() || !body->typeVar.empty() || body->elem == *hint;
  };
  // A failure before any use of the names is not theirs: nested lets of literals retry
  // only the binding that failed, not every combination of those around it.
  TypeP body =
      checkLiteralsByUse({binding.value.get()}, attempt, preferred, [&] { return uses != 0; });
  popScopes(depth);
  return body;
}

TypeP FunctionChecker::checkIf(ast::Expr& expr, Hint hint) {
  TypeP condition = check(expr.operand(0), ElemKind::Bool);
  if (!condition->isScalar() || condition->elem != ElemKind::Bool)
    throw CompileError(expr.operand(0).range.begin,
                       "condition of 'if' must be bool, not " + toString(condition));
  ast::Expr& thenBranch = expr.operand(1);
  ast::Expr& elseBranch = expr.operand(2);
  auto elemOf = [&](const TypeP& type) -> Hint {
    auto arrays = flatten(type);
    return arrays.size() == 1 && arrays[0]->isArray() ? Hint(arrays[0]->elem) : hint;
  };
  TypeP thenType, elseType;
  if (isLiteralLike(thenBranch) && isLiteralLike(elseBranch))
    hint = jointLiteralHint(hint, {&thenBranch, &elseBranch});
  // The branch checked first takes the other's type for its literals (LANGUAGE.md §2): a
  // literal branch follows the other, and so does a first branch made of literals.
  bool elseFirst = isLiteralLike(thenBranch) && !isLiteralLike(elseBranch);
  ast::Expr& firstBranch = elseFirst ? elseBranch : thenBranch;
  ast::Expr& secondBranch = elseFirst ? thenBranch : elseBranch;
  auto attempt = [&](const std::vector<TypeP>* forced, std::vector<TypeP>& checked) {
    TypeP first = checked[0] = forced && (*forced)[0] ? (*forced)[0] : check(firstBranch, hint);
    TypeP second = check(secondBranch, elemOf(first));
    thenType = elseFirst ? second : first;
    elseType = elseFirst ? first : second;
    if (!equal(thenType, elseType))
      throw CompileError(elseBranch.range.begin,
                         "the branches of 'if' have different types: " + toString(thenType) +
                             " and " + toString(elseType));
    return thenType;
  };
  checkLiteralsByUse({&firstBranch}, attempt);
  if (thenType->isFunction())
    throw CompileError(thenBranch.range.begin, "'if' cannot choose between functions");
  return thenType;
}

std::optional<Dim> FunctionChecker::asDim(ast::Expr& expr) {
  using K = ast::Expr::Kind;
  switch (expr.kind) {
  case K::IntLit:
    return Dim::constant(expr.intValue);
  case K::Name: {
    if (const Local* local = lookupLocal(expr.name())) {
      if (!local->sizeVar) return std::nullopt;
      return Dim::variable(local->sizeVar);
    }
    auto target = program_.program().lookup(module_, expr.name());
    if (!target || target->decl->kind != ast::Decl::Kind::Constant) return std::nullopt;
    return Dim::constant(program_.constantSize(*target, expr.range.begin));
  }
  case K::Binary: {
    BinaryOp op = expr.binaryOp;
    if (op != BinaryOp::Add && op != BinaryOp::Sub && op != BinaryOp::Mul) return std::nullopt;
    auto left = asDim(expr.operand(0));
    auto right = asDim(expr.operand(1));
    if (!left || !right) return std::nullopt;
    try {
      return op == BinaryOp::Add   ? *left + *right
             : op == BinaryOp::Sub ? *left - *right
                                   : *left * *right;
    } catch (const std::overflow_error&) {
      throw CompileError(expr.opLoc, "this size overflows i64");
    }
  }
  default:
    return std::nullopt;
  }
}

std::optional<Dim> FunctionChecker::asSize(ast::Expr& expr) {
  std::optional<Dim> size = asDim(expr);
  if (auto constant = size ? size->asConstant() : std::nullopt; constant && *constant < 0) {
    std::string text = ast::toString(expr); // "(1 - 2)" for a binary operation
    if (text.size() > 1 && text.front() == '(' && text.back() == ')')
      text = text.substr(1, text.size() - 2);
    throw CompileError(expr.range.begin, "the size " + text + " is " + std::to_string(*constant) +
                                             ", a negative size");
  }
  return size;
}

// ---- Constants ---------------------------------------------------------------

namespace {

template <typename T>
std::optional<ScalarValue> arithmetic(BinaryOp op, T a, T b) {
  switch (op) {
  case BinaryOp::Add:
    return ScalarValue(T(a + b));
  case BinaryOp::Sub:
    return ScalarValue(T(a - b));
  case BinaryOp::Mul:
    return ScalarValue(T(a * b));
  case BinaryOp::Eq:
    return ScalarValue(a == b);
  case BinaryOp::Ne:
    return ScalarValue(a != b);
  case BinaryOp::Lt:
    return ScalarValue(a < b);
  case BinaryOp::Le:
    return ScalarValue(a <= b);
  case BinaryOp::Gt:
    return ScalarValue(a > b);
  case BinaryOp::Ge:
    return ScalarValue(a >= b);
  default:
    return std::nullopt;
  }
}

int64_t floorDiv(int64_t a, int64_t b) {
  if (b == 0) return 0;
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

} // namespace

std::optional<ScalarValue> evaluateConstant(const ast::Expr& expr, const CheckedProgram& program) {
  using K = ast::Expr::Kind;
  bool isFloatType = expr.type && expr.type->isArray() && isFloat(expr.type->elem);
  switch (expr.kind) {
  case K::IntLit:
    return isFloatType ? ScalarValue(double(expr.intValue)) : ScalarValue(expr.intValue);
  case K::FloatLit:
    return ScalarValue(expr.floatValue);
  case K::BoolLit:
    return ScalarValue(expr.boolValue);
  case K::Name: {
    if (!expr.resolution || expr.resolution->kind != Resolution::Kind::Constant) return {};
    auto it = program.constants.find(expr.resolution->constant);
    if (it == program.constants.end()) return std::nullopt;
    return it->second->value;
  }
  case K::Unary: {
    auto operand = evaluateConstant(expr.operand(0), program);
    if (!operand) return std::nullopt;
    if (auto* b = std::get_if<bool>(&*operand)) return ScalarValue(!*b);
    if (auto* i = std::get_if<int64_t>(&*operand)) return ScalarValue(int64_t(0) - *i);
    return ScalarValue(-std::get<double>(*operand));
  }
  case K::Binary: {
    auto left = evaluateConstant(expr.operand(0), program);
    auto right = evaluateConstant(expr.operand(1), program);
    if (!left || !right || left->index() != right->index()) return std::nullopt;
    if (auto* a = std::get_if<int64_t>(&*left)) {
      int64_t b = std::get<int64_t>(*right);
      if (expr.binaryOp == BinaryOp::Div) return ScalarValue(floorDiv(*a, b));
      if (expr.binaryOp == BinaryOp::Mod) return ScalarValue(b == 0 ? 0 : *a - b * floorDiv(*a, b));
      int64_t r;
      if (expr.binaryOp == BinaryOp::Add && __builtin_add_overflow(*a, b, &r)) return {};
      if (expr.binaryOp == BinaryOp::Sub && __builtin_sub_overflow(*a, b, &r)) return {};
      if (expr.binaryOp == BinaryOp::Mul && __builtin_mul_overflow(*a, b, &r)) return {};
      return arithmetic<int64_t>(expr.binaryOp, *a, b);
    }
    if (auto* a = std::get_if<double>(&*left)) {
      double b = std::get<double>(*right);
      if (expr.binaryOp == BinaryOp::Div) return ScalarValue(*a / b);
      if (expr.binaryOp == BinaryOp::Pow) return ScalarValue(std::pow(*a, b));
      if (expr.binaryOp == BinaryOp::Mod) return ScalarValue(*a - b * std::floor(*a / b));
      return arithmetic<double>(expr.binaryOp, *a, b);
    }
    bool a = std::get<bool>(*left), b = std::get<bool>(*right);
    if (expr.binaryOp == BinaryOp::And) return ScalarValue(a && b);
    if (expr.binaryOp == BinaryOp::Or) return ScalarValue(a || b);
    if (expr.binaryOp == BinaryOp::Eq) return ScalarValue(a == b);
    if (expr.binaryOp == BinaryOp::Ne) return ScalarValue(a != b);
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace arr::sema
