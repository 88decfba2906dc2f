#include "ir/Rewrite.h"

#include "ir/Builder.h"
#include "ir/Visitor.h"

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

NodeP zerosOf(const Type& type) {
  NodeP zero = type.elem == Elem::Bool  ? makeConst(false, Elem::Bool)
               : type.elem == Elem::I64 ? makeConst(int64_t(0), Elem::I64)
                                        : makeConst(0.0, type.elem);
  for (auto dim = type.shape.rbegin(); dim != type.shape.rend(); ++dim)
    zero = makeReplicate(*dim, zero);
  return zero;
}

} // namespace arr::core
