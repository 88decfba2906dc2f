#pragma once
// The loop IR: the fused loop nests that code generation turns into LLVM IR
// (ARCHITECTURE.md §5). Imperative and small: scalar expressions over locals
// and buffer loads, and statements that declare and assign locals, store into
// buffers, branch, loop and manage buffers. Every array operation of the core
// IR has become index arithmetic here; a buffer exists only where the lowering
// decided to materialise a value.
//
// Expressions are immutable and interned by the lowering, so structurally
// equal expressions are one object. Statements are built bottom-up: a
// compound statement is appended to its block only once its body is complete.

#include "base/Elem.h"
#include "base/EntryInterface.h"
#include "base/Primitives.h"
#include "runtime/Signature.h"

#include <memory>
#include <string>
#include <vector>

namespace arr::loops {

using arr::Elem;
using prim::BinaryOp;
using prim::Scalar;
using prim::UnaryOp;

class ExprBuilder;

/// A scalar variable. Most are assigned once; reduction accumulators and the
/// results of guarded reads are assigned again.
struct Local {
  uint32_t id;
  std::string name;
  Elem type;
};
using LocalP = std::shared_ptr<const Local>;

/// A row-major array in memory: a parameter, a result or a temporary.
struct Buffer {
  uint32_t id;
  std::string name;
  Elem type;
};
using BufferP = std::shared_ptr<const Buffer>;

struct Expr;
using ExprP = std::shared_ptr<const Expr>;

struct Expr {
  enum class Kind {
    Const,    // value
    Local,    // local
    Load,     // buffer[operands[0]]; the index is in range
    Unary,    // unaryOp operands[0], with the core IR's semantics
    Binary,   // binaryOp operands[0] operands[1], with the core IR's semantics
    Select,   // operands[0] ? operands[1] : operands[2]
    IndexDiv, // operands[0] / operands[1], both non-negative; 0 when the divisor is 0
    IndexMod, // operands[0] % operands[1], both non-negative; 0 when the divisor is 0
  };
  Kind kind = Kind::Const;
  Elem type = Elem::F64;
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

/// A local that a parallel loop's iterations combine with `op` (Add or Max):
/// each chunk accumulates privately from the identity, then the chunks'
/// results are folded into the local in chunk order.
struct Reduction {
  LocalP local;
  BinaryOp op;
};

struct Stmt {
  enum class Kind {
    Declare,  // local = value (first assignment)
    Assign,   // local = value
    Store,    // buffer[index] = value
    If,       // if (value) body
    For,      // for local in [0, value): body
    Alloc,    // buffer = a zero-filled array of `value` elements
    Free,     // release buffer
    Prefetch, // a hint to bring buffer[index] into the cache; any index, it never faults
    Swap,     // exchange the storage of buffer and other (double-buffered loop state)
  };
  Kind kind = Kind::Declare;
  LocalP local{};
  ExprP value{};
  BufferP buffer{};
  BufferP other{}; // Swap
  ExprP index{};
  Block body{};
  // For loops only.
  bool parallel = false;
  ExprP work{}; // parallel: the estimated cost of one iteration (i64)
  std::vector<Reduction> reductions{};
  bool remainder = false; // serial: the few iterations left by a split; not worth unrolling
  /// serial: the steps of a sequential loop (fold, scan, mapAccum), which pass their state
  /// to the next through locals and swapped buffers: never reordered or parallelised.
  bool carriesState = false;
};

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

/// `for local < extent: body`, a serial loop.
inline StmtP makeFor(const LocalP& local, const ExprP& extent, Block body) {
  auto loop = std::make_shared<Stmt>(Stmt{Stmt::Kind::For});
  loop->local = local;
  loop->value = extent;
  loop->body = std::move(body);
  return loop;
}

/// A serial loop that the loop passes may rewrite: not parallel, and not the few
/// iterations a split left (Split.cpp).
inline bool isRewritableLoop(const Stmt& statement) {
  return statement.kind == Stmt::Kind::For && !statement.parallel && !statement.remainder &&
         !statement.carriesState;
}

/// `local = value`, the local's first assignment.
inline StmtP makeDeclare(const LocalP& local, const ExprP& value) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Declare});
  statement->local = local;
  statement->value = value;
  return statement;
}

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

struct Program {
  std::vector<Function> functions;
};

/// The dump of `--dump-after=loops`.
std::string print(const Program& program);
std::string print(const Expr& expr);

} // namespace arr::loops
