#pragma once
// Emits the statements and expressions of one loop IR function body into an
// LLVM function (internal to codegen/). Buffer pointers, loop indices and the
// locals a loop assigns live in allocas of the function's entry block, which
// mem2reg/SROA turn into SSA values. Other locals (most: assigned once, or
// again only under an `if` of their own loop, like a guarded read) are SSA
// values from the start, with a phi where an `if` assigns them: promoting a
// long chain of guarded reads from memory costs mem2reg time quadratic in its
// length.
//
// A parallel loop is outlined into a chunk function that runs a range of its
// iterations, called through the runtime's arrrt_parallel_for with a context
// holding the values the body reads; reductions are accumulated per chunk and
// folded in chunk order afterwards.
//
// A failed allocation (out of memory, or an element count past i64) leads to
// the function's failure block, which frees the buffers it allocated and
// returns 1: the entry function returns it to its caller, a chunk function to
// arrrt_parallel_for, which reports it to the parent chunk or entry function.
//
// A long entry body is cut into segment functions called in turn (Segments.cpp), as
// LLVM's code generator takes time superlinear in the size of one function.

#include "loops/LoopIR.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace arr::codegen {

/// What the functions of one module share: the module, the runtime's
/// declarations and the attributes every generated function carries.
struct ModuleContext {
  llvm::Module& module;
  llvm::AttrBuilder functionAttributes; // target-cpu, target-features, nounwind
  /// Not --strict-fp: float operations may be contracted (a * b + c into an FMA), and
  /// reduction steps marked reassociable may be reassociated by LLVM too.
  bool relaxedFp = false;
  int outlined = 0; // chunk functions made so far
  /// The chunk functions made so far, by the shape of their loop (parallelFor): a loop
  /// equal to an earlier one up to the names of its locals and buffers reuses its chunk,
  /// as the steps of an unrolled recurrence do.
  std::unordered_map<std::string, llvm::Function*> chunks{};
  int64_t segmentSize = 1000; // TargetOptions::segmentSize

  llvm::LLVMContext& context() { return module.getContext(); }
  llvm::Type* registerType(loops::Elem elem, int lanes = 1); // i1 for bool
  llvm::Type* memoryType(loops::Elem elem);                  // i8 for bool
  llvm::Function* runtimeFunction(const std::string& name, llvm::FunctionType* type);
  llvm::Function* mathFunction(const std::string& name, llvm::Type* type, int arity);
  llvm::Function* makeFunction(const std::string& name, llvm::FunctionType* type,
                               llvm::GlobalValue::LinkageTypes linkage);
};

/// The product of `first` and `factors` (i64), and whether it overflows i64. A zero
/// factor makes the product 0 whatever the others are, as Dim::evaluate computes
/// it (the wrapped product is then 0 too), so the order of the factors does not matter.
std::pair<llvm::Value*, llvm::Value*> checkedProduct(llvm::IRBuilder<>& builder, llvm::Value* first,
                                                     const std::vector<llvm::Value*>& factors);

class Emitter {
public:
  Emitter(ModuleContext& module, llvm::Function* function);

  /// Decides which locals of `statements`, the code this emitter will emit, are SSA
  /// values rather than allocas. Called before anything else; without it, all are allocas.
  void planLocals(const loops::Block& statements);
  /// Gives the buffers `statements` access an alias scope each, for LLVM to know that
  /// distinct buffers never overlap, which it cannot see through pointers loaded from a
  /// chunk's context or a segment's frame (the entry's parameters and results are noalias,
  /// allocations distinct). Buffers a Swap exchanges share one scope: through their slots,
  /// each reaches the other's memory later on.
  void planAliasScopes(const loops::Block& statements);

  /// Makes `local` hold `value` (the parameters' values, on entry).
  void setLocal(const loops::LocalP& local, llvm::Value* value);
  void setBuffer(const loops::BufferP& buffer, llvm::Value* pointer);
  void block(const loops::Block& statements);
  /// `block`, or for a long body, its statements cut into segment functions (Segments.cpp).
  void segmentedBlock(const loops::Block& statements);
  llvm::Value* expr(const loops::ExprP& expr);
  llvm::Constant* constant(const loops::Expr& expr);
  llvm::IRBuilder<>& builder() { return builder_; }
  /// Where the function goes when an allocation fails (made on first use).
  llvm::BasicBlock* failureBlock();
  /// Fills the failure block, once the body is complete: it frees every buffer the
  /// function allocated (their slots are null when not live) and returns 1.
  void finishFailurePath();

private:
  void statement(const loops::Stmt& statement);
  /// The loop with its index from `begin` (included) while below `end`, by its step.
  /// Sequential loops (carrying a state) and a parallel loop's chunk (`chunkLoop`) that
  /// hold a loop check for an interrupt at every step, and so do while loops; innermost
  /// sequential loops run in blocks checked between them. Other loops do not: an early
  /// exit keeps LLVM from vectorising a loop whose inner loops it unrolls (a
  /// convolution's taps), and the chunks and steps around them are checked.
  void forLoop(const loops::Stmt& statement, llvm::Value* begin, llvm::Value* end,
               bool chunkLoop = false);
  void blockedLoop(const loops::Stmt& statement, llvm::Value* begin, llvm::Value* end);
  void plainLoop(const loops::Stmt& statement, llvm::Value* begin, llvm::Value* end,
                 bool interruptible);
  /// Fails the function with "interrupted" when arrrt_interrupt_requested is set (Ctrl-C
  /// in a Python host).
  void checkInterrupt();
  /// The number of iterations of a loop: ceil((upper - lower) / step), at least 0.
  llvm::Value* tripCount(const loops::Stmt& statement);
  /// Whether the loops perfectly nested in `loop` (its body is one loop, whose body is
  /// one loop, ...) run no iteration, as far as their extents do not depend on the
  /// enclosing indices; null when no inner loop qualifies.
  llvm::Value* innerNestEmpty(const loops::Stmt& loop);
  void parallelFor(const loops::Stmt& statement);
  /// A loop over [0, count) made of straight-line code from `body`.
  void countedLoop(llvm::Value* count, const std::string& name,
                   const std::function<void(llvm::Value*)>& body);
  /// The element count of a shape (the product of its extents), or -1 when it overflows
  /// i64.
  llvm::Value* checkedCount(const std::vector<loops::ExprP>& extents);
  llvm::AllocaInst* localSlot(const loops::Local& local);
  llvm::Value* localValue(const loops::Local& local);
  void assignLocal(const loops::Local& local, llvm::Value* value);
  /// Where the pointer to the buffer's memory is kept: an alloca of the function, or a
  /// field of a segment frame.
  llvm::Value* bufferSlot(const loops::Buffer& buffer);
  llvm::AllocaInst* entryAlloca(llvm::Type* type, const std::string& name);
  /// The address of buffer[indices] (row-major in the buffer's shape); not `inBounds`
  /// for addresses that may lie past the buffer (prefetches).
  llvm::Value* element(const loops::Buffer& buffer, const std::vector<loops::ExprP>& indices,
                       bool inBounds = true);
  llvm::Value* loadElements(const loops::Buffer& buffer, const std::vector<loops::ExprP>& indices,
                            int lanes);
  /// Tags a load or store of `buffer` with its alias scope (planAliasScopes).
  void annotateAccess(llvm::Instruction* access, const loops::Buffer& buffer);
  void storeElements(const loops::Buffer& buffer, const std::vector<loops::ExprP>& indices,
                     llvm::Value* value);
  /// Sets the fast-math flags of the float instructions `build` makes.
  llvm::Value* withFlags(bool reassociate, const std::function<llvm::Value*()>& build);

  // Scalar semantics (Scalar.cpp).
  llvm::Value* unary(loops::UnaryOp op, loops::Elem from, llvm::Value* x);
  llvm::Value* binary(loops::BinaryOp op, loops::Elem type, llvm::Value* a, llvm::Value* b);
  llvm::Value* floatUnary(loops::UnaryOp op, llvm::Value* x);
  llvm::Value* integerBinary(loops::BinaryOp op, llvm::Value* a, llvm::Value* b);
  llvm::Value* floatBinary(loops::BinaryOp op, llvm::Value* a, llvm::Value* b);
  llvm::Value* convert(loops::UnaryOp op, loops::Elem from, llvm::Value* x);
  llvm::Value* intrinsic(llvm::Intrinsic::ID id, llvm::ArrayRef<llvm::Value*> args);
  /// A float primitive the table lowers to an intrinsic, libm or the runtime; null when
  /// it is lowered to instructions.
  llvm::Value* tableLowering(prim::Lowering lowering, const char* symbol,
                             llvm::ArrayRef<llvm::Value*> args);
  /// A call of libm's function (SYMBOL, or SYMBOLf for f32); `asCalled` keeps LLVM from
  /// replacing it by what it knows of the function (pow(x, 2.0) as x * x).
  llvm::Value* libm(const std::string& name, llvm::ArrayRef<llvm::Value*> args,
                    bool asCalled = false);
  /// `scalar` applied lane by lane to vector arguments (a function without a vector form).
  llvm::Value* perLane(llvm::ArrayRef<llvm::Value*> args,
                       const std::function<llvm::Value*(llvm::ArrayRef<llvm::Value*>)>& scalar);

public:
  /// The identity of a reduction's operation.
  llvm::Value* identity(loops::BinaryOp op, loops::Elem type, int lanes = 1);
  llvm::Value* combine(loops::BinaryOp op, loops::Elem type, llvm::Value* a, llvm::Value* b) {
    return binary(op, type, a, b);
  }

private:
  ModuleContext& module_;
  llvm::Function* function_;
  llvm::IRBuilder<> builder_;
  llvm::BasicBlock* entry_;
  std::unordered_map<uint32_t, llvm::AllocaInst*> locals_;
  std::unordered_set<uint32_t> ssaLocals_;               // planLocals' choice
  std::unordered_map<uint32_t, llvm::Value*> ssaValues_; // their current values
  // Per `if` being emitted, innermost last: the SSA locals its body assigns, each with
  // its value before (null: declared in the body).
  std::vector<std::vector<std::pair<uint32_t, llvm::Value*>>> assignedInIf_;
  std::unordered_map<uint32_t, llvm::Value*> buffers_;
  // Per buffer memory: its alias.scope and noalias lists (planAliasScopes).
  std::unordered_map<uint32_t, std::pair<llvm::MDNode*, llvm::MDNode*>> aliasLists_;
  std::unordered_map<uint32_t, llvm::Constant*> constantBuffers_; // literals: globals
  std::vector<loops::BufferP> allocated_; // the buffers this function allocates
  // Buffers whose slots are fields of the entry's segment frame: the entry, not the
  // segment, frees them on failure.
  std::unordered_set<uint32_t> freedByCaller_;
  llvm::BasicBlock* failure_ = nullptr;
  // Expression values of the statement being emitted: one straight-line
  // stretch of code, where each value dominates its later uses.
  std::unordered_map<uint32_t, llvm::Value*> values_;
};

/// The locals and buffers a block (a parallel loop's body, a segment) uses from outside.
struct Captures {
  std::map<uint32_t, loops::LocalP> locals;
  std::map<uint32_t, loops::BufferP> buffers;        // by memory
  std::set<uint32_t> declared;                       // locals defined inside
  std::set<uint32_t> allocated;                      // buffers allocated inside
  std::map<uint32_t, loops::LocalP> assignedOutside; // locals assigned inside but defined outside
  std::set<uint32_t> seen;                           // expressions are DAGs: each is visited once

  void expr(const loops::Expr& e);
  /// The memory a buffer (or view) reads, and the locals its shape needs.
  void buffer(const loops::BufferP& used);
  void block(const loops::Block& statements);
};

} // namespace arr::codegen
