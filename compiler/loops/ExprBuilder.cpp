#include "loops/ExprBuilder.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace arr::loops {

namespace {

Elem unaryResultType(UnaryOp op, Elem operand) {
  return prim::resultType(op, operand).value_or(operand);
}

/// The interning key: the kind, the operation, the value and the operands' ids.
std::string keyOf(const Expr& e) {
  std::string key = std::to_string(int(e.kind)) + ":" + std::to_string(int(e.type)) + ":" +
                    std::to_string(e.lanes) + ":" + std::to_string(int(e.unaryOp)) + ":" +
                    std::to_string(int(e.binaryOp)) + ":";
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

int64_t wrap(uint64_t value) {
  return int64_t(value);
}

bool isBinary(const ExprP& e, BinaryOp op) {
  return e->kind == Expr::Kind::Binary && e->binaryOp == op;
}

/// `x + c` with c an i64 constant: (x, c); otherwise (e, 0).
std::pair<ExprP, int64_t> splitOffset(const ExprP& e) {
  if (isBinary(e, BinaryOp::Add))
    if (auto c = asIndexConstant(e->operands[1])) return {e->operands[0], *c};
  return {e, 0};
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

bool mentionsAny(const ExprP& expr, const std::set<uint32_t>& localIds) {
  if (localIds.empty()) return false;
  bool found = false;
  forEachExpr(expr, [&](const Expr& e) {
    found = found || (e.kind == Expr::Kind::Local && localIds.count(e.local->id));
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
    found = found || (e.kind == Expr::Kind::Load && bufferIds.count(e.buffer->memory().id));
  });
  return found;
}

bool readsMemory(const ExprP& expr) {
  bool found = false;
  forEachExpr(expr, [&](const Expr& e) { found = found || e.kind == Expr::Kind::Load; });
  return found;
}

std::optional<int64_t> asIndexConstant(const ExprP& expr) {
  if (expr->kind != Expr::Kind::Const || expr->type != Elem::I64) return std::nullopt;
  return std::get<int64_t>(expr->value);
}

bool isZeroConstant(const ExprP& expr) {
  if (expr->kind != Expr::Kind::Const) return false;
  return std::visit([](auto value) { return value == decltype(value){}; }, expr->value);
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

ExprP ExprBuilder::constant(const Scalar& value, Elem type, int lanes) {
  Expr e{Expr::Kind::Const, type, lanes};
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

ExprP ExprBuilder::zero(Elem type, int lanes) {
  switch (type) {
  case Elem::F64:
  case Elem::F32:
    return constant(0.0, type, lanes);
  case Elem::I64:
    return constant(int64_t{0}, type, lanes);
  case Elem::Bool:
    return constant(false, type, lanes);
  }
  return index(0);
}

ExprP ExprBuilder::identity(BinaryOp op, Elem type, int lanes) {
  const bool isFloatType = arr::isFloat(type);
  switch (prim::info(op).identity) {
  case prim::Identity::Zero:
    return isFloatType ? constant(-0.0, type, lanes) : zero(type, lanes);
  case prim::Identity::One:
    return constant(type == Elem::Bool ? Scalar(true) : Scalar(int64_t{1}), type, lanes);
  case prim::Identity::Lowest:
    if (type == Elem::I64) return constant(std::numeric_limits<int64_t>::min(), type, lanes);
    if (type == Elem::Bool) return constant(false, type, lanes);
    return constant(-std::numeric_limits<double>::infinity(), type, lanes);
  case prim::Identity::Highest:
    if (type == Elem::I64) return constant(std::numeric_limits<int64_t>::max(), type, lanes);
    if (type == Elem::Bool) return constant(true, type, lanes);
    return constant(std::numeric_limits<double>::infinity(), type, lanes);
  case prim::Identity::None:
  case prim::Identity::Unset:
    break;
  }
  throw std::logic_error(std::string("loop IR: ") + prim::toString(op) + " is not a reduction");
}

ExprP ExprBuilder::local(const LocalP& local) {
  auto found = localExprs_.find(local->id);
  if (found != localExprs_.end()) return found->second;
  Expr e{Expr::Kind::Local, local->type, local->lanes};
  e.local = local;
  ExprP made = intern(std::move(e));
  localExprs_.emplace(local->id, made);
  return made;
}

ExprP ExprBuilder::load(const BufferP& buffer, std::vector<ExprP> indices, int lanes) {
  if (indices.size() != buffer->shape.size())
    throw std::logic_error("loop IR: " + std::to_string(indices.size()) +
                           " indices into the rank-" + std::to_string(buffer->shape.size()) +
                           " buffer " + buffer->name);
  Expr e{Expr::Kind::Load, buffer->type, lanes};
  e.buffer = buffer;
  e.operands = std::move(indices);
  return intern(std::move(e));
}

ExprP ExprBuilder::unary(UnaryOp op, const ExprP& operand) {
  Expr e{Expr::Kind::Unary, unaryResultType(op, operand->type), operand->lanes};
  e.unaryOp = op;
  e.operands = {operand};
  return intern(std::move(e));
}

ExprP ExprBuilder::binary(BinaryOp op, const ExprP& leftIn, const ExprP& rightIn) {
  ExprP left = leftIn, right = rightIn;
  if (left->lanes != right->lanes) {
    int lanes = std::max(left->lanes, right->lanes);
    left = broadcast(left, lanes);
    right = broadcast(right, lanes);
  }
  if (left->type == Elem::I64 && left->lanes == 1) {
    switch (op) {
    case BinaryOp::Add:
      return add(left, right);
    case BinaryOp::Sub:
      return sub(left, right);
    case BinaryOp::Mul:
      return mul(left, right);
    case BinaryOp::Min:
      return min(left, right);
    case BinaryOp::Max:
      return max(left, right);
    default:
      break;
    }
  }
  // An index compared with itself (a gather's `n < n` once its select is decided).
  if (left == right && left->type == Elem::I64 && prim::isComparison(op)) {
    bool reflexive = op == BinaryOp::Le || op == BinaryOp::Ge || op == BinaryOp::Eq;
    return constant(reflexive, Elem::Bool, left->lanes);
  }
  // (c ? k1 : k2) == k3 with constants decides in the branches: a guarded read's
  // `select(c, 0, 1) == 0` becomes c.
  bool equality = op == BinaryOp::Eq || op == BinaryOp::Ne;
  if (equality && left->kind == Expr::Kind::Select && right->kind == Expr::Kind::Const &&
      left->operands[1]->kind == Expr::Kind::Const &&
      left->operands[2]->kind == Expr::Kind::Const && left->lanes == 1) {
    auto decide = [&](const ExprP& branch) {
      return boolean((branch->value == right->value) == (op == BinaryOp::Eq));
    };
    return select(left->operands[0], decide(left->operands[1]), decide(left->operands[2]));
  }
  Expr e{Expr::Kind::Binary,
         prim::isComparison(op) || op == BinaryOp::And || op == BinaryOp::Or ? Elem::Bool
                                                                             : left->type,
         left->lanes};
  e.binaryOp = op;
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::add(const ExprP& left, const ExprP& right) {
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (l && r) return index(wrap(uint64_t(*l) + uint64_t(*r)));
  if (l) return add(right, left);
  if (r && *r == 0) return left;
  auto [x, c1] = splitOffset(left);
  if (r) {
    if (c1 != 0) return add(x, index(wrap(uint64_t(c1) + uint64_t(*r))));
  } else {
    auto [y, c2] = splitOffset(right);
    if (c1 != 0 || c2 != 0) return add(add(x, y), index(wrap(uint64_t(c1) + uint64_t(c2))));
  }
  Expr e{Expr::Kind::Binary, Elem::I64};
  e.binaryOp = BinaryOp::Add;
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::sub(const ExprP& left, const ExprP& right) {
  if (left == right) return index(0);
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (l && r) return index(wrap(uint64_t(*l) - uint64_t(*r)));
  if (r && *r != std::numeric_limits<int64_t>::min()) return add(left, index(-*r));
  auto [x, c1] = splitOffset(left);
  auto [y, c2] = splitOffset(right);
  if (c1 != 0 || c2 != 0) return add(sub(x, y), index(wrap(uint64_t(c1) - uint64_t(c2))));
  // x - (x + y) and (x + y) - x.
  if (isBinary(right, BinaryOp::Add) && right->operands[0] == left)
    return sub(index(0), right->operands[1]);
  if (isBinary(left, BinaryOp::Add) && left->operands[0] == right) return left->operands[1];
  if (isBinary(left, BinaryOp::Add) && left->operands[1] == right) return left->operands[0];
  Expr e{Expr::Kind::Binary, Elem::I64};
  e.binaryOp = BinaryOp::Sub;
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::mul(const ExprP& left, const ExprP& right) {
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (l && r) return index(wrap(uint64_t(*l) * uint64_t(*r)));
  if (l) return mul(right, left);
  if (r && *r == 0) return index(0);
  if (r && *r == 1) return left;
  if (r) {
    auto [x, c] = splitOffset(left);
    if (c != 0) return add(mul(x, right), index(wrap(uint64_t(c) * uint64_t(*r))));
  }
  Expr e{Expr::Kind::Binary, Elem::I64};
  e.binaryOp = BinaryOp::Mul;
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::min(const ExprP& left, const ExprP& right) {
  if (left == right) return left;
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (l && r) return index(std::min(*l, *r));
  // x + c1 against x + c2: the smaller offset.
  auto [x, c1] = splitOffset(left);
  auto [y, c2] = splitOffset(right);
  if (x == y && !asIndexConstant(x)) return c1 <= c2 ? left : right;
  Expr e{Expr::Kind::Binary, Elem::I64};
  e.binaryOp = BinaryOp::Min;
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::max(const ExprP& left, const ExprP& right) {
  if (left == right) return left;
  auto l = asIndexConstant(left), r = asIndexConstant(right);
  if (l && r) return index(std::max(*l, *r));
  auto [x, c1] = splitOffset(left);
  auto [y, c2] = splitOffset(right);
  if (x == y && !asIndexConstant(x)) return c1 >= c2 ? left : right;
  Expr e{Expr::Kind::Binary, Elem::I64};
  e.binaryOp = BinaryOp::Max;
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::logicalAnd(const ExprP& left, const ExprP& right) {
  if (left->kind == Expr::Kind::Const) return std::get<bool>(left->value) ? right : left;
  if (right->kind == Expr::Kind::Const) return std::get<bool>(right->value) ? left : right;
  if (left == right) return left;
  Expr e{Expr::Kind::Binary, Elem::Bool, std::max(left->lanes, right->lanes)};
  e.binaryOp = BinaryOp::And;
  e.operands = {left, right};
  return intern(std::move(e));
}

ExprP ExprBuilder::select(const ExprP& condition, const ExprP& thenValue, const ExprP& elseValue) {
  if (thenValue == elseValue) return thenValue;
  if (condition->kind == Expr::Kind::Const)
    return std::get<bool>(condition->value) ? thenValue : elseValue;
  if (thenValue->kind == Expr::Kind::Const && elseValue->kind == Expr::Kind::Const &&
      thenValue->type == Elem::Bool && std::get<bool>(thenValue->value) &&
      thenValue->lanes == condition->lanes)
    return condition; // c ? true : false
  int lanes = std::max({condition->lanes, thenValue->lanes, elseValue->lanes});
  Expr e{Expr::Kind::Select, thenValue->type, lanes};
  e.operands = {condition, broadcast(thenValue, lanes), broadcast(elseValue, lanes)};
  return intern(std::move(e));
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

ExprP ExprBuilder::broadcast(const ExprP& scalar, int lanes) {
  if (scalar->lanes == lanes) return scalar;
  if (scalar->lanes != 1)
    throw std::logic_error("loop IR: broadcast of a vector of " + std::to_string(scalar->lanes) +
                           " lanes to " + std::to_string(lanes));
  if (scalar->kind == Expr::Kind::Const) return constant(scalar->value, scalar->type, lanes);
  Expr e{Expr::Kind::Broadcast, scalar->type, lanes};
  e.operands = {scalar};
  return intern(std::move(e));
}

ExprP ExprBuilder::reduceLanes(BinaryOp op, const ExprP& vector) {
  if (vector->lanes == 1) return vector;
  Expr e{Expr::Kind::ReduceLanes, vector->type, 1};
  e.binaryOp = op;
  e.operands = {vector};
  return intern(std::move(e));
}

ExprP ExprBuilder::rebuild(const Expr& e, std::vector<ExprP> operands) {
  switch (e.kind) {
  case Expr::Kind::Const:
  case Expr::Kind::Local:
    break;
  case Expr::Kind::Load:
    return load(e.buffer, std::move(operands), e.lanes);
  case Expr::Kind::Unary:
    return unary(e.unaryOp, operands[0]);
  case Expr::Kind::Binary:
    if (e.binaryOp == BinaryOp::And && e.type == Elem::Bool)
      return logicalAnd(operands[0], operands[1]);
    return binary(e.binaryOp, operands[0], operands[1]);
  case Expr::Kind::Select:
    return select(operands[0], operands[1], operands[2]);
  case Expr::Kind::IndexDiv:
    return indexDiv(operands[0], operands[1]);
  case Expr::Kind::IndexMod:
    return indexMod(operands[0], operands[1]);
  case Expr::Kind::Broadcast:
    return broadcast(operands[0], e.lanes);
  case Expr::Kind::ReduceLanes:
    return reduceLanes(e.binaryOp, operands[0]);
  }
  throw std::logic_error("loop IR: rebuilding a leaf expression");
}

ExprP ExprBuilder::substitute(const ExprP& expr, uint32_t localId, const ExprP& replacement) {
  return substitute(expr, std::map<uint32_t, ExprP>{{localId, replacement}});
}

ExprP ExprBuilder::substitute(const ExprP& expr, const std::map<uint32_t, ExprP>& replacements) {
  if (replacements.empty()) return expr;
  std::unordered_map<uint32_t, ExprP> done;
  std::function<ExprP(const ExprP&)> visit = [&](const ExprP& e) -> ExprP {
    if (auto found = done.find(e->id); found != done.end()) return found->second;
    ExprP result = e;
    if (e->kind == Expr::Kind::Local) {
      auto replaced = replacements.find(e->local->id);
      if (replaced != replacements.end()) result = replaced->second;
    } else if (!e->operands.empty()) {
      std::vector<ExprP> operands;
      bool changed = false;
      for (const ExprP& operand : e->operands) {
        operands.push_back(visit(operand));
        changed = changed || operands.back() != operand;
      }
      if (changed) result = rebuild(*e, std::move(operands));
    }
    done.emplace(e->id, result);
    return result;
  };
  return visit(expr);
}

LocalP ExprBuilder::newLocal(const std::string& name, Elem type, int lanes) {
  return std::make_shared<const Local>(Local{nextLocalId_++, name, type, lanes});
}

BufferP ExprBuilder::newBuffer(const std::string& name, Elem type, std::vector<ExprP> shape) {
  return std::make_shared<const Buffer>(Buffer{nextBufferId_++, name, type, std::move(shape), {}});
}

BufferP ExprBuilder::newView(const BufferP& base, std::vector<ExprP> shape) {
  return std::make_shared<const Buffer>(
      Buffer{nextBufferId_++, base->name, base->type, std::move(shape), base});
}

// ---- Statements -----------------------------------------------------------------------

StmtP makeFor(const LocalP& local, const ExprP& lower, const ExprP& upper, Block body,
              int64_t step) {
  auto loop = std::make_shared<Stmt>(Stmt{Stmt::Kind::For});
  loop->local = local;
  loop->lower = lower;
  loop->value = upper;
  loop->step = step;
  loop->body = std::move(body);
  return loop;
}

StmtP makeDeclare(const LocalP& local, const ExprP& value) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Declare});
  statement->local = local;
  statement->value = value;
  return statement;
}

StmtP makeAssign(const LocalP& local, const ExprP& value) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Assign});
  statement->local = local;
  statement->value = value;
  return statement;
}

StmtP makeAccumulate(const LocalP& local, BinaryOp op, const ExprP& value, bool reassociate) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Accumulate});
  statement->local = local;
  statement->op = op;
  statement->value = value;
  statement->reassociate = reassociate;
  return statement;
}

StmtP makeStore(const BufferP& buffer, std::vector<ExprP> indices, const ExprP& value) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Store});
  statement->buffer = buffer;
  statement->indices = std::move(indices);
  statement->value = value;
  return statement;
}

StmtP makeUpdate(const BufferP& buffer, std::vector<ExprP> indices, BinaryOp op, const ExprP& value,
                 bool reassociate) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Update});
  statement->buffer = buffer;
  statement->indices = std::move(indices);
  statement->op = op;
  statement->value = value;
  statement->reassociate = reassociate;
  return statement;
}

StmtP makeIf(const ExprP& condition, Block body, Block orElse) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::If});
  statement->value = condition;
  statement->body = std::move(body);
  statement->orElse = std::move(orElse);
  return statement;
}

StmtP makeAlloc(const BufferP& buffer) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Alloc});
  statement->buffer = buffer;
  return statement;
}

StmtP makeFree(const BufferP& buffer) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Free});
  statement->buffer = buffer;
  return statement;
}

StmtP makeSwap(const BufferP& buffer, const BufferP& other) {
  auto statement = std::make_shared<Stmt>(Stmt{Stmt::Kind::Swap});
  statement->buffer = buffer;
  statement->other = other;
  return statement;
}

} // namespace arr::loops
