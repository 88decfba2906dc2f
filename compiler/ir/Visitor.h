#pragma once
// Traversals of the core IR in the style of Halide's IRVisitor/IRMutator: a
// pass overrides only the node kinds it cares about. Both remember the nodes
// they have seen, so shared subterms are visited (and rebuilt) once and the
// sharing survives a mutation.

#include "ir/Core.h"

#include <functional>
#include <unordered_map>
#include <unordered_set>

namespace arr::core {

class Visitor {
public:
  virtual ~Visitor() = default;
  /// Visits `node` unless it was visited before.
  void visit(const NodeP& node);

protected:
  /// Called once per distinct node; the default visits every child.
  virtual void visitNode(const NodeP& node) { visitChildren(node); }
  void visitChildren(const NodeP& node);

private:
  std::unordered_set<const Node*> seen_;
};

class Mutator {
public:
  virtual ~Mutator() = default;
  /// The mutated node; the same pointer when nothing below it changed.
  NodeP mutate(const NodeP& node);

protected:
  /// Called once per distinct node; the default mutates the children and
  /// rebuilds the node when one of them changed.
  virtual NodeP mutateNode(const NodeP& node) { return mutateChildren(node); }
  NodeP mutateChildren(const NodeP& node);
  /// Diff nodes carry a function; the default mutates its body too.
  virtual FunctionP mutateFunction(const FunctionP& function);

private:
  // Holds the input node too: a node made during the mutation and dropped
  // must not free an address that a later node could reuse.
  std::unordered_map<const Node*, std::pair<NodeP, NodeP>> done_;
};

/// Calls `f` on every distinct node reachable from `root`, children first.
void forEachNode(const NodeP& root, const std::function<void(const Node&)>& f);
/// The number of distinct nodes reachable from `root` (a measure of program size).
size_t countNodes(const NodeP& root);
/// Whether a Diff node is reachable from `root` (functions' bodies included).
bool containsDiff(const NodeP& root);

} // namespace arr::core
