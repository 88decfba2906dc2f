// Pulling one element of a core IR value: the index arithmetic of every
// array operation (Lowering.h explains the scheme).

#include "loops/Lowering.h"

#include <functional>
#include <stdexcept>

namespace arr::loops {

using core::Node;
using K = core::Node::Kind;

namespace {

std::vector<ExprP> tail(const std::vector<ExprP>& indices, size_t from) {
  return {indices.begin() + std::min(from, indices.size()), indices.end()};
}

bool containsLoad(const ExprP& expr) {
  bool loads = false;
  forEachExpr(expr, [&](const Expr& e) { loads = loads || e.kind == Expr::Kind::Load; });
  return loads;
}

} // namespace

ExprP Lowering::pull(const core::NodeP& node, const std::vector<ExprP>& indices) {
  if (node->kind == K::Const) return exprs_.constant(node->value, node->type.elem);
  std::string key = memoKey(node, indices, 'p');
  for (ScopeP scope = current_; scope; scope = scope->parent) {
    auto found = scope->pulled.find(key);
    if (found != scope->pulled.end()) return found->second;
  }
  ExprP result = expandInvariant(node, indices);
  if (result) {
    current_->pulled.emplace(std::move(key), result);
    return result;
  }
  ScopeP target = targetScope(node, indices);
  // A scatter is always stored, a scalar one too (a scatter to [] sums everything).
  if (!node->type.isScalar() || node->kind == K::Scatter) {
    ScopeP home = targetScope(node, {}, true);
    if (shouldMaterialise(node, home, indices)) result = load(materialise(node, home), indices);
  }
  if (!result) result = within(target, [&] { return pullFresh(node, indices); });
  target->pulled.emplace(std::move(key), result);
  return result;
}

ExprP Lowering::rangeCondition(const std::vector<ExprP>& indices,
                               const std::vector<core::Dim>& shape) {
  ExprP condition = exprs_.boolean(true);
  for (size_t d = 0; d < indices.size(); ++d) {
    if (knownInRange(indices[d], shape[d])) continue;
    ExprP lower = exprs_.binary(BinaryOp::Le, exprs_.index(0), indices[d]);
    ExprP upper = exprs_.binary(BinaryOp::Lt, indices[d], dimension(shape[d]));
    condition = exprs_.logicalAnd(condition, exprs_.logicalAnd(lower, upper));
  }
  return condition;
}

ExprP Lowering::pullChecked(const core::NodeP& node, const std::vector<ExprP>& indices) {
  ExprP condition = rangeCondition(indices, node->type.shape);
  ExprP zero = exprs_.zero(node->type.elem);
  // Constant when every index is known in range, or one is known out of it (n < n).
  if (condition->kind == Expr::Kind::Const)
    return std::get<bool>(condition->value) ? pull(node, indices) : zero;

  ScopeP scope = openScope(current_, false, true);
  for (size_t d = 0; d < indices.size(); ++d)
    assumeInRange(scope, indices[d], node->type.shape[d]);
  ExprP value = within(scope, [&] { return pull(node, indices); });
  if (scope->block.empty() && scope->toFree.empty() && !containsLoad(value))
    return exprs_.select(condition, value, zero);
  // A read that is only in range under the condition: computed in a branch.
  LocalP result = declare("safe", zero);
  emit(makeIf(condition, within(scope, [&] {
                assign(result, value);
                return closeScope(scope);
              })));
  return exprs_.local(result);
}

ExprP Lowering::pullFresh(const core::NodeP& nodeP, const std::vector<ExprP>& indices) {
  const Node& node = *nodeP;
  const auto& operands = node.operands;
  switch (node.kind) {
  case K::Const:
    return exprs_.constant(node.value, node.type.elem);
  case K::Variable:
    return pullVariable(node, indices);
  case K::Loop: { // one result: the final state
    const LoopValue& value = lowerLoop(nodeP).at(0);
    return value.scalar ? value.scalar : load(*value.array, indices);
  }
  case K::While: { // one state component
    const LoopValue& value = lowerWhile(nodeP).at(0);
    return value.scalar ? value.scalar : load(*value.array, indices);
  }
  case K::BindSize: {
    const LoopValue& value = lowerBindSize(nodeP).at(0);
    return value.scalar ? value.scalar : load(*value.array, indices);
  }
  case K::Let:
  case K::LetTuple: {
    std::vector<core::VarP> bound;
    core::NodeP body = bindLets(nodeP, bound);
    ExprP result = pull(body, indices);
    unbindAll(bound);
    return result;
  }
  // Operands are pulled left to right (not in C++'s unspecified argument order), so that
  // the statements they emit, and the dumps, do not depend on the host compiler.
  case K::Cond: {
    ExprP condition = pull(operands[0], {});
    ExprP thenValue = pull(operands[1], indices);
    return exprs_.select(condition, thenValue, pull(operands[2], indices));
  }
  case K::Unary:
    return exprs_.unary(node.unaryOp, pull(operands[0], indices));
  case K::Binary: {
    ExprP left = pull(operands[0], indices);
    return exprs_.binary(node.binaryOp, left, pull(operands[1], indices));
  }
  case K::Index: {
    std::vector<ExprP> at;
    for (size_t i = 1; i < operands.size(); ++i)
      at.push_back(pull(operands[i], {}));
    at.insert(at.end(), indices.begin(), indices.end());
    return pullChecked(operands[0], at);
  }
  case K::SumOuter:
    return sumOuter(node, indices);
  case K::MaxOuter:
    return maxOuter(node, indices);
  case K::ProdOuter:
    return prodOuter(node, indices);
  case K::ArgmaxOuter:
    return argmaxOuter(node, indices);
  case K::Gather:
    return pullGather(node, indices);
  case K::ArrayLit:
    return pullArrayLiteral(nodeP, indices);
  case K::Replicate:
    return pull(operands[0], tail(indices, 1));
  case K::Tr: {
    std::vector<ExprP> at = indices;
    for (size_t q = 0; q < node.permutation.size(); ++q)
      at[node.permutation[q]] = indices[q];
    return pull(operands[0], at);
  }
  case K::Reshape:
    return pullReshape(node, indices);
  case K::Build1: {
    bind(node.vars[0], Binding{0, indices[0], std::nullopt, nullptr, scopeOf(indices[0])});
    ExprP result = pull(operands[0], tail(indices, 1));
    unbind(node.vars[0]);
    return result;
  }
  case K::Iota:
    return indices[0];
  case K::NoGrad:
    return pull(operands[0], indices);
  case K::SizeValue:
    return dimension(node.shape[0]);
  case K::Scatter:
  case K::Tuple:
  case K::Diff:
    break;
  }
  throw std::logic_error("loop lowering: cannot pull an element of a node of kind " +
                         std::to_string(int(node.kind)));
}

ExprP Lowering::pullVariable(const Node& node, const std::vector<ExprP>& indices) {
  auto found = bindings_.find(node.vars[0]->id);
  if (found == bindings_.end() || found->second.empty())
    throw std::logic_error("loop lowering: unbound variable " + node.vars[0]->name);
  const Binding& binding = found->second.back();
  if (binding.scalar) return binding.scalar;
  if (binding.array) return load(*binding.array, indices);
  ExprP value = pull(binding.value, indices);
  // A let-bound element is named, as in the source: shared expressions stay
  // shared in the dumps and in every pass over the loop IR.
  if (value->kind == Expr::Kind::Const || value->kind == Expr::Kind::Local ||
      value->kind == Expr::Kind::Load)
    return value;
  return exprs_.local(declare(node.vars[0]->name, value));
}

ExprP Lowering::pullGather(const Node& node, const std::vector<ExprP>& indices) {
  size_t rank = node.vars.size();
  for (size_t d = 0; d < rank; ++d)
    bind(node.vars[d], Binding{0, indices[d], std::nullopt, nullptr, scopeOf(indices[d])});
  std::vector<ExprP> at;
  for (const core::NodeP& index : node.indices)
    at.push_back(pull(index, {}));
  for (size_t d = rank; d-- > 0;)
    unbind(node.vars[d]);
  std::vector<ExprP> rest = tail(indices, rank);
  at.insert(at.end(), rest.begin(), rest.end());
  return pullChecked(node.operands[0], at);
}

ExprP Lowering::pullReshape(const Node& node, const std::vector<ExprP>& indices) {
  const core::NodeP& source = node.operands[0];
  if (auto array = existingBuffer(source)) {
    // A stored array is read through a view with the new shape: the same memory.
    std::vector<ExprP> shape = dimensions(node.type.shape);
    std::string key = std::to_string(array->buffer->id);
    for (const ExprP& extent : shape)
      key += "," + std::to_string(extent->id);
    BufferP& view = views_[key];
    if (!view) view = exprs_.newView(array->buffer, shape);
    return exprs_.load(view, indices);
  }
  ExprP linear = linearIndex(node.type.shape, indices);
  // Row-major on both sides: the element at the same linear position.
  const std::vector<core::Dim>& shape = source->type.shape;
  std::vector<ExprP> at(shape.size());
  ExprP rest = linear;
  for (size_t d = shape.size(); d-- > 0;) {
    ExprP extent = dimension(shape[d]);
    at[d] = d == 0 ? rest : exprs_.indexMod(rest, extent);
    rest = exprs_.indexDiv(rest, extent);
    assumeInRange(current_, at[d], shape[d]);
  }
  return pull(source, at);
}

ExprP Lowering::pullArrayLiteral(const core::NodeP& nodeP, const std::vector<ExprP>& indices) {
  const Node& node = *nodeP;
  std::vector<ExprP> rest = tail(indices, 1);
  if (auto position = asIndexConstant(indices[0])) {
    // Out of range, the read is guarded off (it reads zero): nothing to pull.
    if (*position < 0 || *position >= int64_t(node.operands.size()))
      return exprs_.zero(node.type.elem);
    return pull(node.operands[*position], rest);
  }
  if (auto table = constantArray(nodeP)) return load(*table, indices);
  ExprP value = pull(node.operands.back(), rest);
  for (size_t i = node.operands.size() - 1; i-- > 0;) {
    ExprP here = exprs_.binary(BinaryOp::Eq, indices[0], exprs_.index(int64_t(i)));
    value = exprs_.select(here, pull(node.operands[i], rest), value);
  }
  return value;
}

bool Lowering::constantValues(const core::NodeP& node, std::vector<core::Scalar>& values) {
  if (node->kind == K::Const) {
    values.push_back(exprs_.constant(node->value, node->type.elem)->value);
    return true;
  }
  if (node->kind != K::ArrayLit) return false;
  for (const core::NodeP& operand : node->operands)
    if (!constantValues(operand, values)) return false;
  return true;
}

std::optional<ArrayBuffer> Lowering::constantArray(const core::NodeP& node) {
  if (node->kind != K::ArrayLit || node->operands.size() <= kLiteralSelects) return std::nullopt;
  if (auto known = constantArrays_.find(node.get()); known != constantArrays_.end())
    return known->second;
  std::vector<core::Scalar> values;
  std::optional<ArrayBuffer> array;
  if (constantValues(node, values)) array = constantData(node->type, std::move(values));
  keepAlive_.push_back(node);
  constantArrays_.emplace(node.get(), array);
  return array;
}

ArrayBuffer Lowering::constantData(const core::Type& type, std::vector<core::Scalar> values) {
  BufferP buffer = exprs_.newBuffer("c", type.elem, dimensions(type.shape));
  function_.constants.push_back({buffer, std::move(values)});
  return ArrayBuffer{buffer, type.shape};
}

ExprP Lowering::load(const ArrayBuffer& array, const std::vector<ExprP>& indices) {
  return exprs_.load(array.buffer, indices);
}

std::optional<ArrayBuffer> Lowering::existingBuffer(const core::NodeP& node) {
  if (auto table = constantArray(node)) return table;
  if (node->kind == K::Variable) {
    auto found = bindings_.find(node->vars[0]->id);
    if (found == bindings_.end() || found->second.empty()) return std::nullopt;
    const Binding& binding = found->second.back();
    if (binding.array) return binding.array;
    if (binding.value) return existingBuffer(binding.value);
    return std::nullopt;
  }
  std::string key = memoKey(node, {}, 'm');
  for (ScopeP scope = current_; scope; scope = scope->parent) {
    auto found = scope->materialised.find(key);
    if (found != scope->materialised.end()) return found->second;
  }
  return std::nullopt;
}

} // namespace arr::loops
