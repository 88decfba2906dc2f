#pragma once
// Small building blocks of rewriting passes: free-variable queries and
// capture-free substitution (variables are unique, so nothing can be captured).

#include "ir/Core.h"

#include <functional>
#include <unordered_map>
#include <vector>

namespace arr::core {

/// Answers "does this term mention variable v?", remembering answers per node.
class MentionCache {
public:
  bool mentions(const NodeP& node, uint32_t varId);

private:
  struct Answer {
    NodeP node; // keeps the node alive, so its address cannot be reused by another
    bool mentions;
  };
  std::unordered_map<uint32_t, std::unordered_map<const Node*, Answer>> memo_;
};

/// `node` with every reference to `var` replaced by `replacement`.
NodeP substitute(const NodeP& node, const VarP& var, const NodeP& replacement);
/// `node` with every reference to a variable of `replacements` (by id) replaced.
NodeP substitute(const NodeP& node, const std::unordered_map<uint32_t, NodeP>& replacements);

/// The variables `node` mentions that it does not bind, in order of first mention
/// (variables are unique, so a variable bound anywhere inside is bound where used).
std::vector<VarP> freeVariables(const NodeP& node);

/// The zero of a type: replicated 0, 0.0 or false.
NodeP zerosOf(const Type& type);

/// A function body (lets over a tuple of results) with its root tuple replaced by
/// `root(tuple)`; the lets stay. Throws IRError when the body does not end in a tuple.
NodeP mapRootTuple(const NodeP& body, const std::function<NodeP(const Node& tuple)>& root);

} // namespace arr::core
