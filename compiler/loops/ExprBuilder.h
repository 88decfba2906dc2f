#pragma once
// Makes loop IR expressions, interned so that structurally equal expressions
// are one object (the lowering memoises by expression identity), with the
// folding of integer index arithmetic that keeps the dumps readable and equal
// indices equal.

#include "loops/LoopIR.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

namespace arr::loops {

class ExprBuilder {
public:
  ExprP constant(const Scalar& value, Elem type, int lanes = 1);
  ExprP index(int64_t value) { return constant(value, Elem::I64); }
  ExprP boolean(bool value) { return constant(value, Elem::Bool); }
  /// 0, 0.0 or false.
  ExprP zero(Elem type, int lanes = 1);
  /// The identity of `op` as a reduction over `type` (the primitive table's).
  ExprP identity(BinaryOp op, Elem type, int lanes = 1);
  ExprP local(const LocalP& local);
  /// buffer[indices...]; with lanes > 1, that many elements along the last dimension.
  ExprP load(const BufferP& buffer, std::vector<ExprP> indices, int lanes = 1);
  ExprP unary(UnaryOp op, const ExprP& operand);
  /// A scalar operand meets a vector one by being broadcast.
  ExprP binary(BinaryOp op, const ExprP& left, const ExprP& right);
  ExprP select(const ExprP& condition, const ExprP& thenValue, const ExprP& elseValue);
  ExprP indexDiv(const ExprP& left, const ExprP& right);
  ExprP indexMod(const ExprP& left, const ExprP& right);
  ExprP broadcast(const ExprP& scalar, int lanes);
  ExprP reduceLanes(BinaryOp op, const ExprP& vector);

  // i64 index arithmetic with folding (wrapping, like the language's i64): constants are
  // combined and kept last, `x - c` is `x + (-c)`.
  ExprP add(const ExprP& left, const ExprP& right);
  ExprP sub(const ExprP& left, const ExprP& right);
  ExprP mul(const ExprP& left, const ExprP& right);
  ExprP min(const ExprP& left, const ExprP& right);
  ExprP max(const ExprP& left, const ExprP& right);
  ExprP logicalAnd(const ExprP& left, const ExprP& right);

  /// `expr` with every read of local `localId` replaced by `replacement`, refolded.
  ExprP substitute(const ExprP& expr, uint32_t localId, const ExprP& replacement);
  /// `expr` with the locals of `replacements` replaced, all at once.
  ExprP substitute(const ExprP& expr, const std::map<uint32_t, ExprP>& replacements);
  /// `expr` with each operand replaced as `operands` says (same kind and attributes).
  ExprP rebuild(const Expr& expr, std::vector<ExprP> operands);

  LocalP newLocal(const std::string& name, Elem type, int lanes = 1);
  BufferP newBuffer(const std::string& name, Elem type, std::vector<ExprP> shape);
  /// A view of `base` with another shape of the same element count (a reshape).
  BufferP newView(const BufferP& base, std::vector<ExprP> shape);

private:
  ExprP intern(Expr expr);

  std::unordered_map<std::string, ExprP> interned_;
  std::unordered_map<uint32_t, ExprP> localExprs_;
  uint32_t nextExprId_ = 0;
  uint32_t nextLocalId_ = 0;
  uint32_t nextBufferId_ = 0;
};

/// Whether `expr` reads the local `localId` (each shared subexpression visited once).
bool mentionsLocal(const ExprP& expr, uint32_t localId);
/// Whether `expr` reads any of the locals `localIds`.
bool mentionsAny(const ExprP& expr, const std::set<uint32_t>& localIds);
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
/// Whether `expr` loads from any of the buffers `bufferIds` (by memory: a view's loads
/// read its base).
bool readsAnyBuffer(const ExprP& expr, const std::set<uint32_t>& bufferIds);
/// Whether `expr` loads from memory at all.
bool readsMemory(const ExprP& expr);
/// Calls `f` on every distinct subexpression of `expr`, `expr` included.
void forEachExpr(const ExprP& expr, const std::function<void(const Expr&)>& f);

/// The constant's value when `expr` is an i64 constant.
std::optional<int64_t> asIndexConstant(const ExprP& expr);
/// Whether `expr` is a constant equal to zero (0, 0.0 or -0.0, false).
bool isZeroConstant(const ExprP& expr);

} // namespace arr::loops
