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

using core::BinaryOp;

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

/// The number of non-constant factors multiplying `local` in `index`, when `index` is
/// linear in it (a sum of terms, one of which holds `local` times factors free of it).
std::optional<int> sizeFactors(const ExprP& index, uint32_t local) {
  if (!mentionsLocal(index, local)) return std::nullopt;
  if (index->kind == Expr::Kind::Local) return 0;
  if (index->kind != Expr::Kind::Binary) return std::nullopt;
  const ExprP& left = index->operands[0];
  const ExprP& right = index->operands[1];
  switch (index->binaryOp) {
  case BinaryOp::Add:
  case BinaryOp::Sub:
    if (mentionsLocal(left, local) && mentionsLocal(right, local)) return std::nullopt;
    return sizeFactors(mentionsLocal(left, local) ? left : right, local);
  case BinaryOp::Mul: {
    if (mentionsLocal(left, local) && mentionsLocal(right, local)) return std::nullopt;
    const ExprP& inner = mentionsLocal(left, local) ? left : right;
    const ExprP& factor = mentionsLocal(left, local) ? right : left;
    auto factors = sizeFactors(inner, local);
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

  void prefetchRows(Stmt& loop) {
    std::set<uint32_t> bodyLocals;
    collectBodyLocals(loop.body, bodyLocals);
    // The positions an unrolled loop declares first (r0 = 4 q, r1 = 4 q + 1, ..) are
    // read through their definitions.
    aliases_.clear();
    for (const StmtP& statement : loop.body) {
      if (statement->kind != Stmt::Kind::Declare || statement->local->type != Elem::I64) break;
      std::set<uint32_t> read;
      collectLocals(statement->value, read);
      bool outer = true;
      for (uint32_t local : read)
        outer = outer && (local == loop.local->id || !bodyLocals.count(local));
      if (outer) aliases_.emplace_back(statement->local->id, statement->value);
    }
    std::vector<Row> rows;
    std::set<uint32_t> requested; // prefetch address expressions, once each
    Block prefetches;
    std::function<void(const Block&)> visit = [&](const Block& statements) {
      for (const StmtP& statement : statements) {
        if (statement->kind == Stmt::Kind::For) {
          rows.push_back({statement->local->id, statement->value});
          visit(statement->body);
          rows.pop_back();
          continue;
        }
        for (const ExprP& expr : {statement->value, statement->index})
          if (expr)
            forEachExpr(expr, [&](const Expr& e) {
              if (e.kind == Expr::Kind::Load && requested.size() < kMaxStreams)
                consider(loop, e, rows, bodyLocals, requested, prefetches);
            });
        visit(statement->body);
      }
    };
    visit(loop.body);
    loop.body.insert(loop.body.begin(), prefetches.begin(), prefetches.end());
  }

  /// A load along an inner row, rows a plane apart in `loop`'s index: its next row.
  void consider(const Stmt& loop, const Expr& load, const std::vector<Row>& rows,
                const std::set<uint32_t>& bodyLocals, std::set<uint32_t>& requested,
                Block& prefetches) {
    ExprP index = load.operands[0];
    for (const auto& [local, value] : aliases_)
      if (mentionsLocal(index, local)) index = exprs_.substitute(index, local, value);
    const uint32_t outer = loop.local->id;
    auto factors = sizeFactors(index, outer);
    if (!factors || *factors < 2) return;
    for (const Row& row : rows) {
      if (!growsByOne(index, row.local)) continue;
      // The address must be computable at the top of the loop's body.
      std::set<uint32_t> read;
      collectLocals(index, read);
      collectLocals(row.extent, read);
      read.erase(outer);
      read.erase(row.local);
      for (uint32_t local : read)
        if (bodyLocals.count(local)) return;
      ExprP next = exprs_.substitute(index, outer,
                                     exprs_.add(exprs_.local(loop.local), exprs_.index(kDistance)));
      if (!requested.insert(exprs_.substitute(next, row.local, exprs_.index(0))->id).second) return;
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
      prefetches.push_back(makeFor(line, lines, {prefetch}));
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
  std::vector<std::pair<uint32_t, ExprP>> aliases_; // of the loop being prefetched for
};

} // namespace

void prefetchStridedRows(Function& function, ExprBuilder& exprs) {
  Prefetcher(exprs).block(function.body);
}

} // namespace arr::loops
