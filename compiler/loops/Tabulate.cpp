// Tables of partial sums on loop IR.
//
// A sum over a range whose one end moves with the loops around it, of terms that those
// loops do not change, adds the same terms again and again: a triangle read as a gather
// (`a[i, if j <= i then j else n]`, zero past the row) adds 0.0 * x[j] for every j past
// the diagonal, once per row, after the trim pass has split the row there:
//
//   parallel for i < n:
//     ..
//     at = min(max(i + 1, 0), n)
//     for r in [at, n): f64 safe = 0.0; sum += safe * x[r]
//
// Where the sum may be reassociated, the sums over every suffix are computed once,
// backward, before the loops, and each row adds the one it needs:
//
//   table = alloc f64[n + 1]
//   f64 running = -0.0
//   table[n] = running
//   for t < n: (r = n - 1 - t) f64 safe = 0.0; running += safe * x[r]; table[r] = running
//   parallel for i < n: .. sum += table[at]
//
// The same holds for prefixes (the end that moves is the upper one). Each row's terms are
// then added in another order, which only a reassociable reduction allows (LANGUAGE.md
// §9): the pass leaves --strict-fp's floating-point sums alone. An empty range adds the
// operation's identity, which changes nothing (x + -0.0 is x, signs of zero included).
// Terms that are zeros and NaN, as here, sum to the same value in any order.
//
// What is legal comes from the loop IR, not from the look of the loop: the terms read no
// local and no buffer that the statement holding the loops defines or writes, the sum's
// accumulator is the only local from outside that the body changes and nothing in it
// reads it, and the moving end's least (or greatest) value over the loops around it is
// known (loop bounds, min, max, affine arithmetic), so that the table covers every range
// the loops ask for. The table's loop evaluates the terms for indices that the original
// may not have reached; each of its reads must be in range for all of them (from the
// access maps and the bounds), or be guarded by range checks of its own indices.

#include "loops/Tabulate.h"

#include "loops/Analysis.h"

#include <map>
#include <optional>
#include <set>

namespace arr::loops {

namespace {

/// A term body larger than this is not copied into a table's loop.
constexpr size_t kMaxBodyStatements = 100;

class Tabulator {
public:
  Tabulator(Function& function, ExprBuilder& exprs) : function_(function), exprs_(exprs) {}

  void block(Block& statements) {
    for (size_t s = 0; s < statements.size(); ++s) {
      Block before, after;
      tabulateInside(statements[s], before, after);
      statements.insert(statements.begin() + long(s) + 1, after.begin(), after.end());
      statements.insert(statements.begin() + long(s), before.begin(), before.end());
      s += before.size();
      // Sums that move with loops further in, over terms that this statement changes.
      block(statements[s]->body);
      block(statements[s]->orElse);
      s += after.size();
    }
  }

private:
  /// Everything one statement S (`holder`) defines and writes: what a table built
  /// before it may not read.
  struct Holder {
    std::set<uint32_t> changed; // locals it declares or assigns (a fold's state), loop indices
    std::set<uint32_t> written;
  };

  /// Rewrites the sums inside `holder` whose tables can be built just before it: their
  /// tables' statements go to `before`, their release to `after`.
  void tabulateInside(const StmtP& holder, Block& before, Block& after) {
    Holder scope{definedIn(Block{holder}), writtenBuffers(Block{holder})};
    forEachStmt(Block{holder}, [&](const Stmt& s) {
      if (s.kind == Stmt::Kind::Assign || s.kind == Stmt::Kind::Accumulate)
        scope.changed.insert(s.local->id);
    });
    bool repeats = holder->kind == Stmt::Kind::For && mayRepeat(*holder);
    walk(scope, holder->body, repeats, before, after);
    walk(scope, holder->orElse, repeats, before, after);
  }

  void walk(const Holder& scope, Block& statements, bool repeats, Block& before, Block& after) {
    for (StmtP& statement : statements) {
      if (statement->kind == Stmt::Kind::For && repeats) {
        if (auto use = tabulate(scope, *statement, before, after)) {
          statement = use;
          continue;
        }
      }
      bool inner = repeats || (statement->kind == Stmt::Kind::For && mayRepeat(*statement));
      walk(scope, statement->body, inner, before, after);
      walk(scope, statement->orElse, inner, before, after);
    }
  }

  /// The sum's step at the top of the body: acc op= term for a local from outside the
  /// loop, the body's only effect outside itself.
  static const Stmt* soleStep(const Stmt& loop) {
    if (statementCount(loop.body) > kMaxBodyStatements) return nullptr;
    const Stmt* step = nullptr;
    for (const StmtP& statement : loop.body)
      if (statement->kind == Stmt::Kind::Accumulate) {
        if (step) return nullptr;
        step = statement.get();
      }
    if (!step || !step->reassociate || step->local->lanes != 1 || step->value->lanes != 1)
      return nullptr;
    if (assignedFromOutside(loop.body) != std::set<uint32_t>{step->local->id}) return nullptr;
    bool effects = false, readsSum = false;
    forEachStmt(loop.body, [&](const Stmt& s) {
      bool assignsSum = (s.kind == Stmt::Kind::Assign || s.kind == Stmt::Kind::Accumulate) &&
                        s.local->id == step->local->id;
      effects = effects || (assignsSum && &s != step);
      switch (s.kind) {
      case Stmt::Kind::Declare:
      case Stmt::Kind::Assign:
      case Stmt::Kind::Accumulate:
      case Stmt::Kind::If:
      case Stmt::Kind::For:
        break;
      default:
        effects = true;
      }
      for (const ExprP& operand : operandsOf(s))
        readsSum = readsSum || (operand && mentionsLocal(operand, step->local->id));
    });
    return effects || readsSum ? nullptr : step;
  }

  /// `acc op= table[..]` in place of `loop` when its sum can read a table built before
  /// the holder (its statements appended to `before`, its release to `after`).
  StmtP tabulate(const Holder& scope, const Stmt& loop, Block& before, Block& after) {
    if (loop.step != 1 || loop.parallel || loop.carriesState) return nullptr;
    const Stmt* step = soleStep(loop);
    if (!step) return nullptr;
    const uint32_t index = loop.local->id;

    // The terms must read nothing the holder defines (but the loop's own locals) or writes.
    std::set<uint32_t> outside = scope.changed;
    for (uint32_t own : definedIn(loop.body))
      outside.erase(own);
    outside.erase(index);
    bool invariantTerms = true;
    forEachStmt(loop.body, [&](const Stmt& s) {
      for (const ExprP& operand : operandsOf(s))
        if (operand && (mentionsAny(operand, outside) || readsAnyBuffer(operand, scope.written)))
          invariantTerms = false;
    });
    if (!invariantTerms) return nullptr;

    ValueBounds bounds(function_, scope.changed, scope.written);
    const bool lowerMoves = !bounds.invariant(loop.lower);
    const bool upperMoves = !bounds.invariant(loop.value);
    if (lowerMoves == upperMoves) return nullptr;
    const bool suffix = lowerMoves;

    // The table covers the indices [first, last + 1): every range the loop can run over.
    std::optional<Affine> first, end;
    if (suffix) {
      first = bounds.least(loop.lower);
      end = affineOf(loop.value);
    } else {
      first = affineOf(loop.lower);
      end = bounds.greatest(loop.value);
    }
    if (!first || !end) return nullptr;
    // Forms over sizes and loop indices with small constants: evaluated in i64, they
    // cannot wrap around (a table's extent from an i64 argument near its limit could).
    if (!bounds.bounded(*first) || !bounds.bounded(*end)) return nullptr;
    auto last = checkedOffset(*end, -1);
    if (!last) return nullptr;
    bounds.assume(index, *first, *last);
    if (!readsInRange(loop.body, bounds)) return nullptr;

    // The table's element k - first holds the terms' sum over [k, end) (suffix) or
    // [first, k) (prefix), for k in [first, top]; top is at least first.
    ExprP firstExpr = expressionOf(exprs_, *first);
    ExprP endExpr = expressionOf(exprs_, *end);
    ExprP top = bounds.atLeast(*end, *first) ? endExpr : exprs_.max(endExpr, firstExpr);
    ExprP span = canonical(exprs_, exprs_.sub(top, firstExpr));
    const Elem type = step->local->type;
    BufferP table =
        exprs_.newBuffer("table", type, {canonical(exprs_, exprs_.add(span, exprs_.index(1)))});
    LocalP running = exprs_.newLocal("running", type);
    LocalP t = exprs_.newLocal("t", Elem::I64);
    ExprP at = suffix ? exprs_.sub(exprs_.sub(top, exprs_.index(1)), exprs_.local(t))
                      : exprs_.add(firstExpr, exprs_.local(t));
    at = canonical(exprs_, at);
    std::map<uint32_t, ExprP> renaming = {{index, at}, {step->local->id, exprs_.local(running)}};
    Block terms = copyBlock(exprs_, loop.body, renaming);
    for (StmtP& statement : terms)
      if (statement->kind == Stmt::Kind::Accumulate && statement->local->id == running->id)
        statement->reassociate = false; // every partial sum is kept: a scan, in order
    ExprP stored = suffix ? canonical(exprs_, exprs_.sub(at, firstExpr))
                          : canonical(exprs_, exprs_.add(exprs_.local(t), exprs_.index(1)));
    terms.push_back(makeStore(table, {stored}, exprs_.local(running)));
    before.push_back(makeAlloc(table));
    before.push_back(makeDeclare(running, exprs_.identity(step->op, type)));
    before.push_back(makeStore(table, {suffix ? span : exprs_.index(0)}, exprs_.local(running)));
    before.push_back(makeFor(t, exprs_.index(0), span, std::move(terms)));
    after.push_back(makeFree(table));

    // The range the loop runs over: [moving, end) or [first, moving), clamped to the
    // table where the bounds do not show that it stays inside.
    ExprP moving = suffix ? loop.lower : loop.value;
    if (suffix) {
      auto greatest = bounds.greatest(moving);
      if (!greatest || !bounds.atLeast(*end, *greatest)) moving = exprs_.min(moving, top);
    } else {
      auto least = bounds.least(moving);
      if (!least || !bounds.atLeast(*least, *first)) moving = exprs_.max(moving, firstExpr);
    }
    ExprP element = canonical(exprs_, exprs_.sub(moving, firstExpr));
    return makeAccumulate(step->local, step->op, exprs_.load(table, {element}), true);
  }

  /// Whether every read of `body` is in range for every value the bounds allow, or guarded
  /// by range checks of its own indices.
  bool readsInRange(const Block& body, ValueBounds& bounds) {
    std::set<uint32_t> checks; // the conjuncts of the guards around, by expression id
    return blockReadsInRange(body, bounds, checks);
  }

  bool blockReadsInRange(const Block& body, ValueBounds& bounds, std::set<uint32_t>& checks) {
    for (const StmtP& statement : body) {
      for (const ExprP& operand : operandsOf(*statement))
        if (operand && !loadsInRange(operand, bounds, checks)) return false;
      std::set<uint32_t> guarded = checks;
      if (statement->kind == Stmt::Kind::If)
        forEachConjunct(statement->value, [&](const ExprP& check) { guarded.insert(check->id); });
      if (!blockReadsInRange(statement->body, bounds, guarded) ||
          !blockReadsInRange(statement->orElse, bounds, checks))
        return false;
    }
    return true;
  }

  bool loadsInRange(const ExprP& expr, ValueBounds& bounds, const std::set<uint32_t>& checks) {
    bool inRange = true;
    forEachExpr(expr, [&](const Expr& e) {
      if (e.kind != Expr::Kind::Load || !inRange) return;
      if (e.lanes != 1) {
        inRange = false;
        return;
      }
      for (size_t d = 0; d < e.operands.size() && inRange; ++d) {
        const ExprP& at = e.operands[d];
        const ExprP& extent = e.buffer->shape[d];
        bool checked = checks.count(exprs_.binary(BinaryOp::Le, exprs_.index(0), at)->id) &&
                       checks.count(exprs_.binary(BinaryOp::Lt, at, extent)->id);
        if (checked) continue;
        auto least = bounds.least(at);
        auto greatest = bounds.greatest(at);
        auto past = greatest ? checkedOffset(*greatest, 1) : std::nullopt;
        inRange =
            least && past && bounds.nonNegative(*least) && bounds.atLeast(affineOf(extent), *past);
      }
    });
    return inRange;
  }

  Function& function_;
  ExprBuilder& exprs_;
};

} // namespace

void tabulateRangeSums(Function& function, ExprBuilder& exprs) {
  Tabulator(function, exprs).block(function.body);
}

} // namespace arr::loops
