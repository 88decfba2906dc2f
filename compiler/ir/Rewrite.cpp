#include "ir/Rewrite.h"

#include "ir/Builder.h"
#include "ir/Visitor.h"

#include <unordered_set>

namespace arr::core {

bool MentionCache::mentions(const NodeP& node, uint32_t varId) {
  auto& memo = memo_[varId];
  if (auto it = memo.find(node.get()); it != memo.end()) return it->second.mentions;
  bool found = false;
  for (const auto& var : node->vars)
    found |= node->kind == Node::Kind::Variable && var->id == varId;
  for (const auto& operand : node->operands)
    found = found || mentions(operand, varId);
  for (const auto& index : node->indices)
    found = found || mentions(index, varId);
  if (node->function) found = found || mentions(node->function->body, varId);
  memo.emplace(node.get(), Answer{node, found});
  return found;
}

NodeP substitute(const NodeP& node, const VarP& var, const NodeP& replacement) {
  struct Substituter : Mutator {
    const VarP& var;
    const NodeP& replacement;
    Substituter(const VarP& var, const NodeP& replacement) : var(var), replacement(replacement) {}
    NodeP mutateNode(const NodeP& node) override {
      if (node->kind == Node::Kind::Variable && node->vars[0]->id == var->id) return replacement;
      return mutateChildren(node);
    }
  } substituter(var, replacement);
  return substituter.mutate(node);
}

NodeP substitute(const NodeP& node, const std::unordered_map<uint32_t, NodeP>& replacements) {
  struct Substituter : Mutator {
    const std::unordered_map<uint32_t, NodeP>& replacements;
    explicit Substituter(const std::unordered_map<uint32_t, NodeP>& replacements)
        : replacements(replacements) {}
    NodeP mutateNode(const NodeP& node) override {
      if (node->kind == Node::Kind::Variable)
        if (auto it = replacements.find(node->vars[0]->id); it != replacements.end())
          return it->second;
      return mutateChildren(node);
    }
  } substituter(replacements);
  return substituter.mutate(node);
}

std::vector<VarP> freeVariables(const NodeP& node) {
  std::vector<VarP> mentioned;
  std::unordered_set<uint32_t> seen, bound;
  forEachNode(node, [&](const Node& at) {
    if (at.kind == Node::Kind::Variable) {
      if (seen.insert(at.vars[0]->id).second) mentioned.push_back(at.vars[0]);
      return;
    }
    for (const auto& var : at.vars)
      bound.insert(var->id);
    if (at.function)
      for (const auto& param : at.function->params)
        bound.insert(param->id);
  });
  std::vector<VarP> free;
  for (const auto& var : mentioned)
    if (!bound.count(var->id)) free.push_back(var);
  return free;
}

NodeP zerosOf(const Type& type) {
  NodeP zero = type.elem == Elem::Bool  ? makeConst(false, Elem::Bool)
               : type.elem == Elem::I64 ? makeConst(int64_t(0), Elem::I64)
                                        : makeConst(0.0, type.elem);
  for (auto dim = type.shape.rbegin(); dim != type.shape.rend(); ++dim)
    zero = makeReplicate(*dim, zero);
  return zero;
}

NodeP mapRootTuple(const NodeP& body, const std::function<NodeP(const Node& tuple)>& root) {
  if (body->kind == Node::Kind::Let)
    return makeLet(body->vars[0], body->operands[0], mapRootTuple(body->operands[1], root));
  if (body->kind == Node::Kind::LetTuple)
    return makeLetTuple(body->vars, body->operands[0], mapRootTuple(body->operands[1], root));
  if (body->kind != Node::Kind::Tuple)
    throw IRError("a function body without its tuple of results");
  return root(*body);
}

} // namespace arr::core
