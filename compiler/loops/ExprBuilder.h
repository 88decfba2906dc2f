#pragma once
// Makes loop IR expressions, interned so that structurally equal expressions
// are one object (the lowering memoises by expression identity), with the
// folding of integer index arithmetic that keeps the dumps readable.

#include "loops/LoopIR.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

namespace arr::loops {

class ExprBuilder {
public:
  ExprP constant(const Scalar& value, Elem type);
  ExprP index(int64_t value) { return constant(value, Elem::I64); }
  ExprP boolean(bool value) { return constant(value, Elem::Bool); }
  /// 0, 0.0 or false.
  ExprP zero(Elem type);
  ExprP local(const LocalP& local);
  ExprP load(const BufferP& buffer, const ExprP& index);
  ExprP unary(UnaryOp op, const ExprP& operand);
  ExprP binary(BinaryOp op, const ExprP& left, const ExprP& right);
  ExprP select(const ExprP& condition, const ExprP& thenValue, const ExprP& elseValue);
  ExprP indexDiv(const ExprP& left, const ExprP& right);
  ExprP indexMod(const ExprP& left, const ExprP& right);

  // i64 index arithmetic with folding (wrapping, like the language's i64).
  ExprP add(const ExprP& left, const ExprP& right);
  ExprP mul(const ExprP& left, const ExprP& right);
  ExprP logicalAnd(const ExprP& left, const ExprP& right);

  /// `expr` with every read of local `localId` replaced by `replacement`, refolded.
  ExprP substitute(const ExprP& expr, uint32_t localId, const ExprP& replacement);

  LocalP newLocal(const std::string& name, Elem type);
  BufferP newBuffer(const std::string& name, Elem type);

private:
  ExprP intern(Expr expr);

  std::unordered_map<std::string, ExprP> interned_;
  std::unordered_map<uint32_t, ExprP> localExprs_;
  uint32_t nextExprId_ = 0;
  uint32_t nextLocalId_ = 0;
  uint32_t nextBufferId_ = 0;
};

/// `for t < count: index = t + start; body`: a loop over [start, start + count) whose
/// body reads its position as `index`.
StmtP makeShiftedFor(ExprBuilder& exprs, const LocalP& index, const ExprP& start,
                     const ExprP& count, Block body);

/// Whether `expr` reads the local `localId` (each shared subexpression visited once).
bool mentionsLocal(const ExprP& expr, uint32_t localId);
/// The same question asked of many subexpressions of one expression (a recursive
/// rewrite), each answered once: asking mentionsLocal at every node of a deep expression
/// would take time quadratic in its depth.
class LocalMentions {
public:
  explicit LocalMentions(uint32_t localId) : localId_(localId) {}
  bool operator()(const ExprP& expr);

private:
  uint32_t localId_;
  std::unordered_map<uint32_t, bool> known_; // by expression id
};
/// Adds the ids of the locals `expr` reads to `locals`.
void collectLocals(const ExprP& expr, std::set<uint32_t>& locals);
/// Whether `expr` loads from any of the buffers `bufferIds`.
bool readsAnyBuffer(const ExprP& expr, const std::set<uint32_t>& bufferIds);
/// Whether the `if` statement `guard` only assigns locals in `locals`: a guarded read
/// (Lowering::guarded) into a local its loop body declared.
bool onlyAssigns(const Stmt& guard, const std::set<uint32_t>& locals);
/// Calls `f` on every distinct subexpression of `expr`, `expr` included.
void forEachExpr(const ExprP& expr, const std::function<void(const Expr&)>& f);

/// Whether the i64 `index` is a sum and difference of terms in which the local appears once,
/// added: it grows by exactly one with the local.
bool growsByOne(const ExprP& index, uint32_t localId);
/// The same for a term in which the local appears once, subtracted: it shrinks by one.
bool shrinksByOne(const ExprP& index, uint32_t localId);

/// The constant's value when `expr` is an i64 constant.
std::optional<int64_t> asIndexConstant(const ExprP& expr);

} // namespace arr::loops
