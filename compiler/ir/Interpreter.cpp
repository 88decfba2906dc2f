// The evaluator of the core IR: analysis of the program, bindings, and the
// scalar and elementwise nodes (the array-shaped ones are in
// InterpreterArrays.cpp). What makes it usable on arrays of 10^6 elements:
//
// - Values (class Value) hold scalars inline and share arrays by pointer, so
//   the body of a build over 10^6 indices runs without heap allocation, and
//   variables live in slots (a vector indexed by a dense per-variable number)
//   rather than in a map. Arguments are borrowed, not copied; an elementwise
//   result or a reshape reuses its operand's buffer when nothing else refers
//   to it; results are moved out.
// - Some nodes remember their last value (the cache): nodes with several
//   parents in the DAG (sharing, e.g. from beta-reduction, would otherwise cost
//   exponential time) and nodes inside a loop body (build1, or the index
//   function of gather/scatter) that mention no variable bound in a loop, such
//   as `mean(a)` in `build([n], \i -> a[i] - mean(a))`, which would otherwise
//   cost O(n^2). A cached value is reused only while every free variable of the
//   node still holds the binding it was computed with: each binding gets a
//   fresh stamp, and the cache records the stamps of the node's free variables.
//   Evaluation is pure, so this never changes a result.
//
// Every node's value is checked against the node's type, so inconsistent IR
// from a pass is reported instead of silently giving a plausible answer.

#include "ir/Interpreter.h"

#include "ir/Builder.h"
#include "ir/InterpreterEvaluator.h"
#include "ir/InterpreterOps.h"
#include "ir/Rewrite.h"

#include <algorithm>

namespace arr::interp {

namespace detail {

namespace {

using K = Node::Kind;
using ops::dtypeOf;

const char* kindName(K kind) {
  switch (kind) {
  case K::Const:
    return "const";
  case K::Variable:
    return "variable";
  case K::Let:
    return "let";
  case K::LetTuple:
    return "let tuple";
  case K::Tuple:
    return "tuple";
  case K::Cond:
    return "cond";
  case K::Unary:
    return "unary";
  case K::Binary:
    return "binary";
  case K::Index:
    return "index";
  case K::SumOuter:
    return "sumOuter";
  case K::MaxOuter:
    return "maxOuter";
  case K::ProdOuter:
    return "prodOuter";
  case K::ArgmaxOuter:
    return "argmaxOuter";
  case K::Gather:
    return "gather";
  case K::Scatter:
    return "scatter";
  case K::ArrayLit:
    return "array literal";
  case K::Replicate:
    return "replicate";
  case K::Tr:
    return "tr";
  case K::Reshape:
    return "reshape";
  case K::Build1:
    return "build1";
  case K::Iota:
    return "iota";
  case K::NoGrad:
    return "noGrad";
  case K::SizeValue:
    return "size";
  case K::Diff:
    return "diff";
  case K::Loop:
    return "loop";
  case K::While:
    return "while";
  case K::Custom:
    return "custom";
  case K::BindSize:
    return "bindSize";
  }
  return "unknown";
}

bool isLet(const Node& node) {
  return node.kind == K::Let || node.kind == K::LetTuple;
}

} // namespace

void internalError(const Node& node, const std::string& message) {
  throw InterpError("internal error in a " + std::string(kindName(node.kind)) +
                    " node: " + message);
}

// ---- Values ---------------------------------------------------------------------

Value Value::argument(const ArrayValue& array) {
  Value value;
  value.dtype_ = array.dtype;
  // Bool elements are read as C++ bool, which must be 0 or 1; inputs may hold
  // other non-zero bytes, and are then copied.
  bool normalise =
      array.dtype == Dtype::Bool && std::any_of(array.bytes.begin(), array.bytes.end(),
                                                [](unsigned char byte) { return byte > 1; });
  if (array.rank() == 0) {
    std::memcpy(value.scalar_, array.bytes.data(), array.bytes.size());
    if (normalise) value.scalar_[0] = 1;
  } else if (normalise) {
    auto copy = std::make_shared<ArrayValue>(array);
    for (unsigned char& byte : copy->bytes)
      byte = byte != 0;
    value.array_ = std::move(copy);
  } else {
    value.array_ = std::shared_ptr<const ArrayValue>(std::shared_ptr<const ArrayValue>(), &array);
  }
  return value;
}

Value Value::owned(ArrayValue array) {
  if (array.rank() == 0) {
    Value value;
    value.dtype_ = array.dtype;
    std::memcpy(value.scalar_, array.bytes.data(), array.bytes.size());
    return value;
  }
  Value value;
  value.dtype_ = array.dtype;
  value.array_ = std::make_shared<const ArrayValue>(std::move(array));
  return value;
}

ArrayValue Value::release() {
  if (ArrayValue* owned = unique()) {
    ArrayValue result = std::move(*owned);
    array_.reset();
    return result;
  }
  if (array_) return *array_;
  ArrayValue result(dtype_, {});
  std::memcpy(result.bytes.data(), scalar_, result.bytes.size());
  return result;
}

// ---- Analysis -------------------------------------------------------------------

uint32_t Evaluator::slotOf(const core::Var& var) {
  auto [it, inserted] = varSlots_.try_emplace(var.id, static_cast<uint32_t>(slots_.size()));
  if (inserted) {
    slots_.emplace_back();
    variant_.push_back(false);
  }
  return it->second;
}

// Visits every node reachable from `root` once per context (inside or outside
// a loop body). Let chains are walked iteratively: after unsharing, a program
// is a long chain of lets, and one recursion level per let could overflow the
// stack.
void Evaluator::analyse(const Node& root, bool inLoop) {
  std::vector<const Node*> pendingLets; // first visits, whose free variables need their body's
  const Node* node = &root;
  for (;;) {
    NodeInfo& info = infos_[node];
    bool& visited = inLoop ? info.visitedInLoop : info.visitedOutsideLoop;
    if (visited) break;
    visited = true;
    bool first = !info.seen;
    info.seen = true;
    if (first) {
      for (const core::NodeP& child : node->operands)
        ++infos_[child.get()].uses;
      for (const core::NodeP& child : node->indices)
        ++infos_[child.get()].uses;
      for (const core::VarP& var : node->vars)
        info.slots.push_back(slotOf(*var));
    }
    if (!isLet(*node)) {
      analyseChildren(*node, inLoop);
      if (first) computeFreeSlots(*node, info);
      break;
    }
    if (inLoop)
      for (uint32_t slot : info.slots)
        variant_[slot] = true;
    analyse(*node->operands[0], inLoop);
    if (first) pendingLets.push_back(node);
    node = node->operands[1].get();
  }
  for (auto it = pendingLets.rbegin(); it != pendingLets.rend(); ++it)
    computeFreeSlots(**it, infos_[*it]);
}

void Evaluator::analyseChildren(const Node& node, bool inLoop) {
  switch (node.kind) {
  case K::Build1:
    variant_[infos_[&node].slots[0]] = true;
    analyse(*node.operands[0], true);
    return;
  case K::Gather:
  case K::Scatter:
    for (uint32_t slot : infos_[&node].slots)
      variant_[slot] = true;
    analyse(*node.operands[0], inLoop); // evaluated once, outside the loop over indices
    for (const core::NodeP& index : node.indices)
      analyse(*index, true);
    return;
  case K::BindSize: // its body is analysed when it runs (evalBindSize)
    analyse(*node.operands[0], inLoop);
    return;
  case K::Loop:
  case K::While:
    for (const core::NodeP& operand : node.operands)
      analyse(*operand, inLoop);
    // The step runs once per element with new parameters: its nodes vary with them.
    for (const core::VarP& param : node.function->params)
      variant_[slotOf(*param)] = true;
    analyse(*node.function->body, true);
    return;
  default:
    // A diff node's function is not evaluated (see compute), so it is not analysed.
    for (const core::NodeP& operand : node.operands)
      analyse(*operand, inLoop);
  }
}

void Evaluator::computeFreeSlots(const Node& node, NodeInfo& info) {
  std::vector<uint32_t> free;
  auto add = [&](const core::NodeP& child, const std::vector<uint32_t>& bound) {
    for (uint32_t slot : infos_[child.get()].freeSlots)
      if (std::find(bound.begin(), bound.end(), slot) == bound.end()) free.push_back(slot);
  };
  const std::vector<uint32_t> none;
  switch (node.kind) {
  case K::Variable:
    free = info.slots;
    break;
  case K::Let:
  case K::LetTuple:
    add(node.operands[0], none);
    add(node.operands[1], info.slots);
    break;
  case K::Build1:
    add(node.operands[0], info.slots);
    break;
  case K::BindSize: // the body is evaluated apart (evalBindSize), not analysed here
    add(node.operands[0], none);
    for (const core::VarP& var : core::freeVariables(node.operands[1]))
      free.push_back(slotOf(*var));
    break;
  case K::Gather:
  case K::Scatter:
    add(node.operands[0], none);
    for (const core::NodeP& index : node.indices)
      add(index, info.slots);
    break;
  default:
    for (const core::NodeP& operand : node.operands)
      add(operand, none);
  }
  std::sort(free.begin(), free.end());
  free.erase(std::unique(free.begin(), free.end()), free.end());
  info.freeSlots = std::move(free);
}

int64_t Evaluator::evaluateDim(const core::Dim& dim, bool isArrayDim) const {
  int64_t value;
  try {
    value = dim.evaluate(sizes_);
  } catch (const std::out_of_range&) {
    throw InterpError("the dimension " + dim.toString() +
                      " mentions a size variable without a value");
  } catch (const std::overflow_error&) {
    throw InterpError("the dimension " + dim.toString() + " overflows i64");
  }
  if (isArrayDim && value < 0)
    throw InterpError("the dimension " + dim.toString() + " evaluates to " + std::to_string(value) +
                      ", a negative size");
  return value;
}

void Evaluator::finishAnalysis() {
  for (auto& [node, info] : infos_) {
    info.dtype = dtypeOf(node->type.elem);
    if (node->resultCount() == 1)
      for (const core::Dim& dim : node->type.shape)
        info.shape.push_back(evaluateDim(dim, true));
    // A size value is a number, not the extent of an array; a bound size has its value
    // only while its node runs.
    bool arrayDims = node->kind != K::SizeValue;
    if (node->kind != K::BindSize)
      for (const core::Dim& dim : node->shape)
        info.dims.push_back(evaluateDim(dim, arrayDims));

    bool cheap = node->kind == K::Const || node->kind == K::Variable ||
                 node->kind == K::SizeValue || node->kind == K::BindSize;
    if (cheap || node->resultCount() != 1) continue;
    bool invariant = std::none_of(info.freeSlots.begin(), info.freeSlots.end(),
                                  [&](uint32_t slot) { return variant_[slot]; });
    info.cacheable = info.uses > 1 || (info.visitedInLoop && invariant);
  }
}

// ---- Evaluation -----------------------------------------------------------------

NodeInfo& Evaluator::infoOf(const Node& node) {
  auto found = infos_.find(&node);
  if (found == infos_.end()) internalError(node, "the node was not analysed");
  return found->second;
}

std::vector<ArrayValue> Evaluator::run(const core::Function& function,
                                       const std::vector<ArrayValue>& args) {
  if (args.size() != function.params.size())
    throw InterpError("the function takes " + std::to_string(function.params.size()) +
                      " arguments, got " + std::to_string(args.size()));
  std::vector<uint32_t> paramSlots;
  for (const core::VarP& param : function.params)
    paramSlots.push_back(slotOf(*param));
  analyse(*function.body, false);
  finishAnalysis();

  for (size_t i = 0; i < args.size(); ++i) {
    const core::Var& param = *function.params[i];
    std::vector<int64_t> expected;
    for (const core::Dim& dim : param.type.shape)
      expected.push_back(evaluateDim(dim, true));
    if (args[i].dtype != dtypeOf(param.type.elem) || args[i].shape != expected)
      throw InterpError("argument " + std::to_string(i) + " (parameter " + param.name +
                        ") must be " + runtime::formatShape(expected) +
                        std::string(runtime::dtypeName(dtypeOf(param.type.elem))) + ", got " +
                        runtime::formatShape(args[i].shape) +
                        std::string(runtime::dtypeName(args[i].dtype)));
    assign(paramSlots[i], Value::argument(args[i]));
  }

  std::vector<Value> values = results(*function.body);
  // Drop every other reference (variables, caches) so that results computed
  // here can be moved out rather than copied.
  infos_.clear();
  slots_.clear();
  std::vector<ArrayValue> out;
  for (Value& value : values)
    out.push_back(value.release());
  return out;
}

std::vector<Value> Evaluator::results(const Node& node) {
  switch (node.kind) {
  case K::Tuple: {
    std::vector<Value> values;
    for (const core::NodeP& component : node.operands)
      values.push_back(eval(*component));
    return values;
  }
  case K::Let:
  case K::LetTuple: {
    Scope scope(*this);
    return results(bindLets(node, scope));
  }
  case K::Loop:
    return evalLoop(node, infoOf(node));
  case K::While:
    return evalWhile(node);
  case K::BindSize:
    return evalBindSize(node);
  default:
    return {eval(node)};
  }
}

// The body runs in an evaluator of its own, whose sizes include the bound one: this one
// evaluated every shape before running, when the bound size had no value yet.
std::vector<Value> Evaluator::evalBindSize(const Node& node) {
  int64_t value = eval(*node.operands[0]).index();
  if (value < 0)
    internalError(node,
                  "the size " + node.shape[0].toString() + " is bound to " + std::to_string(value));
  SizeValues sizes = sizes_;
  sizes[node.shape[0].asVariable()->id] = value;
  core::Function body{core::freeVariables(node.operands[1]), node.operands[1]};
  std::vector<ArrayValue> args;
  for (const core::VarP& var : body.params) {
    Value copy = slots_.at(slotOf(*var)).value;
    args.push_back(copy.release());
  }
  std::vector<Value> values;
  for (ArrayValue& result : Evaluator(sizes).run(body, args))
    values.push_back(Value::owned(std::move(result)));
  return values;
}

// The state goes through the steps in order; each step binds the step function's
// parameters to the state, one row of every element array and the captured values,
// and its outputs are stacked into [n, ..] arrays.
std::vector<Value> Evaluator::evalLoop(const Node& node, const NodeInfo& info) {
  int64_t steps = info.dims[0];
  const core::Function& step = *node.function;
  std::vector<Value> state, elements, captured;
  for (const core::NodeP& init : core::loopInit(node))
    state.push_back(eval(*init));
  for (const core::NodeP& array : core::loopElements(node))
    elements.push_back(eval(*array));
  for (const core::NodeP& value : core::loopCaptured(node))
    captured.push_back(eval(*value));
  std::vector<uint32_t> slots;
  for (const core::VarP& param : step.params)
    slots.push_back(slotOf(*param));

  std::vector<core::Type> types = core::resultTypes(node);
  std::vector<Output> outputs;
  std::vector<size_t> outputBytes;
  for (size_t k = node.stateCount; k < types.size(); ++k) {
    std::vector<int64_t> shape;
    for (const core::Dim& dim : types[k].shape)
      shape.push_back(evaluateDim(dim, true));
    Dtype dtype = dtypeOf(types[k].elem);
    outputBytes.push_back(static_cast<size_t>(countFrom(shape, 1)) * elementSize(dtype));
    outputs.emplace_back(dtype, shape);
  }

  Scope scope(*this);
  for (uint32_t slot : slots)
    scope.bind(slot, Value());
  for (size_t k = 0; k < captured.size(); ++k)
    assign(slots[state.size() + elements.size() + k], captured[k]);
  for (int64_t i = 0; i < steps; ++i) {
    for (size_t k = 0; k < state.size(); ++k)
      assign(slots[k], std::move(state[k]));
    for (size_t k = 0; k < elements.size(); ++k)
      assign(slots[state.size() + k], row(elements[k], i));
    std::vector<Value> values = results(*step.body);
    if (values.size() != state.size() + outputs.size())
      internalError(node, "the step returned " + std::to_string(values.size()) + " values");
    for (size_t k = 0; k < state.size(); ++k)
      state[k] = std::move(values[k]);
    for (size_t k = 0; k < outputs.size(); ++k) {
      const Value& output = values[state.size() + k];
      if (output.byteCount() != outputBytes[k]) internalError(node, "an output has the wrong size");
      copyBytes(outputs[k].bytes() + i * outputBytes[k], output.bytes(), outputBytes[k]);
    }
  }
  std::vector<Value> result = std::move(state);
  for (Output& output : outputs)
    result.push_back(output.finish());
  return result;
}

// The function gives the condition of the state it is bound to and the next state: the
// loop stops at the first state whose condition is false, or after `bound` steps.
std::vector<Value> Evaluator::evalWhile(const Node& node) {
  int64_t bound = eval(*node.operands[0]).index();
  const core::Function& function = *node.function;
  std::vector<Value> state, captured;
  for (const core::NodeP& init : core::whileInit(node))
    state.push_back(eval(*init));
  for (const core::NodeP& value : core::whileCaptured(node))
    captured.push_back(eval(*value));
  std::vector<uint32_t> slots;
  for (const core::VarP& param : function.params)
    slots.push_back(slotOf(*param));
  Scope scope(*this);
  for (uint32_t slot : slots)
    scope.bind(slot, Value());
  for (size_t k = 0; k < captured.size(); ++k)
    assign(slots[state.size() + k], captured[k]);
  for (int64_t i = 0; i < bound; ++i) {
    for (size_t k = 0; k < state.size(); ++k)
      assign(slots[k], state[k]);
    std::vector<Value> values = results(*function.body);
    if (values.size() != state.size() + 1)
      internalError(node, "the step returned " + std::to_string(values.size()) + " values");
    if (!values[0].truth()) break;
    for (size_t k = 0; k < state.size(); ++k)
      state[k] = std::move(values[k + 1]);
  }
  return state;
}

Value Evaluator::row(const Value& array, int64_t i) {
  std::vector<int64_t> shape(array.shape().begin() + 1, array.shape().end());
  Output out(array.dtype(), shape);
  size_t bytes = static_cast<size_t>(countFrom(shape, 0)) * elementSize(array.dtype());
  copyBytes(out.bytes(), array.bytes() + i * bytes, bytes);
  return out.finish();
}

/// Binds the lets of the chain starting at `node` and returns the chain's body.
const Node& Evaluator::bindLets(const Node& node, Scope& scope) {
  const Node* current = &node;
  while (isLet(*current)) {
    const NodeInfo& info = infoOf(*current);
    if (current->kind == K::Let) {
      scope.bind(info.slots[0], eval(*current->operands[0]));
    } else {
      std::vector<Value> values = results(*current->operands[0]);
      if (values.size() != info.slots.size())
        internalError(*current, "the value has " + std::to_string(values.size()) + " results for " +
                                    std::to_string(info.slots.size()) + " variables");
      for (size_t k = 0; k < values.size(); ++k)
        scope.bind(info.slots[k], std::move(values[k]));
    }
    current = current->operands[1].get();
  }
  return *current;
}

Value Evaluator::eval(const Node& node) {
  NodeInfo& info = infoOf(node);
  if (info.hasCached) {
    bool valid = true;
    for (size_t k = 0; k < info.freeSlots.size() && valid; ++k)
      valid = slots_[info.freeSlots[k]].stamp == info.cachedStamps[k];
    if (valid) return info.cached;
  }
  Value result = compute(node, info);
  // Every value must have its node's type: a pass that builds inconsistent IR
  // is caught here rather than producing a plausible wrong answer.
  const std::vector<int64_t>& shape = result.shape();
  bool sameShape = shape.size() == info.shape.size() &&
                   (shape.empty() || std::equal(shape.begin(), shape.end(), info.shape.begin()));
  if (result.dtype() != info.dtype || !sameShape)
    internalError(node, "the value is " + runtime::formatShape(result.shape()) +
                            std::string(runtime::dtypeName(result.dtype())) +
                            " but the node's type is " + core::toString(node.type) + " = " +
                            runtime::formatShape(info.shape) +
                            std::string(runtime::dtypeName(dtypeOf(node.type.elem))));
  if (info.cacheable) {
    info.cached = result;
    info.cachedStamps.resize(info.freeSlots.size());
    for (size_t k = 0; k < info.freeSlots.size(); ++k)
      info.cachedStamps[k] = slots_[info.freeSlots[k]].stamp;
    info.hasCached = true;
  }
  return result;
}

Value Evaluator::compute(const Node& node, NodeInfo& info) {
  Dtype dtype = info.dtype;
  switch (node.kind) {
  case K::Const:
    switch (node.type.elem) {
    case core::Elem::F64:
      return Value::scalar(std::get<double>(node.value));
    case core::Elem::F32:
      return Value::scalar(static_cast<float>(std::get<double>(node.value)));
    case core::Elem::I64:
      return Value::scalar(std::get<int64_t>(node.value));
    case core::Elem::Bool:
      return Value::scalar(std::get<bool>(node.value));
    }
    internalError(node, "unknown element type");
  case K::Variable: {
    const Slot& slot = slots_[info.slots[0]];
    if (slot.stamp == 0)
      throw InterpError("the variable " + node.vars[0]->name + "_" +
                        std::to_string(node.vars[0]->id) + " is used but not bound");
    return slot.value;
  }
  case K::Let:
  case K::LetTuple: {
    Scope scope(*this);
    return eval(bindLets(node, scope));
  }
  case K::Tuple:
    internalError(node, "a tuple where one value is expected");
  case K::Cond: {
    // Strict: both branches are evaluated, then one is selected.
    Value condition = eval(*node.operands[0]);
    Value thenValue = eval(*node.operands[1]);
    Value elseValue = eval(*node.operands[2]);
    return condition.truth() ? thenValue : elseValue;
  }
  case K::Unary: {
    Value operand = eval(*node.operands[0]);
    Output out = Output::overwriting(operand, dtype);
    ops::unary(node.unaryOp, operand.dtype(), operand.bytes(), dtype, out.bytes(),
               operand.elementCount());
    return out.finish();
  }
  case K::Binary: {
    Value left = eval(*node.operands[0]);
    Value right = eval(*node.operands[1]);
    if (left.shape() != right.shape() || left.dtype() != right.dtype())
      internalError(node, "operands of shapes " + runtime::formatShape(left.shape()) + " and " +
                              runtime::formatShape(right.shape()));
    Output out = Output::overwriting(left, dtype);
    ops::binary(node.binaryOp, left.dtype(), left.bytes(), right.bytes(), out.bytes(),
                left.elementCount());
    return out.finish();
  }
  case K::Index:
    return evalIndex(node, info);
  case K::SumOuter:
  case K::ProdOuter:
  case K::MaxOuter:
  case K::ArgmaxOuter:
    return evalReduction(node, info);
  case K::Gather:
    return evalGather(node, info);
  case K::Scatter:
    return evalScatter(node, info);
  case K::ArrayLit:
  case K::Replicate:
    return evalStack(node, info);
  case K::Tr:
    return evalTr(node, info);
  case K::Reshape:
    return evalReshape(node, info);
  case K::Build1:
    return evalBuild1(node, info);
  case K::Iota: {
    Output out(Dtype::I64, info.shape);
    auto* elements = reinterpret_cast<int64_t*>(out.bytes());
    for (int64_t i = 0; i < info.dims[0]; ++i)
      elements[i] = i;
    return out.finish();
  }
  case K::SizeValue:
    return Value::scalar(info.dims[0]);
  case K::NoGrad:
    return eval(*node.operands[0]);
  case K::Loop:
    return evalLoop(node, info).at(0);
  case K::While:
    return evalWhile(node).at(0);
  case K::BindSize:
    return evalBindSize(node).at(0);
  case K::Diff:
    throw InterpError(
        std::string(core::toString(node.diffKind)) + " is not supported by the interpreter yet: " +
        (node.diffKind == core::DiffKind::Jvp ? "forward" : "reverse") + "-mode AD has not landed");
  }
  internalError(node, "unknown node kind");
}

} // namespace detail

using runtime::ArrayValue;

std::vector<ArrayValue> evaluate(const core::Function& function,
                                 const std::vector<ArrayValue>& args, const SizeValues& sizes) {
  try {
    detail::Evaluator evaluator(sizes);
    return evaluator.run(function, args);
  } catch (const runtime::IoError& error) {
    // ArrayValue refuses shapes whose size overflows.
    throw InterpError(error.what());
  }
}

std::vector<ArrayValue> run(const core::Entry& entry, const std::vector<ArrayValue>& args) {
  SizeValues sizes = bindSizes(entry, args);
  for (const core::SizeBinding& binding : entry.sizeBindings) {
    std::string dim = binding.dim.toString() + " (" + binding.what + ")";
    int64_t value = 0;
    try {
      value = binding.dim.evaluate(sizes);
    } catch (const std::overflow_error&) {
      throw InterpError("the dimension " + dim + " overflows i64");
    }
    if (value < 0)
      throw InterpError("the dimension " + dim + " evaluates to " + std::to_string(value) +
                        ", a negative size");
  }
  return evaluate(entry.function, args, sizes);
}

} // namespace arr::interp
