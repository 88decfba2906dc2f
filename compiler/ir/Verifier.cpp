#include "ir/Verifier.h"

#include "ir/Builder.h"
#include "ir/Printer.h"

#include <unordered_map>
#include <unordered_set>

namespace arr::core {

namespace {

class Checker {
public:
  std::string error;

  void checkFunction(const Function& function) {
    for (const auto& param : function.params)
      bind(param);
    checkRoot(function.body);
    for (const auto& param : function.params)
      unbind(param);
  }

  /// A function that may mention only its parameters (a loop's step): checked with
  /// nothing else in scope. Its nodes are checked apart from the enclosing ones.
  void checkClosedFunction(const Function& function) {
    auto scope = std::move(scope_);
    auto checked = std::move(checked_);
    scope_.clear();
    checked_.clear();
    checkFunction(function);
    scope_ = std::move(scope);
    checked_ = std::move(checked);
  }

private:
  // Variables in scope, with multiplicity (a variable may be bound in several
  // disjoint subterms).
  std::unordered_map<uint32_t, int> scope_;
  std::unordered_set<const Node*> checked_;
  void bind(const VarP& var) { ++scope_[var->id]; }
  void unbind(const VarP& var) { --scope_[var->id]; }
  bool bound(const VarP& var) const {
    auto it = scope_.find(var->id);
    return it != scope_.end() && it->second > 0;
  }

  void fail(const std::string& message, const Node& node) {
    if (error.empty()) error = message + " in: " + print(node).substr(0, 200);
  }

  /// A function body: lets, then a tuple or a single value.
  void checkRoot(const NodeP& node) {
    std::vector<VarP> bound;
    const Node* at = node.get();
    while (at->kind == Node::Kind::Let || at->kind == Node::Kind::LetTuple) {
      check(at->operands[0]);
      for (const auto& var : at->vars) {
        bind(var);
        bound.push_back(var);
      }
      at = at->operands[1].get();
    }
    if (at->kind == Node::Kind::Tuple) {
      for (const auto& component : at->operands)
        check(component);
    } else {
      check(NodeP(node, at));
    }
    for (const auto& var : bound)
      unbind(var);
  }

  void check(const NodeP& node) {
    // A shared subterm is checked once, in the first scope it appears in.
    if (!error.empty() || !checked_.insert(node.get()).second) return;
    using K = Node::Kind;
    switch (node->kind) {
    case K::Tuple:
      return fail("a tuple below the root of a function body", *node);
    case K::Variable:
      if (!bound(node->vars[0])) fail("unbound variable " + node->vars[0]->name, *node);
      break;
    case K::Let:
    case K::LetTuple:
      check(node->operands[0]);
      if (node->kind == K::LetTuple && node->operands[0]->kind != K::Diff &&
          node->operands[0]->kind != K::Loop && node->operands[0]->kind != K::While &&
          node->operands[0]->kind != K::Custom && node->operands[0]->kind != K::BindSize)
        fail("let tuple of something other than a differentiation, a loop or a bound size", *node);
      for (const auto& var : node->vars)
        bind(var);
      check(node->operands[1]);
      for (const auto& var : node->vars)
        unbind(var);
      break;
    case K::Build1:
    case K::Gather:
    case K::Scatter: {
      if (node->kind != K::Build1) check(node->operands[0]);
      for (const auto& var : node->vars)
        bind(var);
      for (const auto& index : node->indices)
        check(index);
      if (node->kind == K::Build1) check(node->operands[0]);
      for (const auto& var : node->vars)
        unbind(var);
      break;
    }
    case K::BindSize: // its body is a block of its own, ending in a tuple or a value
      check(node->operands[0]);
      checkRoot(node->operands[1]);
      break;
    case K::Diff:
      checkFunction(*node->function); // the function may use enclosing variables
      for (const auto& operand : node->operands)
        check(operand);
      break;
    case K::Loop:
    case K::While:
    case K::Custom:
      checkClosedFunction(*node->function);
      for (const auto& operand : node->operands)
        check(operand);
      break;
    default:
      for (const auto& operand : node->operands)
        check(operand);
    }
    if (!error.empty()) return;
    try {
      NodeP again = rebuild(*node, node->operands, node->indices);
      if (again->type != node->type || again->types != node->types)
        fail("the node's type " + toString(node->type) + " differs from its operands' " +
                 toString(again->type),
             *node);
    } catch (const IRError& problem) {
      fail(problem.what(), *node);
    }
  }
};

} // namespace

std::string verify(const Function& function) {
  Checker checker;
  checker.checkFunction(function);
  return checker.error;
}

std::string verify(const Program& program) {
  for (const Entry& entry : program.entries) {
    std::string error = verify(entry.function);
    if (!error.empty()) return "entry " + entry.name + ": " + error;
  }
  return "";
}

} // namespace arr::core
