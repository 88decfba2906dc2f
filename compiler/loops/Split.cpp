// Index-set splitting of guarded loops on loop IR.
//
// A stencil reads its neighbours. A 3 x 3 convolution reads x[r + p - 1, c + q - 1]
// under range checks (LANGUAGE.md §7: out-of-range reads give zero):
//
//   for c < v: ... for p < 3: for q < 3:
//     if (0 <= c + q - 1) && (c + q - 1 < v) && ...: x = ...
//
// The checks on c hold for every p and q exactly when 1 <= c < v - 1: the index
// plus an offset whose least and greatest values over the inner loops are known.
// The loop then runs as three,
//
//   from = ...; to = ...
//   for c < from: the body                           (the first columns)
//   for t < to - from: c = t + from; the body without those checks
//   for t < v - to: c = t + to; the body             (the last columns)
//
// Innermost loops that accumulate a dot product into a local are left to unroll-and-jam
// and versioning instead (see isReduction).
//
// Iterations keep their order, so results are bit-identical, and the middle loop,
// which does almost all the work, has straight-line bodies that LLVM vectorises.
// Loops of constant extent are left to LLVM's unrolling (their checks are taken
// into account by the enclosing loop's split), and so are parallel loops, bodies
// that allocate, and large bodies (each split triples its body).

#include "loops/Split.h"

#include <set>

namespace arr::loops {

namespace {

constexpr size_t kMaxBodyStatements = 300;

size_t countStatements(const Block& statements) {
  size_t count = statements.size();
  for (const StmtP& statement : statements)
    count += countStatements(statement->body);
  return count;
}

class Splitter {
public:
  explicit Splitter(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    for (size_t s = 0; s < statements.size(); ++s) {
      StmtP statement = statements[s];
      block(statement->body);
      if (!isRewritableLoop(*statement) || asIndexConstant(statement->value) ||
          isReduction(*statement))
        continue;
      Block pieces = split(*statement);
      if (pieces.empty()) continue;
      statements.erase(statements.begin() + s);
      statements.insert(statements.begin() + s, pieces.begin(), pieces.end());
      s += pieces.size() - 1;
    }
  }

private:
  /// An innermost loop that accumulates into a local declared outside it: a dot product.
  /// Unroll-and-jam interleaves four of them from the enclosing loop, which needs this loop
  /// whole, and versioning removes its checks (Version.cpp).
  static bool isReduction(const Stmt& loop) {
    std::set<uint32_t> declared;
    bool accumulates = false, innermost = true;
    std::function<void(const Block&)> visit = [&](const Block& statements) {
      for (const StmtP& statement : statements) {
        innermost = innermost && statement->kind != Stmt::Kind::For;
        if (statement->kind == Stmt::Kind::Declare) declared.insert(statement->local->id);
        if (statement->kind == Stmt::Kind::Assign && !declared.count(statement->local->id))
          accumulates = true;
        visit(statement->body);
      }
    };
    visit(loop.body);
    return innermost && accumulates;
  }

  struct InnerLoop {
    uint32_t local;
    ExprP extent;
  };

  /// What the checks in one loop's body say about its index.
  struct Analysis {
    uint32_t index = 0;
    std::set<uint32_t> bodyLocals;         // declared, assigned or looped over in the body
    std::vector<InnerLoop> inner;          // the loops enclosing the statement being analysed
    std::vector<ExprP> lowers;             // the index is at least each of these,
    std::vector<ExprP> uppers;             // and below each of these, in the middle loop
    std::set<uint32_t> lowerIds, upperIds; // each bound is taken once
    std::set<uint32_t> holding;            // checks (expression ids) true in the middle loop
    std::set<uint32_t> unknown;            // checks on the index with an occurrence not understood
  };

  Block split(const Stmt& loop) {
    if (countStatements(loop.body) > kMaxBodyStatements) return {};
    Analysis analysis;
    analysis.index = loop.local->id;
    if (!collectBodyLocals(loop.body, analysis.bodyLocals)) return {};
    analyse(loop.body, analysis);
    for (uint32_t check : analysis.unknown)
      analysis.holding.erase(check);
    if (analysis.holding.empty()) return {};

    ExprP from = exprs_.index(0);
    for (const ExprP& lower : analysis.lowers)
      from = exprs_.binary(BinaryOp::Max, from, lower);
    from = exprs_.binary(BinaryOp::Min, from, loop.value);
    ExprP to = loop.value;
    for (const ExprP& upper : analysis.uppers)
      to = exprs_.binary(BinaryOp::Min, to, upper);
    LocalP fromLocal = exprs_.newLocal("from", Elem::I64);
    LocalP toLocal = exprs_.newLocal("to", Elem::I64);
    ExprP first = exprs_.local(fromLocal), last = exprs_.local(toLocal);

    Block middle, end;
    for (const StmtP& statement : loop.body) {
      copyInto(*statement, analysis.holding, middle);
      copyInto(*statement, {}, end);
    }
    StmtP head = makeFor(loop.local, first, loop.body);
    StmtP tail = makeShiftedFor(exprs_, loop.local, last,
                                exprs_.binary(BinaryOp::Sub, loop.value, last), std::move(end));
    head->remainder = tail->remainder = true;
    return {makeDeclare(fromLocal, from),
            makeDeclare(toLocal, exprs_.binary(BinaryOp::Max, to, first)), head,
            makeShiftedFor(exprs_, loop.local, first, exprs_.binary(BinaryOp::Sub, last, first),
                           std::move(middle)),
            tail};
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
        locals.insert(statement->local->id);
        break;
      default:
        break;
      }
      if (!collectBodyLocals(statement->body, locals)) return false;
    }
    return true;
  }

  void analyse(const Block& statements, Analysis& analysis) {
    for (const StmtP& statement : statements) {
      if (statement->kind == Stmt::Kind::For) {
        analysis.inner.push_back({statement->local->id, statement->value});
        analyse(statement->body, analysis);
        analysis.inner.pop_back();
        continue;
      }
      if (statement->kind == Stmt::Kind::If)
        forEachConjunct(statement->value,
                        [&](const ExprP& check) { analyseCheck(check, analysis); });
      analyse(statement->body, analysis);
    }
  }

  static void forEachConjunct(const ExprP& condition, const std::function<void(const ExprP&)>& f) {
    if (condition->kind == Expr::Kind::Binary && condition->binaryOp == BinaryOp::And) {
      forEachConjunct(condition->operands[0], f);
      forEachConjunct(condition->operands[1], f);
      return;
    }
    f(condition);
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
    if (!growsByOne(position, analysis.index)) return unknown();
    ExprP offset = exprs_.substitute(position, analysis.index, exprs_.index(0));
    ExprP least = offset, greatest = offset;
    for (const InnerLoop& loop : analysis.inner) {
      if (!mentionsLocal(offset, loop.local)) continue;
      if (!growsByOne(offset, loop.local) || readsBody(loop.extent, analysis)) return unknown();
      least = exprs_.substitute(least, loop.local, exprs_.index(0));
      greatest = exprs_.substitute(greatest, loop.local,
                                   exprs_.binary(BinaryOp::Sub, loop.extent, exprs_.index(1)));
    }
    if (readsBody(least, analysis) || readsBody(greatest, analysis)) return unknown();
    if (lower) {
      ExprP lowest = exprs_.binary(BinaryOp::Sub, exprs_.index(0), least);
      if (analysis.lowerIds.insert(lowest->id).second) analysis.lowers.push_back(lowest);
    } else {
      const ExprP& limit = check->operands[1];
      if (readsBody(limit, analysis)) return unknown();
      ExprP beyond = exprs_.binary(BinaryOp::Sub, limit, greatest);
      if (analysis.upperIds.insert(beyond->id).second) analysis.uppers.push_back(beyond);
    }
    analysis.holding.insert(check->id);
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
    for (const StmtP& inner : statement.body)
      copyInto(*inner, holding, copied->body);
    if (statement.kind == Stmt::Kind::If) {
      copied->value = withoutHolding(statement.value, holding);
      if (copied->value->kind == Expr::Kind::Const && std::get<bool>(copied->value->value)) {
        out.insert(out.end(), copied->body.begin(), copied->body.end());
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
};

} // namespace

void splitGuardedLoops(Function& function, ExprBuilder& exprs) {
  Splitter(exprs).block(function.body);
}

} // namespace arr::loops
