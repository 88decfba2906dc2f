#include "passes/ad/Checkpoint.h"

#include "ir/Builder.h"
#include "ir/Rewrite.h"
#include "ir/Visitor.h"
#include "passes/ad/Differentiate.h"

#include <charconv>
#include <unordered_map>
#include <unordered_set>

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
  if (policy.rule == LoopCheckpoints::Rule::EveryStep ||
      policy.rule == LoopCheckpoints::Rule::Auto || mentionsDerivedSize(steps))
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

/// The bytes of one state of `loop`: its components' elements times their size.
Dim stateBytes(const core::Node& loop) {
  Dim bytes;
  for (size_t j = 0; j < loop.stateCount; ++j) {
    const Type& type = loop.operands[j]->type;
    Dim elements = Dim::constant(1);
    for (const Dim& dim : type.shape)
      elements = elements * dim;
    bytes = bytes + elements * Dim::constant(elementBytes(type.elem));
  }
  return bytes;
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

  /// The bytes that the states of the loops segmented so far take when every one is kept.
  const Dim& keptBytes() const { return keptBytes_; }

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
    keptBytes_ = keptBytes_ + steps * stateBytes(loop);
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
    std::vector<NodeP> innerResults = core::bindResults(inner, innerBindings, "s");
    outerStep->body = core::wrapInBindings(
        innerBindings, innerResults.size() == 1 ? innerResults[0] : core::makeTuple(innerResults));
    NodeP outer = core::makeLoop(count, init, segmentElements, captured, outerStep);
    std::vector<NodeP> outerResults = core::bindResults(outer, bindings, "segments");

    std::vector<NodeP> afterSegments(outerResults.begin(), outerResults.begin() + states);
    NodeP last = core::makeLoop(remaining, afterSegments, rest, captured, step);
    std::vector<NodeP> lastResults = core::bindResults(last, bindings, "rest");

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
  Dim keptBytes_;
};

/// The derivative of one function with its loops segmented, and the bytes that the
/// states of those loops take when every one is kept.
struct SegmentedFunction {
  core::FunctionP function; // the original one when no loop is segmented
  Dim keptBytes;
};

/// Replaces the function of every reverse-mode Diff node ready for differentiation by
/// its segmented version (one per function, so Diff nodes sharing one still share); under
/// the auto rule, the Diff nodes of the program (not those of loop steps) by the choice
/// between both versions.
class Sites : public core::Mutator {
public:
  Sites(const LoopCheckpoints& policy, bool firstRound)
      : policy_(policy), firstRound_(firstRound) {}

protected:
  NodeP mutateNode(const NodeP& node) override {
    bool binding = node->kind == K::Let || node->kind == K::LetTuple;
    if (binding && versioned(*node->operands[0])) {
      std::vector<core::Binding> bindings;
      std::vector<NodeP> results = choice(*node->operands[0], bindings);
      for (size_t j = 0; j < node->vars.size(); ++j)
        bindings.push_back({{node->vars[j]}, results[j]});
      return core::wrapInBindings(bindings, mutate(node->operands[1]));
    }
    if (node->kind == K::Diff && node->resultCount() == 1 && versioned(*node)) {
      std::vector<core::Binding> bindings;
      std::vector<NodeP> results = choice(*node, bindings);
      return core::wrapInBindings(bindings, results[0]);
    }
    if (node->kind == K::Loop && !choosesCheckpointVersion(*node)) {
      std::vector<NodeP> operands;
      bool changed = false;
      for (const NodeP& operand : node->operands) {
        operands.push_back(mutate(operand));
        changed |= operands.back() != operand;
      }
      ++stepDepth_;
      core::FunctionP step = mutateFunction(node->function);
      --stepDepth_;
      if (!changed && step == node->function) return node;
      return core::rebuild(*node, std::move(operands), node->indices, std::move(step));
    }
    if (node->kind == K::Diff && !ready(*node)) {
      ++diffDepth_;
      NodeP mutated = mutateChildren(node);
      --diffDepth_;
      return mutated;
    }
    if (!ready(*node) || policy_.rule == LoopCheckpoints::Rule::Auto) return mutateChildren(node);
    core::FunctionP segmented = segmentedVersion(node->function).function;
    std::vector<NodeP> args;
    for (const NodeP& arg : node->operands)
      args.push_back(mutate(arg));
    return core::makeDiff(node->diffKind, segmented, args, node->differentiable);
  }

private:
  static bool ready(const core::Node& node) {
    return node.kind == K::Diff && node.diffKind != core::DiffKind::Jvp &&
           !core::containsDiff(node.function->body);
  }

  /// Whether `node` is a Diff node that the auto rule gives two versions: a first-order
  /// gradient of the program (ready in the first round, outside the function of every
  /// other Diff node, outside every loop's step) whose loops the square-root rule would
  /// segment. The vjps of loop steps that AD makes come in later rounds, inside reverse
  /// loops; a derivative of a derivative would differentiate both versions of the inner
  /// one, and the segmented version of a second derivative costs several times the
  /// compile time of the other.
  bool versioned(const core::Node& node) {
    if (policy_.rule != LoopCheckpoints::Rule::Auto || !firstRound_ || stepDepth_ > 0 ||
        diffDepth_ > 0 || !ready(node))
      return false;
    return segmentedVersion(node.function).function != node.function;
  }

  const SegmentedFunction& segmentedVersion(const core::FunctionP& function) {
    auto [at, inserted] = functions_.try_emplace(function.get());
    if (inserted) {
      originals_.push_back(function); // keeps the key's address from being reused
      LoopCheckpoints rule = policy_;
      if (rule.rule == LoopCheckpoints::Rule::Auto) rule = {LoopCheckpoints::Rule::SquareRoot, 0};
      Segmenter segmenter(rule);
      NodeP body = segmenter.mutate(function->body);
      at->second.function =
          body == function->body
              ? function
              : std::make_shared<const core::Function>(core::Function{function->params, body});
      at->second.keptBytes = segmenter.keptBytes();
    }
    return at->second;
  }

  /// The results of `diff` from the version that fits: a loop of fits(bytes) steps whose
  /// step runs `diff` keeping every state, then one of 1 - fits(bytes) steps from its
  /// result whose step runs it with segments. Both steps capture the Diff's arguments and
  /// the variables its function reads from around it (a loop's step is closed).
  std::vector<NodeP> choice(const core::Node& diff, std::vector<core::Binding>& bindings) {
    const SegmentedFunction& segmented = segmentedVersion(diff.function);
    std::vector<Type> types = diff.types.empty() ? std::vector<Type>{diff.type} : diff.types;
    std::vector<NodeP> captured;
    for (const NodeP& arg : diff.operands)
      captured.push_back(mutate(arg));
    std::vector<VarP> outside;
    std::unordered_set<uint32_t> params;
    for (const VarP& param : diff.function->params)
      params.insert(param->id);
    for (const core::FunctionP& version : {diff.function, segmented.function})
      for (const VarP& var : core::freeVariables(version->body))
        if (!params.count(var->id) &&
            std::none_of(outside.begin(), outside.end(),
                         [&](const VarP& seen) { return seen->id == var->id; }))
          outside.push_back(var);
    for (const VarP& var : outside)
      captured.push_back(core::makeVariable(var));

    auto stepRunning = [&](const core::FunctionP& version) {
      auto step = std::make_shared<core::Function>();
      for (const Type& type : types)
        step->params.push_back(core::newVar("g", type));
      std::vector<NodeP> args;
      for (const NodeP& arg : diff.operands) {
        step->params.push_back(core::newVar("a", arg->type));
        args.push_back(core::makeVariable(step->params.back()));
      }
      std::unordered_map<uint32_t, NodeP> renamed;
      for (const VarP& var : outside) {
        step->params.push_back(core::newVar(var->name, var->type));
        renamed[var->id] = core::makeVariable(step->params.back());
      }
      core::FunctionP function =
          renamed.empty() ? version
                          : std::make_shared<const core::Function>(core::Function{
                                version->params, core::substitute(version->body, renamed)});
      NodeP derivative = core::makeDiff(diff.diffKind, function, args, diff.differentiable);
      // Reverse mode finds a Diff node let-bound.
      std::vector<core::Binding> stepBindings;
      std::vector<NodeP> results = core::bindResults(derivative, stepBindings, "g");
      step->body = core::wrapInBindings(
          stepBindings, results.size() == 1 ? results[0] : core::makeTuple(results));
      return step;
    };

    Dim fits = fitsCheckpointBudget(segmented.keptBytes);
    std::vector<NodeP> zeros;
    for (const Type& type : types)
      zeros.push_back(core::zerosOf(type));
    NodeP everyState = core::makeLoop(fits, zeros, {}, captured, stepRunning(diff.function));
    std::vector<NodeP> kept = core::bindResults(everyState, bindings, "kept");
    NodeP segments = core::makeLoop(Dim::constant(1) - fits, kept, {}, captured,
                                    stepRunning(segmented.function));
    return core::bindResults(segments, bindings, "grad");
  }

  const LoopCheckpoints& policy_;
  bool firstRound_;
  int stepDepth_ = 0; // the loop steps around the node being mutated
  int diffDepth_ = 0; // the functions of Diff nodes around it
  std::unordered_map<const core::Function*, SegmentedFunction> functions_;
  std::vector<core::FunctionP> originals_;
};

bool isChoiceCount(const Dim& count) {
  return mentionsDerivation(count, SizeDerivation::Op::FitsCheckpointBudget);
}

} // namespace

bool choosesCheckpointVersion(const core::Node& loop) {
  return loop.kind == K::Loop && isChoiceCount(loop.shape[0]);
}

bool holdsSegments(const core::Function& function) {
  bool found = false;
  core::forEachNode(function.body, [&](const core::Node& node) {
    if (node.kind == K::Loop && mentionsDerivedSize(node.shape[0]) && !isChoiceCount(node.shape[0]))
      found = true;
  });
  return found;
}

std::optional<LoopCheckpoints> LoopCheckpoints::parse(const std::string& text) {
  if (text == "auto") return LoopCheckpoints{Rule::Auto, 0};
  if (text == "all") return LoopCheckpoints{Rule::EveryStep, 0};
  if (text == "sqrt") return LoopCheckpoints{Rule::SquareRoot, 0};
  int64_t interval = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), interval);
  if (error != std::errc() || end != text.data() + text.size() || interval < 2) return std::nullopt;
  return LoopCheckpoints{Rule::Interval, interval};
}

core::Program checkpointLoops(const core::Program& program, const LoopCheckpoints& policy,
                              bool firstRound) {
  if (policy.rule == LoopCheckpoints::Rule::EveryStep) return program;
  core::Program result = program;
  Sites sites(policy, firstRound);
  for (auto& entry : result.entries)
    entry.function.body = sites.mutate(entry.function.body);
  return result;
}

} // namespace arr::ad
