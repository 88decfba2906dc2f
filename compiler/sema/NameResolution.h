#pragma once
// Checks, before any typing, that every name refers to something and that no
// declaration depends on itself (recursion, direct or mutual, is an error).

#include "sema/Modules.h"

#include <set>

namespace arr::sema {

/// Reports unknown names and dependency cycles; returns the declarations that
/// must not be type-checked because of them.
std::set<const ast::Decl*> resolveNames(const Program& program, Diagnostics& diags);

/// The names of a function declaration's size variables: the names in the
/// dimensions of its parameters and result that are not constants, in order of
/// first appearance.
std::vector<std::string> sizeVariableNames(const Program& program, const ModuleInfo& module,
                                           const ast::Decl& decl);

} // namespace arr::sema
