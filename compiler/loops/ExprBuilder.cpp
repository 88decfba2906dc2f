#include "loops/ExprBuilder.h"

#include <algorithm>
#include <limits>

#include <cstring>
#include <optional>

namespace arr::loops {

namespace {

Elem unaryResultType(UnaryOp op, Elem operand) {
  switch (op) {
  case UnaryOp::ToF64:
    return Elem::F64;
  case UnaryOp::ToF32:
    return Elem::F32;
  case UnaryOp::ToI64:
    return Elem::I64;
  case UnaryOp::ToBool:
  case UnaryOp::Not:
    return Elem::Bool;
  default:
    return operand;
  }
}

/// The interning key: the kind, the operation, the value and the operands' ids.
std::string keyOf(const Expr& e) {
  std::string key = std::to_string(int(e.kind)) + ":" + std::to_string(int(e.type)) + ":" +
                    std::to_string(int(e.unaryOp)) + ":" + std::to_string(int(e.binaryOp)) + ":";
  if (e.kind == Expr::Kind::Const) {
    if (const auto* d = std::get_if<double>(&e.value)) {
      uint64_t bits;
      std::memcpy(&bits, d, sizeof bits); // distinguishes -0.0 from 0.0, and NaN payloads
      key += "d" + std::to_string(bits);
    } else if (const auto* i = std::get_if<int64_t>(&e.value)) {
      key += "i" + std::to_string(*i);
    } else {
      key += std::get<bool>(e.value) ? "t" : "f";
    }
  }
  if (e.local) key += "l" + std::to_string(e.local->id);
  if (e.buffer) key += "b" + std::to_string(e.buffer->id);
  for (const ExprP& operand : e.operands)
    key += "," + std::to_string(operand->id);
  return key;
}

} // namespace

void forEachExpr(const ExprP& expr, const std::function<void(const Expr&)>& f) {
  std::set<uint32_t> seen;
  std::vector<const Expr*> pending{expr.get()};
  while (!pending.empty()) {
    const Expr* e = pending.back();
    pending.pop_back();
    if (!seen.insert(e->id).second) continue;
    f(*e);
    for (const ExprP& operand : e->operands)
      pending.push_back(operand.get());
  }
}

bool mentionsLocal(const ExprP& expr, uint32_t localId) {
  bool found = false;
  forEachExpr(expr, [&](const Expr& e) {
    found = found || (e.kind == Expr::Kind::Local && e.local->id == localId);
  });
  return found;
}

bool LocalMentions::operator()(const ExprP& expr) {
  if (auto found = known_.find(expr->id); found != known_.end()) return found->second;
  bool mentions = expr->kind == Expr::Kind::Local && expr->local->id == localId_;
  for (const ExprP& operand : expr->operands)
    mentions = mentions || (*this)(operand);
  known_.emplace(expr->id, mentions);
  return mentions;
}

void collectLocals(const ExprP& expr, std::set<uint32_t>& locals) {
  forEachExpr(expr, [&](const Expr& e) {
    if (e.kind == Expr::Kind::Local) locals.insert(e.local->id);
  });
}

bool readsAnyBuffer(const ExprP& expr, const std::set<uint32_t>& bufferIds) {
  bool found = false;
  forEachExpr(expr, [&](const Expr& e) {
    found = found || (e.kind == Expr::Kind::Load && bufferIds.count(e.buffer->id));
  });
  return found;
}

bool onlyAssigns(const Stmt& guard, const std::set<uint32_t>& locals) {
  return std::all_of(guard.body.begin(), guard.body.end(), [&](const StmtP& inner) {
    return inner->kind == Stmt::Kind::Assign && locals.count(inner->local->id);
  });
}

std::optional<int64_t> asIndexConstant(const ExprP& expr) {
  if (expr->kind != Expr::Kind::Const || expr->type != Elem::I64) return std::nullopt;
  return std::get<int64_t>(expr->value);
}

ExprP ExprBuilder::intern(Expr expr) {
  std::string key = keyOf(expr);
  auto found = interned_.find(key);
  if (found != interned_.end()) return found->second;
  expr.id = nextExprId_++;
  auto made = std::make_shared<const Expr>(std::move(expr));
  interned_.emplace(std::move(key), made);
  return made;
}

ExprP ExprBuilder::constant(const Scalar& value, Elem type) {
  Expr e{Expr::Kind::Const, type};
  // Float constants are kept as double; an f32 constant holds a value rounded to float.
  if (type == Elem::F32 || type == Elem::F64) {
    double x = std::holds_alternative<double>(value)    ? std::get<double>(value)
               : std::holds_alternative<int64_t>(value) ? double(std::get<int64_t>(value))
                                                        : double(std::get<bool>(value));
    e.value = type == Elem::F32 ? double(float(x)) : x;
  } else if (type == Elem::I64) {
    e.value = std::holds_alternative<int64_t>(value) ? std::get<int64_t>(value)
              : std::holds_alternative<bool>(value)  ? int64_t(std::get<bool>(value))
                                                     : int64_t(std::get<double>(value));
  } else {
    e.value = std::holds_alternative<bool>(value)      ? std::get<bool>(value)
              : std::holds_alternative<int64_t>(value) ? std::get<int64_t>(value) != 0
                                                       : std::get<double>(value) != 0;
  }
  return intern(std::move(e));
}

ExprP ExprBuilder::zero(Elem type) {
  switch (type) {
  case Elem::F64:
  case Elem::F32:
    return constant(0.0, type);
  case Elem::I64:
    return index(0);
  case Elem::Bool:
    return boolean(false);
  }
  return index(0);
}

ExprP ExprBuilder::local(const LocalP& local) {
  auto found = localExprs_.find(local->id);
  if (found != localExprs_.end()) return found->second;
  Expr e{Expr::Kind::Local, local->type};
  e.local = local;
  ExprP made = intern(std::move(e));
  localExprs_.emplace(local->id, made);
  return made;
}

ExprP ExprBuilder::load(const BufferP& buffer, const ExprP& index) {
  Expr e{Expr::Kind::Load, buffer->type};
  e.buffer = buffer;
  e.operands = {index};
  return intern(std::move(e));
}

ExprP ExprBuilder::unary(UnaryOp op, const ExprP& operand) {
  Expr e{Expr::Kind::Unary, unaryResultType(op, operand->type)};
  e.unaryOp = op;
  e.operands = {operand};
  return intern(std::move(e));
}

ExprP ExprBuilder::binary(BinaryOp op, const ExprP& left, const ExprP& right) {
  // (c ? k1 : k2) == k3 with constants decides in the branches: a guarded read's
  // `select(c, 0, 1) == 0` becomes c.
  bool equality = op == BinaryOp::Eq || op == BinaryOp::Ne;
  if (equality && left->kind == Expr::Kind::Select && right->kind == Expr::Kind::Const &&
      left->operands[1]->kind == Expr::Kind::Const &&
      left->operands[2]->kind == Expr::Kind::Const) {
    auto decide = [&](const ExprP& branch) {
      return boolean((branch->value == right->value) == (op == BinaryOp::Eq));
    };
    return select(left->operands[0], decide(left->operands[1]), decide(left->operands[2]));
  }
  bool extremum = op == BinaryOp::Max || op == BinaryOp::Min;
  if (extremum && left->type == Elem::I64) {
    if (left == right) return left;
    auto l = asIndexConstant(left), r = asIndexConstant(right);
    if (l && r) return index(op == BinaryOp::Max ? std::max(*l, *r) : std::min(*l, *r));
  }
  if (op == BinaryOp::Sub && left->type == Elem::I64) {
    auto l = asIndexConstant(left), r = asIndexConstant(right);
    if (l && r) return index(int64_t(uint64_t(*l) - uint64_t(*r)));
    if (r && *r == 0) return left;
    if (r && *r < 0 && *r != std::numeric_limits<int64_t>::min()) return add(left, index(-*r));
  }
  Expr e{Expr::Kind::Binary, prim::isComparison(op) || op == BinaryOp::And || op == BinaryOp::Or
                                 ? Elem::Bool
                                 : left->type};
  e.binaryOp = op;
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::select(const ExprP& condition, const ExprP& thenValue, const ExprP& elseValue) {
  if (thenValue == elseValue) return thenValue;
  if (condition->kind == Expr::Kind::Const)
    return std::get<bool>(condition->value) ? thenValue : elseValue;
  if (thenValue->kind == Expr::Kind::Const && elseValue->kind == Expr::Kind::Const &&
      thenValue->type == Elem::Bool && std::get<bool>(thenValue->value))
    return condition; // c ? true : false
  Expr e{Expr::Kind::Select, thenValue->type};
  e.operands = {condition, thenValue, elseValue};
  return intern(std::move(e));
}

ExprP ExprBuilder::substitute(const ExprP& expr, uint32_t localId, const ExprP& replacement) {
  std::unordered_map<uint32_t, ExprP> done;
  LocalMentions mentions(localId);
  std::function<ExprP(const ExprP&)> rebuild = [&](const ExprP& e) -> ExprP {
    if (!mentions(e)) return e;
    if (auto found = done.find(e->id); found != done.end()) return found->second;
    std::vector<ExprP> operands;
    for (const ExprP& operand : e->operands)
      operands.push_back(rebuild(operand));
    ExprP result;
    switch (e->kind) {
    case Expr::Kind::Local:
      result = replacement;
      break;
    case Expr::Kind::Load:
      result = load(e->buffer, operands[0]);
      break;
    case Expr::Kind::Unary:
      result = unary(e->unaryOp, operands[0]);
      break;
    case Expr::Kind::Binary:
      result = e->type == Elem::I64 && e->binaryOp == BinaryOp::Add ? add(operands[0], operands[1])
               : e->type == Elem::I64 && e->binaryOp == BinaryOp::Mul
                   ? mul(operands[0], operands[1])
                   : binary(e->binaryOp, operands[0], operands[1]);
      break;
    case Expr::Kind::Select:
      result = select(operands[0], operands[1], operands[2]);
      break;
    case Expr::Kind::IndexDiv:
      result = indexDiv(operands[0], operands[1]);
      break;
    case Expr::Kind::IndexMod:
      result = indexMod(operands[0], operands[1]);
      break;
    case Expr::Kind::Const:
      result = e;
      break;
    }
    done.emplace(e->id, result);
    return result;
  };
  return rebuild(expr);
}

ExprP ExprBuilder::indexDiv(const ExprP& left, const ExprP& right) {
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (r && *r == 1) return left;
  if (l && *l == 0) return left;
  if (l && r) return index(*r == 0 ? 0 : *l / *r);
  Expr e{Expr::Kind::IndexDiv, Elem::I64};
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::indexMod(const ExprP& left, const ExprP& right) {
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (r && *r == 1) return index(0);
  if (l && *l == 0) return left;
  if (l && r) return index(*r == 0 ? 0 : *l % *r);
  Expr e{Expr::Kind::IndexMod, Elem::I64};
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::add(const ExprP& left, const ExprP& right) {
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (l && r) return index(int64_t(uint64_t(*l) + uint64_t(*r)));
  if (l && *l == 0) return right;
  if (r && *r == 0) return left;
  return binary(BinaryOp::Add, left, right);
}

ExprP ExprBuilder::mul(const ExprP& left, const ExprP& right) {
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (l && r) return index(int64_t(uint64_t(*l) * uint64_t(*r)));
  if ((l && *l == 0) || (r && *r == 0)) return index(0);
  if (l && *l == 1) return right;
  if (r && *r == 1) return left;
  return binary(BinaryOp::Mul, left, right);
}

ExprP ExprBuilder::logicalAnd(const ExprP& left, const ExprP& right) {
  if (left->kind == Expr::Kind::Const) return std::get<bool>(left->value) ? right : left;
  if (right->kind == Expr::Kind::Const) return std::get<bool>(right->value) ? left : right;
  return binary(BinaryOp::And, left, right);
}

LocalP ExprBuilder::newLocal(const std::string& name, Elem type) {
  return std::make_shared<const Local>(Local{nextLocalId_++, name, type});
}

BufferP ExprBuilder::newBuffer(const std::string& name, Elem type) {
  return std::make_shared<const Buffer>(Buffer{nextBufferId_++, name, type});
}

namespace {

/// +1 or -1 when `index` is a sum and difference of terms in which the local appears
/// once, bare, added or subtracted; 0 otherwise.
int unitSlope(const ExprP& index, uint32_t localId) {
  int added = 0, subtracted = 0, other = 0;
  LocalMentions mentions(localId);
  std::function<void(const ExprP&, bool)> visit = [&](const ExprP& e, bool positive) {
    bool add = e->kind == Expr::Kind::Binary && e->binaryOp == BinaryOp::Add;
    bool sub = e->kind == Expr::Kind::Binary && e->binaryOp == BinaryOp::Sub;
    if (add || sub) {
      visit(e->operands[0], positive);
      visit(e->operands[1], add ? positive : !positive);
      return;
    }
    if (!mentions(e)) return;
    bool isLocal = e->kind == Expr::Kind::Local && e->local->id == localId;
    (!isLocal ? other : positive ? added : subtracted) += 1;
  };
  visit(index, true);
  if (other != 0 || added + subtracted != 1) return 0;
  return added == 1 ? 1 : -1;
}

} // namespace

bool growsByOne(const ExprP& index, uint32_t localId) {
  return unitSlope(index, localId) == 1;
}

bool shrinksByOne(const ExprP& index, uint32_t localId) {
  return unitSlope(index, localId) == -1;
}

StmtP makeShiftedFor(ExprBuilder& exprs, const LocalP& index, const ExprP& start,
                     const ExprP& count, Block body) {
  LocalP counter = exprs.newLocal(index->name, Elem::I64);
  body.insert(body.begin(), makeDeclare(index, exprs.add(exprs.local(counter), start)));
  return makeFor(counter, count, std::move(body));
}

} // namespace arr::loops
