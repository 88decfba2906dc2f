#include "sema/Unify.h"

namespace arr::sema {

Unifier::Unifier(const std::vector<SizeVarP>& calleeVars,
                 const std::vector<std::string>& typeParams)
    : typeParams_(typeParams) {
  for (const auto& var : calleeVars)
    calleeVars_[var->id] = var;
}

bool Unifier::unify(const TypeP& param, const TypeP& arg, size_t argIndex) {
  if (param->isFunction() || arg->isFunction()) return false;
  if (param->isTuple()) {
    if (!arg->isTuple() || arg->elements.size() != param->elements.size()) return false;
    for (size_t i = 0; i < param->elements.size(); ++i)
      if (!unify(param->elements[i], arg->elements[i], argIndex)) return false;
    return true;
  }
  size_t rank = param->rank();
  if (!param->typeVar.empty()) {
    // [n]T against an array (or an array of tuples): n takes the outer
    // dimension and T the rest.
    if (rank > 0 && !hasCommonOuterDims(arg, rank)) return false;
    std::vector<Dim> dims = rank ? outerDims(arg, rank) : std::vector<Dim>{};
    for (size_t i = 0; i < rank; ++i)
      if (!constrain(param->dims[i], dims[i], argIndex)) return false;
    TypeP rest = dropOuterDims(arg, rank);
    auto [it, inserted] = substitution.types.emplace(param->typeVar, rest);
    return inserted || equal(it->second, rest);
  }
  if (!arg->isArray() || arg->rank() != rank || arg->elem != param->elem || !arg->typeVar.empty())
    return false;
  for (size_t i = 0; i < rank; ++i)
    if (!constrain(param->dims[i], arg->dims[i], argIndex)) return false;
  return true;
}

bool Unifier::constrain(const Dim& param, const Dim& arg, size_t argIndex) {
  Dim known = param.substitute(substitution.dims);
  if (!mentionsUnbound(known)) return known == arg;
  if (SizeVarP var = known.asVariable(); var && calleeVars_.count(var->id)) {
    substitution.dims[var->id] = arg;
    return true;
  }
  pending_.push_back({param, arg, argIndex});
  return true;
}

long Unifier::solve(std::string& unsolved) {
  bool progress = true;
  while (progress && !pending_.empty()) {
    progress = false;
    for (auto it = pending_.begin(); it != pending_.end();) {
      Dim known = it->param.substitute(substitution.dims);
      std::vector<uint32_t> unbound = unboundIn(known);
      if (unbound.empty()) {
        if (known != it->arg) return static_cast<long>(it->argIndex);
        it = pending_.erase(it);
        progress = true;
        continue;
      }
      if (unbound.size() == 1) {
        if (auto value = known.solveFor(unbound[0], it->arg)) {
          // A negative size fits no array: take(3, x) with x: [2]f64 binds m = -1.
          if (auto constant = value->asConstant(); constant && *constant < 0)
            return static_cast<long>(it->argIndex);
          substitution.dims[unbound[0]] = *value;
          it = pending_.erase(it);
          progress = true;
          continue;
        }
        // c*n + rest against a size that c does not divide: [2*n] against [5].
        if (known.isLinearIn(unbound[0])) return static_cast<long>(it->argIndex);
      }
      ++it;
    }
  }
  if (!pending_.empty())
    unsolved = calleeVars_.at(unboundIn(pending_[0].param.substitute(substitution.dims))[0])->name;
  return -1;
}

bool Unifier::boundAll(std::string& missing) const {
  for (const auto& [id, var] : calleeVars_)
    if (!substitution.dims.count(id)) {
      missing = var->name;
      return false;
    }
  for (const auto& name : typeParams_)
    if (!substitution.types.count(name)) {
      missing = name;
      return false;
    }
  return true;
}

std::vector<uint32_t> Unifier::unboundIn(const Dim& dim) const {
  std::vector<uint32_t> ids;
  for (uint32_t id : dim.variables())
    if (calleeVars_.count(id) && !substitution.dims.count(id)) ids.push_back(id);
  return ids;
}

} // namespace arr::sema
