// The interpreter's array-shaped nodes: index, gather, scatter, build1, the
// reductions, tr, reshape, replicate and array literals. Reads out of range
// give zeros and scatter targets out of range are dropped (LANGUAGE.md §7).

#include "ir/InterpreterEvaluator.h"
#include "ir/InterpreterOps.h"

namespace arr::interp::detail {

namespace {

using K = Node::Kind;

} // namespace

void Evaluator::bindPosition(const std::vector<uint32_t>& slots,
                             const std::vector<int64_t>& position) {
  for (size_t k = 0; k < position.size(); ++k)
    assign(slots[k], Value::scalar(position[k]));
}

int64_t Evaluator::evalOffset(const std::vector<core::NodeP>& indices, size_t first,
                              const std::vector<int64_t>& extents) {
  int64_t offset = 0;
  bool inRange = true;
  for (size_t k = first; k < indices.size(); ++k) {
    int64_t index = eval(*indices[k]).index();
    int64_t extent = extents[k - first];
    if (index < 0 || index >= extent) // negative indices do not wrap around
      inRange = false;
    else
      offset = offset * extent + index;
  }
  return inRange ? offset : -1;
}

// index a [i1..ik] with k below the rank returns a sub-array.
Value Evaluator::evalIndex(const Node& node, const NodeInfo& info) {
  Value array = eval(*node.operands[0]);
  if (node.operands.size() == 1) return array;
  int64_t offset = evalOffset(node.operands, 1, array.shape());
  Output out(array.dtype(), info.shape);
  if (offset >= 0) {
    size_t blockBytes = static_cast<size_t>(countFrom(info.shape, 0)) * elementSize(array.dtype());
    copyBytes(out.bytes(), array.bytes() + offset * blockBytes, blockBytes);
  }
  return out.finish();
}

// gather sh a (\is -> ix) = build sh (\is -> index a ix).
Value Evaluator::evalGather(const Node& node, const NodeInfo& info) {
  Value array = eval(*node.operands[0]);
  size_t blockBytes = static_cast<size_t>(countFrom(array.shape(), node.indices.size())) *
                      elementSize(array.dtype());
  Output out(array.dtype(), info.shape);
  // Nothing to gather: do not walk a huge index space of empty blocks ([2^62, 0]).
  if (blockBytes == 0) return out.finish();
  unsigned char* target = out.bytes();
  Scope scope(*this);
  for (uint32_t slot : info.slots)
    scope.bind(slot, Value::scalar<int64_t>(0));
  forEachIndex(info.dims, [&](const std::vector<int64_t>& position) {
    bindPosition(info.slots, position);
    int64_t offset = evalOffset(node.indices, 0, array.shape());
    if (offset >= 0) copyBytes(target, array.bytes() + offset * blockBytes, blockBytes);
    target += blockBytes;
  });
  return out.finish();
}

// Each sub-array source[is] is added at ix(is) of a zero array, in row-major
// order of is (which fixes the rounding of float sums).
Value Evaluator::evalScatter(const Node& node, const NodeInfo& info) {
  Value source = eval(*node.operands[0]);
  size_t varCount = node.vars.size();
  std::vector<int64_t> outer(source.shape().begin(), source.shape().begin() + varCount);
  int64_t blockCount = countFrom(source.shape(), varCount);
  size_t blockBytes = static_cast<size_t>(blockCount) * elementSize(source.dtype());
  Output out(source.dtype(), info.shape);
  const unsigned char* block = source.bytes();
  Scope scope(*this);
  for (uint32_t slot : info.slots)
    scope.bind(slot, Value::scalar<int64_t>(0));
  forEachIndex(outer, [&](const std::vector<int64_t>& position) {
    bindPosition(info.slots, position);
    int64_t offset = evalOffset(node.indices, 0, info.dims);
    if (offset >= 0)
      ops::addInto(source.dtype(), out.bytes() + offset * blockBytes, block, blockCount);
    block += blockBytes;
  });
  return out.finish();
}

Value Evaluator::evalBuild1(const Node& node, const NodeInfo& info) {
  Dtype dtype = ops::dtypeOf(node.type.elem);
  Output out(dtype, info.shape);
  size_t blockBytes = static_cast<size_t>(countFrom(info.shape, 1)) * elementSize(dtype);
  // Empty rows: the result is empty whatever the body computes, and a huge number of
  // them ([2^62, 0]) must not cost time (native code skips such loops too).
  if (blockBytes == 0) return out.finish();
  Scope scope(*this);
  scope.bind(info.slots[0], Value::scalar<int64_t>(0));
  for (int64_t i = 0; i < info.dims[0]; ++i) {
    assign(info.slots[0], Value::scalar(i));
    Value element = eval(*node.operands[0]);
    if (element.byteCount() != blockBytes)
      internalError(node, "the body's value has the wrong size");
    copyBytes(out.bytes() + i * blockBytes, element.bytes(), blockBytes);
  }
  return out.finish();
}

// Reductions walk the input row by row (rows of the outer dimension), so each
// step is a contiguous elementwise operation.
Value Evaluator::evalReduction(const Node& node, const NodeInfo& info) {
  Value array = eval(*node.operands[0]);
  Dtype dtype = array.dtype();
  if (dtype == Dtype::Bool) internalError(node, "a reduction of bools");
  int64_t rows = array.shape()[0];
  int64_t rowCount = countFrom(info.shape, 0);
  size_t rowBytes = static_cast<size_t>(rowCount) * elementSize(dtype);
  Output out(ops::dtypeOf(node.type.elem), info.shape);
  switch (node.kind) {
  case K::SumOuter:
    // Starts from the first row (not from zero) so that the sum of one row is
    // that row exactly, -0.0 included.
    if (rows > 0) copyBytes(out.bytes(), array.bytes(), rowBytes);
    for (int64_t row = 1; row < rows; ++row)
      ops::addInto(dtype, out.bytes(), array.bytes() + row * rowBytes, rowCount);
    break;
  case K::ProdOuter:
    // From the first row, as the sum: the product of one row is that row.
    if (rows == 0)
      ops::fillOne(dtype, out.bytes(), rowCount);
    else
      copyBytes(out.bytes(), array.bytes(), rowBytes);
    for (int64_t row = 1; row < rows; ++row)
      ops::binary(core::BinaryOp::Mul, dtype, out.bytes(), array.bytes() + row * rowBytes,
                  out.bytes(), rowCount);
    break;
  case K::MaxOuter:
    ops::fillLowest(dtype, out.bytes(), rowCount);
    for (int64_t row = 0; row < rows; ++row)
      ops::maximumInto(dtype, out.bytes(), array.bytes() + row * rowBytes, rowCount);
    break;
  default:
    ops::argmaxOuter(dtype, array.bytes(), rows, rowCount, reinterpret_cast<int64_t*>(out.bytes()));
  }
  return out.finish();
}

// Result dimension q is input dimension permutation[q]; the dimensions after
// the permuted ones form contiguous blocks that move as a whole.
Value Evaluator::evalTr(const Node& node, const NodeInfo& info) {
  Value array = eval(*node.operands[0]);
  const std::vector<int64_t>& inShape = array.shape();
  const std::vector<int>& permutation = node.permutation;
  size_t permuted = permutation.size();
  size_t blockBytes =
      static_cast<size_t>(countFrom(inShape, permuted)) * elementSize(array.dtype());
  // The input's strides, counted in blocks, along the permuted dimensions.
  std::vector<int64_t> inStride(permuted, 1);
  for (size_t d = permuted; d-- > 1;)
    inStride[d - 1] = inStride[d] * inShape[d];
  std::vector<int64_t> outer(info.shape.begin(), info.shape.begin() + permuted);
  Output out(array.dtype(), info.shape);
  unsigned char* target = out.bytes();
  forEachIndex(outer, [&](const std::vector<int64_t>& position) {
    int64_t block = 0;
    for (size_t q = 0; q < permuted; ++q)
      block += position[q] * inStride[permutation[q]];
    copyBytes(target, array.bytes() + block * blockBytes, blockBytes);
    target += blockBytes;
  });
  return out.finish();
}

Value Evaluator::evalReshape(const Node& node, const NodeInfo& info) {
  Value operand = eval(*node.operands[0]);
  if (operand.elementCount() != countFrom(info.shape, 0))
    internalError(node, "cannot reshape " + runtime::formatShape(operand.shape()) + " to " +
                            runtime::formatShape(info.shape));
  // Row-major order is unchanged: an array nobody else refers to only gets a new shape.
  if (ArrayValue* owned = operand.unique(); owned && !info.shape.empty()) {
    owned->shape = info.shape;
    return operand;
  }
  Output out(operand.dtype(), info.shape);
  copyBytes(out.bytes(), operand.bytes(), operand.byteCount());
  return out.finish();
}

// Array literals and replicate: equal-shaped blocks stacked along a new outer dimension.
Value Evaluator::evalStack(const Node& node, const NodeInfo& info) {
  Dtype dtype = ops::dtypeOf(node.type.elem);
  Output out(dtype, info.shape);
  size_t blockBytes = static_cast<size_t>(countFrom(info.shape, 1)) * elementSize(dtype);
  auto place = [&](const Value& element, int64_t i) {
    if (element.byteCount() != blockBytes) internalError(node, "an element has the wrong size");
    copyBytes(out.bytes() + i * blockBytes, element.bytes(), blockBytes);
  };
  if (node.kind == K::Replicate) {
    Value element = eval(*node.operands[0]);
    for (int64_t i = 0; blockBytes > 0 && i < info.dims[0]; ++i)
      place(element, i);
  } else {
    for (size_t i = 0; i < node.operands.size(); ++i)
      place(eval(*node.operands[i]), static_cast<int64_t>(i));
  }
  return out.finish();
}

} // namespace arr::interp::detail
