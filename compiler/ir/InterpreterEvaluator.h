#pragma once
// Internal to the interpreter: its value representation and the evaluator
// class, shared by Interpreter.cpp (analysis, bindings, elementwise nodes) and
// InterpreterArrays.cpp (the array-shaped nodes). See Interpreter.cpp for the
// evaluation strategy.

#include "ir/Core.h"
#include "ir/Interpreter.h"
#include "runtime/ArrayValue.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <unordered_map>
#include <vector>

namespace arr::interp::detail {

using core::Node;
using runtime::ArrayValue;
using runtime::Dtype;

[[noreturn]] void internalError(const Node& node, const std::string& message);

/// The product of shape[from..]: the element count of a sub-array.
inline int64_t countFrom(const std::vector<int64_t>& shape, size_t from) {
  int64_t count = 1;
  for (size_t d = from; d < shape.size(); ++d)
    count *= shape[d];
  return count;
}

inline const std::vector<int64_t> kScalarShape;

inline size_t elementSize(Dtype dtype) {
  return runtime::dtypeSize(dtype);
}

/// Empty arrays have null storage, and memcpy with a null pointer is undefined even for
/// 0 bytes.
inline void copyBytes(unsigned char* target, const unsigned char* source, size_t count) {
  if (count > 0) std::memcpy(target, source, count);
}

/// A value during evaluation. Rank-0 values are held inline so that scalar
/// code allocates nothing; arrays are immutable while shared, so binding or
/// passing one copies a pointer. An array with a single owner may be reused
/// for a result (see unique()); arguments are borrowed, never owned.
class Value {
public:
  Value() = default;

  template <typename T>
  static Value scalar(T x) {
    Value value;
    value.dtype_ = runtime::dtypeOf<T>();
    std::memcpy(value.scalar_, &x, sizeof x);
    return value;
  }

  /// An argument of the evaluation. Arrays are borrowed (a shared_ptr that
  /// owns nothing): the caller's arguments outlive the evaluation, and
  /// results are copied out of borrowed arrays.
  static Value argument(const ArrayValue& array);

  Dtype dtype() const { return dtype_; }
  const std::vector<int64_t>& shape() const { return array_ ? array_->shape : kScalarShape; }
  int64_t elementCount() const { return array_ ? array_->elementCount() : 1; }
  size_t byteCount() const { return array_ ? array_->bytes.size() : runtime::dtypeSize(dtype_); }
  const unsigned char* bytes() const { return array_ ? array_->bytes.data() : scalar_; }

  /// The value of an i64 scalar (an index).
  int64_t index() const {
    int64_t value;
    std::memcpy(&value, scalar_, sizeof value);
    return value;
  }
  bool truth() const { return scalar_[0] != 0; }

  /// The array, writable, when this value is its only owner (no variable,
  /// cache or other value refers to it; borrowed arrays have no owner at all).
  /// Every owned array is created non-const (by Output), so writing through
  /// the const_cast is well defined.
  ArrayValue* unique() const {
    return array_ && array_.use_count() == 1 ? const_cast<ArrayValue*>(array_.get()) : nullptr;
  }

  /// The value as an ArrayValue: moved out when this is the only owner.
  ArrayValue release();
  /// A value that owns `array` (a scalar when its rank is 0).
  static Value owned(ArrayValue array);

private:
  friend class Output;

  Dtype dtype_ = Dtype::F64;
  alignas(8) unsigned char scalar_[8] = {};
  std::shared_ptr<const ArrayValue> array_;
};

/// The zero-filled storage of a result being computed (false for bool).
class Output {
public:
  /// Throws InterpError when the array cannot be allocated, in the words of native code
  /// (runtime's arrrt_alloc).
  Output(Dtype dtype, const std::vector<int64_t>& shape) {
    value_.dtype_ = dtype;
    if (shape.empty()) return;
    int64_t count = 1;
    bool zero = std::find(shape.begin(), shape.end(), 0) != shape.end();
    for (int64_t dim : shape)
      if (!zero && __builtin_mul_overflow(count, dim, &count))
        throw outOfMemory("an array whose element count overflows i64");
    std::string what = std::to_string(zero ? 0 : count) + " elements of " +
                       std::to_string(runtime::dtypeSize(dtype)) + " bytes";
    try {
      array_ = std::make_shared<ArrayValue>(dtype, shape);
    } catch (const runtime::IoError&) { // a byte count past int64_t
      throw outOfMemory(what);
    } catch (const std::bad_alloc&) {
      throw outOfMemory(what);
    }
  }

  /// Storage of `operand`'s shape for an elementwise result of type `dtype`:
  /// operand's own buffer when nothing else refers to it and the element type
  /// is the same, since an elementwise kernel reads element i before writing it.
  static Output overwriting(const Value& operand, Dtype dtype) {
    if (operand.dtype() == dtype && operand.unique()) {
      Output reused(dtype, {});
      reused.array_ = std::const_pointer_cast<ArrayValue>(operand.array_);
      return reused;
    }
    return Output(dtype, operand.shape());
  }

  unsigned char* bytes() { return array_ ? array_->bytes.data() : value_.scalar_; }
  Value finish() {
    value_.array_ = std::move(array_);
    return std::move(value_);
  }

private:
  static InterpError outOfMemory(const std::string& what) {
    return InterpError("out of memory: cannot allocate " + what);
  }

  Value value_;
  std::shared_ptr<ArrayValue> array_;
};

/// Calls visit(position) for every index tuple below `extents`, in row-major
/// order (once for no extents, never when one extent is 0).
template <typename Visit>
void forEachIndex(const std::vector<int64_t>& extents, Visit visit) {
  for (int64_t extent : extents)
    if (extent == 0) return;
  std::vector<int64_t> position(extents.size(), 0);
  for (;;) {
    visit(position);
    size_t d = extents.size();
    for (;;) {
      if (d == 0) return;
      --d;
      if (++position[d] < extents[d]) break;
      position[d] = 0;
    }
  }
}

/// What the evaluator knows about one node, computed once before evaluation.
struct NodeInfo {
  uint32_t uses = 0; // parent edges in the DAG
  bool seen = false;
  bool visitedOutsideLoop = false;
  bool visitedInLoop = false;
  std::vector<uint32_t> slots;     // the slots of node.vars (binders, variables)
  std::vector<uint32_t> freeSlots; // the slots of the free variables, sorted
  Dtype dtype = Dtype::F64;        // node.type.elem
  std::vector<int64_t> shape;      // node.type.shape evaluated (single-result nodes)
  std::vector<int64_t> dims;       // node.shape evaluated
  bool cacheable = false;
  bool hasCached = false;
  Value cached;
  std::vector<uint64_t> cachedStamps; // parallel to freeSlots
};

class Evaluator {
public:
  explicit Evaluator(const SizeValues& sizes) : sizes_(sizes) {}

  std::vector<ArrayValue> run(const core::Function& function, const std::vector<ArrayValue>& args);

private:
  struct Slot {
    Value value;
    uint64_t stamp = 0; // 0: unbound
  };
  struct Saved {
    uint32_t slot;
    Slot previous;
  };

  /// Bindings made through a scope are undone when it ends; a variable bound
  /// twice (a duplicated subtree) is shadowed and then restored.
  class Scope {
  public:
    explicit Scope(Evaluator& evaluator) : evaluator_(evaluator), mark_(evaluator.saved_.size()) {}
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    ~Scope() {
      auto& saved = evaluator_.saved_;
      while (saved.size() > mark_) {
        evaluator_.slots_[saved.back().slot] = std::move(saved.back().previous);
        saved.pop_back();
      }
    }
    void bind(uint32_t slot, Value value) {
      evaluator_.saved_.push_back({slot, std::move(evaluator_.slots_[slot])});
      evaluator_.assign(slot, std::move(value));
    }

  private:
    Evaluator& evaluator_;
    size_t mark_;
  };

  // Analysis before evaluation (Interpreter.cpp).
  uint32_t slotOf(const core::Var& var);
  void analyse(const Node& root, bool inLoop);
  void analyseChildren(const Node& node, bool inLoop);
  void computeFreeSlots(const Node& node, NodeInfo& info);
  void finishAnalysis();
  int64_t evaluateDim(const core::Dim& dim, bool isArrayDim) const;

  // Evaluation (Interpreter.cpp).
  NodeInfo& infoOf(const Node& node);
  /// Gives a slot a new value and a fresh stamp (loops rebind their index this way).
  void assign(uint32_t slot, Value value) {
    slots_[slot].value = std::move(value);
    slots_[slot].stamp = ++clock_;
  }
  std::vector<Value> results(const Node& node);
  const Node& bindLets(const Node& node, Scope& scope);
  Value eval(const Node& node);
  Value compute(const Node& node, NodeInfo& info);

  // Array-shaped nodes (InterpreterArrays.cpp).
  Value evalIndex(const Node& node, const NodeInfo& info);
  Value evalGather(const Node& node, const NodeInfo& info);
  Value evalScatter(const Node& node, const NodeInfo& info);
  Value evalBuild1(const Node& node, const NodeInfo& info);
  Value evalReduction(const Node& node, const NodeInfo& info);
  Value evalTr(const Node& node, const NodeInfo& info);
  Value evalStack(const Node& node, const NodeInfo& info);
  Value evalReshape(const Node& node, const NodeInfo& info);
  /// The final state and the stacked outputs of a loop.
  std::vector<Value> evalLoop(const Node& node, const NodeInfo& info);
  std::vector<Value> evalWhile(const Node& node);
  std::vector<Value> evalBindSize(const Node& node);
  /// Row i of an array.
  static Value row(const Value& array, int64_t i);
  /// Binds the loop variables in `slots` to `position`.
  void bindPosition(const std::vector<uint32_t>& slots, const std::vector<int64_t>& position);
  /// The row-major offset of the index expressions' values in `extents`, or
  /// -1 when one is out of range (all of them are evaluated regardless).
  int64_t evalOffset(const std::vector<core::NodeP>& indices, size_t first,
                     const std::vector<int64_t>& extents);

  const SizeValues& sizes_;
  std::unordered_map<const Node*, NodeInfo> infos_;
  std::unordered_map<uint32_t, uint32_t> varSlots_; // Var id → slot
  std::vector<Slot> slots_;
  std::vector<bool> variant_; // per slot: bound inside a loop, so it changes per iteration
  std::vector<Saved> saved_;  // the stack behind Scope; its capacity is reused
  uint64_t clock_ = 0;
};

} // namespace arr::interp::detail
