// Unroll-and-jam on loop IR.
//
// A loop whose body runs one inner loop,
//
//   for j in [lo, hi): pre(j); for l in [a(j), b(j)): inner(j, l); post(j)
//
// runs U = 4 of its iterations per pass of the inner loop:
//
//   for jj in [lo, end) step 4:
//     pre(jj); pre(jj + 1); pre(jj + 2); pre(jj + 3)
//     for l in [a, b): inner(jj, l); inner(jj + 1, l); inner(jj + 2, l); inner(jj + 3, l)
//     post(jj); ..; post(jj + 3)
//   for j in [end, hi) at most 3: pre(j); for l ..; post(j)
//
// Each copy has locals of its own. Four independent reduction chains are then in
// flight instead of one (a dot product per j), and what the copies share is loaded
// once (a row updated by every j, row[l] += x[j, l], stays in a register for four
// terms).
//
// The inner loop's bounds may move with j (an affine function of it: the rows of a
// triangle, each starting one element later): the copies then share the indices all
// of them run, and each copy runs the indices only it has before and after that,
// in copy order.
//
// Legality comes from dependences (loops/Analysis.h), not from the look of the loop:
// the copies' pre statements now run before the inner loops of earlier copies, their
// inner loops interleave, and their post statements run after the inner loops of later
// copies. So a dependence between different iterations of j is allowed between two
// pre or two post statements (their order is kept), and between two inner statements
// only when it joins the same l (each element still gets its terms in j order) or the
// two are steps of one reassociable reduction. Locals of the enclosing code may be
// assigned only in post statements, or only by reassociable reduction steps.
//
// The heuristic: the inner loop carries a reduction chain per j (latency), or reads or
// updates memory that does not depend on j (reuse); the loops are not known to be
// short, the bodies are small (code size), and the values the copies keep across the
// inner loop fit in registers.

#include "loops/Jam.h"

#include "loops/Analysis.h"

#include <map>
#include <set>

namespace arr::loops {

namespace {

constexpr int64_t kCopies = 4;
constexpr size_t kMaxInnerStatements = 24;
constexpr size_t kMaxBodyStatements = 60;
// Whole unrolling: at most this many statements in the jammed innermost body (nine
// copies of a stencil tap's four).
constexpr size_t kMaxWholeStatements = 64;
// The copies' values held in registers across the inner loop: at most AVX2's 16 vector
// registers' worth (a jammed stencil whose 4 x 9 weights do not fit is slower than the
// loop as it was: every weight is loaded again for each vector of the row).
constexpr int64_t kMaxHeldValues = 16;

enum class Part { Pre, Inner, Post };

class Jammer {
public:
  Jammer(ExprBuilder& exprs, JamMode mode) : exprs_(exprs), whole_(mode == JamMode::Whole) {}

  void block(Block& statements) {
    Block result;
    for (StmtP& statement : statements) {
      block(statement->body);
      block(statement->orElse);
      Block jammed;
      if (statement->kind == Stmt::Kind::For && !statement->parallel) jammed = jam(*statement);
      if (jammed.empty()) jammed = {statement};
      result.insert(result.end(), jammed.begin(), jammed.end());
    }
    statements = std::move(result);
  }

private:
  Block jam(const Stmt& loop) {
    if (loop.step != 1 || loop.whileCondition) return {};
    std::optional<int64_t> trips = whole_ ? constantTrips(loop) : tripBound(loop);
    if (whole_ && (!trips || *trips < 2 || *trips > kMaxWholeTrips)) return {};
    if (!whole_ && trips && *trips < 2 * kCopies) return {};
    const int64_t copies = whole_ ? *trips : kCopies;
    const Block& body = loop.body;
    size_t at = body.size();
    for (size_t s = 0; s < body.size(); ++s) {
      if (body[s]->kind == Stmt::Kind::For) {
        if (at != body.size()) return {}; // one inner loop only
        at = s;
      }
    }
    if (at == body.size()) return {};
    const Stmt& inner = *body[at];
    if (inner.parallel || inner.step != 1 || inner.whileCondition) return {};
    if (auto innerTrips = tripBound(inner); innerTrips && *innerTrips < kCopies) return {};
    // Whole unrolling jams the copies into the innermost loop of a perfect nest.
    std::vector<const Stmt*> nest = {&inner};
    while (whole_ && nest.back()->body.size() == 1 && nest.back()->body[0]->kind == Stmt::Kind::For)
      nest.push_back(nest.back()->body[0].get());
    const Stmt& innermost = *nest.back();
    for (const Stmt* level : nest)
      if (level->whileCondition) return {};
    bool allocates = false;
    forEachStmt(body, [&](const Stmt& s) {
      allocates = allocates || s.kind == Stmt::Kind::Alloc || s.kind == Stmt::Kind::Free ||
                  s.kind == Stmt::Kind::Prefetch || (s.kind == Stmt::Kind::For && s.parallel);
    });
    if (allocates) return {};
    if (whole_) {
      bool deeper = false;
      forEachStmt(innermost.body,
                  [&](const Stmt& s) { deeper = deeper || s.kind == Stmt::Kind::For; });
      if (deeper || size_t(copies) * statementCount(innermost.body) > kMaxWholeStatements)
        return {};
    } else if (statementCount(inner.body) > kMaxInnerStatements ||
               statementCount(body) > kMaxBodyStatements) {
      return {};
    }
    Block pre(body.begin(), body.begin() + long(at));
    Block post(body.begin() + long(at) + 1, body.end());
    // Loops inside the pre or post statements would be copied whole: not worth it.
    for (const Block* part : {&pre, &post})
      for (const StmtP& s : *part)
        if (statementCount(s->body) + statementCount(s->orElse) > 0 && s->kind == Stmt::Kind::For)
          return {};
    // The inner loop's bounds: affine in j, free of the pre statements' locals.
    std::set<uint32_t> preLocals = definedIn(pre);
    for (const Stmt* level : nest)
      for (const ExprP& bound : {level->lower, level->value}) {
        if (mentionsAny(bound, preLocals)) return {};
        if (affineOf(bound).opaqueIn(loop.local->id)) return {};
        if (whole_ && mentionsLocal(bound, loop.local->id)) return {};
      }
    if (!legal(loop, pre, inner, post) || !profitable(loop, innermost, preLocals, copies))
      return {};
    if (whole_) return unroll(loop, pre, nest, post, copies);
    return rewrite(loop, pre, inner, post);
  }

  bool legal(const Stmt& loop, const Block& pre, const Stmt& inner, const Block& post) {
    const uint32_t j = loop.local->id;
    // Locals of the enclosing code that the body assigns.
    std::set<uint32_t> outside = assignedFromOutside(loop.body);
    for (uint32_t local : outside) {
      bool onlyCommuting = true, onlyPost = true, readBefore = false;
      std::set<int> ops;
      auto visit = [&](const Block& block, Part part) {
        forEachStmt(block, [&](const Stmt& s) {
          bool assigns = (s.kind == Stmt::Kind::Assign || s.kind == Stmt::Kind::Accumulate) &&
                         s.local->id == local;
          if (assigns) {
            onlyPost = onlyPost && part == Part::Post;
            onlyCommuting = onlyCommuting && s.kind == Stmt::Kind::Accumulate && s.reassociate;
            if (s.kind == Stmt::Kind::Accumulate) ops.insert(int(s.op));
            if (mentionsLocal(s.value, local)) onlyCommuting = false;
          } else {
            for (const ExprP& e : operandsOf(s))
              if (mentionsLocal(e, local)) {
                onlyCommuting = false;
                readBefore = readBefore || part != Part::Post;
              }
          }
        });
      };
      visit(pre, Part::Pre);
      visit(inner.body, Part::Inner);
      visit(post, Part::Post);
      if (mentionsLocal(inner.lower, local) || mentionsLocal(inner.value, local)) return false;
      if (!(onlyCommuting && ops.size() == 1) && !(onlyPost && !readBefore)) return false;
    }
    // Memory.
    struct Placed {
      Access access;
      Part part;
    };
    std::vector<Placed> placed;
    std::vector<Access> all;
    auto add = [&](const std::vector<Access>& accesses, Part part) {
      for (const Access& access : accesses) {
        placed.push_back({access, part});
        all.push_back(access);
      }
    };
    add(accessesOf(pre), Part::Pre);
    Stmt bounds = inner;
    bounds.body.clear();
    add(accessesOf(bounds), Part::Pre);
    add(accessesOf(inner.body), Part::Inner);
    add(accessesOf(post), Part::Post);
    std::set<uint32_t> varying = definedIn(loop.body);
    std::set<uint32_t> varyingInner = varying;
    varyingInner.erase(inner.local->id);
    varyingInner.insert(j);
    for (size_t a = 0; a < placed.size(); ++a)
      for (size_t b = a; b < placed.size(); ++b) {
        const Placed& x = placed[a];
        const Placed& y = placed[b];
        if (!x.access.write && !y.access.write) continue;
        if (meetOf(x.access, y.access, j, loop.step, varying) != Meet::Maybe) continue;
        if (commutingSteps(x.access, y.access, all)) continue;
        if (x.part == y.part && x.part != Part::Inner) continue; // order kept
        if (x.part != Part::Inner || y.part != Part::Inner) return false;
        if (meetOf(x.access, y.access, inner.local->id, inner.step, varyingInner) == Meet::Maybe)
          return false;
      }
    return true;
  }

  bool profitable(const Stmt& loop, const Stmt& inner, const std::set<uint32_t>& preLocals,
                  int64_t copies) {
    const uint32_t j = loop.local->id;
    std::set<uint32_t> perIteration = preLocals;
    perIteration.insert(j);
    bool chain = false, reuse = false;
    forEachStmt(inner.body, [&](const Stmt& s) {
      if (s.kind == Stmt::Kind::Accumulate && preLocals.count(s.local->id)) chain = true;
    });
    for (const Access& access : accessesOf(inner.body)) {
      bool invariant = true;
      for (const ExprP& index : access.indices)
        invariant = invariant && !mentionsAny(index, perIteration);
      bool moves = false;
      for (const ExprP& index : access.indices)
        moves = moves || mentionsLocal(index, inner.local->id);
      reuse = reuse || (invariant && moves);
    }
    if (!chain && !reuse) return false;
    return copies * heldValues(inner, j) <= kMaxHeldValues;
  }

  /// The values the inner loop reads without moving them, which stay in registers across
  /// it: loads that move with j but not with the inner loop or anything computed in it
  /// (a stencil's weights, w[j, p, q] for each tap of loops of constant trips inside).
  static int64_t heldValues(const Stmt& inner, uint32_t j) {
    std::map<uint32_t, int64_t> constantLoops; // index -> trips
    std::set<uint32_t> computed = {inner.local->id};
    forEachStmt(inner.body, [&](const Stmt& s) {
      if (s.kind == Stmt::Kind::For) {
        if (auto trips = constantTrips(s))
          constantLoops.emplace(s.local->id, *trips);
        else
          computed.insert(s.local->id);
      } else if (s.kind == Stmt::Kind::Declare) {
        computed.insert(s.local->id);
      }
    });
    int64_t held = 0;
    std::set<uint32_t> seen;
    forEachStmt(inner.body, [&](const Stmt& s) {
      for (const ExprP& operand : operandsOf(s))
        forEachExpr(operand, [&](const Expr& e) {
          if (e.kind != Expr::Kind::Load || !seen.insert(e.id).second) return;
          std::set<uint32_t> read;
          for (const ExprP& index : e.operands)
            collectLocals(index, read);
          if (!read.count(j)) return;
          int64_t values = 1;
          for (uint32_t local : read) {
            if (computed.count(local)) return;
            if (auto found = constantLoops.find(local); found != constantLoops.end())
              values *= found->second;
          }
          held += values;
        });
    });
    return held;
  }

  Block rewrite(const Stmt& loop, const Block& pre, const Stmt& inner, const Block& post) {
    const uint32_t j = loop.local->id;
    ExprP count = unitStepTrips(exprs_, loop);
    LocalP end = exprs_.newLocal(loop.local->name, Elem::I64);
    ExprP endValue =
        exprs_.add(loop.lower, exprs_.mul(exprs_.indexDiv(count, exprs_.index(kCopies)),
                                          exprs_.index(kCopies)));
    LocalP group = exprs_.newLocal(loop.local->name, Elem::I64);

    std::vector<std::map<uint32_t, ExprP>> names(kCopies);
    Block jammed;
    for (int64_t u = 0; u < kCopies; ++u) {
      names[u][j] = exprs_.add(exprs_.local(group), exprs_.index(u));
      Block copies = copyBlock(exprs_, pre, names[u]);
      jammed.insert(jammed.end(), copies.begin(), copies.end());
    }
    auto boundOf = [&](const ExprP& bound, int64_t u) {
      return exprs_.substitute(bound, names[u]);
    };
    bool rectangular = !mentionsLocal(inner.lower, j) && !mentionsLocal(inner.value, j);
    ExprP shared = inner.lower, sharedEnd = inner.value;
    if (!rectangular) {
      shared = boundOf(inner.lower, 0);
      sharedEnd = boundOf(inner.value, 0);
      for (int64_t u = 1; u < kCopies; ++u) {
        shared = exprs_.max(shared, boundOf(inner.lower, u));
        sharedEnd = exprs_.min(sharedEnd, boundOf(inner.value, u));
      }
      // The indices only copy u runs, before the shared ones.
      for (int64_t u = 0; u < kCopies; ++u) {
        LocalP index = exprs_.newLocal(inner.local->name, Elem::I64);
        std::map<uint32_t, ExprP> own = names[u];
        own[inner.local->id] = exprs_.local(index);
        StmtP corner =
            makeFor(index, boundOf(inner.lower, u), exprs_.min(shared, boundOf(inner.value, u)),
                    copyBlock(exprs_, inner.body, own));
        corner->maxTrips = spanBound(corner->lower, corner->value);
        if (corner->maxTrips != 0) jammed.push_back(corner);
      }
    }
    LocalP index = exprs_.newLocal(inner.local->name, Elem::I64);
    Block interleaved;
    for (int64_t u = 0; u < kCopies; ++u) {
      std::map<uint32_t, ExprP> own = names[u];
      own[inner.local->id] = exprs_.local(index);
      Block copies = copyBlock(exprs_, inner.body, own);
      interleaved.insert(interleaved.end(), copies.begin(), copies.end());
    }
    jammed.push_back(makeFor(index, shared, sharedEnd, std::move(interleaved)));
    if (!rectangular) {
      // ... and after them.
      for (int64_t u = 0; u < kCopies; ++u) {
        LocalP own = exprs_.newLocal(inner.local->name, Elem::I64);
        std::map<uint32_t, ExprP> renaming = names[u];
        renaming[inner.local->id] = exprs_.local(own);
        StmtP corner = makeFor(own, exprs_.max(sharedEnd, shared), boundOf(inner.value, u),
                               copyBlock(exprs_, inner.body, renaming));
        corner->maxTrips = spanBound(corner->lower, corner->value);
        if (corner->maxTrips != 0) jammed.push_back(corner);
      }
    }
    for (int64_t u = 0; u < kCopies; ++u) {
      Block copies = copyBlock(exprs_, post, names[u]);
      jammed.insert(jammed.end(), copies.begin(), copies.end());
    }
    StmtP main = makeFor(group, loop.lower, exprs_.local(end), std::move(jammed), kCopies);
    StmtP rest = makeFor(loop.local, exprs_.local(end), loop.value, loop.body);
    rest->maxTrips = kCopies - 1;
    return {makeDeclare(end, endValue), main, rest};
  }

  /// All `copies` iterations of a loop of that many: the pre statements of each, the nest
  /// with the copies of its innermost body side by side, the post statements of each.
  Block unroll(const Stmt& loop, const Block& pre, const std::vector<const Stmt*>& nest,
               const Block& post, int64_t copies) {
    auto first = asIndexConstant(loop.lower);
    std::vector<std::map<uint32_t, ExprP>> names(copies);
    Block result;
    for (int64_t u = 0; u < copies; ++u) {
      names[u][loop.local->id] = exprs_.index(*first + u);
      Block copied = copyBlock(exprs_, pre, names[u]);
      result.insert(result.end(), copied.begin(), copied.end());
    }
    Block interleaved;
    for (int64_t u = 0; u < copies; ++u) {
      Block copied = copyBlock(exprs_, nest.back()->body, names[u]);
      interleaved.insert(interleaved.end(), copied.begin(), copied.end());
    }
    // The nest's loops keep their indices: every copy shares them.
    for (size_t level = nest.size(); level-- > 0;) {
      auto rebuilt = std::make_shared<Stmt>(*nest[level]);
      rebuilt->body = std::move(interleaved);
      interleaved = {rebuilt};
    }
    result.insert(result.end(), interleaved.begin(), interleaved.end());
    for (int64_t u = 0; u < copies; ++u) {
      Block copied = copyBlock(exprs_, post, names[u]);
      result.insert(result.end(), copied.begin(), copied.end());
    }
    return result;
  }

  /// A constant bound on to - from whatever the values of the locals, when there is one:
  /// through the max and min of the copies' bounds down to differences of affine forms.
  static std::optional<int64_t> spanBound(const ExprP& from, const ExprP& to) {
    auto isOp = [](const ExprP& e, BinaryOp op) {
      return e->kind == Expr::Kind::Binary && e->binaryOp == op && e->type == Elem::I64;
    };
    auto both = [](std::optional<int64_t> a, std::optional<int64_t> b, bool largest) {
      if (!a || !b) return largest ? std::optional<int64_t>() : (a ? a : b);
      return std::optional<int64_t>(largest ? std::max(*a, *b) : std::min(*a, *b));
    };
    if (isOp(to, BinaryOp::Max))
      return both(spanBound(from, to->operands[0]), spanBound(from, to->operands[1]), true);
    if (isOp(to, BinaryOp::Min))
      return both(spanBound(from, to->operands[0]), spanBound(from, to->operands[1]), false);
    if (isOp(from, BinaryOp::Max))
      return both(spanBound(from->operands[0], to), spanBound(from->operands[1], to), false);
    if (isOp(from, BinaryOp::Min))
      return both(spanBound(from->operands[0], to), spanBound(from->operands[1], to), true);
    Affine span = affineOf(to) - affineOf(from);
    if (!span.isConstant()) return std::nullopt;
    return std::max<int64_t>(span.constant, 0);
  }

  ExprBuilder& exprs_;
  bool whole_;
};

} // namespace

void unrollAndJamAll(Block& body, JamMode mode, ExprBuilder& exprs) {
  Jammer(exprs, mode).block(body);
}

void jamReductions(Function& function, ExprBuilder& exprs) {
  unrollAndJamAll(function.body, JamMode::Groups, exprs);
}

} // namespace arr::loops
