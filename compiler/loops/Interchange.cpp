// Reduction interchange on loop IR: the loop order that decides matrix
// product speed (ARCHITECTURE.md §7 measured 11.5 ms for i-k-j against 340 ms
// for i-j-k on a 512x512 product).
//
// A loop over j whose body sums over l, reading memory that is contiguous in
// j but strided in l,
//
//   for j: ...; sum = init; for l: sum = sum + X(l, j); ...use sum...
//
// becomes a row of partial sums accumulated with j innermost,
//
//   row = alloc; for j: row[j] = init
//   for l: for j: row[j] = row[j] + X(l, j)
//   for j: ...; sum = row[j]; ...use sum...
//
// Each element still adds its terms in l order, so results are unchanged.
//
// The sum may be triangular, its extent E(j) depending on j (a masked prefix,
// `for l < min(j, n)`): then l runs to a bound of E free of j, and each term is
// added under `if (l < E(j))`. Reads guarded by an `if` in the sum's body move
// with it.

#include "loops/Interchange.h"

#include <functional>
#include <optional>
#include <set>

namespace arr::loops {

namespace {

/// A load whose index is `... + j + ...` (j once, added, and in no other term) and mentions
/// l: strided in l, contiguous in j.
bool hasStridedLoad(const ExprP& expr, uint32_t j, uint32_t l) {
  bool found = false;
  forEachExpr(expr, [&](const Expr& e) {
    if (found || e.kind != Expr::Kind::Load || !mentionsLocal(e.operands[0], l)) return;
    found = growsByOne(e.operands[0], j);
  });
  return found;
}

/// Whether `e` is j or max(j, 0) (as `select(j < 0, 0, j)`).
bool isJOrItsPositivePart(const ExprP& e, uint32_t j) {
  auto isJ = [&](const ExprP& x) { return x->kind == Expr::Kind::Local && x->local->id == j; };
  if (isJ(e)) return true;
  if (e->kind != Expr::Kind::Select || !isJ(e->operands[2])) return false;
  const ExprP& condition = e->operands[0];
  auto zero = asIndexConstant(e->operands[1]);
  auto conditionZero = condition->kind == Expr::Kind::Binary
                           ? asIndexConstant(condition->operands[1])
                           : std::nullopt;
  return condition->binaryOp == BinaryOp::Lt && isJ(condition->operands[0]) && zero && *zero == 0 &&
         conditionZero && *conditionZero == 0;
}

/// A bound of a loop extent that does not depend on j: the extent itself, or, for the
/// triangular extent min(b, j) (or min(b, max(j, 0))), b; then l < extent exactly when
/// j > l. Null otherwise.
ExprP boundFreeOf(const ExprP& extent, uint32_t j) {
  if (!mentionsLocal(extent, j)) return extent;
  if (extent->kind != Expr::Kind::Select) return nullptr;
  const ExprP& condition = extent->operands[0];
  bool isMinimum = condition->kind == Expr::Kind::Binary && condition->binaryOp == BinaryOp::Lt &&
                   condition->operands[0] == extent->operands[1] &&
                   condition->operands[1] == extent->operands[2];
  if (!isMinimum) return nullptr;
  const ExprP& a = extent->operands[1];
  const ExprP& b = extent->operands[2];
  if (!mentionsLocal(a, j) && isJOrItsPositivePart(b, j)) return a;
  if (!mentionsLocal(b, j) && isJOrItsPositivePart(a, j)) return b;
  return nullptr;
}

class Interchanger {
public:
  explicit Interchanger(ExprBuilder& exprs) : exprs_(exprs) {}

  /// `defined`: the locals defined before `statements`. The block's own declarations join
  /// it for its later statements and nested blocks and leave it when the block ends
  /// (copying the set for each nested block would take time quadratic in a long body).
  void block(Block& statements, std::set<uint32_t>& defined) {
    std::vector<uint32_t> declared;
    for (size_t s = 0; s < statements.size(); ++s) {
      Stmt& statement = *statements[s];
      if (statement.kind == Stmt::Kind::Declare && defined.insert(statement.local->id).second)
        declared.push_back(statement.local->id);
      if (statement.kind != Stmt::Kind::For && statement.kind != Stmt::Kind::If) continue;
      bool indexAdded =
          statement.kind == Stmt::Kind::For && defined.insert(statement.local->id).second;
      block(statement.body, defined);
      if (indexAdded) defined.erase(statement.local->id);
      if (statement.kind != Stmt::Kind::For || statement.parallel) continue;
      Block replacement;
      while (interchange(statements[s], defined, replacement)) {
      }
      if (replacement.empty()) continue;
      replacement.push_back(statements[s]);
      appendFrees(replacement);
      statements.erase(statements.begin() + s);
      statements.insert(statements.begin() + s, replacement.begin(), replacement.end());
      s += replacement.size() - 1;
    }
    for (uint32_t id : declared)
      defined.erase(id);
  }

private:
  /// Interchanges one reduction of the j loop `outer`, adding the row's
  /// allocation and accumulation loops to `before`.
  bool interchange(StmtP& outer, const std::set<uint32_t>& definedOutside, Block& before) {
    const LocalP& j = outer->local;
    Block& body = outer->body;
    for (size_t d = 0; d < body.size(); ++d) {
      if (body[d]->kind != Stmt::Kind::Declare) continue;
      const LocalP& sum = body[d]->local;
      for (size_t f = d + 1; f < body.size(); ++f) {
        const Stmt& reduction = *body[f];
        if (reduction.kind != Stmt::Kind::For || reduction.body.empty()) continue;
        const Stmt& last = *reduction.body.back();
        if (last.kind != Stmt::Kind::Assign || last.local->id != sum->id) continue;
        if (!accumulates(last.value, sum->id)) continue;
        if (!fissionable(reduction, j->id, definedOutside, writtenIn(body))) continue;
        ExprP bound = boundFreeOf(reduction.value, j->id);
        if (!bound || !readsOnly(reduction.value, definedOutside, j->id)) continue;
        bool strided = false;
        std::function<void(const Block&)> search = [&](const Block& steps) {
          for (const StmtP& step : steps) {
            strided = strided || hasStridedLoad(step->value, j->id, reduction.local->id);
            search(step->body);
          }
        };
        search(reduction.body);
        if (!strided) continue;
        rewrite(outer, d, f, bound, before);
        return true;
      }
    }
    return false;
  }

  /// `sum = sum op X` with X free of sum.
  static bool accumulates(const ExprP& value, uint32_t sum) {
    return value->kind == Expr::Kind::Binary && value->operands[0]->kind == Expr::Kind::Local &&
           value->operands[0]->local->id == sum && !mentionsLocal(value->operands[1], sum);
  }

  /// The buffers that statements allocate or store into, nested ones included.
  static std::set<uint32_t> writtenIn(const Block& statements) {
    std::set<uint32_t> written;
    for (const StmtP& s : statements) {
      if (s->kind == Stmt::Kind::Alloc || s->kind == Stmt::Kind::Store)
        written.insert(s->buffer->id);
      std::set<uint32_t> inner = writtenIn(s->body);
      written.insert(inner.begin(), inner.end());
    }
    return written;
  }

  /// Whether `value` reads only locals defined outside the j loop, and j.
  static bool readsOnly(const ExprP& value, const std::set<uint32_t>& definedOutside, uint32_t j) {
    std::set<uint32_t> read;
    collectLocals(value, read);
    for (uint32_t local : read)
      if (local != j && !definedOutside.count(local)) return false;
    return true;
  }

  /// The reduction's body only declares and assigns its own locals (under `if`s and in
  /// inner loops too: a dot product per term) before assigning the sum, and reads nothing
  /// the j loop's body defines or writes except j.
  static bool fissionable(const Stmt& reduction, uint32_t j,
                          const std::set<uint32_t>& definedOutside,
                          const std::set<uint32_t>& buffersWritten) {
    std::set<uint32_t> allowed = definedOutside;
    allowed.insert(j);
    allowed.insert(reduction.local->id);
    std::set<uint32_t> own; // the locals the reduction's body declares
    auto readsAllowed = [&](const ExprP& value) {
      std::set<uint32_t> read;
      collectLocals(value, read);
      for (uint32_t local : read)
        if (!allowed.count(local)) return false;
      return !readsAnyBuffer(value, buffersWritten);
    };
    std::function<bool(const Block&)> steps = [&](const Block& block) {
      for (const StmtP& step : block) {
        switch (step->kind) {
        case Stmt::Kind::Declare:
          if (!readsAllowed(step->value)) return false;
          allowed.insert(step->local->id);
          own.insert(step->local->id);
          break;
        case Stmt::Kind::Assign:
          if (!own.count(step->local->id) || !readsAllowed(step->value)) return false;
          break;
        case Stmt::Kind::If:
          if (!readsAllowed(step->value) || !steps(step->body)) return false;
          break;
        case Stmt::Kind::For:
          if (step->parallel || !readsAllowed(step->value)) return false;
          allowed.insert(step->local->id);
          if (!steps(step->body)) return false;
          break;
        default:
          return false;
        }
      }
      return true;
    };
    const Block& body = reduction.body;
    if (!steps(Block(body.begin(), body.end() - 1))) return false;
    allowed.insert(body.back()->local->id);
    return readsAllowed(body.back()->value);
  }

  void rewrite(StmtP& outer, size_t declareAt, size_t reductionAt, const ExprP& bound,
               Block& before) {
    const LocalP& j = outer->local;
    StmtP declare = outer->body[declareAt];
    StmtP reduction = outer->body[reductionAt];
    ExprP jIndex = exprs_.local(j);
    BufferP row = exprs_.newBuffer("row", declare->local->type);
    rows_.push_back(row);

    auto alloc = std::make_shared<Stmt>(Stmt{Stmt::Kind::Alloc});
    alloc->buffer = row;
    alloc->value = outer->value;
    before.push_back(alloc);
    auto init = std::make_shared<Stmt>(Stmt{Stmt::Kind::Store});
    init->buffer = row;
    init->index = jIndex;
    init->value = declare->value;
    before.push_back(makeFor(j, outer->value, {init}));

    ExprP element = exprs_.load(row, jIndex);
    const Stmt& last = *reduction->body.back();
    auto add = std::make_shared<Stmt>(Stmt{Stmt::Kind::Store});
    add->buffer = row;
    add->index = jIndex;
    add->value = exprs_.binary(last.value->binaryOp, element, last.value->operands[1]);
    Block accumulate(reduction->body.begin(), reduction->body.end() - 1);
    accumulate.push_back(add);
    if (bound == reduction->value) {
      before.push_back(makeFor(reduction->local, bound, {makeFor(j, outer->value, accumulate)}));
      return finish(outer, declareAt, reductionAt, declare, element);
    }
    // A triangular sum: the term of l belongs to the sums of j = l + 1 .. n - 1, so the
    // inner loop counts from l + 1 (no test per element, and it still vectorises).
    ExprP start = exprs_.add(exprs_.local(reduction->local), exprs_.index(1));
    LocalP offset = exprs_.newLocal(j->name, Elem::I64);
    accumulate.insert(accumulate.begin(), makeDeclare(j, exprs_.add(exprs_.local(offset), start)));
    ExprP count = exprs_.binary(BinaryOp::Sub, outer->value, start);
    before.push_back(makeFor(reduction->local, bound, {makeFor(offset, count, accumulate)}));
    finish(outer, declareAt, reductionAt, declare, element);
  }

  /// The j loop reads its sum from the row.
  static void finish(StmtP& outer, size_t declareAt, size_t reductionAt, const StmtP& declare,
                     const ExprP& element) {
    auto rebuilt = std::make_shared<Stmt>(*outer);
    auto read = std::make_shared<Stmt>(*declare);
    read->value = element;
    rebuilt->body[declareAt] = read;
    rebuilt->body.erase(rebuilt->body.begin() + reductionAt);
    outer = rebuilt;
  }

  void appendFrees(Block& statements) {
    for (const BufferP& row : rows_) {
      auto free = std::make_shared<Stmt>(Stmt{Stmt::Kind::Free});
      free->buffer = row;
      statements.push_back(free);
    }
    rows_.clear();
  }

  ExprBuilder& exprs_;
  std::vector<BufferP> rows_;
};

} // namespace

void interchangeReductions(Function& function, ExprBuilder& exprs) {
  std::set<uint32_t> defined;
  for (const LocalP& size : function.sizes)
    defined.insert(size->id);
  for (const Param& param : function.params)
    if (param.scalar) defined.insert(param.scalar->id);
  Interchanger(exprs).block(function.body, defined);
}

} // namespace arr::loops
