#include "sema/NameResolution.h"

#include "sema/Builtins.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace arr::sema {

namespace {

bool isConstant(const Program& program, const ModuleInfo& module, const std::string& name) {
  auto target = program.lookup(module, name);
  return target && target->decl->kind == ast::Decl::Kind::Constant;
}

/// Names in order of first appearance, each once; `seen` makes that linear in the names
/// (an entry may have thousands of size variables).
struct NameList {
  std::vector<std::string> names;
  std::unordered_set<std::string> seen;
  void add(const std::string& name) {
    if (seen.insert(name).second) names.push_back(name);
  }
};

void collectDimNames(const ast::DimExpr& dim, NameList& names) {
  if (dim.kind == ast::DimExpr::Kind::Name) {
    names.add(dim.name);
    return;
  }
  if (dim.lhs) collectDimNames(*dim.lhs, names);
  if (dim.rhs) collectDimNames(*dim.rhs, names);
}

void collectTypeDimNames(const ast::TypeExpr& type, NameList& names) {
  for (const auto& dim : type.dims)
    collectDimNames(*dim, names);
  for (const auto& element : type.elements)
    collectTypeDimNames(*element, names);
  if (type.result) collectTypeDimNames(*type.result, names);
}

struct Reference {
  const ast::Decl* target;
  Loc loc;
};

/// Walks one declaration, with local scopes, collecting the top-level
/// declarations it refers to and reporting names that refer to nothing.
class ReferenceCollector {
public:
  ReferenceCollector(const Program& program, const ModuleInfo& module, Diagnostics& diags)
      : program_(program), module_(module), diags_(diags) {}

  std::vector<Reference> collect(const ast::Decl& decl) {
    std::vector<std::string> outer;
    std::vector<std::pair<std::string, Loc>> params;
    for (const auto& param : decl.params) {
      outer.push_back(param.name);
      params.emplace_back(param.name, param.range.begin);
      visitTypeDims(*param.type);
    }
    requireDistinct(params, "parameter", "parameter list");
    for (const auto& name : sizeVariableNames(program_, module_, decl))
      outer.push_back(name);
    if (decl.resultType) visitTypeDims(*decl.resultType);
    pushScope(std::move(outer));
    if (decl.body) visit(*decl.body);
    popScopes(0);
    return std::move(references_);
  }

  bool failed() const { return failed_; }

private:
  bool isLocal(const std::string& name) const { return bound_.count(name) != 0; }

  void pushScope(std::vector<std::string> scope) {
    for (const auto& name : scope)
      ++bound_[name];
    scopes_.push_back(std::move(scope));
  }

  void popScopes(size_t depth) {
    for (; scopes_.size() > depth; scopes_.pop_back())
      for (const auto& name : scopes_.back())
        if (auto it = bound_.find(name); --it->second == 0) bound_.erase(it);
  }

  void visitTypeDims(const ast::TypeExpr& type) {
    NameList names;
    collectTypeDimNames(type, names);
    for (const auto& name : names.names)
      if (auto target = program_.lookup(module_, name);
          target && target->decl->kind == ast::Decl::Kind::Constant)
        references_.push_back({target->decl, type.range.begin});
  }

  /// One scope binds each name once: `\x x -> x` or `let (a, a) = ..` would leave the
  /// other value unreachable, and an entry's C header would not compile.
  void requireDistinct(const std::vector<std::pair<std::string, Loc>>& names, const char* what,
                       const char* where) {
    std::unordered_set<std::string> seen;
    for (const auto& [name, loc] : names)
      if (!seen.insert(name).second) {
        diags_.error(loc, std::string(what) + " '" + name + "' appears twice in this " + where);
        failed_ = true;
      }
  }

  void bindPattern(const ast::Pattern& pattern, std::vector<std::string>& scope,
                   std::vector<std::pair<std::string, Loc>>& names) {
    if (pattern.kind == ast::Pattern::Kind::Name) {
      scope.push_back(pattern.name);
      names.emplace_back(pattern.name, pattern.range.begin);
    }
    for (const auto& element : pattern.elements)
      bindPattern(element, scope, names);
  }

  void visit(const ast::Expr& expr) {
    switch (expr.kind) {
    case ast::Expr::Kind::Name: {
      const std::string& name = expr.name();
      if (isLocal(name) || isBuiltinName(name)) return;
      if (auto target = program_.lookup(module_, name)) {
        references_.push_back({target->decl, expr.range.begin});
        return;
      }
      diags_.error(expr.range.begin, "unknown name '" + name + "'");
      failed_ = true;
      return;
    }
    case ast::Expr::Kind::Lambda: {
      std::vector<std::string> scope;
      std::vector<std::pair<std::string, Loc>> params;
      for (const auto& param : expr.lambdaParams) {
        scope.push_back(param.name);
        if (param.name != "_") params.emplace_back(param.name, param.range.begin); // unused
      }
      requireDistinct(params, "parameter", "parameter list");
      size_t depth = scopes_.size();
      pushScope(std::move(scope));
      visit(expr.operand(0));
      popScopes(depth);
      return;
    }
    case ast::Expr::Kind::Let: {
      // Each binding sees the ones before it.
      size_t depth = scopes_.size();
      for (const auto& binding : expr.bindings) {
        visit(*binding.value);
        std::vector<std::string> scope;
        std::vector<std::pair<std::string, Loc>> names;
        bindPattern(binding.pattern, scope, names);
        requireDistinct(names, "name", "pattern");
        pushScope(std::move(scope));
      }
      visit(expr.operand(0));
      popScopes(depth);
      return;
    }
    default:
      for (const auto& operand : expr.operands)
        visit(*operand);
    }
  }

  const Program& program_;
  const ModuleInfo& module_;
  Diagnostics& diags_;
  std::vector<std::vector<std::string>> scopes_;
  std::unordered_map<std::string, size_t> bound_; // how many scopes bind each name
  std::vector<Reference> references_;
  bool failed_ = false;
};

struct Node {
  const ast::Decl* decl;
  const ModuleInfo* module;
  size_t order; // position in (module, declaration) order, for stable reports
  std::vector<Reference> references;
};

} // namespace

namespace {

/// The names in `expr` (a size argument, such as `n + 1`).
void collectNames(const ast::Expr& expr, std::vector<std::string>& names) {
  if (expr.kind == ast::Expr::Kind::Name) names.push_back(expr.name());
  for (const auto& operand : expr.operands)
    collectNames(*operand, names);
}

/// The names the body uses as sizes: in the shape of build, gather, scatter and
/// reshape, and the count of replicate and iota.
void collectBodySizeNames(const ast::Expr& expr, std::vector<std::string>& names) {
  if (expr.kind == ast::Expr::Kind::Call && expr.operands.size() > 1 &&
      expr.operand(0).kind == ast::Expr::Kind::Name) {
    static const std::set<std::string> shaped = {"build",   "gather",    "scatter",
                                                 "reshape", "replicate", "iota"};
    if (shaped.count(expr.operand(0).name())) collectNames(expr.operand(1), names);
  }
  for (const auto& operand : expr.operands)
    collectBodySizeNames(*operand, names);
}

} // namespace

std::vector<std::string> sizeVariableNames(const Program& program, const ModuleInfo& module,
                                           const ast::Decl& decl) {
  NameList list;
  for (const auto& param : decl.params)
    collectTypeDimNames(*param.type, list);
  if (decl.resultType) collectTypeDimNames(*decl.resultType, list);
  // A parameter used as a size in the body is a size parameter too, even when no type
  // mentions it: `def iterate<A>(k: i64, ..) = fold(.., iota(k))`.
  if (decl.kind == ast::Decl::Kind::Function && decl.body) {
    std::vector<std::string> used;
    collectBodySizeNames(*decl.body, used);
    for (const auto& param : decl.params)
      if (std::find(used.begin(), used.end(), param.name) != used.end()) list.add(param.name);
  }
  std::vector<std::string> names = std::move(list.names);
  std::erase_if(names, [&](const std::string& name) { return isConstant(program, module, name); });
  return names;
}

std::set<const ast::Decl*> resolveNames(const Program& program, Diagnostics& diags) {
  std::map<const ast::Decl*, Node> nodes;
  std::set<const ast::Decl*> broken;
  size_t order = 0;
  for (const auto& module : program.modules) {
    for (const ast::Decl& decl : module->ast.decls) {
      if (decl.kind == ast::Decl::Kind::Import) continue;
      ReferenceCollector collector(program, *module, diags);
      Node node{&decl, module.get(), order++, collector.collect(decl)};
      if (collector.failed()) broken.insert(&decl);
      nodes.emplace(&decl, std::move(node));
    }
  }

  // Depth-first search in declaration order; a back edge closes a cycle.
  enum class Color { White, Grey, Black };
  std::map<const ast::Decl*, Color> color;
  std::vector<const ast::Decl*> path;
  std::function<void(const ast::Decl*)> visit = [&](const ast::Decl* decl) {
    color[decl] = Color::Grey;
    path.push_back(decl);
    for (const Reference& reference : nodes.at(decl).references) {
      Color targetColor = color[reference.target];
      if (targetColor == Color::White) {
        visit(reference.target);
      } else if (targetColor == Color::Grey) {
        auto start = std::find(path.begin(), path.end(), reference.target);
        std::vector<const ast::Decl*> cycle(start, path.end());
        // Report from the cycle's first declaration in source order.
        auto first = std::min_element(cycle.begin(), cycle.end(), [&](auto* a, auto* b) {
          return nodes.at(a).order < nodes.at(b).order;
        });
        std::rotate(cycle.begin(), first, cycle.end());
        std::string chain;
        for (const auto* member : cycle)
          chain += member->name + " -> ";
        chain += cycle[0]->name;
        const ast::Decl* next = cycle.size() > 1 ? cycle[1] : cycle[0];
        Loc at = reference.loc;
        for (const Reference& candidate : nodes.at(cycle[0]).references)
          if (candidate.target == next) {
            at = candidate.loc;
            break;
          }
        bool alreadyReported = std::all_of(cycle.begin(), cycle.end(),
                                           [&](auto* member) { return broken.count(member); });
        if (!alreadyReported) diags.error(at, "recursion is not allowed: " + chain);
        broken.insert(cycle.begin(), cycle.end());
      }
    }
    path.pop_back();
    color[decl] = Color::Black;
  };
  std::vector<const Node*> ordered;
  for (const auto& [decl, node] : nodes)
    ordered.push_back(&node);
  std::sort(ordered.begin(), ordered.end(), [](auto* a, auto* b) { return a->order < b->order; });
  for (const Node* node : ordered)
    if (color[node->decl] == Color::White) visit(node->decl);
  return broken;
}

} // namespace arr::sema
