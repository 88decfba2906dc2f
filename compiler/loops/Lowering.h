#pragma once
// The state of lowering one entry point from core IR to loop IR (internal to
// loops/; the interface is loops/LowerToLoops.h).
//
// Arrays are pull arrays: `pull(node, indices)` returns a scalar expression
// for one element of `node`, emitting the statements it needs (reduction
// loops, materialisations) first. Index-space operations (replicate, gather,
// tr, reshape, index, iota, build, elementwise operations, cond) become index
// arithmetic in the consumer; only scatters, results, and values that would
// otherwise be recomputed are materialised into buffers.
//
// Statements go into scopes: the function body, loop bodies and the bodies of
// range guards. A pull's result is memoised in the outermost scope where
// everything it depends on is defined, and its statements are emitted there:
// shared and loop-invariant work is done once, before the loop that needs it.
// Guards are barriers: nothing moves out of one, so a read that is in range
// only under its guard stays under it.

#include "ir/Core.h"
#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace arr::loops {

struct Scope;
using ScopeP = std::shared_ptr<Scope>;

/// Loop-invariant work expanded into an array (Expand.cpp): the array, and
/// the loop variables that index it before the original indices.
struct Expansion {
  core::NodeP array;
  std::vector<LocalP> loopVars;
  LocalP invariantIn; // the loop the node's variables do not depend on
};

/// A materialised array: a buffer with the shape of the value it holds.
struct ArrayBuffer {
  BufferP buffer;
  std::vector<core::Dim> shape;
};

struct Scope {
  ScopeP parent;
  int level = 0;     // distance from the function body
  int loopDepth = 0; // enclosing loops
  bool guard = false;
  // The step of a loop of 0 or 1 steps that chooses a gradient's version
  // (passes/ad/Checkpoint.h): nothing computed in it moves out, as it may not run.
  bool runsAtMostOnce = false;
  LocalP loopVar; // loops only
  Block block;
  std::vector<BufferP> toFree; // allocated here, released when the scope closes
  std::map<uint32_t, std::set<std::string>> inRange; // expression id → dims it indexes safely
  std::unordered_map<std::string, ExprP> pulled;     // memoised pulls
  std::unordered_map<std::string, ArrayBuffer> materialised;
};

/// What a core variable stands for while its scope is being lowered.
struct Binding {
  uint64_t serial = 0;              // distinguishes successive bindings in memo keys
  ExprP scalar;                     // index variables, scalar parameters
  std::optional<ArrayBuffer> array; // array parameters
  core::NodeP value;                // let-bound values, pulled where they are used
  ScopeP scope;                     // the outermost scope where the binding is usable
};

class Lowering {
public:
  Lowering(const core::Entry& entry, bool strictFp);
  Function run();

private:
  // ---- Scopes (Lowering.cpp) ----
  ScopeP openScope(const ScopeP& parent, bool isLoop, bool isGuard);
  /// Appends the frees of the scope's buffers; returns its statements.
  Block closeScope(const ScopeP& scope);
  void emit(StmtP statement) { current_->block.push_back(std::move(statement)); }
  /// Runs `body` with `scope` as the current scope.
  template <typename F>
  auto within(const ScopeP& scope, F&& body) {
    ScopeP saved = current_;
    current_ = scope;
    struct Restore {
      ScopeP& current;
      ScopeP saved;
      ~Restore() { current = saved; }
    } restore{current_, saved};
    return body();
  }
  /// The deepest of the scopes where the locals of `expr` are defined.
  ScopeP scopeOf(const ExprP& expr);
  /// Where a pull of `node` at `indices` can be done and memoised: the
  /// outermost scope where its variables are bound, but inside any guard
  /// unless `crossGuards` (a whole array may be computed outside a guard:
  /// its own reads are in range by construction).
  ScopeP targetScope(const core::NodeP& node, const std::vector<ExprP>& indices,
                     bool crossGuards = false);
  static ScopeP deeper(const ScopeP& a, const ScopeP& b) { return a->level >= b->level ? a : b; }

  // ---- Variables ----
  void bind(const core::VarP& var, Binding binding);
  void unbind(const core::VarP& var);
  const std::vector<uint32_t>& freeVariables(const core::NodeP& node);
  std::string memoKey(const core::NodeP& node, const std::vector<ExprP>& indices, char tag);

  // ---- Loops and statements ----
  LocalP declare(const std::string& name, const ExprP& value);
  void assign(const LocalP& local, const ExprP& value);
  void store(const BufferP& buffer, const std::vector<ExprP>& indices, const ExprP& value);
  /// `acc op= value`, reassociable as the table and --strict-fp allow.
  void accumulate(const LocalP& local, BinaryOp op, const ExprP& value);
  /// `buffer[indices] op= value`, likewise.
  void update(const BufferP& buffer, const std::vector<ExprP>& indices, BinaryOp op,
              const ExprP& value);
  bool mayReassociate(BinaryOp op, Elem type) const {
    return prim::mayReassociate(op, type, !strictFp_);
  }
  /// Emits a loop over [0, extent) into the current scope; `body` runs with the
  /// loop's scope current and the loop variable. Parallel loops with
  /// reductions fold the given locals across chunks.
  void loop(const core::Dim& extent, const std::string& name, bool parallel,
            std::vector<Reduction> reductions, const std::function<void(const ExprP&)>& body);
  /// A loop over [0, extent) where `extent` is at most `bound`.
  void loopTo(const ExprP& extent, const core::Dim& bound, const std::string& name, bool parallel,
              std::vector<Reduction> reductions, const std::function<void(const ExprP&)>& body);
  /// Emits loops over every index of `shape` (the outermost parallel when asked).
  void loopNest(const std::vector<core::Dim>& shape, bool parallel,
                const std::function<void(const std::vector<ExprP>&)>& body);
  /// Emits `if (condition)` around what `body` emits (a guard scope).
  void guarded(const ExprP& condition, const std::function<void()>& body);
  /// Whether a loop emitted now, in the current scope, should run in parallel.
  bool mayParallelise() const { return current_->loopDepth == 0; }
  ExprP workOf(const Block& block);

  // ---- Sizes and indices ----
  ExprP dimension(const core::Dim& dim);
  /// The value of a size the compiler derived from others (SizeDerivation).
  ExprP derivedSize(const SizeDerivation& derivation);
  std::vector<ExprP> dimensions(const std::vector<core::Dim>& shape);
  ExprP linearIndex(const std::vector<core::Dim>& shape, const std::vector<ExprP>& indices);
  bool knownInRange(const ExprP& index, const core::Dim& extent);
  /// `0 <= index < extent` for every index not known to be in range (true when none).
  ExprP rangeCondition(const std::vector<ExprP>& indices, const std::vector<core::Dim>& shape);
  void assumeInRange(const ScopeP& scope, const ExprP& index, const core::Dim& extent);

  // ---- Pulling elements (Pull.cpp) ----
  /// One element of `node`; every index is in range for `node`'s shape.
  ExprP pull(const core::NodeP& node, const std::vector<ExprP>& indices);
  /// One element of `node` at indices that may be out of range: zero there.
  ExprP pullChecked(const core::NodeP& node, const std::vector<ExprP>& indices);
  ExprP pullFresh(const core::NodeP& node, const std::vector<ExprP>& indices);
  ExprP pullVariable(const core::Node& node, const std::vector<ExprP>& indices);
  ExprP pullLetTuple(const core::NodeP& node, const std::vector<ExprP>& indices);
  ExprP pullGather(const core::Node& node, const std::vector<ExprP>& indices);
  ExprP pullReshape(const core::Node& node, const std::vector<ExprP>& indices);
  ExprP pullArrayLiteral(const core::NodeP& node, const std::vector<ExprP>& indices);
  /// The constant array holding a literal longer than kLiteralSelects whose elements are
  /// all constants (nested literals too), made on first use; none for other nodes.
  std::optional<ArrayBuffer> constantArray(const core::NodeP& node);
  /// Appends the elements of `node` when it is a constant or a literal of constants.
  bool constantValues(const core::NodeP& node, std::vector<core::Scalar>& values);
  /// A new constant array of `type` holding `values` (row-major).
  ArrayBuffer constantData(const core::Type& type, std::vector<core::Scalar> values);
  /// Literals up to this long are pulled as a select per element; longer ones are data
  /// (constantArray) or stored element by element (storeLiteralInto).
  static constexpr size_t kLiteralSelects = 8;
  ExprP load(const ArrayBuffer& array, const std::vector<ExprP>& indices);
  /// The buffer holding `node` when it is one already (a parameter or a
  /// materialised value), without materialising it.
  std::optional<ArrayBuffer> existingBuffer(const core::NodeP& node);

  /// Work that a loop repeats although it depends on nothing the loop
  /// changes, pulled from an array computed once before the loop (Expand.cpp);
  /// null when there is none.
  ExprP expandInvariant(const core::NodeP& node, const std::vector<ExprP>& indices);
  std::optional<Expansion> decideExpansion(const core::NodeP& node);

  // ---- Sequential loops (Sequential.cpp) ----
  /// One result of a loop node: a local (scalars) or a buffer.
  struct LoopValue {
    ExprP scalar;
    std::optional<ArrayBuffer> array;
  };
  /// The results of a loop node (its final state, then its stacked outputs), computed
  /// once where its operands are bound: a serial loop over the steps whose body is the
  /// step function lowered like any code (its own loops parallel where they would be).
  const std::vector<LoopValue>& lowerLoop(const core::NodeP& loop);
  /// Binds a variable to one result of a loop.
  void bindLoopValue(const core::VarP& var, const LoopValue& value);
  /// The state of a sequential loop (fold, scan, mapAccum, while): a local per scalar
  /// component, two buffers (the current state and the next) per array component.
  struct LoopState {
    std::vector<core::NodeP> init;
    std::vector<LocalP> scalars;
    std::vector<BufferP> current, next;
  };
  /// Declares the state, set to `init`.
  LoopState declareLoopState(std::vector<core::NodeP> init);
  /// The state changes from step to step of `scope`: what reads it is computed there.
  void enterLoopState(const LoopState& state, const ScopeP& scope);
  /// Binds the first parameters of `function` to the state; returns how many.
  size_t bindLoopState(const core::Function& function, const LoopState& state);
  /// Computes the next state from `results[first..]`: the scalars as new locals (returned),
  /// the arrays into the next buffers. The state itself does not change yet.
  std::vector<ExprP> computeNextState(const LoopState& state,
                                      const std::vector<core::NodeP>& results, size_t first);
  /// Makes the next state computed by computeNextState the current one.
  void moveToNextState(const LoopState& state, const std::vector<ExprP>& nextScalars);
  /// After the steps: the final state, which no longer changes, read where the loop is.
  std::vector<LoopValue> leaveLoopState(const LoopState& state);
  /// The final state of a while node, computed once where its operands are bound: a serial
  /// loop of at most its bound steps that stops once the condition fails; the step runs
  /// under the condition, so no step is computed past the last.
  const std::vector<LoopValue>& lowerWhile(const core::NodeP& loop);
  /// The results of a bindSize node: the size declared as a local where the node is (what
  /// mentions it is placed no higher, targetScope), then the body's results, materialised.
  const std::vector<LoopValue>& lowerBindSize(const core::NodeP& bindSize);
  /// The steps a while loop is assumed to take in work estimates (its bound may be huge).
  static constexpr int64_t kEstimatedWhileSteps = 16;

  // ---- Reductions (Materialise.cpp) ----
  /// Folds the rows of `array` at `indices` with `op` from `initial` (in
  /// parallel chunks at top level); returns the accumulator.
  LocalP foldRows(const core::NodeP& array, const std::vector<ExprP>& indices, BinaryOp op,
                  const ExprP& initial, const std::string& name);
  /// [outer, indices...]
  static std::vector<ExprP> withOuterIndex(const ExprP& outer, const std::vector<ExprP>& indices) {
    std::vector<ExprP> all{outer};
    all.insert(all.end(), indices.begin(), indices.end());
    return all;
  }
  ExprP sumOuter(const core::Node& node, const std::vector<ExprP>& indices);
  /// sum over c < k of (c < e ? x : 0.0) as a sum over c < min(e, k) of x.
  ExprP sumOfPrefix(const core::Node& node, const std::vector<ExprP>& indices);
  ExprP prodOuter(const core::Node& node, const std::vector<ExprP>& indices);
  ExprP maxOuter(const core::Node& node, const std::vector<ExprP>& indices);
  ExprP argmaxOuter(const core::Node& node, const std::vector<ExprP>& indices);

  // ---- Materialisation (Materialise.cpp) ----
  /// Whether `node`, pulled here at `indices`, gets a buffer in `home` (the
  /// outermost scope where its variables are bound).
  bool shouldMaterialise(const core::NodeP& node, const ScopeP& home,
                         const std::vector<ExprP>& indices);
  bool isExpensive(const core::NodeP& node);
  /// Arithmetic operations one element costs to pull (loads free), saturating above
  /// kCheapOperations; reductions, scatters and transcendental functions saturate.
  int pullCost(const core::NodeP& node);
  /// Index arithmetic over other values only: as cheap to recompute as to load.
  static bool isView(const core::NodeP& node);
  /// Replicate, tr, reshape and noGrad: a new index space over one operand, never
  /// stored themselves (their operand is, when it must be).
  static bool isPureView(const core::Node& node);
  /// The buffer holding `node`, made in `target` on first use.
  /// With `sumRowsOuter`, a sum is stored adding one row at a time (see storeSumInto).
  ArrayBuffer materialise(const core::NodeP& node, const ScopeP& home, bool sumRowsOuter = false);
  /// Writes every element of `node` into `buffer` (row-major, `node`'s shape).
  void storeInto(const BufferP& buffer, const core::NodeP& node, bool sumRowsOuter = false);
  /// Sums and scatters accumulate into the buffer after filling it with their
  /// starting values: no buffer relies on being zeroed when allocated, so
  /// allocations may be reused (see Release.h).
  void storeSumInto(const BufferP& buffer, const core::Node& node);
  void scatterInto(const BufferP& buffer, const core::Node& node);
  /// Stores a literal one element after the other: pulling it at a loop index would
  /// select among all its elements for each one, quadratic in its length. Its constant
  /// elements are copied from data, in one loop.
  void storeLiteralInto(const BufferP& buffer, const core::Node& node);
  void writeResult(const BufferP& buffer, const core::NodeP& node);

  /// Binds the lets (and tuple lets) at the top of `node`, recording the
  /// variables in `bound`; returns what is under them.
  core::NodeP bindLets(const core::NodeP& node, std::vector<core::VarP>& bound);
  std::vector<core::NodeP> tupleComponents(const core::NodeP& node, std::vector<core::VarP>& bound);
  void unbindAll(const std::vector<core::VarP>& bound);

  void analyse(const core::NodeP& root);
  void addDimensionChecks();

  const core::Entry& entry_;
  const bool strictFp_;
  std::shared_ptr<ExprBuilder> exprsOwner_ = std::make_shared<ExprBuilder>();
  ExprBuilder& exprs_ = *exprsOwner_;
  Function function_;
  ScopeP root_;
  ScopeP current_;
  std::unordered_map<uint32_t, LocalP> sizeLocals_; // size variable id → parameter
  std::unordered_map<uint32_t, std::vector<Binding>> bindings_;
  std::unordered_map<uint32_t, core::VarP> boundVars_; // every variable ever bound, by id
  uint64_t nextSerial_ = 1;
  std::unordered_map<uint32_t, ScopeP> localScopes_; // local id → defining scope
  // Buffers whose contents change within a loop (a sequential loop's state): their
  // loads vary there, whatever their indices.
  std::unordered_map<uint32_t, ScopeP> bufferScopes_;
  std::unordered_map<uint32_t, ScopeP> exprScopes_; // memo of scopeOf
  std::unordered_map<const core::Node*, std::vector<uint32_t>> freeVariables_;
  /// The sizes bound by the bindSize nodes being lowered, by id: the scope declaring each.
  std::unordered_map<uint32_t, ScopeP> boundSizeScopes_;
  std::unordered_set<uint32_t> boundSizeLocals_; // the locals holding them (ever)
  /// The sizes of boundSizeScopes_ that `node`'s types and dimensions mention, its
  /// operands' and functions' included (memoised; asked only while such a size is bound).
  const std::vector<uint32_t>& boundSizesIn(const core::NodeP& node);
  std::unordered_map<const core::Node*, std::vector<uint32_t>> boundSizesIn_;
  std::unordered_map<const core::Node*, int> uses_; // references, let-bound uses included
  std::unordered_map<const core::Node*, bool> expensive_;
  std::unordered_map<const core::Node*, int> pullCosts_;
  std::unordered_map<const core::Node*, std::optional<ArrayBuffer>> constantArrays_;
  std::unordered_map<uint32_t, core::NodeP> letValues_; // let-bound variable -> its value
  std::vector<core::NodeP> keepAlive_;                  // nodes whose addresses are memo keys
  // Loops whose extent depends on enclosing loops (loopTo): their static
  // bound, which work estimates use (they are evaluated before the loop nest).
  std::unordered_map<const Stmt*, ExprP> loopBounds_;
  std::unordered_map<uint32_t, core::Dim> loopExtents_; // loop variable → its bound
  std::unordered_map<std::string, core::NodeP> expansions_;
  std::unordered_map<std::string, BufferP> views_; // reshapes of stored arrays, by base and shape
  struct Decision {
    ScopeP scope; // keeps the scope's address from being reused by another
    std::optional<Expansion> expansion;
  };
  std::unordered_map<std::string, Decision> expansionDecisions_;
  int expanding_ = 0;
  std::unordered_map<std::string, std::vector<LoopValue>> loopValues_; // by memo key
};

} // namespace arr::loops
