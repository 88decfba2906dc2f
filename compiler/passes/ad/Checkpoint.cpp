#include "passes/ad/Checkpoint.h"

#include "ir/Builder.h"
#include "ir/Visitor.h"
#include "passes/ad/Differentiate.h"

#include <charconv>
#include <unordered_map>

namespace arr::ad {

namespace {

using K = core::Node::Kind;
using core::Type;

bool mentionsDerivedSize(const Dim& dim) {
  for (const auto& [monomial, coefficient] : dim.terms())
    for (const SizeVarP& var : monomial)
      if (var->derivation) return true;
  return false;
}

/// The segment length K and count m of a loop of `steps` steps, when segments pay.
struct Segments {
  Dim length, count;
};

std::optional<Segments> segmentsOf(const Dim& steps, const LoopCheckpoints& policy) {
  if (policy.rule == LoopCheckpoints::Rule::EveryStep || mentionsDerivedSize(steps))
    return std::nullopt;
  Dim length = policy.rule == LoopCheckpoints::Rule::SquareRoot ? squareRoot(steps)
                                                                : Dim::constant(policy.interval);
  Dim count = quotient(steps, length);
  // A loop of known length keeps few enough states already when a segment would hold
  // fewer than 2 steps or there would be fewer than 2 segments.
  auto knownLength = length.asConstant(), knownCount = count.asConstant();
  if ((knownLength && *knownLength < 2) || (knownCount && *knownCount < 2)) return std::nullopt;
  return Segments{length, count};
}

/// Fresh variables for `values`' types, bound to them in `bindings`.
std::vector<NodeP> bindResults(const NodeP& value, std::vector<core::Binding>& bindings,
                               const std::string& name) {
  std::vector<VarP> vars;
  std::vector<NodeP> uses;
  for (const Type& type : core::resultTypes(*value)) {
    vars.push_back(core::newVar(name, type));
    uses.push_back(core::makeVariable(vars.back()));
  }
  bindings.push_back({vars, value});
  return uses;
}

/// `array`'s rows [from, from + count).
NodeP rowRange(const NodeP& array, const Dim& from, const Dim& count) {
  VarP row = core::newVar("t", core::scalarType(Elem::I64));
  NodeP index = core::makeVariable(row);
  if (from != Dim())
    index = core::makeBinary(core::BinaryOp::Add, core::makeSizeValue(from), index);
  return core::makeGather({count}, array, {row}, {index});
}

/// `a` followed by `b` along their rows, as the prelude's concat builds it.
NodeP concatenated(const NodeP& a, const NodeP& b, const Dim& steps) {
  Dim split = a->type.shape[0];
  VarP row = core::newVar("t", core::scalarType(Elem::I64));
  NodeP index = core::makeVariable(row);
  NodeP inFirst = core::makeBinary(core::BinaryOp::Lt, index, core::makeSizeValue(split));
  NodeP later = core::makeBinary(core::BinaryOp::Sub, index, core::makeSizeValue(split));
  return core::makeBuild1(
      steps, row,
      core::makeCond(inFirst, core::makeIndex(a, {index}), core::makeIndex(b, {later})));
}

/// The rewriting of one differentiated function's loops (not those of loop steps: a
/// step gets its own vjp, which a later round checkpoints).
class Segmenter : public core::Mutator {
public:
  explicit Segmenter(const LoopCheckpoints& policy) : policy_(policy) {}

protected:
  NodeP mutateNode(const NodeP& node) override {
    bool binding = node->kind == K::Let || node->kind == K::LetTuple;
    if (binding && node->operands[0]->kind == K::Loop) {
      std::vector<core::Binding> bindings;
      if (auto results = segmented(*node->operands[0], bindings)) {
        for (size_t j = 0; j < node->vars.size(); ++j)
          bindings.push_back({{node->vars[j]}, (*results)[j]});
        return core::wrapInBindings(bindings, mutate(node->operands[1]));
      }
    }
    if (node->kind == K::Loop) {
      std::vector<core::Binding> bindings;
      if (auto results = segmented(*node, bindings))
        return core::wrapInBindings(bindings, results->at(0));
    }
    return mutateChildren(node);
  }

  core::FunctionP mutateFunction(const core::FunctionP& function) override { return function; }

private:
  /// The results of `loop` computed segment by segment, with the bindings that compute
  /// them; nullopt when the loop is left as it is.
  std::optional<std::vector<NodeP>> segmented(const core::Node& loop,
                                              std::vector<core::Binding>& bindings) {
    const Dim& steps = loop.shape[0];
    std::optional<Segments> segments = segmentsOf(steps, policy_);
    if (!segments) return std::nullopt;
    const Dim& length = segments->length;
    const Dim& count = segments->count;
    Dim covered = count * length;
    Dim remaining = steps - covered;
    const core::FunctionP& step = loop.function;
    size_t states = loop.stateCount, elements = loop.elementCount;
    std::vector<NodeP> operands;
    for (const NodeP& operand : loop.operands)
      operands.push_back(mutate(operand));
    std::vector<NodeP> init(operands.begin(), operands.begin() + states);
    std::vector<NodeP> captured(operands.begin() + states + elements, operands.end());

    // The outer loop's step: K steps of the original one, from the state it is given.
    auto outerStep = std::make_shared<core::Function>();
    std::vector<NodeP> innerInit, innerElements, innerCaptured, segmentElements, rest;
    for (size_t j = 0; j < operands.size(); ++j) {
      Type type = step->params[j]->type;
      bool element = j >= states && j < states + elements;
      if (element) {
        Type rows = operands[j]->type;
        std::vector<Dim> segmentShape = rows.shape;
        segmentShape.erase(segmentShape.begin());
        segmentShape.insert(segmentShape.begin(), {count, length});
        segmentElements.push_back(
            core::makeReshape(segmentShape, rowRange(operands[j], Dim(), covered)));
        rest.push_back(rowRange(operands[j], covered, remaining));
        type = rows;
        type.shape = segmentShape;
        type.shape.erase(type.shape.begin());
      }
      outerStep->params.push_back(core::newVar(step->params[j]->name, type));
      NodeP param = core::makeVariable(outerStep->params.back());
      (j < states ? innerInit : element ? innerElements : innerCaptured).push_back(param);
    }
    NodeP inner = core::makeLoop(length, innerInit, innerElements, innerCaptured, step);
    std::vector<core::Binding> innerBindings;
    std::vector<NodeP> innerResults = bindResults(inner, innerBindings, "s");
    outerStep->body = core::wrapInBindings(
        innerBindings, innerResults.size() == 1 ? innerResults[0] : core::makeTuple(innerResults));
    NodeP outer = core::makeLoop(count, init, segmentElements, captured, outerStep);
    std::vector<NodeP> outerResults = bindResults(outer, bindings, "segments");

    std::vector<NodeP> afterSegments(outerResults.begin(), outerResults.begin() + states);
    NodeP last = core::makeLoop(remaining, afterSegments, rest, captured, step);
    std::vector<NodeP> lastResults = bindResults(last, bindings, "rest");

    std::vector<NodeP> results(lastResults.begin(), lastResults.begin() + states);
    for (size_t r = states; r < outerResults.size(); ++r) {
      std::vector<Dim> flat = outerResults[r]->type.shape;
      flat.erase(flat.begin(), flat.begin() + 2);
      flat.insert(flat.begin(), covered);
      NodeP segmentOutputs = core::makeReshape(flat, outerResults[r]);
      results.push_back(concatenated(segmentOutputs, lastResults[r], steps));
    }
    return results;
  }

  const LoopCheckpoints& policy_;
};

/// Replaces the function of every reverse-mode Diff node ready for differentiation by
/// its segmented version (one per function, so Diff nodes sharing one still share).
class Sites : public core::Mutator {
public:
  explicit Sites(const LoopCheckpoints& policy) : policy_(policy) {}

protected:
  NodeP mutateNode(const NodeP& node) override {
    if (node->kind != K::Diff || node->diffKind == core::DiffKind::Jvp ||
        containsDifferentiation(*node->function))
      return mutateChildren(node);
    auto& [original, segmented] = functions_[node->function.get()];
    if (!original) {
      original = node->function;
      Segmenter segmenter(policy_);
      NodeP body = segmenter.mutate(original->body);
      segmented =
          body == original->body
              ? original
              : std::make_shared<const core::Function>(core::Function{original->params, body});
    }
    std::vector<NodeP> args;
    for (const NodeP& arg : node->operands)
      args.push_back(mutate(arg));
    return core::makeDiff(node->diffKind, segmented, args, node->differentiable);
  }

private:
  const LoopCheckpoints& policy_;
  std::unordered_map<const core::Function*, std::pair<core::FunctionP, core::FunctionP>> functions_;
};

} // namespace

std::optional<LoopCheckpoints> LoopCheckpoints::parse(const std::string& text) {
  if (text == "all") return LoopCheckpoints{};
  if (text == "sqrt") return LoopCheckpoints{Rule::SquareRoot, 0};
  int64_t interval = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), interval);
  if (error != std::errc() || end != text.data() + text.size() || interval < 2) return std::nullopt;
  return LoopCheckpoints{Rule::Interval, interval};
}

core::Program checkpointLoops(const core::Program& program, const LoopCheckpoints& policy) {
  if (policy.rule == LoopCheckpoints::Rule::EveryStep) return program;
  core::Program result = program;
  Sites sites(policy);
  for (auto& entry : result.entries)
    entry.function.body = sites.mutate(entry.function.body);
  return result;
}

} // namespace arr::ad
