// Software prefetching of strided row walks on loop IR.
//
// A reverse pass often reads a stored intermediate in another order than the one it
// was written in. GMM's gradient stores Q (x - mu) as [n, k, d] and reads it, for each
// component k, point by point: one 256-byte row every k * d elements,
//
//   parallel for j < k: for i < n: ..; for c < d: .. t[i, j, c] ..
//
// The rows are a plane apart, so each is a cache miss the hardware prefetcher does
// not foresee, and the loop waits on memory for most of its time. Here the i loop
// asks for the next row's cache lines before it works on the current one,
//
//   for i < n:
//     for p < (d + 7) / 8: prefetch t[i + 4, j, 8 p]
//     ..
//
// which costs a few instructions per row. Only rows whose stride in the loop's index
// is a product of two or more sizes (the index moves a dimension with two or more
// non-constant dimensions after it: a plane, not a row, apart) are prefetched: a
// row-by-row walk (b[l, j] in a matrix product) is what hardware prefetchers already
// follow. A prefetch is a hint and never faults, so the row after the last
// one costs nothing either.

#include "loops/Prefetch.h"

#include "loops/Analysis.h"

#include <optional>
#include <set>

namespace arr::loops {

namespace {

constexpr int64_t kLineBytes = 64;
constexpr size_t kMaxStreams = 4; // per loop
constexpr int64_t kDistance = 4;  // rows ahead

class Prefetcher {
public:
  explicit Prefetcher(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    for (const StmtP& statement : statements) {
      block(statement->body);
      block(statement->orElse);
      if (statement->kind == Stmt::Kind::For && !statement->parallel) prefetchRows(*statement);
    }
  }

private:
  struct Row {
    uint32_t local;     // the inner loop along the row
    ExprP lower, upper; // its bounds
  };

  /// What the search of one loop's body knows.
  struct Scan {
    const Stmt& loop;
    std::set<uint32_t> bodyLocals;                   // declared or looped over in the body
    std::vector<std::pair<uint32_t, ExprP>> aliases; // positions read through their values
    std::vector<Row> rows;                           // the inner loops around the load
    std::set<std::string> requested;                 // prefetch addresses, once each
    Block prefetches;
  };

  void prefetchRows(Stmt& loop) {
    Scan scan{loop, {}, {}, {}, {}, {}};
    collectBodyLocals(loop.body, scan.bodyLocals);
    // The positions an unrolled loop declares first (r0 = 4 q, r1 = 4 q + 1, ..) are
    // read through their definitions.
    for (const StmtP& statement : loop.body) {
      if (statement->kind != Stmt::Kind::Declare || statement->local->type != Elem::I64) break;
      std::set<uint32_t> read;
      collectLocals(statement->value, read);
      bool outer = true;
      for (uint32_t local : read)
        outer = outer && (local == loop.local->id || !scan.bodyLocals.count(local));
      if (outer) scan.aliases.emplace_back(statement->local->id, statement->value);
    }
    std::function<void(const Block&)> visit = [&](const Block& statements) {
      for (const StmtP& statement : statements) {
        if (statement->kind == Stmt::Kind::For) {
          if (statement->step == 1) {
            scan.rows.push_back({statement->local->id, statement->lower, statement->value});
            visit(statement->body);
            scan.rows.pop_back();
          }
          continue;
        }
        for (const ExprP& expr : operandsOf(*statement))
          forEachExpr(expr, [&](const Expr& e) {
            if (e.kind == Expr::Kind::Load && scan.requested.size() < kMaxStreams)
              consider(scan, e);
          });
        visit(statement->body);
        visit(statement->orElse);
      }
    };
    visit(loop.body);
    loop.body.insert(loop.body.begin(), scan.prefetches.begin(), scan.prefetches.end());
  }

  /// A load along an inner row, rows a plane apart in the loop's index: its next row.
  void consider(Scan& scan, const Expr& load) {
    std::vector<ExprP> indices = load.operands;
    for (ExprP& index : indices)
      for (const auto& [local, value] : scan.aliases)
        if (mentionsLocal(index, local)) index = exprs_.substitute(index, local, value);
    const LocalP& outer = scan.loop.local;
    const Buffer& buffer = *load.buffer;
    // The dimension the loop's index moves, with two or more non-constant ones after it.
    size_t rank = indices.size();
    if (rank < 3) return;
    std::optional<size_t> moved;
    for (size_t d = 0; d < rank; ++d) {
      Affine form = affineOf(indices[d]);
      if (form.opaqueIn(outer->id)) return;
      if (form.coefficient(outer->id) == 0) continue;
      if (moved) return;
      moved = d;
    }
    if (!moved) return;
    int planes = 0;
    for (size_t d = *moved + 1; d < rank; ++d)
      planes += asIndexConstant(buffer.shape[d]) ? 0 : 1;
    if (planes < 2) return;
    for (const Row& row : scan.rows) {
      Affine last = affineOf(indices.back());
      if (last.opaqueIn(row.local) || last.coefficient(row.local) != 1) continue;
      bool alongRow = true;
      for (size_t d = 0; d + 1 < rank; ++d)
        alongRow = alongRow && !mentionsLocal(indices[d], row.local);
      if (!alongRow) continue;
      // The address must be computable at the top of the loop's body.
      std::set<uint32_t> read;
      for (const ExprP& index : indices)
        collectLocals(index, read);
      collectLocals(row.lower, read);
      collectLocals(row.upper, read);
      read.erase(outer->id);
      read.erase(row.local);
      for (uint32_t local : read)
        if (scan.bodyLocals.count(local)) return;
      int64_t perLine = std::max<int64_t>(1, kLineBytes / elementBytes(load.buffer->type));
      LocalP line = exprs_.newLocal("line", Elem::I64);
      std::map<uint32_t, ExprP> ahead{
          {outer->id, exprs_.add(exprs_.local(outer), exprs_.index(kDistance * scan.loop.step))},
          {row.local,
           exprs_.add(row.lower, exprs_.mul(exprs_.local(line), exprs_.index(perLine)))}};
      std::vector<ExprP> next;
      for (const ExprP& index : indices)
        next.push_back(exprs_.substitute(index, ahead));
      std::string key = std::to_string(buffer.memory().id);
      std::map<uint32_t, ExprP> firstLine{{line->id, exprs_.index(0)}};
      for (const ExprP& index : next)
        key += "," + std::to_string(exprs_.substitute(index, firstLine)->id);
      if (!scan.requested.insert(key).second) return;
      auto prefetch = std::make_shared<Stmt>(Stmt{Stmt::Kind::Prefetch});
      prefetch->buffer = load.buffer;
      prefetch->indices = next;
      ExprP length = exprs_.max(exprs_.sub(row.upper, row.lower), exprs_.index(0));
      ExprP lines =
          exprs_.indexDiv(exprs_.add(length, exprs_.index(perLine - 1)), exprs_.index(perLine));
      scan.prefetches.push_back(makeFor(line, exprs_.index(0), lines, {prefetch}));
      return;
    }
  }

  static void collectBodyLocals(const Block& statements, std::set<uint32_t>& locals) {
    for (const StmtP& statement : statements) {
      if (statement->local) locals.insert(statement->local->id);
      collectBodyLocals(statement->body, locals);
      collectBodyLocals(statement->orElse, locals);
    }
  }

  ExprBuilder& exprs_;
};

} // namespace

void prefetchStridedRows(Function& function, ExprBuilder& exprs) {
  Prefetcher(exprs).block(function.body);
}

} // namespace arr::loops
