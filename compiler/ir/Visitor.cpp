#include "ir/Visitor.h"

#include "ir/Builder.h"

namespace arr::core {

void Visitor::visit(const NodeP& node) {
  if (!node || !seen_.insert(node.get()).second) return;
  visitNode(node);
}

void Visitor::visitChildren(const NodeP& node) {
  for (const auto& operand : node->operands)
    visit(operand);
  for (const auto& index : node->indices)
    visit(index);
  if (node->function) visit(node->function->body);
}

NodeP Mutator::mutate(const NodeP& node) {
  if (auto it = done_.find(node.get()); it != done_.end()) return it->second.second;
  NodeP result = mutateNode(node);
  done_.emplace(node.get(), std::make_pair(node, result));
  return result;
}

FunctionP Mutator::mutateFunction(const FunctionP& function) {
  NodeP body = mutate(function->body);
  if (body == function->body) return function;
  return std::make_shared<const Function>(Function{function->params, body});
}

NodeP Mutator::mutateChildren(const NodeP& node) {
  bool changed = false;
  std::vector<NodeP> operands, indices;
  for (const auto& operand : node->operands) {
    operands.push_back(mutate(operand));
    changed |= operands.back() != operand;
  }
  for (const auto& index : node->indices) {
    indices.push_back(mutate(index));
    changed |= indices.back() != index;
  }
  FunctionP function = node->function ? mutateFunction(node->function) : nullptr;
  changed |= function != node->function;
  if (!changed) return node;
  return rebuild(*node, std::move(operands), std::move(indices), std::move(function));
}

void forEachNode(const NodeP& root, const std::function<void(const Node&)>& f) {
  struct Walker : Visitor {
    const std::function<void(const Node&)>& f;
    explicit Walker(const std::function<void(const Node&)>& f) : f(f) {}
    void visitNode(const NodeP& node) override {
      visitChildren(node);
      f(*node);
    }
  } walker(f);
  walker.visit(root);
}

size_t countNodes(const NodeP& root) {
  size_t count = 0;
  forEachNode(root, [&](const Node&) { ++count; });
  return count;
}

bool containsDiff(const NodeP& root) {
  bool found = false;
  forEachNode(root, [&](const Node& node) { found = found || node.kind == Node::Kind::Diff; });
  return found;
}

} // namespace arr::core
