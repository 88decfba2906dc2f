#pragma once
// Unification of a callee's parameter types with argument types: binds the
// callee's size variables (solving n+m or 2*n once the lone ones are known) and
// type variables.

#include "sema/Type.h"

#include <string>
#include <vector>

namespace arr::sema {

class Unifier {
public:
  Unifier(const std::vector<SizeVarP>& calleeVars, const std::vector<std::string>& typeParams);

  /// Matches a parameter type against an argument type; false when their
  /// structures, element types or known dimensions differ.
  bool unify(const TypeP& param, const TypeP& arg, size_t argIndex);
  /// Requires `param` (over the callee's variables) to equal `arg`.
  bool constrain(const Dim& param, const Dim& arg, size_t argIndex);
  /// Solves the deferred constraints; returns the index of an argument that
  /// contradicts them, or -1. `unsolved` names a variable left unknown, if any.
  long solve(std::string& unsolved);
  /// Whether every size and type variable is bound; `missing` names one that is not.
  bool boundAll(std::string& missing) const;

  Substitution substitution;

private:
  struct Pending {
    Dim param, arg;
    size_t argIndex;
  };
  std::vector<uint32_t> unboundIn(const Dim& dim) const;
  bool mentionsUnbound(const Dim& dim) const { return !unboundIn(dim).empty(); }

  std::map<uint32_t, SizeVarP> calleeVars_;
  std::vector<std::string> typeParams_;
  std::vector<Pending> pending_;
};

} // namespace arr::sema
