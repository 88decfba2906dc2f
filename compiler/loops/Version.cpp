// Loop versioning of guarded reads on loop IR.
//
// A read the compiler cannot prove in range is guarded (LANGUAGE.md §7: it
// reads zero otherwise). In an innermost loop,
//
//   for j in [lo, hi): ...; if (0 <= e(j) && e(j) < m) { x = a[e(j)] }; ...
//
// where e(j) is an affine function of j (loops/Analysis.h), every guard holds
// exactly when it holds at the ends: 0 <= e(lo) and e(hi - 1) < m when e grows
// with j, the other way round when it shrinks, once when it does not move. The
// loop then runs as two versions,
//
//   inRange = 0 <= e(lo) && e(hi - 1) < m
//   if inRange: for j in [lo, hi): ...; x = a[e(j)]; ...     (no test per element)
//   else: the original loop
//
// so the common case has straight-line bodies that LLVM vectorises. The GMM
// objective's triangular Q (x - mu) product is such a loop: its index into the
// packed lower triangle is in range whenever the packed size l is d(d-1)/2,
// which the compiler cannot know.

#include "loops/Version.h"

#include "loops/Analysis.h"

#include <map>
#include <optional>
#include <set>

namespace arr::loops {

namespace {

/// One check of a guard: 0 <= index (lower) or index < limit (upper).
struct RangeCheck {
  ExprP index; // with the loop body's declared locals substituted
  ExprP limit; // null for a lower check
};

class Versioner {
public:
  explicit Versioner(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    for (size_t s = 0; s < statements.size(); ++s) {
      Stmt& statement = *statements[s];
      block(statement.body);
      block(statement.orElse);
      if (statement.kind != Stmt::Kind::For || statement.parallel || statement.step != 1 ||
          statement.whileCondition)
        continue;
      // A short loop (a 3 x 3 stencil's taps, the few iterations a split leaves) gains nothing.
      if (auto trips = tripBound(statement); trips && *trips < 8) continue;
      Block versions = version(statements[s]);
      if (versions.empty()) continue;
      statements.erase(statements.begin() + s);
      statements.insert(statements.begin() + s, versions.begin(), versions.end());
      s += versions.size() - 1;
    }
  }

private:
  /// The two versions of `loop` and the test between them, or nothing.
  Block version(const StmtP& loop) {
    const uint32_t j = loop->local->id;
    std::map<uint32_t, ExprP> declared; // locals the body declares and never reassigns
    std::set<uint32_t> assigned;
    for (const StmtP& statement : loop->body) {
      if (statement->kind == Stmt::Kind::For) return {}; // innermost loops only
      if (statement->kind == Stmt::Kind::Declare) declared[statement->local->id] = statement->value;
      forEachAssign(*statement, [&](const Stmt& s) { assigned.insert(s.local->id); });
    }
    for (uint32_t local : assigned)
      declared.erase(local);
    std::set<uint32_t> bodyLocals;
    for (const StmtP& statement : loop->body)
      if (statement->kind == Stmt::Kind::Declare) bodyLocals.insert(statement->local->id);

    std::vector<RangeCheck> checks;
    std::set<const Stmt*> versioned;
    for (const StmtP& statement : loop->body) {
      if (statement->kind != Stmt::Kind::If || !guardsReads(*statement)) continue;
      std::vector<RangeCheck> found;
      if (!rangeChecks(statement->value, declared, bodyLocals, j, found)) continue;
      checks.insert(checks.end(), found.begin(), found.end());
      versioned.insert(statement.get());
    }
    if (versioned.empty()) return {};

    ExprP first = loop->lower;
    ExprP last = exprs_.sub(loop->value, exprs_.index(1));
    ExprP fast = exprs_.boolean(true);
    std::set<const Expr*> tested; // copies of one read (after unroll-and-jam) test alike
    for (const RangeCheck& check : checks) {
      ExprP test;
      // The least value of the index over the loop for a lower check, the greatest for
      // an upper one: at the first or the last iteration, as it grows or shrinks.
      bool grows = affineOf(check.index).coefficient(j) > 0;
      if (check.limit) {
        ExprP high = exprs_.substitute(check.index, j, grows ? last : first);
        test = exprs_.binary(BinaryOp::Lt, high, check.limit);
      } else {
        ExprP low = exprs_.substitute(check.index, j, grows ? first : last);
        // A least index that is a negative constant (a stencil's a[j - 1]) never passes.
        if (auto constant = asIndexConstant(low); constant && *constant < 0) return {};
        test = exprs_.binary(BinaryOp::Le, exprs_.index(0), low);
      }
      if (tested.insert(test.get()).second) fast = exprs_.logicalAnd(fast, test);
    }

    auto unguarded = std::make_shared<Stmt>(*loop);
    unguarded->body.clear();
    for (const StmtP& statement : loop->body) {
      if (!versioned.count(statement.get())) {
        unguarded->body.push_back(statement);
        continue;
      }
      unguarded->body.insert(unguarded->body.end(), statement->body.begin(), statement->body.end());
    }
    LocalP inRange = exprs_.newLocal("inRange", Elem::Bool);
    return {makeDeclare(inRange, fast), makeIf(exprs_.local(inRange), {unguarded}, {loop})};
  }

  static void forEachAssign(const Stmt& statement, const std::function<void(const Stmt&)>& f) {
    if (statement.kind == Stmt::Kind::Assign || statement.kind == Stmt::Kind::Accumulate)
      f(statement);
    for (const StmtP& inner : statement.body)
      forEachAssign(*inner, f);
    for (const StmtP& inner : statement.orElse)
      forEachAssign(*inner, f);
  }

  /// An `if` that only assigns loaded values to locals: a guarded read.
  static bool guardsReads(const Stmt& guard) {
    if (!guard.orElse.empty()) return false;
    bool loads = false;
    for (const StmtP& inner : guard.body) {
      if (inner->kind != Stmt::Kind::Assign) return false;
      forEachExpr(inner->value, [&](const Expr& e) { loads |= e.kind == Expr::Kind::Load; });
    }
    return loads;
  }

  /// Splits a conjunction of range checks on indices affine in j (moving with it or not).
  bool rangeChecks(const ExprP& condition, const std::map<uint32_t, ExprP>& declared,
                   const std::set<uint32_t>& bodyLocals, uint32_t j,
                   std::vector<RangeCheck>& found) {
    if (condition->kind != Expr::Kind::Binary) return false;
    const ExprP& left = condition->operands[0];
    const ExprP& right = condition->operands[1];
    switch (condition->binaryOp) {
    case BinaryOp::And:
      return rangeChecks(left, declared, bodyLocals, j, found) &&
             rangeChecks(right, declared, bodyLocals, j, found);
    case BinaryOp::Le: {
      auto zero = asIndexConstant(left);
      if (!zero || *zero != 0) return false;
      ExprP index = expand(right, declared);
      if (affineOf(index).opaqueIn(j) || readsAny(index, bodyLocals)) return false;
      found.push_back({index, nullptr});
      return true;
    }
    case BinaryOp::Lt: {
      ExprP index = expand(left, declared);
      if (affineOf(index).opaqueIn(j) || readsAny(index, bodyLocals)) return false;
      if (mentionsLocal(right, j) || readsAny(right, bodyLocals)) return false;
      found.push_back({index, right});
      return true;
    }
    default:
      return false;
    }
  }

  /// `index` with the body's declared locals replaced by their values.
  ExprP expand(ExprP index, const std::map<uint32_t, ExprP>& declared) {
    for (int round = 0; round < 8; ++round) {
      ExprP before = index;
      for (const auto& [local, value] : declared)
        if (mentionsLocal(index, local)) index = exprs_.substitute(index, local, value);
      if (index == before) break;
    }
    return index;
  }

  static bool readsAny(const ExprP& expr, const std::set<uint32_t>& locals) {
    std::set<uint32_t> read;
    collectLocals(expr, read);
    for (uint32_t local : read)
      if (locals.count(local)) return true;
    return false;
  }

  ExprBuilder& exprs_;
};

} // namespace

void versionGuardedLoops(Function& function, ExprBuilder& exprs) {
  Versioner(exprs).block(function.body);
}

} // namespace arr::loops
