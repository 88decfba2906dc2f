#include "loops/Analysis.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace arr::loops {

// ---- Affine forms ---------------------------------------------------------------------

int64_t Affine::coefficient(uint32_t localId) const {
  for (const auto& [id, term] : terms)
    if (term.first->kind == Expr::Kind::Local && term.first->local->id == localId)
      return term.second;
  return 0;
}

bool Affine::opaqueIn(uint32_t localId) const {
  for (const auto& [id, term] : terms)
    if (term.first->kind != Expr::Kind::Local && mentionsLocal(term.first, localId)) return true;
  return false;
}

bool Affine::sameTerms(const Affine& other) const {
  if (terms.size() != other.terms.size()) return false;
  for (const auto& [id, term] : terms) {
    auto found = other.terms.find(id);
    if (found == other.terms.end() || found->second.second != term.second) return false;
  }
  return true;
}

Affine Affine::operator-(const Affine& other) const {
  Affine result = *this;
  result.constant = int64_t(uint64_t(constant) - uint64_t(other.constant));
  for (const auto& [id, term] : other.terms) {
    auto& mine = result.terms[id];
    if (!mine.first) mine.first = term.first;
    mine.second -= term.second;
    if (mine.second == 0) result.terms.erase(id);
  }
  return result;
}

namespace {

void accumulate(Affine& into, const Affine& part, int64_t scale) {
  into.constant = int64_t(uint64_t(into.constant) + uint64_t(part.constant) * uint64_t(scale));
  for (const auto& [id, term] : part.terms) {
    auto& mine = into.terms[id];
    if (!mine.first) mine.first = term.first;
    mine.second += term.second * scale;
    if (mine.second == 0) into.terms.erase(id);
  }
}

Affine opaque(const ExprP& expr) {
  Affine form;
  form.terms[expr->id] = {expr, 1};
  return form;
}

} // namespace

Affine affineOf(const ExprP& expr) {
  if (auto constant = asIndexConstant(expr)) {
    Affine form;
    form.constant = *constant;
    return form;
  }
  if (expr->kind == Expr::Kind::Binary && expr->type == Elem::I64 && expr->lanes == 1) {
    const ExprP& left = expr->operands[0];
    const ExprP& right = expr->operands[1];
    switch (expr->binaryOp) {
    case BinaryOp::Add:
    case BinaryOp::Sub: {
      Affine form = affineOf(left);
      accumulate(form, affineOf(right), expr->binaryOp == BinaryOp::Add ? 1 : -1);
      return form;
    }
    case BinaryOp::Mul: {
      Affine l = affineOf(left), r = affineOf(right);
      if (r.isConstant()) std::swap(l, r);
      if (l.isConstant()) {
        Affine form;
        accumulate(form, r, l.constant);
        return form;
      }
      break;
    }
    default:
      break;
    }
  }
  if (expr->kind == Expr::Kind::Unary && expr->unaryOp == UnaryOp::Neg && expr->type == Elem::I64) {
    Affine form;
    accumulate(form, affineOf(expr->operands[0]), -1);
    return form;
  }
  return opaque(expr);
}

ExprP expressionOf(ExprBuilder& exprs, const Affine& form) {
  ExprP result = exprs.index(0);
  for (const auto& [id, term] : form.terms)
    result = exprs.add(result, exprs.mul(term.first, exprs.index(term.second)));
  return exprs.add(result, exprs.index(form.constant));
}

ExprP canonical(ExprBuilder& exprs, const ExprP& expr) {
  if (expr->type != Elem::I64 || expr->lanes != 1) return expr;
  return expressionOf(exprs, affineOf(expr));
}

// ---- Accesses --------------------------------------------------------------------------

namespace {

Access makeAccess(const Buffer* buffer, const Stmt* statement, std::vector<ExprP> indices,
                  int lanes, bool write, const std::vector<const Stmt*>& loops) {
  Access access;
  access.buffer = buffer;
  access.statement = statement;
  access.indices = std::move(indices);
  access.lanes = lanes;
  access.write = write;
  access.loops = loops;
  return access;
}

void loadsOf(const ExprP& expr, const Stmt& statement, const std::vector<const Stmt*>& loops,
             std::vector<Access>& out) {
  forEachExpr(expr, [&](const Expr& e) {
    if (e.kind == Expr::Kind::Load)
      out.push_back(makeAccess(e.buffer.get(), &statement, e.operands, e.lanes, false, loops));
  });
}

void collect(const Stmt& s, std::vector<const Stmt*>& loops, std::vector<Access>& out) {
  for (const ExprP& operand : operandsOf(s))
    loadsOf(operand, s, loops, out);
  if (s.kind == Stmt::Kind::Store || s.kind == Stmt::Kind::Update) {
    Access write = makeAccess(s.buffer.get(), &s, s.indices, s.value->lanes, true, loops);
    if (s.kind == Stmt::Kind::Update) {
      write.reduction = true;
      write.op = s.op;
      write.reassociate = s.reassociate;
      write.addsZero = s.op == BinaryOp::Add && arr::isFloat(s.buffer->type) &&
                       s.value->kind == Expr::Kind::Const && isZeroConstant(s.value) &&
                       !std::signbit(std::get<double>(s.value->value));
      Access read = write;
      read.write = false;
      out.push_back(read);
    }
    out.push_back(std::move(write));
  }
  if (s.kind == Stmt::Kind::Swap) {
    // Every element of both buffers changes: a write whose indices are unknown.
    for (const BufferP& buffer : {s.buffer, s.other}) {
      Access whole = makeAccess(buffer.get(), &s, {}, 1, true, loops);
      whole.wholeBuffer = true;
      out.push_back(whole);
    }
  }
  if (s.kind == Stmt::Kind::For) loops.push_back(&s);
  for (const StmtP& inner : s.body)
    collect(*inner, loops, out);
  for (const StmtP& inner : s.orElse)
    collect(*inner, loops, out);
  if (s.kind == Stmt::Kind::For) loops.pop_back();
}

} // namespace

std::vector<ExprP> operandsOf(const Stmt& s) {
  std::vector<ExprP> operands;
  for (const ExprP& e : {s.value, s.lower, s.work, s.whileCondition})
    if (e) operands.push_back(e);
  operands.insert(operands.end(), s.indices.begin(), s.indices.end());
  // An allocation reads its extents, which may be locals (a size bound at run time).
  if (s.kind == Stmt::Kind::Alloc)
    operands.insert(operands.end(), s.buffer->shape.begin(), s.buffer->shape.end());
  return operands;
}

std::vector<Access> accessesOf(const Block& block) {
  std::vector<Access> out;
  std::vector<const Stmt*> loops;
  for (const StmtP& s : block)
    collect(*s, loops, out);
  return out;
}

std::vector<Access> accessesOf(const Stmt& statement) {
  std::vector<Access> out;
  std::vector<const Stmt*> loops;
  collect(statement, loops, out);
  return out;
}

std::optional<int64_t> innerStride(const Access& access, uint32_t localId) {
  for (size_t d = 0; d < access.indices.size(); ++d) {
    Affine form = affineOf(access.indices[d]);
    if (form.opaqueIn(localId)) return std::nullopt;
    int64_t c = form.coefficient(localId);
    if (d + 1 < access.indices.size() && c != 0) return std::nullopt;
    if (d + 1 == access.indices.size()) return c;
  }
  return 0; // a scalar buffer
}

bool movesOuterDimension(const Access& access, uint32_t localId) {
  for (size_t d = 0; d + 1 < access.indices.size(); ++d)
    if (affineOf(access.indices[d]).mentions(localId)) return true;
  return false;
}

namespace {

Meet meetInDimension(const ExprP& first, const ExprP& second, int firstLanes, int secondLanes,
                     uint32_t v, int64_t step, const std::set<uint32_t>& varying) {
  Affine f = affineOf(first), g = affineOf(second);
  auto involvesVarying = [&](const Affine& form) {
    for (const auto& [id, term] : form.terms)
      if (mentionsAny(term.first, varying)) return true;
    return false;
  };
  if (involvesVarying(f) || involvesVarying(g) || f.opaqueIn(v) || g.opaqueIn(v))
    return Meet::Maybe;
  int64_t a = f.coefficient(v), b = g.coefficient(v);
  if (a != b) return Meet::Maybe;
  Affine fRest = f, gRest = g;
  for (auto* form : {&fRest, &gRest})
    for (auto it = form->terms.begin(); it != form->terms.end(); ++it)
      if (it->second.first->kind == Expr::Kind::Local && it->second.first->local->id == v) {
        form->terms.erase(it);
        break;
      }
  if (!fRest.sameTerms(gRest)) return Meet::Maybe;
  // a v1 + cf + p = a v2 + cg + q with 0 <= p < firstLanes, 0 <= q < secondLanes.
  int64_t low = gRest.constant - fRest.constant - (firstLanes - 1);
  int64_t high = gRest.constant - fRest.constant + (secondLanes - 1);
  if (a == 0) return low <= 0 && 0 <= high ? Meet::Maybe : Meet::Never;
  // a (v1 - v2) in [low, high], v1 - v2 a multiple of step.
  int64_t unit = a * step;
  int64_t absUnit = unit < 0 ? -unit : unit;
  if (high - low > 4 * absUnit) return Meet::Maybe;
  bool zero = false, other = false;
  for (int64_t x = low; x <= high; ++x) {
    if (x % absUnit != 0) continue;
    (x == 0 ? zero : other) = true;
  }
  if (other) return Meet::Maybe;
  return zero ? Meet::SameIteration : Meet::Never;
}

} // namespace

Meet meetOf(const Access& x, const Access& y, uint32_t index, int64_t step,
            const std::set<uint32_t>& varying) {
  if (x.buffer->memory().id != y.buffer->memory().id) return Meet::Never;
  if (x.wholeBuffer || y.wholeBuffer) return Meet::Maybe;
  if (x.buffer != y.buffer || x.indices.size() != y.indices.size()) return Meet::Maybe;
  bool same = false;
  for (size_t d = 0; d < x.indices.size(); ++d) {
    bool last = d + 1 == x.indices.size();
    Meet here = meetInDimension(x.indices[d], y.indices[d], last ? x.lanes : 1, last ? y.lanes : 1,
                                index, step, varying);
    if (here == Meet::Never) return Meet::Never;
    if (here == Meet::SameIteration) same = true;
  }
  return same ? Meet::SameIteration : Meet::Maybe;
}

bool commutingSteps(const Access& x, const Access& y, const std::vector<Access>& accesses) {
  if (x.reduction && y.reduction && x.op == BinaryOp::Add && y.op == BinaryOp::Add &&
      (x.addsZero || y.addsZero))
    return true;
  if (!x.reduction || !y.reduction || !x.reassociate || !y.reassociate || x.op != y.op)
    return false;
  uint32_t memory = x.buffer->memory().id;
  for (const Access& other : accesses)
    if (other.buffer->memory().id == memory &&
        (!other.reduction || !other.reassociate || other.op != x.op))
      return false;
  return true;
}

bool carriesDependence(const std::vector<Access>& accesses, const Stmt& loop,
                       bool reductionsCommute) {
  std::set<uint32_t> varying = definedIn(loop.body);
  for (size_t i = 0; i < accesses.size(); ++i)
    for (size_t j = i; j < accesses.size(); ++j) {
      const Access& x = accesses[i];
      const Access& y = accesses[j];
      if (!x.write && !y.write) continue;
      if (reductionsCommute && commutingSteps(x, y, accesses)) continue;
      if (meetOf(x, y, loop.local->id, loop.step, varying) == Meet::Maybe) return true;
    }
  return false;
}

// ---- Statements ------------------------------------------------------------------------

void forEachStmt(const Block& block, const std::function<void(const Stmt&)>& f) {
  for (const StmtP& s : block) {
    f(*s);
    forEachStmt(s->body, f);
    forEachStmt(s->orElse, f);
  }
}

std::set<uint32_t> assignedFromOutside(const Block& block) {
  std::set<uint32_t> defined = definedIn(block), assigned;
  forEachStmt(block, [&](const Stmt& s) {
    if ((s.kind == Stmt::Kind::Assign || s.kind == Stmt::Kind::Accumulate) &&
        !defined.count(s.local->id))
      assigned.insert(s.local->id);
  });
  return assigned;
}

std::set<uint32_t> definedIn(const Block& block) {
  std::set<uint32_t> defined;
  forEachStmt(block, [&](const Stmt& s) {
    if (s.kind == Stmt::Kind::Declare || s.kind == Stmt::Kind::For) defined.insert(s.local->id);
  });
  return defined;
}

std::set<uint32_t> writtenBuffers(const Block& block) {
  std::set<uint32_t> written;
  forEachStmt(block, [&](const Stmt& s) {
    if (s.kind == Stmt::Kind::Store || s.kind == Stmt::Kind::Update ||
        s.kind == Stmt::Kind::Alloc || s.kind == Stmt::Kind::Swap)
      written.insert(s.buffer->memory().id);
    if (s.kind == Stmt::Kind::Swap) written.insert(s.other->id);
  });
  return written;
}

bool hasInnerLoop(const Block& body) {
  bool found = false;
  forEachStmt(body, [&](const Stmt& s) {
    found = found || s.kind == Stmt::Kind::For || s.kind == Stmt::Kind::Swap;
  });
  return found;
}

Footprint footprintOf(const Stmt& statement) {
  Footprint f;
  Block block = {std::make_shared<Stmt>(statement)};
  f.definedLocals = definedIn(block);
  for (uint32_t id : assignedFromOutside(block))
    f.definedLocals.insert(id);
  f.writtenBuffers = writtenBuffers(block);
  forEachStmt(block, [&](const Stmt& s) {
    for (const ExprP& operand : operandsOf(s)) {
      collectLocals(operand, f.readLocals);
      forEachExpr(operand, [&](const Expr& e) {
        if (e.kind == Expr::Kind::Load) f.readBuffers.insert(e.buffer->memory().id);
      });
    }
    if (s.kind == Stmt::Kind::Update) f.readBuffers.insert(s.buffer->memory().id);
    if (s.kind == Stmt::Kind::Free || s.kind == Stmt::Kind::Alloc)
      f.writtenBuffers.insert(s.buffer->memory().id);
  });
  return f;
}

namespace {
template <typename T>
bool intersects(const std::set<T>& a, const std::set<T>& b) {
  for (const T& item : a)
    if (b.count(item)) return true;
  return false;
}
} // namespace

bool independent(const Footprint& a, const Footprint& b) {
  return !intersects(a.definedLocals, b.readLocals) && !intersects(b.definedLocals, a.readLocals) &&
         !intersects(a.definedLocals, b.definedLocals) &&
         !intersects(a.writtenBuffers, b.readBuffers) &&
         !intersects(b.writtenBuffers, a.readBuffers) &&
         !intersects(a.writtenBuffers, b.writtenBuffers);
}

bool onlyAssigns(const Stmt& guard, const std::set<uint32_t>& locals) {
  if (!guard.orElse.empty()) return false;
  for (const StmtP& inner : guard.body)
    if (inner->kind != Stmt::Kind::Assign || !locals.count(inner->local->id)) return false;
  return true;
}

size_t statementCount(const Block& block) {
  size_t count = 0;
  forEachStmt(block, [&](const Stmt&) { ++count; });
  return count;
}

namespace {

StmtP copyStmt(ExprBuilder& exprs, const Stmt& s, std::map<uint32_t, ExprP>& names, bool fresh) {
  auto copied = std::make_shared<Stmt>(s);
  auto rename = [&](const ExprP& e) { return e ? exprs.substitute(e, names) : e; };
  copied->value = rename(s.value);
  copied->lower = rename(s.lower);
  copied->work = rename(s.work);
  copied->whileCondition = rename(s.whileCondition);
  for (ExprP& index : copied->indices)
    index = rename(index);
  if (s.kind == Stmt::Kind::Declare || s.kind == Stmt::Kind::For) {
    if (fresh) {
      copied->local = exprs.newLocal(s.local->name, s.local->type, s.local->lanes);
      names[s.local->id] = exprs.local(copied->local);
    }
  } else if (s.kind == Stmt::Kind::Assign || s.kind == Stmt::Kind::Accumulate) {
    auto renamed = names.find(s.local->id);
    if (renamed != names.end() && renamed->second->kind == Expr::Kind::Local)
      copied->local = renamed->second->local;
  }
  for (Reduction& reduction : copied->reductions) {
    auto renamed = names.find(reduction.local->id);
    if (renamed != names.end() && renamed->second->kind == Expr::Kind::Local)
      reduction.local = renamed->second->local;
  }
  copied->body.clear();
  copied->orElse.clear();
  for (const StmtP& inner : s.body)
    copied->body.push_back(copyStmt(exprs, *inner, names, fresh));
  for (const StmtP& inner : s.orElse)
    copied->orElse.push_back(copyStmt(exprs, *inner, names, fresh));
  return copied;
}

} // namespace

Block copyBlock(ExprBuilder& exprs, const Block& block, std::map<uint32_t, ExprP>& renaming) {
  Block copied;
  for (const StmtP& s : block)
    copied.push_back(copyStmt(exprs, *s, renaming, true));
  return copied;
}

Block substituteBlock(ExprBuilder& exprs, const Block& block,
                      const std::map<uint32_t, ExprP>& replacements) {
  std::map<uint32_t, ExprP> names = replacements;
  Block copied;
  for (const StmtP& s : block)
    copied.push_back(copyStmt(exprs, *s, names, false));
  return copied;
}

void forEachConjunct(const ExprP& condition, const std::function<void(const ExprP&)>& f) {
  if (condition->kind == Expr::Kind::Binary && condition->binaryOp == BinaryOp::And) {
    forEachConjunct(condition->operands[0], f);
    forEachConjunct(condition->operands[1], f);
    return;
  }
  f(condition);
}

bool countsUpFromZero(const Stmt& loop) {
  return loop.kind == Stmt::Kind::For && loop.step == 1 && !loop.whileCondition &&
         asIndexConstant(loop.lower) == std::optional<int64_t>(0);
}

std::optional<WholeStore> wholeStoreOf(const Stmt& nest, const Buffer& buffer) {
  WholeStore whole;
  const Stmt* at = &nest;
  while (at->kind == Stmt::Kind::For) {
    whole.loops.push_back(at);
    const Stmt* next = nullptr;
    std::set<uint32_t> declared;
    for (const StmtP& inner : at->body) {
      if (inner->kind == Stmt::Kind::Declare) {
        declared.insert(inner->local->id);
        continue;
      }
      if (inner->kind == Stmt::Kind::If && onlyAssigns(*inner, declared)) continue;
      if (next) return std::nullopt;
      next = inner.get();
    }
    if (!next) return std::nullopt;
    at = next;
  }
  if (at->kind != Stmt::Kind::Store || at->buffer->id != buffer.id || buffer.base ||
      at->value->lanes != 1 || !coversEveryElement(whole.loops, *at, buffer))
    return std::nullopt;
  whole.store = at;
  return whole;
}

bool coversEveryElement(const std::vector<const Stmt*>& loops, const Stmt& store,
                        const Buffer& buffer) {
  if (loops.size() != buffer.shape.size()) return false;
  std::set<size_t> covered;
  for (const Stmt* loop : loops) {
    if (!countsUpFromZero(*loop)) return false;
    auto dimension =
        std::find_if(store.indices.begin(), store.indices.end(), [&](const ExprP& index) {
          return index->kind == Expr::Kind::Local && index->local->id == loop->local->id;
        });
    if (dimension == store.indices.end()) return false;
    size_t d = size_t(dimension - store.indices.begin());
    if (!covered.insert(d).second || !(affineOf(loop->value) == affineOf(buffer.shape[d])))
      return false;
  }
  return true;
}

ExprP unitStepTrips(ExprBuilder& exprs, const Stmt& loop) {
  return exprs.max(exprs.sub(loop.value, loop.lower), exprs.index(0));
}

std::optional<int64_t> constantTrips(const Stmt& loop) {
  auto lower = asIndexConstant(loop.lower), upper = asIndexConstant(loop.value);
  if (!lower || !upper) return std::nullopt;
  if (*upper <= *lower) return 0;
  return (*upper - *lower + loop.step - 1) / loop.step;
}

std::optional<int64_t> tripBound(const Stmt& loop) {
  std::optional<int64_t> trips = constantTrips(loop);
  if (loop.maxTrips && (!trips || *loop.maxTrips < *trips)) trips = loop.maxTrips;
  // [x + c1, x + c2): at most c2 - c1 iterations.
  Affine span = affineOf(loop.value) - affineOf(loop.lower);
  if (span.isConstant()) {
    int64_t count = span.constant <= 0 ? 0 : (span.constant + loop.step - 1) / loop.step;
    if (!trips || count < *trips) trips = count;
  }
  return trips;
}

bool mayRepeat(const Stmt& loop) {
  auto trips = tripBound(loop);
  return !(trips && *trips <= 1);
}

namespace {

/// How deep the range analysis follows definitions (min, max, declared locals).
constexpr int kMaxBoundDepth = 24;

Affine constantForm(int64_t value) {
  Affine form;
  form.constant = value;
  return form;
}

/// a + factor * b, failing on overflow.
std::optional<Affine> checkedCombination(const Affine& a, const Affine& b, int64_t factor) {
  Affine result = a;
  int64_t scaled = 0;
  if (__builtin_mul_overflow(b.constant, factor, &scaled) ||
      __builtin_add_overflow(result.constant, scaled, &result.constant))
    return std::nullopt;
  for (const auto& [id, term] : b.terms) {
    auto [entry, fresh] = result.terms.try_emplace(id, term.first, 0);
    int64_t coefficient = 0;
    if (__builtin_mul_overflow(term.second, factor, &coefficient) ||
        __builtin_add_overflow(entry->second.second, coefficient, &entry->second.second))
      return std::nullopt;
    if (entry->second.second == 0) result.terms.erase(entry);
  }
  return result;
}

} // namespace

std::optional<Affine> checkedSum(const Affine& a, const Affine& b) {
  return checkedCombination(a, b, 1);
}

std::optional<Affine> checkedDifference(const Affine& a, const Affine& b) {
  return checkedCombination(a, b, -1);
}

std::optional<Affine> checkedScaled(const Affine& form, int64_t factor) {
  return checkedCombination(Affine{}, form, factor);
}

std::optional<Affine> checkedOffset(const Affine& form, int64_t offset) {
  return checkedCombination(form, constantForm(offset), 1);
}

ValueBounds::ValueBounds(const Function& function, const std::set<uint32_t>& varying,
                         const std::set<uint32_t>& written)
    : varying_(varying), written_(written) {
  std::set<uint32_t> reassigned;
  forEachStmt(function.body, [&](const Stmt& s) {
    if (s.kind == Stmt::Kind::Declare) declared_[s.local->id].push_back(s.value);
    if (s.kind == Stmt::Kind::Assign || s.kind == Stmt::Kind::Accumulate)
      reassigned.insert(s.local->id);
    if (s.kind == Stmt::Kind::For) loops_[s.local->id].push_back(&s);
  });
  for (uint32_t id : reassigned)
    declared_.erase(id);
  for (const auto& [id, loops] : loops_) {
    bool fromNonNegative = true;
    for (const Stmt* loop : loops) {
      auto lower = asIndexConstant(loop->lower);
      fromNonNegative = fromNonNegative && lower && *lower >= 0 && loop->step >= 1;
    }
    if (fromNonNegative) nonNegative_.insert(id);
  }
  // A size that is a whole dimension of an argument or a result comes from a shape.
  auto shapes = [&](const BufferP& buffer) {
    for (const ExprP& extent : buffer->shape)
      if (extent->kind == Expr::Kind::Local) nonNegative_.insert(extent->local->id);
  };
  for (const Param& param : function.params)
    if (param.buffer) shapes(param.buffer);
  for (const BufferP& result : function.results)
    shapes(result);
}

void ValueBounds::assume(uint32_t localId, Affine least, Affine greatest) {
  assumed_[localId] = {std::move(least), std::move(greatest)};
  memo_.clear();
}

bool ValueBounds::invariant(const ExprP& expr) const {
  return !mentionsAny(expr, varying_) && !readsAnyBuffer(expr, written_);
}

bool ValueBounds::nonNegative(const Affine& form) const {
  if (form.constant < 0) return false;
  for (const auto& [id, term] : form.terms) {
    const auto& [expr, coefficient] = term;
    if (coefficient < 0 || expr->kind != Expr::Kind::Local || !nonNegative_.count(expr->local->id))
      return false;
  }
  return true;
}

bool ValueBounds::atLeast(const Affine& larger, const Affine& smaller) const {
  auto difference = checkedDifference(larger, smaller);
  return difference && nonNegative(*difference);
}

bool ValueBounds::bounded(const Affine& form) const {
  constexpr int64_t kSmallConstant = int64_t(1) << 40, kSmallCoefficient = int64_t(1) << 20;
  if (form.constant > kSmallConstant || form.constant < -kSmallConstant) return false;
  for (const auto& [id, term] : form.terms) {
    const auto& [expr, coefficient] = term;
    if (coefficient > kSmallCoefficient || coefficient < -kSmallCoefficient ||
        expr->kind != Expr::Kind::Local || !nonNegative_.count(expr->local->id))
      return false;
  }
  return true;
}

std::optional<Affine> ValueBounds::bound(const ExprP& expr, bool upper, int depth) {
  if (expr->type != Elem::I64 || expr->lanes != 1 || depth > kMaxBoundDepth) return std::nullopt;
  auto key = std::make_pair(expr->id, upper);
  if (auto known = memo_.find(key); known != memo_.end()) return known->second;
  auto result = boundOf(expr, upper, depth);
  // What the definitions do not bound, an invariant expression bounds as itself.
  if (!result && invariant(expr)) result = affineOf(expr);
  memo_.emplace(key, result);
  return result;
}

std::optional<Affine> ValueBounds::boundOf(const ExprP& expr, bool upper, int depth) {
  switch (expr->kind) {
  case Expr::Kind::Const:
    return affineOf(expr);
  case Expr::Kind::Local: {
    const uint32_t id = expr->local->id;
    if (auto assumed = assumed_.find(id); assumed != assumed_.end())
      return upper ? assumed->second.second : assumed->second.first;
    std::optional<Affine> result;
    bool first = true;
    auto either = [&](const std::optional<Affine>& next) {
      result = first ? next : looser(result, next, upper);
      first = false;
    };
    if (auto values = declared_.find(id); values != declared_.end()) {
      for (const ExprP& value : values->second)
        either(bound(value, upper, depth + 1));
      return result;
    }
    auto loops = loops_.find(id);
    if (loops == loops_.end()) return std::nullopt; // a size or a parameter: itself
    for (const Stmt* loop : loops->second) {
      if (loop->step < 1) return std::nullopt;
      if (!upper) {
        either(bound(loop->lower, false, depth + 1));
        continue;
      }
      auto end = bound(loop->value, true, depth + 1);
      either(end ? checkedOffset(*end, -1) : std::nullopt);
    }
    return result;
  }
  case Expr::Kind::IndexDiv:
  case Expr::Kind::IndexMod: {
    // With operands shown not to be negative, neither is the result, nor above the
    // dividend (whatever a division by zero gives); a remainder is below a positive divisor.
    auto dividend = operandBound(expr->operands[0], false, depth);
    auto divisor = operandBound(expr->operands[1], false, depth);
    if (!dividend || !divisor || !nonNegative(*dividend) || !nonNegative(*divisor))
      return std::nullopt;
    if (!upper) return constantForm(0);
    auto greatest = operandBound(expr->operands[0], true, depth);
    auto positive = checkedOffset(*divisor, -1); // the divisor is at least 1
    if (expr->kind == Expr::Kind::IndexDiv || !positive || !nonNegative(*positive)) return greatest;
    auto belowDivisor = operandBound(expr->operands[1], true, depth);
    if (belowDivisor) belowDivisor = checkedOffset(*belowDivisor, -1);
    if (greatest && belowDivisor) return tighter(*greatest, *belowDivisor, true);
    return greatest ? greatest : belowDivisor;
  }
  case Expr::Kind::Select:
    return looser(operandBound(expr->operands[1], upper, depth),
                  operandBound(expr->operands[2], upper, depth), upper);
  case Expr::Kind::Binary:
    break;
  default:
    return std::nullopt;
  }
  const ExprP& left = expr->operands[0];
  const ExprP& right = expr->operands[1];
  switch (expr->binaryOp) {
  case BinaryOp::Add: {
    auto a = bound(left, upper, depth + 1), b = bound(right, upper, depth + 1);
    if (!a || !b) return std::nullopt;
    return checkedSum(*a, *b);
  }
  case BinaryOp::Sub: {
    auto a = bound(left, upper, depth + 1), b = bound(right, !upper, depth + 1);
    if (!a || !b) return std::nullopt;
    return checkedDifference(*a, *b);
  }
  case BinaryOp::Mul: {
    auto factor = asIndexConstant(right);
    const ExprP* other = &left;
    if (!factor) {
      factor = asIndexConstant(left);
      other = &right;
    }
    if (!factor) return std::nullopt;
    auto a = bound(*other, *factor >= 0 ? upper : !upper, depth + 1);
    return a ? checkedScaled(*a, *factor) : std::nullopt;
  }
  case BinaryOp::Min:
  case BinaryOp::Max: {
    auto a = operandBound(left, upper, depth), b = operandBound(right, upper, depth);
    // The bound on the side of the operation (the greatest of a min) needs one operand's,
    // the other side both.
    if ((expr->binaryOp == BinaryOp::Min) == upper) {
      if (a && b) return tighter(*a, *b, upper);
      return a ? a : b;
    }
    return looser(a, b, upper);
  }
  default:
    return std::nullopt;
  }
}

/// The bound of an operand of min, max, select, / or %, when it is `bounded`.
std::optional<Affine> ValueBounds::operandBound(const ExprP& operand, bool upper, int depth) {
  auto result = bound(operand, upper, depth + 1);
  if (result && !bounded(*result)) return std::nullopt;
  return result;
}

/// A bound of both of two values: the larger of two greatest values when they compare
/// (the smaller of two least ones), or else of constants they imply (min(1, n) >= 0).
std::optional<Affine> ValueBounds::looser(const std::optional<Affine>& a,
                                          const std::optional<Affine>& b, bool upper) const {
  if (!a || !b) return std::nullopt;
  if (atLeast(*a, *b)) return upper ? a : b;
  if (atLeast(*b, *a)) return upper ? b : a;
  auto ca = constantBound(*a, upper), cb = constantBound(*b, upper);
  if (!ca || !cb) return std::nullopt;
  return constantForm(upper ? std::max(*ca, *cb) : std::min(*ca, *cb));
}

/// Of two bounds that both hold, the tighter one when they compare, else the one with
/// fewer terms (an array's size alone, rather than a sum of sizes: tables sized by a bound
/// are as long as the array).
std::optional<Affine> ValueBounds::tighter(const Affine& a, const Affine& b, bool upper) const {
  if (atLeast(a, b)) return upper ? b : a;
  if (atLeast(b, a)) return upper ? a : b;
  return b.terms.size() < a.terms.size() ? b : a;
}

/// A constant bound that the form implies: its constant, when every term is a multiple of
/// a non-negative local that can only raise it (a least value) or lower it (a greatest
/// one).
std::optional<int64_t> ValueBounds::constantBound(const Affine& form, bool upper) const {
  for (const auto& [id, term] : form.terms) {
    const auto& [expr, coefficient] = term;
    if ((coefficient < 0) != upper || expr->kind != Expr::Kind::Local ||
        !nonNegative_.count(expr->local->id))
      return std::nullopt;
  }
  return form.constant;
}

} // namespace arr::loops
