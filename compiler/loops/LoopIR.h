#pragma once
// The loop IR: the fused loop nests that code generation turns into LLVM IR
// (ARCHITECTURE.md §5 and §9). Imperative and small: scalar (or short vector)
// expressions over locals and buffer elements, and statements that declare and
// assign locals, accumulate reductions, store into buffers, branch, loop and
// manage buffers. Every array operation of the core IR has become index
// arithmetic here; a buffer exists only where the lowering decided to
// materialise a value.
//
// Structure that the loop passes read instead of recovering it:
// - a buffer has a shape, and an access gives one index per dimension (an
//   affine function of the loop indices wherever the program's is), so strides
//   and dependences are read off the indices (loops/Analysis.h);
// - a loop has explicit bounds, [lower, upper) by step, whose expressions may
//   use min and max;
// - a reduction is a statement of its own (`acc += x`, `row[j] += x`) that says
//   whether it may be reassociated (LANGUAGE.md §9: not with --strict-fp).
//
// Values may be vectors of `lanes` elements of one type: a vector load reads
// consecutive elements along a buffer's last dimension, operations apply lane by
// lane, and `reduceLanes` combines the lanes of a vector in lane order.
//
// Expressions are immutable and interned by their builder, so structurally
// equal expressions are one object. Statements are built bottom-up: a compound
// statement is appended to its block only once its body is complete. The IR has
// a printer (Printer.cpp), a verifier (Verifier.cpp) and an interpreter
// (Interpreter.h), the oracle of every loop pass.

#include "base/Elem.h"
#include "base/EntryInterface.h"
#include "base/Primitives.h"
#include "runtime/Signature.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arr::loops {

using arr::Elem;
using prim::BinaryOp;
using prim::Scalar;
using prim::UnaryOp;

class ExprBuilder;

/// A variable. Most are assigned once; accumulators and the results of guarded
/// reads are assigned again.
struct Local {
  uint32_t id;
  std::string name;
  Elem type;
  int lanes = 1; // a vector of this many elements
};
using LocalP = std::shared_ptr<const Local>;

struct Expr;
using ExprP = std::shared_ptr<const Expr>;

struct Buffer;
using BufferP = std::shared_ptr<const Buffer>;

/// A row-major array in memory: a parameter, a result or a temporary.
struct Buffer {
  uint32_t id;
  std::string name;
  Elem type;
  /// The extent of each dimension (i64, not negative), outermost first: expressions of
  /// the sizes and of locals defined wherever the buffer is used. Empty for one element.
  std::vector<ExprP> shape;
  /// A view (a reshape): the elements of `base`, in the same row-major order, read with
  /// this buffer's shape. It is neither allocated nor freed, and never written.
  BufferP base;

  /// The buffer whose memory this one is.
  const Buffer& memory() const { return base ? base->memory() : *this; }
};

struct Expr {
  enum class Kind {
    Const,       // value (every lane)
    Local,       // local
    Load,        // buffer[operands...], one index per dimension, each in range; a vector
                 // load reads `lanes` elements from there along the last dimension
    Unary,       // unaryOp operands[0], with the core IR's semantics, lane by lane
    Binary,      // binaryOp operands[0] operands[1], lane by lane
    Select,      // operands[0] ? operands[1] : operands[2] (a scalar condition, or one per lane)
    IndexDiv,    // operands[0] / operands[1], both non-negative; 0 when the divisor is 0
    IndexMod,    // operands[0] % operands[1], both non-negative; 0 when the divisor is 0
    Broadcast,   // the scalar operands[0] in every lane
    ReduceLanes, // lane 0 binaryOp lane 1 binaryOp ... of operands[0], left to right
  };
  Kind kind = Kind::Const;
  Elem type = Elem::F64;
  int lanes = 1;
  uint32_t id = 0; // unique per expression: the interning key of its users
  prim::Scalar value{};
  LocalP local{};
  BufferP buffer{};
  std::vector<ExprP> operands{};
  UnaryOp unaryOp = UnaryOp::Neg;
  BinaryOp binaryOp = BinaryOp::Add;
};

struct Stmt;
using StmtP = std::shared_ptr<Stmt>;
using Block = std::vector<StmtP>;

/// A local that a parallel loop's iterations combine with `op`: each chunk
/// accumulates privately from the operation's identity, then the chunks'
/// results are folded into the local in chunk order.
struct Reduction {
  LocalP local;
  BinaryOp op;
};

struct Stmt {
  enum class Kind {
    Declare,    // local = value (its first assignment; the local is visible to the end of
                // the block)
    Assign,     // local = value
    Accumulate, // local = local op value, a step of a reduction
    Store,      // buffer[indices] = value
    Update,     // buffer[indices] = buffer[indices] op value, a step of a reduction
    If,         // if value: body, else: orElse
    For,        // for local = lower; local < value (&& whileCondition); local += step: body
    Alloc,      // buffer = an array of buffer->shape, its contents undefined
    Free,       // release buffer
    Prefetch,   // a hint to bring buffer[indices] into the cache; any index, it never faults
    Swap,       // exchange the storage of buffer and other (a sequential loop's state, double
                // buffered): every element of both changes
  };
  Kind kind = Kind::Declare;
  LocalP local{};
  ExprP value{}; // For: the bound the index stays below
  BufferP buffer{};
  BufferP other{}; // Swap
  std::vector<ExprP> indices{};
  Block body{};
  Block orElse{}; // If only

  // Accumulate and Update: the operation, and whether the steps of this reduction may be
  // done in another order (the table's reassociation, cleared by --strict-fp on floats).
  BinaryOp op = BinaryOp::Add;
  bool reassociate = false;

  // For loops only.
  ExprP lower{};    // the first index
  int64_t step = 1; // positive
  bool parallel = false;
  ExprP work{}; // parallel: the estimated cost of one iteration (i64)
  std::vector<Reduction> reductions{};
  /// When known: the loop never runs more iterations than this (the remainder of a
  /// vectorised or unrolled loop), which cost models read.
  std::optional<int64_t> maxTrips{};
  /// The steps of a sequential loop (fold, scan, mapAccum), which pass their state to the
  /// next through locals and swapped buffers (printed `for steps`). Only informative: the
  /// passes see the dependences the state makes (loops/Analysis.h).
  bool carriesState = false;
  /// A `while` loop's steps (with carriesState): before each iteration the loop also stops
  /// when this bool expression (a local its body assigns) is false. Passes that change a
  /// loop's iterations leave such a loop as it is.
  ExprP whileCondition{};
};

/// `for local = lower; local < upper; local += step: body`, serial.
StmtP makeFor(const LocalP& local, const ExprP& lower, const ExprP& upper, Block body,
              int64_t step = 1);
StmtP makeDeclare(const LocalP& local, const ExprP& value);
StmtP makeAssign(const LocalP& local, const ExprP& value);
StmtP makeAccumulate(const LocalP& local, BinaryOp op, const ExprP& value, bool reassociate);
StmtP makeStore(const BufferP& buffer, std::vector<ExprP> indices, const ExprP& value);
StmtP makeUpdate(const BufferP& buffer, std::vector<ExprP> indices, BinaryOp op, const ExprP& value,
                 bool reassociate);
StmtP makeIf(const ExprP& condition, Block body, Block orElse = {});
StmtP makeAlloc(const BufferP& buffer);
StmtP makeFree(const BufferP& buffer);
StmtP makeSwap(const BufferP& buffer, const BufferP& other);

/// An entry point's parameter after flattening: a scalar or an array.
struct Param {
  std::string name;
  LocalP scalar;  // scalars: passed by value
  BufferP buffer; // arrays
};

/// A dimension checked before anything runs: it must fit in i64 and, when it is an array's
/// size, must not be negative (a size used as a number may be). Kept as a polynomial over
/// the size parameters so that code generation can evaluate it with overflow checks.
struct DimensionCheck {
  struct Term {
    int64_t coefficient;
    std::vector<LocalP> sizes; // a product of size parameters, possibly empty
  };
  std::string text; // in source notation, for the message
  std::vector<Term> terms;
  bool arraySize = true;
};

/// A read-only array whose elements are known (a long array literal of constants): data
/// of the program, never allocated, written or freed.
struct ConstantArray {
  BufferP buffer;
  std::vector<Scalar> values; // row-major; each as ExprBuilder::constant holds it
};

struct Function {
  std::string name; // the entry point's name
  /// Its interface (sizes, parameters named as in messages, result types): what the
  /// C header, the entry table and the runtime's checks are made from.
  runtime::Signature signature;
  SourceInterface source; // the parameters and result as written (names, tuples)
  /// The builder that interned its expressions; passes that rewrite it make new ones with it.
  std::shared_ptr<ExprBuilder> exprs;
  std::vector<LocalP> sizes;
  std::vector<Param> params;
  std::vector<BufferP> results; // caller-allocated; a scalar result has one element
  std::vector<DimensionCheck> checks;
  std::vector<ConstantArray> constants;
  Block body;
};

/// The target's vector registers, which register tiles and vector accumulators are
/// sized by: their size and how many there are (codegen::vectorRegisters reads them from
/// the target machine).
struct VectorRegisters {
  int bytes = 64;
  int count = 32;
};

struct Program {
  std::vector<Function> functions;
  /// --strict-fp: no reduction is reassociated beyond what the reductions' flags allow,
  /// and a * b + c is never contracted. Otherwise code generation may contract.
  bool strictFp = false;
};

/// The dump of `--dump-after=loops` and of every loop pass.
std::string print(const Program& program);
std::string print(const Function& function);
std::string print(const Expr& expr);

/// Empty when the function is well formed, else the first problem found (Verifier.cpp).
std::string verify(const Function& function);
std::string verify(const Program& program);

} // namespace arr::loops
