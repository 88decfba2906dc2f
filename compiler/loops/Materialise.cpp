// Reductions, scatters and materialisation: the places where the lowering
// makes loops of its own and decides which values get a buffer.

#include "loops/Lowering.h"

#include "ir/Builder.h"
#include "ir/Visitor.h"

#include <limits>

namespace arr::loops {

using core::Node;
using K = core::Node::Kind;

namespace {

ExprP lowest(ExprBuilder& exprs, Elem elem) {
  if (elem == Elem::I64) return exprs.index(std::numeric_limits<int64_t>::min());
  return exprs.constant(-std::numeric_limits<double>::infinity(), elem);
}

/// The primitive's own cost in simple operations (the table's), 0 for other nodes.
int primitiveCost(const Node& node) {
  if (node.kind == K::Unary) return prim::info(node.unaryOp).cost;
  if (node.kind == K::Binary) return prim::info(node.binaryOp).cost;
  return 0;
}

} // namespace

// ---- Reductions -----------------------------------------------------------------

/// A matrix (or higher) of reductions: `build (\i j -> sumOuter ..)`, or a sum of a
/// higher array (the bulk form of a matrix product).
static bool isArrayOfReductions(const core::NodeP& array) {
  if (array->type.rank() < 2) return false;
  if (array->kind == K::SumOuter) return true;
  if (array->kind != K::Build1) return false;
  bool reduces = false;
  core::forEachNode(array, [&](const Node& inner) {
    reduces = reduces || inner.kind == K::SumOuter || inner.kind == K::MaxOuter ||
              inner.kind == K::ProdOuter;
  });
  return reduces;
}

LocalP Lowering::foldRows(const core::NodeP& array, const std::vector<ExprP>& indices, BinaryOp op,
                          const ExprP& initial, const std::string& name) {
  // The fold's row order fixes the loop order, in which each element's own
  // reduction may walk memory with a stride (sum(sum(matmul(a, b))) reads b by
  // columns). Stored first, the array is computed by its own loop nest, which
  // the reduction interchange can reorder.
  std::optional<ArrayBuffer> stored;
  if (isArrayOfReductions(array)) stored = materialise(array, targetScope(array, {}, true));
  LocalP result = declare(name, initial);
  loop(array->type.shape[0], "r", mayParallelise(), {{result, op}}, [&](const ExprP& row) {
    std::vector<ExprP> at = withOuterIndex(row, indices);
    ExprP element = stored ? load(*stored, at) : pull(array, at);
    accumulate(result, op, element);
  });
  return result;
}

ExprP Lowering::sumOuter(const Node& node, const std::vector<ExprP>& indices) {
  if (ExprP prefix = sumOfPrefix(node, indices)) return prefix;
  const core::NodeP& array = node.operands[0];
  const core::Dim& rows = array->type.shape[0];
  bool isFloat = arr::isFloat(node.type.elem);
  // From -0.0, the identity of IEEE addition, so that the sum of [-0.0] is -0.0
  // as in the interpreter (which starts from the first row).
  ExprP initial = isFloat ? exprs_.constant(-0.0, node.type.elem) : exprs_.zero(node.type.elem);
  BinaryOp add = node.type.elem == Elem::Bool ? BinaryOp::Or : BinaryOp::Add;
  ExprP result = exprs_.local(foldRows(array, indices, add, initial, "sum"));
  if (!isFloat) return result;
  // An empty sum is +0.0.
  ExprP empty = exprs_.binary(BinaryOp::Eq, dimension(rows), exprs_.index(0));
  if (auto count = rows.asConstant()) empty = exprs_.boolean(*count == 0);
  return exprs_.select(empty, exprs_.zero(node.type.elem), result);
}

ExprP Lowering::sumOfPrefix(const Node& node, const std::vector<ExprP>& indices) {
  // The shape: sumOuter(build1 k (\c -> cond (c < e) x 0)), e free of c, a float scalar.
  const core::NodeP& array = node.operands[0];
  if (!indices.empty() || !arr::isFloat(node.type.elem) || array->kind != K::Build1) return nullptr;
  const core::VarP& c = array->vars[0];
  const core::NodeP& body = array->operands[0];
  if (body->kind != K::Cond || body->operands[2]->kind != K::Const) return nullptr;
  if (std::get<double>(body->operands[2]->value) != 0.0) return nullptr;
  const core::NodeP& condition = body->operands[0];
  if (condition->kind != K::Binary || condition->binaryOp != BinaryOp::Lt) return nullptr;
  const core::NodeP& left = condition->operands[0];
  const core::NodeP& limit = condition->operands[1];
  if (left->kind != K::Variable || left->vars[0]->id != c->id) return nullptr;
  const std::vector<uint32_t>& limitVariables = freeVariables(limit);
  if (std::find(limitVariables.begin(), limitVariables.end(), c->id) != limitVariables.end())
    return nullptr;

  // The terms for c >= e are +0.0: adding them changes only a -0.0 sum, and
  // adding +0.0 once does the same as adding it many times.
  const core::Dim& rows = array->type.shape[0];
  ExprP count = dimension(rows);
  ExprP zero = exprs_.index(0);
  ExprP end = exprs_.min(exprs_.max(pull(limit, {}), zero), count);
  ExprP negativeZero = exprs_.constant(-0.0, node.type.elem);
  LocalP sum = declare("sum", negativeZero);
  loopTo(end, rows, "r", mayParallelise(), {{sum, BinaryOp::Add}}, [&](const ExprP& row) {
    bind(c, Binding{0, row, std::nullopt, nullptr, scopeOf(row)});
    ExprP term = pull(body->operands[1], {});
    unbind(c);
    accumulate(sum, BinaryOp::Add, term);
  });
  ExprP positiveZero = exprs_.zero(node.type.elem);
  // An empty sum is +0.0 too.
  ExprP skipped = exprs_.binary(BinaryOp::Or, exprs_.binary(BinaryOp::Lt, end, count),
                                exprs_.binary(BinaryOp::Eq, count, zero));
  return exprs_.select(skipped, exprs_.binary(BinaryOp::Add, exprs_.local(sum), positiveZero),
                       exprs_.local(sum));
}

ExprP Lowering::maxOuter(const Node& node, const std::vector<ExprP>& indices) {
  return exprs_.local(
      foldRows(node.operands[0], indices, BinaryOp::Max, lowest(exprs_, node.type.elem), "max"));
}

ExprP Lowering::prodOuter(const Node& node, const std::vector<ExprP>& indices) {
  // From 1, whose product with the first row is that row exactly.
  ExprP one = exprs_.constant(arr::isFloat(node.type.elem) ? Scalar(1.0) : Scalar(int64_t{1}),
                              node.type.elem);
  return exprs_.local(foldRows(node.operands[0], indices, BinaryOp::Mul, one, "product"));
}

ExprP Lowering::argmaxOuter(const Node& node, const std::vector<ExprP>& indices) {
  const core::NodeP& array = node.operands[0];
  Elem elem = array->type.elem;
  LocalP best = declare("best", lowest(exprs_, elem));
  LocalP position = declare("argmax", exprs_.index(0));
  loop(array->type.shape[0], "r", false, {}, [&](const ExprP& row) {
    ExprP x = pull(array, withOuterIndex(row, indices));
    ExprP bestValue = exprs_.local(best);
    ExprP better = exprs_.binary(BinaryOp::Gt, x, bestValue);
    if (arr::isFloat(elem)) {
      // The first NaN wins over everything after it; strict > keeps the first maximum.
      ExprP isNan = exprs_.binary(BinaryOp::Ne, x, x);
      ExprP bestIsNan = exprs_.binary(BinaryOp::Ne, bestValue, bestValue);
      better = exprs_.logicalAnd(exprs_.unary(UnaryOp::Not, bestIsNan),
                                 exprs_.binary(BinaryOp::Or, isNan, better));
    }
    LocalP take = declare("better", better);
    assign(position, exprs_.select(exprs_.local(take), row, exprs_.local(position)));
    assign(best, exprs_.select(exprs_.local(take), x, bestValue));
  });
  return exprs_.local(position);
}

// ---- Materialisation ---------------------------------------------------------------

bool Lowering::isExpensive(const core::NodeP& node) {
  auto found = expensive_.find(node.get());
  if (found != expensive_.end()) return found->second;
  bool expensive = node->kind == K::SumOuter || node->kind == K::MaxOuter ||
                   node->kind == K::ProdOuter || node->kind == K::ArgmaxOuter ||
                   node->kind == K::Scatter || primitiveCost(*node) >= prim::kTranscendental;
  for (const core::NodeP& operand : node->operands)
    expensive = expensive || isExpensive(operand);
  for (const core::NodeP& index : node->indices)
    expensive = expensive || isExpensive(index);
  keepAlive_.push_back(node);
  expensive_[node.get()] = expensive;
  return expensive;
}

namespace {
constexpr int kCheapOperations = 4; // recomputing up to this per use beats a store and loads
} // namespace

int Lowering::pullCost(const core::NodeP& node) {
  auto found = pullCosts_.find(node.get());
  if (found != pullCosts_.end()) return found->second;
  const int saturated = kCheapOperations + 1;
  int cost = 0;
  switch (node->kind) {
  case K::Const:
  case K::SizeValue:
  case K::Iota:
    break;
  case K::Variable: {
    // A let-bound value is pulled through its variable, unless it is stored.
    auto value = letValues_.find(node->vars[0]->id);
    if (value == letValues_.end() || value->second->type.isScalar()) break;
    cost = pullCost(value->second);
    if (cost >= saturated && uses_[value->second.get()] >= 2) cost = 0; // stored: a load
    break;
  }
  case K::Replicate:
  case K::Tr:
  case K::Reshape:
  case K::NoGrad:
  case K::Index:
  case K::Gather:
  case K::ArrayLit:
  case K::Unary:
  case K::Binary:
  case K::Cond:
    cost = std::min(saturated, primitiveCost(*node) + (node->kind == K::Cond));
    for (size_t o = 0; o < node->operands.size(); ++o) {
      // x + x pulls x once: equal expressions are one (ExprBuilder interns them).
      const core::NodeP& operand = node->operands[o];
      if (o > 0 && operand == node->operands[o - 1]) continue;
      cost = std::min(saturated, cost + pullCost(operand));
    }
    break;
  default:
    cost = saturated;
  }
  keepAlive_.push_back(node);
  pullCosts_[node.get()] = cost;
  return cost;
}

bool Lowering::isView(const core::NodeP& node) {
  switch (node->kind) {
  case K::Variable:
  case K::Const:
  case K::Iota:
  case K::SizeValue:
    return true;
  case K::Replicate:
  case K::Tr:
  case K::Reshape:
  case K::NoGrad:
  case K::Index:
  case K::Gather:
  case K::Build1:
    return isView(node->operands[0]);
  default:
    return false;
  }
}

bool Lowering::isPureView(const Node& node) {
  return node.kind == K::Replicate || node.kind == K::Tr || node.kind == K::Reshape ||
         node.kind == K::NoGrad;
}

bool Lowering::shouldMaterialise(const core::NodeP& node, const ScopeP& home,
                                 const std::vector<ExprP>& indices) {
  switch (node->kind) {
  case K::Scatter:
    return true;
  case K::Loop: // stored by the loop itself
  case K::While:
  case K::BindSize:
    return false;
  case K::ArrayLit:
    return node->operands.size() > kLiteralSelects;
  case K::Variable:
  case K::Iota:
  case K::Const:
  case K::SizeValue:
    return false;
  default:
    break;
  }
  // A view stores nothing; its operand has its uses (see analyse).
  if (isPureView(*node)) return false;
  // Used more than once, at indices that may differ (a stencil reads u[i-1],
  // u[i] and u[i+1]): recomputing would repeat its arithmetic per use, and
  // chains of such values would grow exponentially.
  // (A few operations over stored values are recomputed instead: cheaper than a
  // store and the loads, and a chain of them adds up past the bound.)
  if (uses_[node.get()] >= 2 && !isView(node) && pullCost(node) > kCheapOperations) return true;
  if (!isExpensive(node)) return false;
  // Pulled inside a loop it does not depend on, whose variable the indices do
  // not mention either: every element would be computed once per iteration.
  for (ScopeP scope = current_; scope && scope->level > home->level; scope = scope->parent) {
    if (!scope->loopVar) continue;
    bool indexed = false;
    for (const ExprP& index : indices)
      indexed = indexed || mentionsLocal(index, scope->loopVar->id);
    if (!indexed) return true;
  }
  return false;
}

ArrayBuffer Lowering::materialise(const core::NodeP& node, const ScopeP& home, bool sumRowsOuter) {
  if (auto existing = existingBuffer(node)) return *existing;
  ArrayBuffer array = within(home, [&] {
    BufferP buffer = exprs_.newBuffer("t", node->type.elem, dimensions(node->type.shape));
    emit(makeAlloc(buffer));
    current_->toFree.push_back(buffer);
    storeInto(buffer, node, sumRowsOuter);
    return ArrayBuffer{buffer, node->type.shape};
  });
  home->materialised.emplace(memoKey(node, {}, 'm'), array);
  return array;
}

void Lowering::storeInto(const BufferP& buffer, const core::NodeP& node, bool sumRowsOuter) {
  if (node->kind == K::Scatter) return scatterInto(buffer, *node);
  if (node->kind == K::ArrayLit && node->operands.size() > kLiteralSelects && !constantArray(node))
    return storeLiteralInto(buffer, *node);
  // Otherwise a sum of matrices is stored element by element, each summing its
  // rows: the reduction interchange then accumulates rows outermost where that
  // walks memory contiguously, and leaves dot products (contiguous in the rows)
  // alone.
  if (node->kind == K::SumOuter && (sumRowsOuter || node->type.rank() < 2))
    return storeSumInto(buffer, *node);
  const std::vector<core::Dim>& shape = node->type.shape;
  loopNest(shape, mayParallelise(), [&](const std::vector<ExprP>& indices) {
    store(buffer, indices, pullFresh(node, indices));
  });
}

void Lowering::storeLiteralInto(const BufferP& buffer, const Node& node) {
  const std::vector<core::Dim>& shape = node.type.shape;
  std::vector<core::Dim> inner(shape.begin() + 1, shape.end());
  // The constant elements, zeros in the places of the others (the elements' shape is
  // static when one of them is a constant).
  std::vector<core::Scalar> values;
  std::vector<bool> constant(node.operands.size(), false);
  size_t constants = 0, elementSize = 0;
  for (size_t k = 0; k < node.operands.size(); ++k) {
    size_t before = values.size();
    constant[k] = constantValues(node.operands[k], values);
    if (!constant[k]) {
      values.resize(before);
      continue;
    }
    ++constants;
    elementSize = values.size() - before;
  }
  if (constants > 0) {
    std::vector<core::Scalar> data;
    core::Scalar zero = exprs_.zero(node.type.elem)->value;
    for (size_t k = 0, next = 0; k < node.operands.size(); ++k)
      for (size_t i = 0; i < elementSize; ++i)
        data.push_back(constant[k] ? values[next++] : zero);
    ArrayBuffer array = constantData(node.type, std::move(data));
    loopNest(shape, mayParallelise(), [&](const std::vector<ExprP>& indices) {
      store(buffer, indices, load(array, indices));
    });
  }
  for (size_t k = 0; k < node.operands.size(); ++k)
    if (!constant[k])
      loopNest(inner, mayParallelise(), [&](const std::vector<ExprP>& rest) {
        store(buffer, withOuterIndex(exprs_.index(int64_t(k)), rest), pull(node.operands[k], rest));
      });
}

void Lowering::storeSumInto(const BufferP& buffer, const Node& node) {
  const core::NodeP& array = node.operands[0];
  const core::Dim& rows = array->type.shape[0];
  const std::vector<core::Dim>& shape = node.type.shape;
  bool isFloat = arr::isFloat(node.type.elem);
  // Rows are added one at a time, so the inner loops walk memory contiguously;
  // each element still sums in row order, as the interpreter does.
  ExprP initial = exprs_.zero(node.type.elem);
  if (isFloat) {
    ExprP empty = exprs_.binary(BinaryOp::Eq, dimension(rows), exprs_.index(0));
    initial = exprs_.select(empty, initial, exprs_.constant(-0.0, node.type.elem));
  }
  loopNest(shape, mayParallelise(),
           [&](const std::vector<ExprP>& indices) { store(buffer, indices, initial); });
  BinaryOp add = node.type.elem == Elem::Bool ? BinaryOp::Or : BinaryOp::Add;
  auto accumulate = [&](const ExprP& row, const std::vector<ExprP>& indices) {
    update(buffer, indices, add, pull(array, withOuterIndex(row, indices)));
  };
  if (mayParallelise() && shape.size() >= 2) {
    // Parallel over the first output dimension: the threads write disjoint rows.
    std::vector<core::Dim> inner(shape.begin() + 1, shape.end());
    loop(shape[0], "i", true, {}, [&](const ExprP& first) {
      loop(rows, "r", false, {}, [&](const ExprP& row) {
        loopNest(inner, false, [&](const std::vector<ExprP>& rest) {
          std::vector<ExprP> indices{first};
          indices.insert(indices.end(), rest.begin(), rest.end());
          accumulate(row, indices);
        });
      });
    });
    return;
  }
  loop(rows, "r", false, {}, [&](const ExprP& row) {
    loopNest(shape, false, [&](const std::vector<ExprP>& indices) { accumulate(row, indices); });
  });
}

void Lowering::scatterInto(const BufferP& buffer, const Node& node) {
  const core::NodeP& source = node.operands[0];
  size_t rank = node.vars.size();
  std::vector<core::Dim> outer(source->type.shape.begin(), source->type.shape.begin() + rank);
  std::vector<core::Dim> inner(source->type.shape.begin() + rank, source->type.shape.end());
  std::vector<core::Dim> target = node.shape;
  target.insert(target.end(), inner.begin(), inner.end());
  // A summed source (a gradient's sum of outer products) is stored first, adding
  // one row at a time over contiguous memory, instead of one strided walk over the
  // rows per scattered element.
  std::optional<ArrayBuffer> stored;
  if (source->kind == K::SumOuter)
    stored = materialise(source, targetScope(source, {}, true), true);
  loopNest(target, mayParallelise(), [&](const std::vector<ExprP>& indices) {
    store(buffer, indices, exprs_.zero(node.type.elem));
  });
  // The outermost loop may run in parallel when its variable is itself one of
  // the target indices: distinct iterations then write disjoint parts of the
  // output, so no two threads ever add to the same element.
  bool partitioned = false;
  for (const core::NodeP& index : node.indices)
    partitioned = partitioned || (rank > 0 && index->kind == K::Variable &&
                                  index->vars[0]->id == node.vars[0]->id);
  BinaryOp add = node.type.elem == Elem::Bool ? BinaryOp::Or : BinaryOp::Add;

  loopNest(outer, partitioned && mayParallelise(), [&](const std::vector<ExprP>& from) {
    for (size_t d = 0; d < rank; ++d)
      bind(node.vars[d], Binding{0, from[d], std::nullopt, nullptr, scopeOf(from[d])});
    std::vector<ExprP> to;
    for (const core::NodeP& index : node.indices)
      to.push_back(pull(index, {}));
    for (size_t d = rank; d-- > 0;)
      unbind(node.vars[d]);
    ExprP inRange = rangeCondition(to, node.shape);
    // A scalar element is pulled before the range test: whatever the target index, it
    // is safe to compute, and outside the guard it is shared with the other uses of its
    // value (the scatters of an unrolled recurrence's gradient each read the whole
    // chain of states, which under their guards would be recomputed per scatter).
    ExprP scalar;
    if (inner.empty()) scalar = stored ? load(*stored, from) : pull(source, from);
    auto add_ = [&] {
      if (scalar) return update(buffer, to, add, scalar);
      loopNest(inner, false, [&](const std::vector<ExprP>& rest) {
        std::vector<ExprP> at = from, position = to;
        at.insert(at.end(), rest.begin(), rest.end());
        position.insert(position.end(), rest.begin(), rest.end());
        ExprP value = stored ? load(*stored, at) : pull(source, at);
        update(buffer, position, add, value);
      });
    };
    if (inRange->kind == Expr::Kind::Const) {
      if (std::get<bool>(inRange->value)) add_(); // else every index is out of range
    } else
      guarded(inRange, add_);
  });
}

} // namespace arr::loops
