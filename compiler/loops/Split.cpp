// Index-set splitting of guarded loops on loop IR.
//
// A stencil reads its neighbours. A 3 x 3 convolution reads x[i, r + p - 1, c + q - 1]
// under range checks (LANGUAGE.md §7: out-of-range reads give zero):
//
//   for c < v: ... for p < 3: for q < 3:
//     if (0 <= c + q - 1) && (c + q - 1 < v) && ...: x = ...
//
// The checks on c hold for every p and q exactly when 1 <= c < v - 1: each check
// compares the index plus an offset (an affine form, read by loops/Analysis.h)
// whose least and greatest values over the inner loops' bounds are known. The
// loop then runs as three,
//
//   from = ...; to = ...
//   for c in [0, from): the body                     (the first columns)
//   for c in [from, to): the body without those checks
//   for c in [to, v): the body                       (the last columns)
//
// Innermost loops that accumulate a dot product into a local are left to
// unroll-and-jam and versioning instead (see isDotProduct).
//
// A check is used only when its bound differs from the loop's own bound by
// constants and enclosing loops' indices (a stencil's edges: few iterations); a
// check against an unrelated size (an index into a packed array of independent
// length) is left to versioning (Version.cpp), which tests it once per loop.
//
// Iterations keep their order, so results are bit-identical, and the middle loop,
// which does almost all the work, has straight-line bodies that LLVM vectorises.
// The first and last loops get the bound on their trip count when the offsets
// are constants (`at most`), which later passes read. Loops of constant extent are
// left to LLVM's unrolling (their checks are taken into account by the enclosing
// loop's split), and so are parallel loops, bodies that allocate, and large bodies
// (each split triples its body).

#include "loops/Split.h"

#include "loops/Analysis.h"

#include <set>

namespace arr::loops {

namespace {

constexpr size_t kMaxBodyStatements = 300;

class Splitter {
public:
  explicit Splitter(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    for (size_t s = 0; s < statements.size(); ++s) {
      StmtP statement = statements[s];
      if (statement->kind == Stmt::Kind::For) enclosing_.insert(statement->local->id);
      block(statement->body);
      block(statement->orElse);
      if (statement->kind == Stmt::Kind::For) enclosing_.erase(statement->local->id);
      if (statement->kind != Stmt::Kind::For || statement->parallel || statement->step != 1 ||
          statement->whileCondition || constantTrips(*statement) ||
          (statement->maxTrips && *statement->maxTrips < 8) || isDotProduct(*statement, statements))
        continue;
      Block pieces = split(*statement);
      if (pieces.empty()) continue;
      statements.erase(statements.begin() + s);
      statements.insert(statements.begin() + s, pieces.begin(), pieces.end());
      s += pieces.size() - 1;
    }
  }

private:
  /// An innermost loop that accumulates into a local its own block declares: a dot product
  /// per iteration of the enclosing loop. Unroll-and-jam interleaves several of them, which
  /// needs this loop whole, and versioning removes its checks (Version.cpp). A loop that
  /// accumulates into locals declared further out (a reduction over a whole nest) is split.
  static bool isDotProduct(const Stmt& loop, const Block& siblings) {
    std::set<uint32_t> declared = definedIn(loop.body);
    std::set<uint32_t> declaredBeside;
    for (const StmtP& sibling : siblings)
      if (sibling->kind == Stmt::Kind::Declare) declaredBeside.insert(sibling->local->id);
    bool accumulates = false, innermost = true;
    forEachStmt(loop.body, [&](const Stmt& s) {
      innermost = innermost && s.kind != Stmt::Kind::For;
      if ((s.kind == Stmt::Kind::Accumulate || s.kind == Stmt::Kind::Assign) &&
          !declared.count(s.local->id) && declaredBeside.count(s.local->id))
        accumulates = true;
    });
    return innermost && accumulates;
  }

  struct InnerLoop {
    uint32_t local;
    ExprP lower, upper;
  };

  /// What the checks in one loop's body say about its index.
  struct Analysis {
    uint32_t index = 0;
    ExprP lower, upper;                    // the loop's bounds
    std::set<uint32_t> bodyLocals;         // declared, assigned or looped over in the body
    std::vector<InnerLoop> inner;          // the loops enclosing the statement being analysed
    std::vector<ExprP> lowers;             // the index is at least each of these,
    std::vector<ExprP> uppers;             // and below each of these, in the middle loop
    std::set<uint32_t> lowerIds, upperIds; // each bound is taken once
    std::set<uint32_t> holding;            // checks (expression ids) true in the middle loop
    std::set<uint32_t> unknown;            // checks on the index with an occurrence not understood
  };

  Block split(const Stmt& loop) {
    if (statementCount(loop.body) > kMaxBodyStatements) return {};
    Analysis analysis;
    analysis.index = loop.local->id;
    analysis.lower = loop.lower;
    analysis.upper = loop.value;
    if (!collectBodyLocals(loop.body, analysis.bodyLocals)) return {};
    analyse(loop.body, analysis);
    for (uint32_t check : analysis.unknown)
      analysis.holding.erase(check);
    if (analysis.holding.empty()) return {};

    const ExprP& lower = loop.lower;
    const ExprP& upper = loop.value;
    ExprP from = lower;
    for (const ExprP& bound : analysis.lowers)
      from = exprs_.max(from, bound);
    from = exprs_.min(from, upper);
    ExprP to = upper;
    for (const ExprP& bound : analysis.uppers)
      to = exprs_.min(to, bound);
    LocalP fromLocal = exprs_.newLocal("from", Elem::I64);
    LocalP toLocal = exprs_.newLocal("to", Elem::I64);
    ExprP first = exprs_.local(fromLocal), last = exprs_.local(toLocal);

    Block middle, end;
    for (const StmtP& statement : loop.body) {
      copyInto(*statement, analysis.holding, middle);
      copyInto(*statement, {}, end);
    }
    StmtP head = makeFor(loop.local, lower, first, loop.body);
    StmtP mid = makeFor(loop.local, first, last, std::move(middle));
    StmtP tail = makeFor(loop.local, last, upper, std::move(end));
    // Few iterations when the offsets are constants: the checks fail for at most that many.
    head->maxTrips = greatestSpan(analysis.lowers, lower);
    tail->maxTrips = greatestSpan(analysis.uppers, upper, true);
    return {makeDeclare(fromLocal, from), makeDeclare(toLocal, exprs_.max(to, first)), head, mid,
            tail};
  }

  /// The largest of bound - origin (or origin - bound), when all are constants.
  static std::optional<int64_t> greatestSpan(const std::vector<ExprP>& bounds, const ExprP& origin,
                                             bool below = false) {
    int64_t greatest = 0;
    for (const ExprP& bound : bounds) {
      Affine span = below ? affineOf(origin) - affineOf(bound) : affineOf(bound) - affineOf(origin);
      if (!span.isConstant()) return std::nullopt;
      greatest = std::max(greatest, span.constant);
    }
    return greatest;
  }

  /// False when the body allocates or holds a parallel loop: those stay as they are.
  static bool collectBodyLocals(const Block& statements, std::set<uint32_t>& locals) {
    for (const StmtP& statement : statements) {
      switch (statement->kind) {
      case Stmt::Kind::Alloc:
      case Stmt::Kind::Free:
        return false;
      case Stmt::Kind::For:
        if (statement->parallel) return false;
        [[fallthrough]];
      case Stmt::Kind::Declare:
      case Stmt::Kind::Assign:
      case Stmt::Kind::Accumulate:
        locals.insert(statement->local->id);
        break;
      default:
        break;
      }
      if (!collectBodyLocals(statement->body, locals) ||
          !collectBodyLocals(statement->orElse, locals))
        return false;
    }
    return true;
  }

  void analyse(const Block& statements, Analysis& analysis) {
    for (const StmtP& statement : statements) {
      if (statement->kind == Stmt::Kind::For) {
        analysis.inner.push_back({statement->local->id, statement->lower, statement->value});
        analyse(statement->body, analysis);
        analysis.inner.pop_back();
        continue;
      }
      if (statement->kind == Stmt::Kind::If)
        forEachConjunct(statement->value,
                        [&](const ExprP& check) { analyseCheck(check, analysis); });
      analyse(statement->body, analysis);
      analyse(statement->orElse, analysis);
    }
  }

  /// `0 <= e` or `e < limit` where e is the index plus an offset that grows with the inner
  /// loops' indices: the range of the index where the check holds on every inner iteration.
  void analyseCheck(const ExprP& check, Analysis& analysis) {
    if (check->kind != Expr::Kind::Binary) return;
    auto zero = asIndexConstant(check->operands[0]);
    bool lower = check->binaryOp == BinaryOp::Le && zero && *zero == 0;
    bool upper = check->binaryOp == BinaryOp::Lt;
    if (!lower && !upper) return;
    const ExprP& position = lower ? check->operands[1] : check->operands[0];
    if (!mentionsLocal(position, analysis.index)) return;
    auto unknown = [&] { analysis.unknown.insert(check->id); };
    Affine form = affineOf(position);
    if (form.opaqueIn(analysis.index) || form.coefficient(analysis.index) != 1) return unknown();
    ExprP offset = exprs_.substitute(position, analysis.index, exprs_.index(0));
    ExprP least = offset, greatest = offset;
    for (const InnerLoop& loop : analysis.inner) {
      if (!mentionsLocal(offset, loop.local)) continue;
      Affine inner = affineOf(offset);
      if (inner.opaqueIn(loop.local) || inner.coefficient(loop.local) != 1 ||
          readsBody(loop.upper, analysis) || readsBody(loop.lower, analysis))
        return unknown();
      least = exprs_.substitute(least, loop.local, loop.lower);
      greatest = exprs_.substitute(greatest, loop.local, exprs_.sub(loop.upper, exprs_.index(1)));
    }
    if (readsBody(least, analysis) || readsBody(greatest, analysis)) return unknown();
    if (lower) {
      ExprP lowest = exprs_.sub(exprs_.index(0), least);
      if (!nearby(lowest, analysis.lower)) return unknown();
      if (analysis.lowerIds.insert(lowest->id).second) analysis.lowers.push_back(lowest);
    } else {
      const ExprP& limit = check->operands[1];
      if (readsBody(limit, analysis)) return unknown();
      ExprP beyond = exprs_.sub(limit, greatest);
      if (!nearby(beyond, analysis.upper)) return unknown();
      if (analysis.upperIds.insert(beyond->id).second) analysis.uppers.push_back(beyond);
    }
    analysis.holding.insert(check->id);
  }

  /// Whether `bound` differs from the loop's bound `edge` by constants and enclosing loops'
  /// indices only: the iterations between them are a stencil's edge.
  bool nearby(const ExprP& bound, const ExprP& edge) const {
    Affine difference = affineOf(bound) - affineOf(edge);
    for (const auto& [id, term] : difference.terms)
      if (term.first->kind != Expr::Kind::Local || !enclosing_.count(term.first->local->id))
        return false;
    return true;
  }

  static bool readsBody(const ExprP& expr, const Analysis& analysis) {
    std::set<uint32_t> read;
    collectLocals(expr, read);
    for (uint32_t local : read)
      if (local == analysis.index || analysis.bodyLocals.count(local)) return true;
    return false;
  }

  /// Appends a deep copy of `statement` to `out`, with the `holding` checks taken as true.
  void copyInto(const Stmt& statement, const std::set<uint32_t>& holding, Block& out) {
    auto copied = std::make_shared<Stmt>(statement);
    copied->body.clear();
    copied->orElse.clear();
    for (const StmtP& inner : statement.body)
      copyInto(*inner, holding, copied->body);
    for (const StmtP& inner : statement.orElse)
      copyInto(*inner, holding, copied->orElse);
    if (statement.kind == Stmt::Kind::If) {
      copied->value = withoutHolding(statement.value, holding);
      if (copied->value->kind == Expr::Kind::Const) {
        const Block& taken = std::get<bool>(copied->value->value) ? copied->body : copied->orElse;
        out.insert(out.end(), taken.begin(), taken.end());
        return;
      }
    }
    out.push_back(copied);
  }

  ExprP withoutHolding(const ExprP& condition, const std::set<uint32_t>& holding) {
    if (holding.count(condition->id)) return exprs_.boolean(true);
    if (condition->kind != Expr::Kind::Binary || condition->binaryOp != BinaryOp::And)
      return condition;
    return exprs_.logicalAnd(withoutHolding(condition->operands[0], holding),
                             withoutHolding(condition->operands[1], holding));
  }

  ExprBuilder& exprs_;
  std::set<uint32_t> enclosing_; // indices of the loops around the one being split
};

} // namespace

void splitGuardedLoops(Function& function, ExprBuilder& exprs) {
  Splitter(exprs).block(function.body);
}

} // namespace arr::loops
