#include "passes/ad/Unshare.h"

#include "ir/Builder.h"
#include "ir/Visitor.h"

#include <functional>
#include <unordered_map>
#include <unordered_set>

namespace arr::ad {

namespace {

using K = core::Node::Kind;
using core::NodeP;
using core::VarP;

} // namespace

namespace {

/// Counts the references to each node, not looking inside index functions,
/// build bodies or let-bound scopes' binders (whose variables must stay in scope).
void countReferences(const NodeP& node, std::unordered_map<const core::Node*, int>& counts,
                     std::vector<NodeP>& order) {
  int& count = counts[node.get()];
  if (++count > 1) return;
  if (node->kind != K::Build1)
    for (const auto& operand : node->operands)
      countReferences(operand, counts, order);
  order.push_back(node); // children before parents
}

} // namespace

namespace {

/// Replaces the nodes of `replacement` by their variables, except inside loop steps,
/// which are closed and unshared on their own.
struct Substituter : core::Mutator {
  const std::unordered_map<const core::Node*, NodeP>& replacement;
  explicit Substituter(const std::unordered_map<const core::Node*, NodeP>& r) : replacement(r) {}
  NodeP mutateNode(const NodeP& node) override {
    if (auto it = replacement.find(node.get()); it != replacement.end()) return it->second;
    return mutateChildren(node);
  }
  core::FunctionP mutateFunction(const core::FunctionP& function) override { return function; }
};

/// The body of `function` with its shared nodes bound at its root let chain.
NodeP unshareBody(const core::Function& function) {
  // Walk down the root let chain: each bound value is a candidate region.
  std::vector<core::Binding> bindings;
  NodeP at = function.body;
  while (at->kind == K::Let || at->kind == K::LetTuple) {
    bindings.push_back({at->vars, at->operands[0]});
    at = at->operands[1];
  }
  std::unordered_map<const core::Node*, int> counts;
  std::vector<NodeP> order;
  for (const auto& binding : bindings)
    countReferences(binding.value, counts, order);
  countReferences(at, counts, order);
  // Bind shared non-trivial nodes whose free variables are all bound at the root:
  // nodes under a Let or LetTuple inside a value are left alone.
  std::unordered_map<const core::Node*, NodeP> replacement;
  // Rebuild the chain, binding each shared node right before its first user binding.
  std::vector<core::Binding> rebuilt;
  auto isShareable = [&](const NodeP& node) {
    if (node->kind == K::Variable || node->kind == K::Const || node->kind == K::SizeValue ||
        node->kind == K::Let || node->kind == K::LetTuple || node->kind == K::Tuple ||
        node->resultCount() != 1)
      return false;
    return counts[node.get()] > 1;
  };
  // Variables bound at the root so far: the parameters, then each rebuilt binding's.
  std::unordered_set<uint32_t> boundAtRoot;
  for (const auto& param : function.params)
    boundAtRoot.insert(param->id);
  // Whether no binder lies below `node` and its variables are all bound at the root,
  // remembered per node: walking each shared node's whole term made the unsharing of a
  // chain quadratic in its length. An answer cannot change later, since a variable that
  // is not bound at the root when a node mentioning it is met never will be (scoping).
  std::unordered_map<const core::Node*, bool> closedness;
  std::function<bool(const NodeP&)> isClosed = [&](const NodeP& node) {
    if (auto known = closedness.find(node.get()); known != closedness.end()) return known->second;
    bool closed = node->kind != K::Let && node->kind != K::LetTuple && node->kind != K::Build1 &&
                  node->kind != K::Gather && node->kind != K::Scatter;
    if (node->kind == K::Variable) closed &= boundAtRoot.count(node->vars[0]->id) > 0;
    for (const auto& operand : node->operands)
      closed = closed && isClosed(operand);
    for (const auto& index : node->indices)
      closed = closed && isClosed(index);
    if (node->function) closed = closed && isClosed(node->function->body);
    closedness.emplace(node.get(), closed);
    return closed;
  };
  auto bindShared = [&](const NodeP& value) {
    std::vector<NodeP> local;
    std::unordered_map<const core::Node*, int> seen;
    countReferences(value, seen, local);
    for (const auto& node : local) {
      if (!isShareable(node) || replacement.count(node.get())) continue;
      // Only nodes without binders below them: their variables are bound at the root.
      // Only nodes whose variables are all bound at the root can move there: a node below
      // a let or a build inside a value may mention that binder's variable.
      if (!isClosed(node)) continue;
      NodeP rewritten = Substituter(replacement).mutate(node);
      VarP var = core::newVar("s", node->type);
      rebuilt.push_back({{var}, rewritten});
      boundAtRoot.insert(var->id);
      replacement[node.get()] = core::makeVariable(var);
    }
  };
  for (const auto& binding : bindings) {
    bindShared(binding.value);
    rebuilt.push_back({binding.vars, Substituter(replacement).mutate(binding.value)});
    for (const auto& var : binding.vars)
      boundAtRoot.insert(var->id);
  }
  bindShared(at);
  NodeP body = Substituter(replacement).mutate(at);
  return core::wrapInBindings(rebuilt, body);
}

/// Unshares the step of every loop, inside out (a step is a function of its own).
struct LoopSteps : core::Mutator {
  NodeP mutateNode(const NodeP& node) override {
    NodeP mutated = mutateChildren(node);
    if (mutated->kind != K::Loop && mutated->kind != K::While) return mutated;
    auto step = std::make_shared<core::Function>(*mutated->function);
    step->body = unshareBody(*step);
    return core::rebuild(*mutated, mutated->operands, {}, step);
  }
};

} // namespace

core::Program unshare(const core::Program& program) {
  core::Program result = program;
  for (auto& entry : result.entries) {
    entry.function.body = LoopSteps().mutate(entry.function.body);
    entry.function.body = unshareBody(entry.function);
  }
  return result;
}

} // namespace arr::ad
