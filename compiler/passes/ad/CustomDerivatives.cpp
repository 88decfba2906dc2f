#include "passes/ad/CustomDerivatives.h"

#include "ir/Builder.h"
#include "ir/Rewrite.h"
#include "ir/Visitor.h"

#include <functional>
#include <unordered_map>

namespace arr::ad {

namespace {

using K = core::Node::Kind;

/// A copy of a term with a fresh variable for every bound variable: a rule is inlined once
/// per differentiation of its call, and every variable must stay bound once. A variable
/// that several binders bind (the BOT's gathers share their build's index) gets one copy,
/// so that the nodes they share, copied once, read the right one under each.
struct Freshen : core::Mutator {
  std::unordered_map<uint32_t, VarP> renamed;

  VarP fresh(const VarP& var) {
    auto [at, inserted] = renamed.try_emplace(var->id, nullptr);
    if (inserted) at->second = core::newVar(var->name, var->type);
    return at->second;
  }

  std::vector<VarP> fresh(const std::vector<VarP>& vars) {
    std::vector<VarP> copies;
    for (const VarP& var : vars)
      copies.push_back(fresh(var));
    return copies;
  }

  NodeP mutateNode(const NodeP& node) override {
    switch (node->kind) {
    case K::Variable: {
      auto found = renamed.find(node->vars[0]->id);
      return found == renamed.end() ? node : core::makeVariable(found->second);
    }
    case K::Let: {
      NodeP value = mutate(node->operands[0]);
      VarP var = fresh(node->vars[0]);
      return core::makeLet(var, value, mutate(node->operands[1]));
    }
    case K::LetTuple: {
      NodeP value = mutate(node->operands[0]);
      std::vector<VarP> vars = fresh(node->vars);
      return core::makeLetTuple(vars, value, mutate(node->operands[1]));
    }
    case K::Build1: {
      VarP var = fresh(node->vars[0]);
      return core::makeBuild1(node->shape[0], var, mutate(node->operands[0]));
    }
    case K::Gather:
    case K::Scatter: {
      NodeP source = mutate(node->operands[0]);
      std::vector<VarP> vars = fresh(node->vars);
      std::vector<NodeP> indices;
      for (const NodeP& index : node->indices)
        indices.push_back(mutate(index));
      return node->kind == K::Gather ? core::makeGather(node->shape, source, vars, indices)
                                     : core::makeScatter(node->shape, source, vars, indices);
    }
    default:
      return mutateChildren(node);
    }
  }

  core::FunctionP mutateFunction(const core::FunctionP& function) override {
    std::vector<VarP> params = fresh(function->params);
    return std::make_shared<const core::Function>(core::Function{params, mutate(function->body)});
  }
};

/// The rule applied to `args` (one per parameter): its body inlined into `bindings` under
/// fresh variables; its results.
std::vector<NodeP> applyRule(const core::Function& rule, const std::vector<NodeP>& args,
                             std::vector<core::Binding>& bindings) {
  Freshen freshen;
  std::vector<VarP> params = freshen.fresh(rule.params);
  NodeP body = freshen.mutate(rule.body);
  for (size_t i = 0; i < params.size(); ++i)
    bindings.push_back({{params[i]}, args[i]});
  while (body->kind == K::Let || body->kind == K::LetTuple) {
    bindings.push_back({body->vars, body->operands[0]});
    body = body->operands[1];
  }
  return body->kind == K::Tuple ? body->operands : std::vector<NodeP>{body};
}

} // namespace

std::vector<NodeP> customCotangents(const Delta& custom, const std::vector<NodeP>& resultCotangents,
                                    std::vector<core::Binding>& bindings) {
  const core::Node& node = *custom.loop;
  size_t inputs = node.stateCount, values = node.elementCount;
  std::vector<NodeP> cotangents(node.operands.size());
  std::vector<core::Type> types = core::resultTypes(node);
  if (node.diffKind != core::DiffKind::Vjp) { // the other mode: the value's own derivative
    for (size_t r = 0; r < values; ++r)
      cotangents[inputs + r] = resultCotangents[r];
    return cotangents;
  }
  // rule(x.., y.., ct.., captured..): y is the call itself (the custom node's results).
  std::vector<NodeP> args(custom.primals.begin(), custom.primals.begin() + long(inputs));
  for (size_t r = 0; r < values; ++r)
    args.push_back(custom.primals[node.operands.size() + r]);
  for (size_t r = 0; r < values; ++r)
    args.push_back(resultCotangents[r] ? resultCotangents[r] : core::zerosOf(types[r]));
  args.insert(args.end(), custom.primals.begin() + long(inputs + values),
              custom.primals.begin() + long(node.operands.size()));
  std::vector<NodeP> results = applyRule(*node.function, args, bindings);
  size_t next = 0;
  for (size_t k = 0; k < inputs; ++k)
    if (node.differentiable[k]) cotangents[k] = results.at(next++);
  return cotangents;
}

std::vector<NodeP> customTangents(const Delta& custom, const std::vector<NodeP>& operandTangents,
                                  std::vector<core::Binding>& bindings) {
  const core::Node& node = *custom.loop;
  size_t inputs = node.stateCount, values = node.elementCount;
  std::vector<core::Type> types = core::resultTypes(node);
  std::vector<NodeP> tangents(values);
  if (node.diffKind != core::DiffKind::Jvp) { // the other mode: the value's own derivative
    for (size_t r = 0; r < values; ++r)
      tangents[r] = operandTangents[inputs + r];
    return tangents;
  }
  // rule(x.., y.., t.., captured..): tangents of the float inputs.
  std::vector<NodeP> args(custom.primals.begin(), custom.primals.begin() + long(inputs));
  for (size_t r = 0; r < values; ++r)
    args.push_back(custom.primals[node.operands.size() + r]);
  for (size_t k = 0; k < inputs; ++k)
    if (node.differentiable[k])
      args.push_back(operandTangents[k] ? operandTangents[k]
                                        : core::zerosOf(custom.primals[k]->type));
  args.insert(args.end(), custom.primals.begin() + long(inputs + values),
              custom.primals.begin() + long(node.operands.size()));
  std::vector<NodeP> results = applyRule(*node.function, args, bindings);
  size_t next = 0;
  for (size_t r = 0; r < values; ++r)
    if (core::isFloat(types[r].elem)) tangents[r] = results.at(next++);
  return tangents;
}

namespace {

/// `let v = custom .. in body` becomes `let v = value in body` (one binding per result).
struct RemoveCustom : core::Mutator {
  NodeP mutateNode(const NodeP& node) override {
    if (node->kind == K::Custom) {
      if (node->resultCount() != 1) throw core::IRError("AD: a custom node that is not let-bound");
      return mutate(node->operands[node->stateCount]);
    }
    if (node->kind == K::LetTuple && node->operands[0]->kind == K::Custom) {
      const NodeP& custom = node->operands[0];
      std::vector<core::Binding> bindings;
      for (size_t r = 0; r < node->vars.size(); ++r)
        bindings.push_back({{node->vars[r]}, mutate(custom->operands[custom->stateCount + r])});
      return core::wrapInBindings(bindings, mutate(node->operands[1]));
    }
    return mutateChildren(node);
  }
};

} // namespace

core::Program removeCustomDerivatives(const core::Program& program) {
  core::Program result = program;
  RemoveCustom remove;
  for (auto& entry : result.entries)
    entry.function.body = remove.mutate(entry.function.body);
  return result;
}

core::Program removeUnusedCustomDerivatives(const core::Program& program) {
  core::Program result = program;
  for (auto& entry : result.entries) {
    bool differentiates = false;
    std::function<void(const NodeP&)> visit = [&](const NodeP& node) {
      if (differentiates) return;
      if (node->kind == K::Diff) differentiates = true;
      for (const NodeP& operand : node->operands)
        visit(operand);
      for (const NodeP& index : node->indices)
        visit(index);
      if (node->function && node->kind != K::Custom) visit(node->function->body);
    };
    visit(entry.function.body);
    if (!differentiates) entry.function.body = RemoveCustom().mutate(entry.function.body);
  }
  return result;
}

} // namespace arr::ad
