// Sequential loops (fold, scan, mapAccum, while): a core loop node becomes one serial loop
// over its steps. The state lives in locals (scalars) or in two buffers per
// component, read from one and written to the other, swapped after each step, so no
// step allocates; the outputs are stored into [n, ..] buffers row by row. The step's
// body is lowered like any other code: its loops are fused and, when the step loop
// is not itself inside a parallel loop, parallel; work that depends only on the
// captured values is hoisted out of the steps.

#include "loops/Lowering.h"

#include "ir/Builder.h"

namespace arr::loops {

using core::Node;
using K = core::Node::Kind;

void Lowering::bindLoopValue(const core::VarP& var, const LoopValue& value) {
  bind(var, Binding{0, value.scalar, value.array, nullptr, current_});
}

Lowering::LoopState Lowering::declareLoopState(std::vector<core::NodeP> init) {
  LoopState state{std::move(init), {}, {}, {}};
  size_t count = state.init.size();
  state.scalars.resize(count);
  state.current.resize(count);
  state.next.resize(count);
  for (size_t j = 0; j < count; ++j) {
    const core::Type& type = state.init[j]->type;
    if (type.isScalar()) {
      state.scalars[j] = declare("state", pull(state.init[j], {}));
      continue;
    }
    for (BufferP* buffer : {&state.current[j], &state.next[j]}) {
      *buffer = exprs_.newBuffer(buffer == &state.current[j] ? "state" : "next", type.elem,
                                 dimensions(type.shape));
      emit(makeAlloc(*buffer));
      current_->toFree.push_back(*buffer);
    }
    storeInto(state.current[j], state.init[j]);
  }
  return state;
}

void Lowering::enterLoopState(const LoopState& state, const ScopeP& scope) {
  for (size_t j = 0; j < state.init.size(); ++j) {
    if (state.scalars[j]) localScopes_[state.scalars[j]->id] = scope;
    if (state.current[j]) bufferScopes_[state.current[j]->id] = scope;
  }
}

size_t Lowering::bindLoopState(const core::Function& function, const LoopState& state) {
  for (size_t j = 0; j < state.init.size(); ++j) {
    if (state.scalars[j])
      bind(function.params[j],
           Binding{0, exprs_.local(state.scalars[j]), std::nullopt, nullptr, current_});
    else
      bind(function.params[j],
           Binding{0, nullptr, ArrayBuffer{state.current[j], state.init[j]->type.shape}, nullptr,
                   current_});
  }
  return state.init.size();
}

std::vector<ExprP> Lowering::computeNextState(const LoopState& state,
                                              const std::vector<core::NodeP>& results,
                                              size_t first) {
  std::vector<ExprP> nextScalars(state.init.size());
  for (size_t j = 0; j < state.init.size(); ++j) {
    if (state.scalars[j])
      nextScalars[j] = exprs_.local(declare("next", pull(results[first + j], {})));
    else
      storeInto(state.next[j], results[first + j]);
  }
  return nextScalars;
}

void Lowering::moveToNextState(const LoopState& state, const std::vector<ExprP>& nextScalars) {
  for (size_t j = 0; j < state.init.size(); ++j) {
    if (state.scalars[j])
      assign(state.scalars[j], nextScalars[j]);
    else
      emit(makeSwap(state.current[j], state.next[j]));
  }
}

std::vector<Lowering::LoopValue> Lowering::leaveLoopState(const LoopState& state) {
  for (size_t j = 0; j < state.init.size(); ++j) {
    if (state.scalars[j]) localScopes_[state.scalars[j]->id] = current_;
    if (state.current[j]) bufferScopes_.erase(state.current[j]->id);
  }
  exprScopes_.clear();
  std::vector<LoopValue> results;
  for (size_t j = 0; j < state.init.size(); ++j)
    results.push_back(
        state.scalars[j]
            ? LoopValue{exprs_.local(state.scalars[j]), std::nullopt}
            : LoopValue{nullptr, ArrayBuffer{state.current[j], state.init[j]->type.shape}});
  return results;
}

const std::vector<Lowering::LoopValue>& Lowering::lowerLoop(const core::NodeP& loopNode) {
  std::string key = memoKey(loopNode, {}, 'L');
  if (auto found = loopValues_.find(key); found != loopValues_.end()) return found->second;
  keepAlive_.push_back(loopNode);
  ScopeP home = targetScope(loopNode, {}, true);
  std::vector<LoopValue> values = within(home, [&] {
    const Node& node = *loopNode;
    const core::Function& step = *node.function;
    const core::Dim& count = node.shape[0];
    std::vector<core::NodeP> elements = core::loopElements(node),
                             captured = core::loopCaptured(node);
    // The state: a local per scalar component, two buffers per array component.
    LoopState state = declareLoopState(core::loopInit(node));
    const std::vector<core::NodeP>& init = state.init;
    auto allocate = [&](const std::string& name, Elem type, const std::vector<core::Dim>& shape) {
      BufferP buffer = exprs_.newBuffer(name, type, dimensions(shape));
      emit(makeAlloc(buffer));
      current_->toFree.push_back(buffer);
      return buffer;
    };
    std::vector<core::Type> types = core::resultTypes(node);
    std::vector<BufferP> outputs;
    for (size_t k = init.size(); k < types.size(); ++k)
      outputs.push_back(allocate("out", types[k].elem, types[k].shape));

    // The steps: a serial loop whose iterations pass the state on. It does not count
    // as an enclosing loop for parallelism: the loops of a step run in parallel as they
    // would outside it.
    LocalP stepVar = exprs_.newLocal("step", Elem::I64);
    ScopeP scope = openScope(current_, true, false);
    scope->loopDepth = current_->loopDepth;
    scope->loopVar = stepVar;
    scope->runsAtMostOnce = mentionsDerivation(count, SizeDerivation::Op::FitsCheckpointBudget);
    loopExtents_.emplace(stepVar->id, count);
    localScopes_[stepVar->id] = scope;
    ExprP t = exprs_.local(stepVar);
    assumeInRange(scope, t, count);
    // The state changes from step to step: what reads it is computed in the steps.
    enterLoopState(state, scope);
    within(scope, [&] {
      size_t param = bindLoopState(step, state);
      core::VarP stepIndex = core::newVar("step", core::scalarType(Elem::I64));
      bind(stepIndex, Binding{0, t, std::nullopt, nullptr, current_});
      for (const core::NodeP& array : elements) {
        core::NodeP row = core::makeIndex(array, {core::makeVariable(stepIndex)});
        keepAlive_.push_back(row);
        bind(step.params[param++], Binding{0, nullptr, std::nullopt, row, current_});
      }
      for (const core::NodeP& value : captured)
        bind(step.params[param++],
             Binding{0, nullptr, std::nullopt, value, targetScope(value, {})});

      std::vector<core::VarP> bound;
      core::NodeP body = bindLets(step.body, bound);
      std::vector<core::NodeP> results =
          body->kind == K::Tuple ? body->operands : std::vector<core::NodeP>{body};
      // Every component of the next state is computed before the state changes.
      std::vector<ExprP> nextScalars = computeNextState(state, results, 0);
      for (size_t k = 0; k < outputs.size(); ++k) {
        const core::NodeP& output = results[init.size() + k];
        const std::vector<core::Dim>& shape = output->type.shape;
        loopNest(shape, mayParallelise(), [&](const std::vector<ExprP>& indices) {
          std::vector<ExprP> at{t};
          at.insert(at.end(), indices.begin(), indices.end());
          store(outputs[k], at, pull(output, indices));
        });
      }
      moveToNextState(state, nextScalars);
      unbindAll(bound);
      for (size_t p = step.params.size(); p-- > 0;)
        unbind(step.params[p]);
      unbind(stepIndex);
    });
    if (scope->runsAtMostOnce) {
      // An if, out of which no loop pass moves allocations (Release.cpp does out of loops).
      Block once = closeScope(scope);
      once.insert(once.begin(), makeDeclare(stepVar, exprs_.index(0)));
      emit(makeIf(exprs_.binary(BinaryOp::Gt, dimension(count), exprs_.index(0)), std::move(once)));
    } else {
      StmtP statement = makeFor(stepVar, exprs_.index(0), dimension(count), closeScope(scope));
      statement->carriesState = true;
      emit(statement);
    }
    // After the steps the state holds the final value, which does not change any more:
    // what reads it is computed here (scopes computed during the steps are forgotten).
    std::vector<LoopValue> results = leaveLoopState(state);
    for (size_t k = 0; k < outputs.size(); ++k)
      results.push_back(LoopValue{nullptr, ArrayBuffer{outputs[k], types[init.size() + k].shape}});
    return results;
  });
  return loopValues_.emplace(key, std::move(values)).first->second;
}

const std::vector<Lowering::LoopValue>& Lowering::lowerWhile(const core::NodeP& whileNode) {
  std::string key = memoKey(whileNode, {}, 'W');
  if (auto found = loopValues_.find(key); found != loopValues_.end()) return found->second;
  keepAlive_.push_back(whileNode);
  ScopeP home = targetScope(whileNode, {}, true);
  std::vector<LoopValue> values = within(home, [&] {
    const Node& node = *whileNode;
    const core::Function& function = *node.function;
    std::vector<core::NodeP> captured = core::whileCaptured(node);
    ExprP bound = pull(node.operands[0], {});
    LoopState state = declareLoopState(core::whileInit(node));
    // Whether the last condition held: the loop stops before a step once it is false.
    LocalP going = declare("going", exprs_.boolean(true));

    // As for fold, the steps do not count as an enclosing loop for parallelism.
    LocalP stepVar = exprs_.newLocal("step", Elem::I64);
    ScopeP scope = openScope(current_, true, false);
    scope->loopDepth = current_->loopDepth;
    scope->loopVar = stepVar;
    localScopes_[stepVar->id] = scope;
    localScopes_[going->id] = scope;
    enterLoopState(state, scope);
    within(scope, [&] {
      size_t param = bindLoopState(function, state);
      for (const core::NodeP& value : captured)
        bind(function.params[param++],
             Binding{0, nullptr, std::nullopt, value, targetScope(value, {})});
      std::vector<core::VarP> boundVars;
      core::NodeP body = bindLets(function.body, boundVars);
      std::vector<core::NodeP> results = body->operands; // (holds, next state..)
      LocalP holds = declare("holds", pull(results[0], {}));
      assign(going, exprs_.local(holds));
      guarded(exprs_.local(holds),
              [&] { moveToNextState(state, computeNextState(state, results, 1)); });
      unbindAll(boundVars);
      for (size_t p = function.params.size(); p-- > 0;)
        unbind(function.params[p]);
    });
    StmtP statement = makeFor(stepVar, exprs_.index(0), bound, closeScope(scope));
    statement->carriesState = true;
    statement->whileCondition = exprs_.local(going);
    // The number of steps is known only as they run (and the bound may be computed in
    // the loop nest that an estimate is evaluated before): estimates count a few.
    loopBounds_[statement.get()] = exprs_.index(kEstimatedWhileSteps);
    emit(statement);
    return leaveLoopState(state);
  });
  return loopValues_.emplace(key, std::move(values)).first->second;
}

const std::vector<Lowering::LoopValue>& Lowering::lowerBindSize(const core::NodeP& bindSize) {
  std::string key = memoKey(bindSize, {}, 'S');
  if (auto found = loopValues_.find(key); found != loopValues_.end()) return found->second;
  keepAlive_.push_back(bindSize);
  const SizeVarP& size = bindSize->shape[0].asVariable();
  LocalP local = declare(size->name, pull(bindSize->operands[0], {}));
  sizeLocals_[size->id] = local;
  localScopes_[local->id] = current_;
  boundSizeScopes_[size->id] = current_;
  boundSizeLocals_.insert(local->id);
  std::vector<core::VarP> bound;
  std::vector<core::NodeP> components;
  if (bindSize->resultCount() == 1)
    components.push_back(bindLets(bindSize->operands[1], bound));
  else
    components = tupleComponents(bindSize->operands[1], bound);
  std::vector<LoopValue> values;
  for (const core::NodeP& component : components) {
    if (component->type.isScalar())
      values.push_back({exprs_.local(declare("value", pull(component, {}))), std::nullopt});
    else
      values.push_back({nullptr, materialise(component, current_)});
  }
  unbindAll(bound);
  boundSizeScopes_.erase(size->id);
  return loopValues_.emplace(key, std::move(values)).first->second;
}

} // namespace arr::loops
