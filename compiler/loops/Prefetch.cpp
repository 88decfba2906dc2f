// Software prefetching of strided row walks on loop IR.
//
// A reverse pass often reads a stored intermediate in another order than the one it
// was written in. GMM's gradient stores Q (x - mu) as [n, k, d] and reads it, for each
// component k, point by point: one 256-byte row every k * d elements,
//
//   parallel for j < k: for i < n: ..; for c < d: .. t[(i * k + j) * d + c] ..
//
// The rows are a plane apart, so each is a cache miss the hardware prefetcher does
// not foresee, and the loop waits on memory for most of its time. Here the i loop
// asks for the next row's cache lines before it works on the current one,
//
//   for i < n:
//     for p < (d + 7) / 8: prefetch t[((i + 1) * k + j) * d + 8 p]
//     ..
//
// which costs a few instructions per row. Only rows whose stride in the loop's index
// is a product of two or more sizes (a plane, not a row, apart) are prefetched:
// a row-by-row walk (b[l * n + j] in a matrix product) is what hardware prefetchers
// already follow. A prefetch is a hint and never faults, so the row after the last
// one costs nothing either.

#include "loops/Prefetch.h"

#include <optional>
#include <set>

namespace arr::loops {

namespace {

constexpr int64_t kLineBytes = 64;
constexpr size_t kMaxStreams = 4; // per loop
constexpr int64_t kDistance = 4;  // rows ahead

int64_t elementBytes(Elem type) {
  switch (type) {
  case Elem::Bool:
    return 1;
  case Elem::F32:
    return 4;
  default:
    return 8;
  }
}

/// The number of non-constant factors multiplying the local in `index`, when `index` is
/// linear in it (a sum of terms, one of which holds the local times factors free of it).
/// `mentions` knows which subexpressions read the local.
std::optional<int> sizeFactors(const ExprP& index, LocalMentions& mentions) {
  if (!mentions(index)) return std::nullopt;
  if (index->kind == Expr::Kind::Local) return 0;
  if (index->kind != Expr::Kind::Binary) return std::nullopt;
  const ExprP& left = index->operands[0];
  const ExprP& right = index->operands[1];
  switch (index->binaryOp) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
    if (mentions(left) && mentions(right)) return std::nullopt;
    return sizeFactors(mentions(left) ? left : right, mentions);
  case BinaryOp::Mul: {
    if (mentions(left) && mentions(right)) return std::nullopt;
    const ExprP& inner = mentions(left) ? left : right;
    const ExprP& factor = mentions(left) ? right : left;
    auto factors = sizeFactors(inner, mentions);
    if (!factors) return std::nullopt;
    return *factors + (asIndexConstant(factor) ? 0 : 1);
  }
  default:
    return std::nullopt;
  }
}

class Prefetcher {
public:
  explicit Prefetcher(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    for (const StmtP& statement : statements) {
      block(statement->body);
      if (statement->kind == Stmt::Kind::For && !statement->parallel) prefetchRows(*statement);
    }
  }

private:
  struct Row {
    uint32_t local; // the inner loop along the row
    ExprP extent;   // its length
  };

  /// What the search of one loop's body knows.
  struct Scan {
    const Stmt& loop;
    std::set<uint32_t> bodyLocals;                   // declared or looped over in the body
    std::vector<std::pair<uint32_t, ExprP>> aliases; // positions read through their values
    std::vector<Row> rows;                           // the inner loops around the load
    std::set<uint32_t> requested;                    // prefetch addresses, once each
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
          scan.rows.push_back({statement->local->id, statement->value});
          visit(statement->body);
          scan.rows.pop_back();
          continue;
        }
        for (const ExprP& expr : {statement->value, statement->index})
          if (expr)
            forEachExpr(expr, [&](const Expr& e) {
              if (e.kind == Expr::Kind::Load && scan.requested.size() < kMaxStreams)
                consider(scan, e);
            });
        visit(statement->body);
      }
    };
    visit(loop.body);
    loop.body.insert(loop.body.begin(), scan.prefetches.begin(), scan.prefetches.end());
  }

  /// A load along an inner row, rows a plane apart in the loop's index: its next row.
  void consider(Scan& scan, const Expr& load) {
    ExprP index = load.operands[0];
    for (const auto& [local, value] : scan.aliases)
      if (mentionsLocal(index, local)) index = exprs_.substitute(index, local, value);
    const LocalP& outer = scan.loop.local;
    LocalMentions mentions(outer->id);
    auto factors = sizeFactors(index, mentions);
    if (!factors || *factors < 2) return;
    for (const Row& row : scan.rows) {
      if (!growsByOne(index, row.local)) continue;
      // The address must be computable at the top of the loop's body.
      std::set<uint32_t> read;
      collectLocals(index, read);
      collectLocals(row.extent, read);
      read.erase(outer->id);
      read.erase(row.local);
      for (uint32_t local : read)
        if (scan.bodyLocals.count(local)) return;
      ExprP next = exprs_.substitute(index, outer->id,
                                     exprs_.add(exprs_.local(outer), exprs_.index(kDistance)));
      if (!scan.requested.insert(exprs_.substitute(next, row.local, exprs_.index(0))->id).second)
        return;
      int64_t perLine = std::max<int64_t>(1, kLineBytes / elementBytes(load.buffer->type));
      LocalP line = exprs_.newLocal("line", Elem::I64);
      auto prefetch = std::make_shared<Stmt>(Stmt{Stmt::Kind::Prefetch});
      prefetch->buffer = load.buffer;
      prefetch->index =
          exprs_.substitute(next, row.local, exprs_.mul(exprs_.local(line), exprs_.index(perLine)));
      ExprP lines = exprs_.indexDiv(exprs_.binary(BinaryOp::Max,
                                                  exprs_.add(row.extent, exprs_.index(perLine - 1)),
                                                  exprs_.index(0)),
                                    exprs_.index(perLine));
      scan.prefetches.push_back(makeFor(line, lines, {prefetch}));
      return;
    }
  }

  static void collectBodyLocals(const Block& statements, std::set<uint32_t>& locals) {
    for (const StmtP& statement : statements) {
      if (statement->local) locals.insert(statement->local->id);
      collectBodyLocals(statement->body, locals);
    }
  }

  ExprBuilder& exprs_;
};

} // namespace

void prefetchStridedRows(Function& function, ExprBuilder& exprs) {
  Prefetcher(exprs).block(function.body);
}

} // namespace arr::loops
