#include "passes/ad/Differentiate.h"

#include "ir/Builder.h"
#include "ir/Printer.h"
#include "ir/Rewrite.h"
#include "ir/Visitor.h"
#include "passes/Bot.h"
#include "passes/ad/Checkpoint.h"
#include "passes/ad/CustomDerivatives.h"
#include "passes/ad/Hoist.h"
#include "passes/ad/Transpose.h"

#include <functional>
#include <set>
#include <unordered_set>

namespace arr::ad {

namespace {

using K = core::Node::Kind;

/// The Diff nodes in the order the transposition meets them: a Diff's arguments and the
/// Diff nodes inside its function before it, a let's value before its body.
/// Each comes with whether it is inside a loop's step.
void collectSites(const NodeP& node, bool inStep, std::unordered_set<const core::Node*>& seen,
                  std::vector<std::pair<NodeP, bool>>& sites) {
  if (!seen.insert(node.get()).second) return;
  for (const auto& operand : node->operands)
    collectSites(operand, inStep, seen, sites);
  // The loops that choose a gradient's version (Checkpoint.h) run it once: not a step.
  if (node->function)
    collectSites(node->function->body,
                 inStep || (node->kind == K::Loop && !choosesCheckpointVersion(*node)) ||
                     node->kind == K::While,
                 seen, sites);
  if (node->kind == K::Diff) sites.emplace_back(node, inStep);
}

/// The functions of the Diff nodes reached from an entry's body through lets, tuples,
/// conditions, builds and loops (their operands and steps) only, and from nowhere else: their
/// derivatives are never differentiated again nor lifted over a build (the BOT of
/// --bot-all leaves loops' steps alone and refuses a Diff in a build), so a size bound at
/// run time may appear in them (DualFunction::runtimeSizes).
std::unordered_set<const core::Function*> functionsWithRuntimeSizes(const core::Program& program) {
  std::unordered_set<const core::Function*> top, nested;
  std::set<std::pair<const core::Node*, bool>> seen;
  std::function<void(const NodeP&, bool)> walk = [&](const NodeP& node, bool atTop) {
    if (!seen.insert({node.get(), atTop}).second) return;
    if (node->kind == K::Diff) (atTop ? top : nested).insert(node->function.get());
    bool passesTop = node->kind == K::Let || node->kind == K::LetTuple || node->kind == K::Tuple ||
                     node->kind == K::Cond || node->kind == K::Build1 || node->kind == K::Loop ||
                     node->kind == K::While;
    for (const NodeP& operand : node->operands)
      walk(operand, atTop && passesTop);
    for (const NodeP& index : node->indices)
      walk(index, false);
    if (node->function) walk(node->function->body, atTop && passesTop);
  };
  for (const auto& entry : program.entries)
    walk(entry.function.body, true);
  for (const core::Function* function : nested)
    top.erase(function);
  return top;
}

/// The derivative program of one Diff node: bindings and the flattened results.
struct Derivative {
  std::vector<core::Binding> bindings;
  std::vector<NodeP> results;
};

Derivative derive(const core::Node& diff, const DualFunction& dual) {
  const auto& params = diff.function->params;
  Derivative out;
  for (size_t k = 0; k < params.size(); ++k)
    out.bindings.push_back({{params[k]}, diff.operands[k]});
  out.bindings.insert(out.bindings.end(), dual.bindings.begin(), dual.bindings.end());
  size_t next = params.size(); // the arguments after the primal inputs

  auto gradients = [&](const std::vector<NodeP>& cotangents) {
    std::map<size_t, NodeP> found = transpose(dual, cotangents, out.bindings);
    std::vector<NodeP> result;
    for (size_t k = 0; k < params.size(); ++k) {
      if (!diff.differentiable[k]) continue;
      auto it = found.find(k);
      result.push_back(it != found.end() ? it->second : core::zerosOf(params[k]->type));
    }
    return result;
  };

  switch (diff.diffKind) {
  case core::DiffKind::Grad:
  case core::DiffKind::ValueAndGrad: {
    NodeP one = core::makeConst(1.0, dual.results[0]->type.elem);
    if (diff.diffKind == core::DiffKind::ValueAndGrad) out.results.push_back(dual.results[0]);
    for (const auto& g : gradients({one}))
      out.results.push_back(g);
    break;
  }
  case core::DiffKind::Vjp: {
    std::vector<NodeP> cotangents(diff.operands.begin() + next, diff.operands.end());
    out.results = gradients(cotangents);
    break;
  }
  case core::DiffKind::Jvp: {
    std::map<size_t, NodeP> tangents;
    for (size_t k = 0; k < params.size(); ++k)
      if (diff.differentiable[k]) tangents[k] = diff.operands[next++];
    out.results = dual.results;
    std::vector<NodeP> resultTangents = evaluateForward(dual, tangents, out.bindings);
    for (size_t i = 0; i < dual.results.size(); ++i)
      if (core::isFloat(dual.results[i]->type.elem))
        out.results.push_back(resultTangents[i] ? resultTangents[i]
                                                : core::zerosOf(dual.results[i]->type));
    break;
  }
  }
  return out;
}

/// Replaces `let v = diff in body` and `let (v..) = diff in body` for every Diff node
/// with a forward pass.
struct Replacer : core::Mutator {
  const DualProgram& program;
  explicit Replacer(const DualProgram& program) : program(program) {}

  NodeP mutateNode(const NodeP& node) override {
    bool binding = node->kind == K::Let || node->kind == K::LetTuple;
    const DualFunction* dual =
        binding && node->operands[0]->kind == K::Diff ? program.find(*node->operands[0]) : nullptr;
    if (!dual) {
      if (node->kind == K::Diff && program.find(*node))
        throw core::IRError("AD: a differentiation that is not let-bound");
      return mutateChildren(node);
    }
    // Arguments first: they may contain differentiations of their own.
    const NodeP& original = node->operands[0];
    std::vector<NodeP> args;
    for (const auto& arg : original->operands)
      args.push_back(mutate(arg));
    NodeP diff =
        core::makeDiff(original->diffKind, original->function, args, original->differentiable);
    Derivative derivative = derive(*diff, *dual);
    NodeP body = mutate(node->operands[1]);
    std::vector<core::Binding> bindings = derivative.bindings;
    for (size_t i = 0; i < node->vars.size(); ++i)
      bindings.push_back({{node->vars[i]}, derivative.results.at(i)});
    return core::wrapInBindings(bindings, body);
  }
};

} // namespace

const DualFunction* DualProgram::find(const core::Node& diff) const {
  for (const Site& site : sites)
    if (site.function == diff.function && site.differentiable == diff.differentiable)
      return &site.dual;
  return nullptr;
}

DualProgram forwardPasses(const core::Program& program, bool keepInnerLoopIntermediates) {
  DualProgram result{program, {}};
  std::unordered_set<const core::Node*> seen;
  std::unordered_set<const core::Function*> runtimeSizes = functionsWithRuntimeSizes(program);
  for (const auto& entry : program.entries) {
    std::vector<std::pair<NodeP, bool>> diffs;
    collectSites(entry.function.body, false, seen, diffs);
    for (const auto& [diff, inStep] : diffs) {
      if (core::containsDiff(diff->function->body) || result.find(*diff)) continue;
      bool keep = keepInnerLoopIntermediates && inStep && diff->diffKind != core::DiffKind::Jvp &&
                  !holdsSegments(*diff->function);
      // A Diff whose inner Diffs this round's simplify removed (in a custom rule no call
      // used) missed this round's BOT, which waited for them.
      core::FunctionP function = diff->function;
      if (!passes::checkBotNormalForm(*function->body).empty())
        function = passes::bulkOperationTransform(function);
      result.sites.push_back({diff->diffKind, diff->function, diff->differentiable,
                              forwardPass(*function, diff->differentiable, keep)});
      result.sites.back().dual.runtimeSizes = runtimeSizes.count(diff->function.get()) > 0;
    }
  }
  return result;
}

DualProgram hoistReplicateAxes(DualProgram program) {
  for (auto& site : program.sites)
    site.dual = hoistReplicates(std::move(site.dual));
  return program;
}

core::Program transposeDerivatives(const DualProgram& program) {
  core::Program result = program.program;
  Replacer replacer(program);
  for (auto& entry : result.entries)
    entry.function.body = replacer.mutate(entry.function.body);
  // A custom node's rule serves differentiations of the derivatives around it; once none is
  // left, it is its value.
  if (!hasDifferentiation(result)) return removeCustomDerivatives(result);
  return result;
}

std::string print(const DualProgram& program) {
  std::string out;
  for (const auto& site : program.sites)
    out += std::string(core::toString(site.kind)) + ":\n" + print(site.dual) + "\n";
  return out;
}

bool hasDifferentiation(const core::Program& program) {
  for (const auto& entry : program.entries)
    if (core::containsDiff(entry.function.body)) return true;
  return false;
}

} // namespace arr::ad
