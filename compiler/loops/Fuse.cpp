// Fusion of sibling loops on loop IR.
//
// The lowering gives every array a loop of its own. Values computed elementwise
// from the same inputs then come out as separate loops over the same range, each
// recomputing what the others compute (in an LSTM gradient's forward sweep the cell
// state is computed for the hidden state and again for the state kept, two sigmoids
// and a tanh each time), and every parallel one is a parallel region of its own:
//
//   parallel for i < n: c[i] = f(x[i]); h[i] = tanh(c[i])
//   parallel for i < n: y[i] = g(h[i])
//   parallel for i < n: s[i] = f(x[i])
//   =>
//   parallel for i < n: c[i] = f(x[i]); h[i] = tanh(c[i]); s[i] = f(x[i])
//   parallel for i < n: y[i] = g(h[i])
//
// after which LLVM computes f(x[i]) once (expressions are interned, and loads and
// pure calls are merged; a guarded read that both loops made into a local of their
// own becomes one). A later loop moves up to the one it joins past the
// statements between them when it shares nothing with them: no buffer one writes
// and the other touches, no local one defines or assigns and the other reads.
// Buffers allocated on the way are allocated before the fused loop.
//
// Legality, from the access maps: the fused loop must carry no dependence
// (loops/Analysis.h, carriesDependence): two accesses to one element with a write
// happen in the same iteration only. Then every iteration of the second loop may run
// right after the same iteration of the first, and the fused loop is parallel when
// both were. Neither loop may assign a local declared outside it (a sum that the
// other would read half done) nor reduce into one, and both have the same bounds,
// step and parallelism.
//
// The heuristic: loops are fused when they compute some costly value in common (a
// transcendental function of the same operands), or when the second does not read
// what the first writes. Fusing a loop with its consumer alone removes no work and
// lengthens each iteration's chain of dependent calls, which the processor then
// overlaps less (measured: an LSTM objective 1.3 -> 1.7 ms). A loop that calls such
// functions is not fused with one that does not: the arithmetic would no longer be
// vectorised (the calls are not). Only loops without
// inner loops are fused (elementwise work, where regions and recomputation cost
// most, and whose fusion cannot spoil the tiles, interchanges and splits of nests).

#include "loops/Fuse.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <map>

namespace arr::loops {

namespace {

constexpr size_t kMaxSkipped = 8; // statements a loop may move up past

bool fusible(const Stmt& loop) {
  return loop.kind == Stmt::Kind::For && loop.step == 1 && !loop.carriesState &&
         loop.reductions.empty() && !hasInnerLoop(loop.body) &&
         assignedFromOutside(loop.body).empty();
}

/// The transcendental functions a body computes (interned: equal ones are one).
std::set<const Expr*> costlyValues(const Block& body) {
  std::set<const Expr*> values;
  forEachStmt(body, [&](const Stmt& s) {
    for (const ExprP& operand : operandsOf(s))
      forEachExpr(operand, [&](const Expr& e) {
        if (e.kind == Expr::Kind::Unary && prim::info(e.unaryOp).cost >= prim::kTranscendental)
          values.insert(&e);
      });
  });
  return values;
}

class Fuser {
public:
  explicit Fuser(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    for (const StmtP& statement : statements) {
      block(statement->body);
      block(statement->orElse);
    }
    fuseSiblings(statements, fusible,
                 [&](const Stmt& first, const Stmt& second) { return fuse(first, second); });
  }

private:
  StmtP fuse(const Stmt& first, const Stmt& second) {
    if (!fusible(first) || !fusible(second)) return nullptr;
    StmtP fused = fuseLoops(first, second, exprs_);
    if (!fused) return nullptr;
    Block rest(fused->body.begin() + long(first.body.size()), fused->body.end());
    std::set<const Expr*> firstCostly = costlyValues(first.body), restCostly = costlyValues(rest);
    bool shares = std::any_of(firstCostly.begin(), firstCostly.end(),
                              [&](const Expr* value) { return restCostly.count(value) > 0; });
    // A loop of arithmetic alone vectorises; joined to one calling exp or tanh, it would not.
    if (firstCostly.empty() != restCostly.empty()) return nullptr;
    Block firstBlock = {std::make_shared<Stmt>(first)};
    bool consumes = false;
    std::set<uint32_t> written = writtenBuffers(firstBlock);
    forEachStmt(rest, [&](const Stmt& s) {
      for (const ExprP& operand : operandsOf(s))
        consumes = consumes || readsAnyBuffer(operand, written);
    });
    if (consumes && !shares) return nullptr;
    mergeGuardedReads(fused->body);
    return fused;
  }

  /// A guarded read that the fused body repeats (each loop read the element into a
  /// local of its own, `x = 0.0; if c: x = a[..]`) reads the first one's local instead,
  /// when nothing between writes the buffer it reads: the expressions over it are then
  /// the same (interned), and computed once.
  void mergeGuardedReads(Block& body) {
    struct Read {
      ExprP zero, condition, value;
      LocalP local;
    };
    // Only a local that its guard alone assigns is one read.
    std::map<uint32_t, int> assignments;
    forEachStmt(body, [&](const Stmt& s) {
      if (s.kind == Stmt::Kind::Assign || s.kind == Stmt::Kind::Accumulate)
        ++assignments[s.local->id];
    });
    std::vector<Read> seen;
    std::map<uint32_t, ExprP> renamed;
    Block merged;
    auto renamedCopy = [&](const StmtP& statement) {
      return renamed.empty() ? statement : substituteBlock(exprs_, {statement}, renamed)[0];
    };
    for (size_t k = 0; k < body.size(); ++k) {
      StmtP statement = renamedCopy(body[k]);
      if (statement->kind == Stmt::Kind::Declare && k + 1 < body.size()) {
        StmtP guard = renamedCopy(body[k + 1]);
        if (guard->kind == Stmt::Kind::If && guard->orElse.empty() && guard->body.size() == 1 &&
            guard->body[0]->kind == Stmt::Kind::Assign &&
            guard->body[0]->local->id == statement->local->id &&
            assignments[statement->local->id] == 1) {
          Read read{statement->value, guard->value, guard->body[0]->value, statement->local};
          auto same = std::find_if(seen.begin(), seen.end(), [&](const Read& other) {
            return other.zero == read.zero && other.condition == read.condition &&
                   other.value == read.value && other.local->type == read.local->type;
          });
          if (same != seen.end()) {
            renamed[statement->local->id] = exprs_.local(same->local);
          } else {
            seen.push_back(read);
            merged.push_back(statement);
            merged.push_back(guard);
          }
          ++k;
          continue;
        }
      }
      // A read is no longer the same after a write of its buffer or of a local it reads.
      Block written = {statement};
      std::set<uint32_t> buffers = writtenBuffers(written);
      std::set<uint32_t> locals = assignedFromOutside(written);
      std::erase_if(seen, [&](const Read& read) {
        return readsAnyBuffer(read.value, buffers) || readsAnyBuffer(read.condition, buffers) ||
               mentionsAny(read.value, locals) || mentionsAny(read.condition, locals);
      });
      merged.push_back(statement);
    }
    body = std::move(merged);
  }

  ExprBuilder& exprs_;
};

} // namespace

StmtP fuseLoops(const Stmt& first, const Stmt& second, ExprBuilder& exprs) {
  auto plain = [](const Stmt& loop) {
    return loop.kind == Stmt::Kind::For && !loop.carriesState && !loop.whileCondition &&
           loop.reductions.empty() && assignedFromOutside(loop.body).empty();
  };
  if (!plain(first) || !plain(second) || first.lower != second.lower ||
      first.value != second.value || first.step != second.step ||
      first.parallel != second.parallel || first.maxTrips != second.maxTrips)
    return nullptr;
  Block rest = substituteBlock(exprs, second.body, {{second.local->id, exprs.local(first.local)}});
  auto fused = std::make_shared<Stmt>(first);
  fused->body.insert(fused->body.end(), rest.begin(), rest.end());
  if (carriesDependence(accessesOf(fused->body), *fused, false)) return nullptr;
  if (first.parallel) fused->work = exprs.add(first.work, second.work);
  return fused;
}

void fuseSiblings(Block& statements, const std::function<bool(const Stmt& loop)>& leads,
                  const std::function<StmtP(const Stmt& first, const Stmt& second)>& tryFuse) {
  for (size_t s = 0; s < statements.size(); ++s) {
    if (!leads(*statements[s])) continue;
    std::vector<Footprint> skipped;
    std::vector<size_t> allocations;
    for (size_t j = s + 1; j < statements.size() && skipped.size() <= kMaxSkipped;) {
      const Stmt& candidate = *statements[j];
      Footprint footprint = footprintOf(candidate);
      bool movable = true;
      for (const Footprint& between : skipped)
        movable = movable && independent(between, footprint);
      if (candidate.kind == Stmt::Kind::Alloc && movable) {
        allocations.push_back(j++);
        continue;
      }
      StmtP fused = movable && candidate.kind == Stmt::Kind::For
                        ? tryFuse(*statements[s], candidate)
                        : nullptr;
      if (!fused) {
        skipped.push_back(std::move(footprint));
        ++j;
        continue;
      }
      // The allocations on the way go before the fused loop, which takes the place of
      // the first.
      statements[s] = fused;
      statements.erase(statements.begin() + long(j));
      Block moved;
      for (auto at = allocations.rbegin(); at != allocations.rend(); ++at) {
        moved.insert(moved.begin(), statements[*at]);
        statements.erase(statements.begin() + long(*at));
      }
      statements.insert(statements.begin() + long(s), moved.begin(), moved.end());
      s += moved.size();
      j = s + 1;
      skipped.clear();
      allocations.clear();
    }
  }
}

void fuseSiblingLoops(Function& function, ExprBuilder& exprs) {
  Fuser(exprs).block(function.body);
}

} // namespace arr::loops
