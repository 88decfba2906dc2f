#include "passes/ad/LoopDerivatives.h"

#include "ir/Rewrite.h"

#include <cstdint>
#include <functional>

namespace arr::ad {

namespace {

using core::Type;

bool isFloatType(const Type& type) {
  return core::isFloat(type.elem);
}

/// The parts of a loop: its operands' layout and the step's results.
struct LoopShape {
  explicit LoopShape(const core::Node& loop)
      : loop(loop), step(*loop.function), states(loop.stateCount), elements(loop.elementCount),
        captured(loop.operands.size() - states - elements), results(core::resultTypes(loop)) {}

  const core::Node& loop;
  const core::Function& step;
  size_t states, elements, captured;
  std::vector<Type> results; // the final state, then the stacked outputs
  size_t outputs() const { return results.size() - states; }
  const Dim& count() const { return loop.shape[0]; }
  /// The type of the step's result r (an output's row, not the stacked array).
  Type stepResult(size_t r) const {
    Type type = results[r];
    if (r >= states) type.shape.erase(type.shape.begin());
    return type;
  }
};

/// `array`'s rows in reverse order: gather [n] array (\t -> [n - 1 - t]).
NodeP reversed(const NodeP& array, const Dim& count) {
  VarP t = core::newVar("t", core::scalarType(core::Elem::I64));
  NodeP last = core::makeSizeValue(count - Dim::constant(1));
  NodeP index = core::makeBinary(core::BinaryOp::Sub, last, core::makeVariable(t));
  return core::makeGather({count}, array, {t}, {index});
}

/// A new parameter of a step being built, and the variable that reads it.
NodeP addParam(core::Function& step, const std::string& name, const Type& type) {
  step.params.push_back(core::newVar(name, type));
  return core::makeVariable(step.params.back());
}

/// Binds a Diff node's results to fresh variables around `results(variables)`.
NodeP bindResults(const NodeP& diff, const std::function<NodeP(const std::vector<NodeP>&)>& body) {
  std::vector<core::Binding> bindings;
  std::vector<NodeP> values = core::bindResults(diff, bindings, "d");
  return core::wrapInBindings(bindings, body(values));
}

/// The reverse of a while loop as the vjp of a loop over the `steps` it took (the last of
/// the delta's primals): inside a size bound to that count, a Diff of the function that
/// runs the while's steps as a fold (the condition held at each, so the steps and states
/// are the loop's own). A later round differentiates it as any fold: one state kept per
/// step taken, or segments by the --loop-checkpoints rule, never per step the bound allows.
std::vector<NodeP> whileAsFoldCotangents(const Delta& delta, const std::vector<NodeP>& cotangents,
                                         const std::vector<bool>& differentiable,
                                         std::vector<core::Binding>& bindings) {
  const core::Node& loop = *delta.loop;
  const auto& params = loop.function->params;
  size_t states = loop.stateCount;
  SizeVarP taken = newSizeVar("taken");

  // The fold's step: the while's function without its condition.
  auto step = std::make_shared<core::Function>();
  std::vector<core::Binding> stepBody;
  for (const VarP& param : params) // the while's function reads its own parameters
    stepBody.push_back({{param}, addParam(*step, param->name, param->type)});
  NodeP next = core::mapRootTuple(loop.function->body, [](const core::Node& results) {
    return core::makeTuple(
        std::vector<NodeP>(results.operands.begin() + 1, results.operands.end()));
  });
  step->body = core::wrapInBindings(stepBody, next);

  // The function differentiated: initial state and captured values to the final state.
  auto steps = std::make_shared<core::Function>();
  std::vector<NodeP> init, captured, args;
  for (size_t j = 0; j < params.size(); ++j) {
    (j < states ? init : captured).push_back(addParam(*steps, params[j]->name, params[j]->type));
    args.push_back(delta.primals[j + 1]);
  }
  steps->body = bindResults(core::makeLoop(Dim::variable(taken), init, {}, captured, step),
                            [](const std::vector<NodeP>& final) { return core::makeTuple(final); });
  for (size_t j = 0; j < states; ++j)
    args.push_back(j < cotangents.size() && cotangents[j] ? cotangents[j]
                                                          : core::zerosOf(params[j]->type));
  NodeP vjp = core::makeDiff(core::DiffKind::Vjp, steps, args, differentiable);
  NodeP bound = core::makeBindSize(taken, delta.primals.at(loop.operands.size()),
                                   bindResults(vjp, [](const std::vector<NodeP>& gradients) {
                                     return core::makeTuple(gradients);
                                   }));
  return core::bindResults(bound, bindings, "ct");
}

/// The reverse of a while loop without keeping states: a sweep over the steps the primal
/// loop took, from the last to the first, applying the vjp of the loop's function to the
/// state before each step, recomputed from the initial state by the loop itself, bounded
/// by that step's index (every step before it had its condition hold). Memory does not
/// grow with the steps; time grows with their square.
std::vector<NodeP> recomputingCotangents(const Delta& delta, const std::vector<NodeP>& cotangents,
                                         const std::vector<bool>& differentiable,
                                         std::vector<core::Binding>& bindings) {
  const core::Node& loop = *delta.loop;
  const auto& params = loop.function->params;
  size_t states = loop.stateCount;
  NodeP steps = delta.primals.at(loop.operands.size());

  // The sweep's state: the state's cotangent, the captured values' accumulated
  // cotangents and the steps left; it captures the initial state and the captured values.
  auto sweep = std::make_shared<core::Function>();
  std::vector<NodeP> init, captured;
  std::vector<NodeP> stateCotangent(states), accumulated(params.size());
  for (size_t j = 0; j < states; ++j) {
    if (!differentiable[j]) continue;
    init.push_back(j < cotangents.size() && cotangents[j] ? cotangents[j]
                                                          : core::zerosOf(params[j]->type));
    stateCotangent[j] = addParam(*sweep, "ct", params[j]->type);
  }
  for (size_t j = states; j < params.size(); ++j) {
    if (!differentiable[j]) continue;
    init.push_back(core::zerosOf(params[j]->type));
    accumulated[j] = addParam(*sweep, "acc", params[j]->type);
  }
  init.push_back(steps);
  NodeP left = addParam(*sweep, "left", core::scalarType(core::Elem::I64));
  std::vector<NodeP> initial, values;
  for (size_t j = 0; j < params.size(); ++j) {
    captured.push_back(delta.primals[j + 1]);
    (j < states ? initial : values).push_back(addParam(*sweep, params[j]->name, params[j]->type));
  }

  std::vector<core::Binding> body;
  VarP index = core::newVar("step", core::scalarType(core::Elem::I64));
  body.push_back(
      {{index},
       core::makeBinary(core::BinaryOp::Sub, left, core::makeConst(int64_t(1), core::Elem::I64))});
  NodeP recomputed = core::makeWhile(core::makeVariable(index), initial, values, loop.function);
  std::vector<VarP> before;
  for (const Type& type : core::resultTypes(*recomputed))
    before.push_back(core::newVar("before", type));
  body.push_back({before, recomputed});
  std::vector<NodeP> args;
  for (const VarP& var : before)
    args.push_back(core::makeVariable(var));
  args.insert(args.end(), values.begin(), values.end());
  std::vector<Type> results = core::resultTypes(*loop.function->body); // (holds, next..)
  args.push_back(core::zerosOf(results[0]));
  for (size_t j = 0; j < states; ++j)
    args.push_back(stateCotangent[j] ? stateCotangent[j] : core::zerosOf(results[j + 1]));
  NodeP vjp = core::makeDiff(core::DiffKind::Vjp, loop.function, args, differentiable);
  sweep->body = core::wrapInBindings(
      body, bindResults(vjp, [&](const std::vector<NodeP>& gradients) {
        std::vector<NodeP> next{core::makeConst(true, core::Elem::Bool)};
        size_t g = 0;
        for (size_t j = 0; j < params.size(); ++j) {
          if (!differentiable[j]) continue;
          const NodeP& gradient = gradients[g++];
          next.push_back(j < states
                             ? gradient
                             : core::makeBinary(core::BinaryOp::Add, accumulated[j], gradient));
        }
        next.push_back(core::makeVariable(index));
        return core::makeTuple(next);
      }));
  return core::bindResults(core::makeWhile(steps, init, captured, sweep), bindings, "ct");
}

/// loopCotangents of a while loop: whileAsFoldCotangents where a size may be bound at run
/// time (`keepStates`), else recomputingCotangents.
std::vector<NodeP> whileCotangents(const Delta& delta, const std::vector<NodeP>& cotangents,
                                   std::vector<core::Binding>& bindings, bool keepStates) {
  const auto& params = delta.loop->function->params;
  size_t states = delta.loop->stateCount;
  std::vector<NodeP> operandCotangents(delta.parts.size());
  auto partOf = [&](size_t param) { return delta.parts[param + 1]; };
  std::vector<bool> differentiable(params.size(), false);
  for (size_t j = 0; j < params.size(); ++j)
    differentiable[j] = isFloatType(params[j]->type) && (j < states || partOf(j));
  bool anyResult = false;
  for (const NodeP& cotangent : cotangents)
    anyResult |= cotangent != nullptr;
  bool any = false;
  for (size_t j = 0; j < params.size(); ++j)
    any |= differentiable[j] && partOf(j);
  if (!anyResult || !any) return operandCotangents;
  std::vector<NodeP> swept =
      keepStates ? whileAsFoldCotangents(delta, cotangents, differentiable, bindings)
                 : recomputingCotangents(delta, cotangents, differentiable, bindings);
  size_t at = 0;
  for (size_t j = 0; j < params.size(); ++j) {
    if (!differentiable[j]) continue;
    if (partOf(j)) operandCotangents[j + 1] = swept[at];
    ++at;
  }
  return operandCotangents;
}

} // namespace

std::vector<bool> reverseDifferentiable(const core::Node& loop, const std::vector<DeltaP>& parts) {
  const auto& params = loop.function->params;
  std::vector<bool> differentiable(params.size(), false);
  for (size_t j = 0; j < params.size(); ++j)
    differentiable[j] = isFloatType(params[j]->type) && (j < loop.stateCount || parts[j]);
  return differentiable;
}

std::vector<NodeP> loopCotangents(const Delta& delta, const std::vector<NodeP>& cotangents,
                                  std::vector<core::Binding>& bindings, bool runtimeSizes) {
  if (delta.loop->kind == core::Node::Kind::While)
    return whileCotangents(delta, cotangents, bindings, runtimeSizes);
  LoopShape shape(*delta.loop);
  const auto& params = shape.step.params;
  std::vector<NodeP> operandCotangents(delta.parts.size());
  std::vector<bool> differentiable = reverseDifferentiable(*delta.loop, delta.parts);
  bool any = false;
  for (size_t j = shape.states; j < params.size(); ++j)
    any |= differentiable[j];
  bool anyResult = false;
  for (const NodeP& cotangent : cotangents)
    anyResult |= cotangent != nullptr;
  if (!anyResult) return operandCotangents;
  for (size_t j = 0; j < shape.states; ++j)
    any |= differentiable[j] && delta.parts[j];
  if (!any) return operandCotangents;

  // The reverse loop: its state is the state's cotangent and the captured values'
  // accumulated cotangents; its elements are, in reverse order, the primal elements, the
  // states before each step and the outputs' cotangents.
  auto step = std::make_shared<core::Function>();
  std::vector<NodeP> init, elements, captured;
  std::vector<NodeP> stateCotangent(shape.states), accumulated(shape.captured);
  for (size_t j = 0; j < shape.states; ++j) {
    if (!differentiable[j]) continue;
    init.push_back(cotangents[j] ? cotangents[j] : core::zerosOf(params[j]->type));
    stateCotangent[j] = addParam(*step, "ct", params[j]->type);
  }
  for (size_t j = 0; j < shape.captured; ++j) {
    size_t k = shape.states + shape.elements + j;
    if (!differentiable[k]) continue;
    init.push_back(core::zerosOf(params[k]->type));
    accumulated[j] = addParam(*step, "acc", params[k]->type);
  }
  std::vector<NodeP> primalArgs(params.size());
  for (size_t j = 0; j < shape.elements; ++j) {
    elements.push_back(reversed(delta.primals[shape.states + j], shape.count()));
    primalArgs[shape.states + j] = addParam(*step, "x", params[shape.states + j]->type);
  }
  size_t saved = delta.loop->operands.size();
  for (size_t j = 0; j < shape.states; ++j) {
    elements.push_back(reversed(delta.primals[saved + j], shape.count()));
    primalArgs[j] = addParam(*step, "state", params[j]->type);
  }
  std::vector<NodeP> resultCotangents(shape.results.size());
  for (size_t r = 0; r < shape.results.size(); ++r) {
    Type type = shape.stepResult(r);
    if (r < shape.states) {
      resultCotangents[r] = stateCotangent[r] ? stateCotangent[r] : core::zerosOf(type);
    } else if (cotangents[r] && isFloatType(type)) {
      elements.push_back(reversed(cotangents[r], shape.count()));
      resultCotangents[r] = addParam(*step, "cy", type);
    } else {
      resultCotangents[r] = core::zerosOf(type);
    }
  }
  // The values the primal loop kept for the step's reverse, when it did.
  std::vector<NodeP> keptRows;
  if (delta.reverse)
    for (size_t i = 0; i < delta.reverse->kept.size(); ++i) {
      const NodeP& stacked = delta.primals[saved + shape.states + i];
      elements.push_back(reversed(stacked, shape.count()));
      keptRows.push_back(addParam(*step, "kept", delta.reverse->kept[i]->type));
    }
  for (size_t j = 0; j < shape.captured; ++j) {
    size_t k = shape.states + shape.elements + j;
    captured.push_back(delta.primals[k]);
    primalArgs[k] = addParam(*step, "c", params[k]->type);
  }
  auto nextState = [&](const std::vector<NodeP>& gradients) {
    std::vector<NodeP> next, outputs;
    size_t g = 0;
    std::vector<NodeP> gradientOf(params.size());
    for (size_t j = 0; j < params.size(); ++j)
      if (differentiable[j]) gradientOf[j] = gradients[g++];
    for (size_t j = 0; j < shape.states; ++j)
      if (differentiable[j]) next.push_back(gradientOf[j]);
    for (size_t j = 0; j < shape.captured; ++j) {
      size_t k = shape.states + shape.elements + j;
      if (differentiable[k])
        next.push_back(core::makeBinary(core::BinaryOp::Add, accumulated[j], gradientOf[k]));
    }
    for (size_t j = 0; j < shape.elements; ++j)
      if (differentiable[shape.states + j]) outputs.push_back(gradientOf[shape.states + j]);
    next.insert(next.end(), outputs.begin(), outputs.end());
    return core::makeTuple(next);
  };
  if (delta.reverse) {
    // The step's reverse, built by the forward pass, over this step's parameters.
    const StepReverse& reverse = *delta.reverse;
    std::vector<core::Binding> stepBindings;
    for (size_t k = 0; k < params.size(); ++k)
      stepBindings.push_back({{params[k]}, primalArgs[k]});
    for (size_t r = 0; r < reverse.cotangents.size(); ++r)
      stepBindings.push_back({{reverse.cotangents[r]}, resultCotangents[r]});
    for (size_t i = 0; i < reverse.kept.size(); ++i)
      stepBindings.push_back({{reverse.kept[i]}, keptRows[i]});
    stepBindings.insert(stepBindings.end(), reverse.bindings.begin(), reverse.bindings.end());
    step->body = core::wrapInBindings(stepBindings, nextState(reverse.gradients));
  } else {
    std::vector<NodeP> args = primalArgs;
    args.insert(args.end(), resultCotangents.begin(), resultCotangents.end());
    step->body = bindResults(
        core::makeDiff(core::DiffKind::Vjp, delta.loop->function, args, differentiable), nextState);
  }
  NodeP reverse = core::makeLoop(shape.count(), init, elements, captured, step);
  std::vector<NodeP> results = core::bindResults(reverse, bindings, "ct");
  size_t at = 0;
  for (size_t j = 0; j < shape.states; ++j) {
    if (!differentiable[j]) continue;
    if (delta.parts[j]) operandCotangents[j] = results[at];
    ++at;
  }
  for (size_t j = 0; j < shape.captured; ++j)
    if (differentiable[shape.states + shape.elements + j])
      operandCotangents[shape.states + shape.elements + j] = results[at++];
  for (size_t j = 0; j < shape.elements; ++j)
    if (differentiable[shape.states + j])
      operandCotangents[shape.states + j] = reversed(results[at++], shape.count());
  return operandCotangents;
}

/// loopTangents of a while loop: a while loop of the same bound whose state is the
/// primal state and its tangent, and whose function applies the jvp of the loop's
/// function (the condition, which gets no tangent, and the step) to both. It takes the
/// steps the primal loop takes, so the tangent is that of the steps actually taken.
std::vector<NodeP> whileTangents(const Delta& delta, const std::vector<NodeP>& tangents,
                                 std::vector<core::Binding>& bindings) {
  const core::Node& loop = *delta.loop;
  const core::Function& function = *loop.function;
  const auto& params = function.params;
  size_t states = loop.stateCount;
  std::vector<NodeP> resultTangents(states);
  // The operands are the bound (no tangent), then the function's parameters.
  auto tangentOf = [&](size_t param) { return tangents[param + 1]; };
  bool any = false;
  for (size_t j = 0; j < params.size(); ++j)
    any |= tangentOf(j) != nullptr;
  if (!any) return resultTangents;
  std::vector<bool> differentiable(params.size(), false);
  for (size_t j = 0; j < params.size(); ++j)
    differentiable[j] = isFloatType(params[j]->type) && (j < states || tangentOf(j));
  bool floatState = false;
  for (size_t j = 0; j < states; ++j)
    floatState |= differentiable[j];
  if (!floatState) return resultTangents; // only the state carries a tangent out

  auto next = std::make_shared<core::Function>();
  std::vector<NodeP> init, captured;
  std::vector<NodeP> primalArgs(params.size()), tangentArgs(params.size());
  for (size_t j = 0; j < states; ++j) {
    init.push_back(delta.primals[j + 1]);
    primalArgs[j] = addParam(*next, params[j]->name, params[j]->type);
  }
  for (size_t j = 0; j < states; ++j) {
    if (!differentiable[j]) continue;
    init.push_back(tangentOf(j) ? tangentOf(j) : core::zerosOf(params[j]->type));
    tangentArgs[j] = addParam(*next, "t", params[j]->type);
  }
  for (size_t j = states; j < params.size(); ++j) {
    captured.push_back(delta.primals[j + 1]);
    primalArgs[j] = addParam(*next, params[j]->name, params[j]->type);
    if (!differentiable[j]) continue;
    captured.push_back(tangentOf(j));
    tangentArgs[j] = addParam(*next, "t", params[j]->type);
  }
  std::vector<NodeP> args = primalArgs;
  for (size_t j = 0; j < params.size(); ++j)
    if (differentiable[j]) args.push_back(tangentArgs[j]);
  NodeP jvp = core::makeDiff(core::DiffKind::Jvp, loop.function, args, differentiable);
  // The function's results are (holds, next state..); jvp adds the float ones' tangents.
  std::vector<Type> results = core::resultTypes(*function.body);
  std::vector<size_t> tangentAt(results.size(), SIZE_MAX);
  size_t t = results.size();
  for (size_t r = 0; r < results.size(); ++r)
    if (isFloatType(results[r])) tangentAt[r] = t++;
  next->body = bindResults(jvp, [&](const std::vector<NodeP>& values) {
    std::vector<NodeP> out(values.begin(), values.begin() + long(states) + 1);
    for (size_t j = 0; j < states; ++j)
      if (differentiable[j]) out.push_back(values[tangentAt[j + 1]]);
    return core::makeTuple(out);
  });
  NodeP forward = core::makeWhile(delta.primals[0], init, captured, next);
  std::vector<NodeP> values = core::bindResults(forward, bindings, "tangent");
  size_t at = states;
  for (size_t j = 0; j < states; ++j)
    if (differentiable[j]) resultTangents[j] = values[at++];
  return resultTangents;
}

std::vector<NodeP> loopTangents(const Delta& delta, const std::vector<NodeP>& tangents,
                                std::vector<core::Binding>& bindings) {
  if (delta.loop->kind == core::Node::Kind::While) return whileTangents(delta, tangents, bindings);
  LoopShape shape(*delta.loop);
  const auto& params = shape.step.params;
  std::vector<NodeP> resultTangents(shape.results.size());
  bool any = false;
  for (const NodeP& tangent : tangents)
    any |= tangent != nullptr;
  if (!any) return resultTangents;
  // The state's tangent is carried whatever starts it; elements and captured values
  // are differentiated where they have a tangent.
  std::vector<bool> differentiable(params.size(), false);
  for (size_t j = 0; j < params.size(); ++j)
    differentiable[j] = isFloatType(params[j]->type) && (j < shape.states || tangents[j]);

  auto step = std::make_shared<core::Function>();
  std::vector<NodeP> init, elements, captured;
  std::vector<NodeP> primalArgs(params.size()), tangentArgs(params.size());
  for (size_t j = 0; j < shape.states; ++j) {
    init.push_back(delta.primals[j]);
    primalArgs[j] = addParam(*step, params[j]->name, params[j]->type);
  }
  for (size_t j = 0; j < shape.states; ++j) {
    if (!differentiable[j]) continue;
    init.push_back(tangents[j] ? tangents[j] : core::zerosOf(params[j]->type));
    tangentArgs[j] = addParam(*step, "t", params[j]->type);
  }
  for (size_t j = shape.states; j < params.size(); ++j) {
    bool element = j < shape.states + shape.elements;
    (element ? elements : captured).push_back(delta.primals[j]);
    primalArgs[j] = addParam(*step, params[j]->name, params[j]->type);
    if (!differentiable[j]) continue;
    (element ? elements : captured).push_back(tangents[j]);
    tangentArgs[j] = addParam(*step, "t", params[j]->type);
  }
  // Parameters are added in operand order: state, state tangents, then for elements and
  // captured values each value before its tangent, matching init, elements, captured.
  std::vector<NodeP> args = primalArgs;
  for (size_t j = 0; j < params.size(); ++j)
    if (differentiable[j]) args.push_back(tangentArgs[j]);
  NodeP jvp = core::makeDiff(core::DiffKind::Jvp, delta.loop->function, args, differentiable);
  // jvp's results: the step's results, then the tangents of its float results.
  std::vector<size_t> tangentOf(shape.results.size(), SIZE_MAX);
  size_t t = shape.results.size();
  for (size_t r = 0; r < shape.results.size(); ++r)
    if (isFloatType(shape.results[r])) tangentOf[r] = t++;
  step->body = bindResults(jvp, [&](const std::vector<NodeP>& values) {
    std::vector<NodeP> next;
    for (size_t j = 0; j < shape.states; ++j)
      next.push_back(values[j]);
    for (size_t j = 0; j < shape.states; ++j)
      if (differentiable[j]) next.push_back(values[tangentOf[j]]);
    for (size_t r = shape.states; r < shape.results.size(); ++r)
      if (tangentOf[r] != SIZE_MAX) next.push_back(values[tangentOf[r]]);
    return core::makeTuple(next);
  });
  NodeP forward = core::makeLoop(shape.count(), init, elements, captured, step);
  std::vector<NodeP> results = core::bindResults(forward, bindings, "tangent");
  size_t at = shape.states;
  for (size_t j = 0; j < shape.states; ++j)
    if (differentiable[j]) resultTangents[j] = results[at++];
  for (size_t r = shape.states; r < shape.results.size(); ++r)
    if (tangentOf[r] != SIZE_MAX) resultTangents[r] = results[at++];
  return resultTangents;
}

} // namespace arr::ad
