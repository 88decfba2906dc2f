// Literals typed by their later uses (LANGUAGE.md §2). A literal is first checked at its
// default type (i64, f64) unless a hint reaches it; when the code that uses the value then
// fails to check (a fold whose step adds f32 values to a state built of 0.0, a let-bound
// literal later used with f32), the value is checked again with its literal parts at the
// other element types they could take, and the uses with it. The first combination that
// checks is the value's type, so that a literal takes the first concrete type it meets, and
// only a literal that nothing constrains keeps its default.

#include "sema/Checker.h"

#include <algorithm>

namespace arr::sema {

namespace {

/// `type` with the element types of its arrays, depth-first, taken from `elems`.
TypeP withLeafElems(const TypeP& type, const std::vector<ElemKind>& elems, size_t& next) {
  if (type->isTuple()) {
    std::vector<TypeP> components;
    for (const auto& component : type->elements)
      components.push_back(withLeafElems(component, elems, next));
    return tupleType(std::move(components));
  }
  ElemKind elem = elems.at(next++);
  if (!type->isArray() || !type->typeVar.empty() || elem == type->elem) return type;
  return arrayType(type->dims, elem);
}

/// The element types a literal of default type `elem` may take instead: an integer literal
/// where a float is expected is that float.
std::vector<ElemKind> literalAlternatives(ElemKind elem) {
  if (elem == ElemKind::I64) return {ElemKind::I64, ElemKind::F64, ElemKind::F32};
  if (elem == ElemKind::F64) return {ElemKind::F64, ElemKind::F32};
  return {elem};
}

/// The most combinations of element types tried for the values of one use.
constexpr size_t kLiteralCombinations = 64;

} // namespace

bool FunctionChecker::mayBeLiteral(const ast::Expr& value, const TypeP& type) {
  using K = ast::Expr::Kind;
  // Long chains of operators and names are not made of literals: telling so needs no probe.
  if (value.kind == K::Name || value.kind == K::Index || value.kind == K::Project ||
      (value.kind == K::Binary && !isLiteralLike(value)))
    return false;
  for (const TypeP& leaf : flatten(type))
    if (leaf->isArray() && leaf->typeVar.empty() &&
        (leaf->elem == ElemKind::I64 || leaf->elem == ElemKind::F64))
      return true;
  return false;
}

std::vector<bool> FunctionChecker::literalLeaves(ast::Expr& value, const TypeP& type) {
  std::vector<TypeP> leaves = flatten(type);
  std::vector<bool> weak(leaves.size(), false);
  bool any = false;
  for (const TypeP& leaf : leaves)
    any |= leaf->isArray() && leaf->typeVar.empty() &&
           (leaf->elem == ElemKind::I64 || leaf->elem == ElemKind::F64);
  if (!any || !mayBeLiteral(value, type)) return weak;
  // The parts whose element type follows an f32 hint are made of literals.
  int reportedBefore = program_.reportedErrors();
  std::vector<TypeP> probed;
  try {
    probed = flatten(checkExpected(value, withElem(type, ElemKind::F32)));
  } catch (const LimitError&) {
    throw;
  } catch (const CompileError&) {
    if (program_.reportedErrors() != reportedBefore) throw;
    return weak;
  }
  if (probed.size() != leaves.size()) return weak;
  for (size_t i = 0; i < leaves.size(); ++i)
    weak[i] = leaves[i]->isArray() && leaves[i]->typeVar.empty() && probed[i]->isArray() &&
              (leaves[i]->elem == ElemKind::I64 || leaves[i]->elem == ElemKind::F64) &&
              probed[i]->elem == ElemKind::F32 && probed[i]->dims == leaves[i]->dims;
  return weak;
}

TypeP FunctionChecker::checkLiteralsByUse(const std::vector<ast::Expr*>& values,
                                          const LiteralAttempt& attempt,
                                          const std::function<bool(const TypeP&)>& preferred,
                                          const std::function<bool()>& used) {
  size_t depth = scopes_.size();
  int reportedBefore = program_.reportedErrors();
  std::vector<TypeP> checked(values.size());
  std::optional<CompileError> failure;
  size_t failureProgress = 0; // how many expressions the failed attempt checked
  bool fallback = false;      // the default types check, but not as `preferred` asks
  size_t start = checksStarted_;
  try {
    TypeP result = attempt(nullptr, checked);
    if (!preferred || preferred(result) || literalAttempts_ == 0) return result;
    fallback = true;
  } catch (const LimitError&) {
    throw;
  } catch (const CompileError& error) {
    // An error reported elsewhere (inside a generic function's instance) cannot be taken back.
    if (error.message.empty() || program_.reportedErrors() != reportedBefore ||
        literalAttempts_ == 0 || (used && !used()))
      throw;
    failure = error;
    failureProgress = checksStarted_ - start;
  }
  popScopes(depth);
  auto giveUp = [&]() -> TypeP {
    if (failure) throw *failure;
    popScopes(depth);
    return attempt(nullptr, checked);
  };

  // The literal parts of the values checked before the failure, and what each may become.
  std::vector<std::vector<bool>> weak(values.size());
  std::vector<std::vector<ElemKind>> defaults(values.size());
  struct Choice {
    size_t value, leaf;
    std::vector<ElemKind> options;
  };
  std::vector<Choice> choices;
  size_t combinations = 1;
  for (size_t v = 0; v < values.size(); ++v) {
    if (!checked[v]) continue;
    weak[v] = literalLeaves(*values[v], checked[v]);
    std::vector<TypeP> leaves = flatten(checked[v]);
    for (size_t leaf = 0; leaf < leaves.size(); ++leaf) {
      defaults[v].push_back(leaves[leaf]->elem);
      if (!weak[v][leaf]) continue;
      choices.push_back({v, leaf, literalAlternatives(leaves[leaf]->elem)});
      combinations = std::min(kLiteralCombinations, combinations * choices.back().options.size());
    }
  }
  if (choices.empty()) return giveUp();

  // Combination 0 is the default types, already tried.
  for (size_t combination = 1; combination < combinations && literalAttempts_ > 0; ++combination) {
    --literalAttempts_;
    std::vector<std::vector<ElemKind>> elems = defaults;
    size_t rest = combination;
    for (const Choice& choice : choices) {
      elems[choice.value][choice.leaf] = choice.options[rest % choice.options.size()];
      rest /= choice.options.size();
    }
    // The other values are checked again by the attempt: the probe may have left some of
    // their parts at other types.
    std::vector<TypeP> forced(values.size());
    try {
      bool applies = true;
      for (size_t v = 0; v < values.size() && applies; ++v) {
        if (!checked[v] || std::find(weak[v].begin(), weak[v].end(), true) == weak[v].end())
          continue;
        size_t next = 0;
        forced[v] = withLeafElems(checked[v], elems[v], next);
        applies = equal(checkExpected(*values[v], forced[v]), forced[v]);
      }
      if (!applies) continue;
      std::vector<TypeP> rechecked(values.size());
      start = checksStarted_;
      TypeP result = attempt(&forced, rechecked);
      if (!preferred || preferred(result)) return result;
    } catch (const LimitError&) {
      throw;
    } catch (const CompileError& error) {
      if (error.message.empty() || program_.reportedErrors() != reportedBefore) throw;
      // A name used at two types: the use that conflicts with the first is where the
      // attempt that got furthest failed.
      if (failure && checksStarted_ - start > failureProgress) {
        failure = error;
        failureProgress = checksStarted_ - start;
      }
    }
    popScopes(depth);
  }
  return giveUp();
}

} // namespace arr::sema
