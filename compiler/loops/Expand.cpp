// Hoisting loop-invariant work out of loops by expanding it into an array.
//
// In  for i < n: for j < k: for r < d: ... exp(qs[j, r]) ...  the exponential
// depends on j and r but not on i: it is computed n times too often, and
// ordinary hoisting cannot help because j and r are bound inside the i loop.
// Abstracting over them gives the array  build k (\j' -> build d (\r' ->
// exp(qs[j', r'])))  which depends on nothing inside the i loop: it is
// materialised once before it, and the original element is read from it.

#include "loops/Lowering.h"

#include "ir/Builder.h"
#include "ir/Rewrite.h"

#include <algorithm>

namespace arr::loops {

ExprP Lowering::expandInvariant(const core::NodeP& original, const std::vector<ExprP>& indices) {
  if (expanding_ > 0 || !isExpensive(original)) return nullptr;
  // Decided once per binding of the node's variables and place of the pull.
  std::string key = memoKey(original, {}, 'x') + "@" +
                    std::to_string(reinterpret_cast<uintptr_t>(current_.get()));
  auto decided = expansionDecisions_.find(key);
  if (decided == expansionDecisions_.end())
    decided = expansionDecisions_.emplace(key, Decision{current_, decideExpansion(original)}).first;
  const std::optional<Expansion>& expansion = decided->second.expansion;
  if (!expansion) return nullptr;
  // An element pulled at an index of that loop depends on it after all (the
  // elementwise x * sum(..) at x's index i): its invariant parts expand instead.
  for (const ExprP& index : indices)
    if (mentionsLocal(index, expansion->invariantIn->id)) return nullptr;
  std::vector<ExprP> at;
  for (const LocalP& loopVar : expansion->loopVars)
    at.push_back(exprs_.local(loopVar));
  at.insert(at.end(), indices.begin(), indices.end());
  ++expanding_;
  ExprP result = pull(expansion->array, at);
  --expanding_;
  return result;
}

std::optional<Expansion> Lowering::decideExpansion(const core::NodeP& original) {
  // A cheap test first: some enclosing loop whose variable the node's
  // variables are not bound to, with one of them bound inside it.
  bool candidate = false;
  for (ScopeP scope = current_; scope && !candidate; scope = scope->parent) {
    if (!scope->loopVar) continue;
    bool used = false, inside = false;
    for (uint32_t id : freeVariables(original)) {
      auto found = bindings_.find(id);
      if (found == bindings_.end() || found->second.empty()) continue;
      const Binding& binding = found->second.back();
      used = used || (binding.scalar && binding.scalar->kind == Expr::Kind::Local &&
                      binding.scalar->local->id == scope->loopVar->id);
      inside = inside || binding.scope->level > scope->level;
    }
    candidate = !used && inside;
  }
  if (!candidate) return std::nullopt;
  // See through let-bound values: their variables are bound where the let
  // is, but what matters is what the values depend on.
  core::NodeP node = original;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t id : freeVariables(node)) {
      auto found = bindings_.find(id);
      if (found == bindings_.end() || found->second.empty()) continue;
      const Binding& binding = found->second.back();
      // Only views (qs[j]) are inlined: inlining computed values would copy
      // whole chains of lets into the term.
      if (!binding.value || !isView(binding.value)) continue;
      node = core::substitute(node, boundVars_.at(id), binding.value);
      keepAlive_.push_back(node);
      changed = true;
      break;
    }
  }
  // Variables bound to loop variables can be abstracted; the others fix where
  // the expanded array can be computed.
  struct Expandable {
    core::VarP var;
    ScopeP scope;
    LocalP loopVar;
  };
  std::vector<Expandable> expandable;
  ScopeP fixed = root_;
  for (uint32_t id : freeVariables(node)) {
    auto found = bindings_.find(id);
    if (found == bindings_.end() || found->second.empty()) return std::nullopt;
    const Binding& binding = found->second.back();
    const ExprP& scalar = binding.scalar;
    if (scalar && scalar->kind == Expr::Kind::Local && loopExtents_.count(scalar->local->id)) {
      expandable.push_back({boundVars_.at(id), binding.scope, scalar->local});
    } else {
      fixed = deeper(fixed, binding.scope);
    }
  }
  if (expandable.empty()) return std::nullopt;
  // The outermost loop inside `fixed` that the node does not depend on, with
  // some expandable variable bound inside it.
  ScopeP invariant;
  for (ScopeP scope = current_; scope && scope->level > fixed->level; scope = scope->parent) {
    if (!scope->loopVar) continue;
    bool used = false, inside = false;
    for (const Expandable& e : expandable) {
      used = used || e.loopVar->id == scope->loopVar->id;
      inside = inside || e.scope->level > scope->level;
    }
    if (!used && inside) invariant = scope;
  }
  if (!invariant) return std::nullopt;

  std::vector<Expandable> abstracted;
  for (const Expandable& e : expandable)
    if (e.scope->level > invariant->level) abstracted.push_back(e);
  std::sort(abstracted.begin(), abstracted.end(), [](const Expandable& a, const Expandable& b) {
    return a.scope->level < b.scope->level;
  });
  std::string key = std::to_string(reinterpret_cast<uintptr_t>(node.get()));
  for (const Expandable& e : abstracted)
    key += "," + std::to_string(e.var->id);
  auto made = expansions_.find(key);
  if (made == expansions_.end()) {
    core::NodeP body = node;
    std::vector<core::VarP> fresh;
    for (const Expandable& e : abstracted) {
      fresh.push_back(core::newVar(e.var->name, e.var->type));
      body = core::substitute(body, e.var, core::makeVariable(fresh.back()));
    }
    for (size_t i = abstracted.size(); i-- > 0;)
      body = core::makeBuild1(loopExtents_.at(abstracted[i].loopVar->id), fresh[i], body);
    keepAlive_.push_back(body);
    made = expansions_.emplace(key, body).first;
  }
  Expansion expansion{made->second, {}, invariant->loopVar};
  for (const Expandable& e : abstracted)
    expansion.loopVars.push_back(e.loopVar);
  return expansion;
}

} // namespace arr::loops
