// Trimming of masked sums on loop IR.
//
// A sum over a triangle is written in Arr as a sum over the square with the other
// half masked out; the GMM objective's `if c < r then .. else 0.0` is one, and so is
// its transposition in the gradient:
//
//   for r < n: ..; acc = acc + select(j < r, X(r), 0.0)
//
// Every term with r <= j is zero, so the loop can start at j + 1. Only the sign of a
// zero can tell: -0.0 + 0.0 is 0.0, so a sum that the skipped terms would have touched
// gets one `+ 0.0` for all of them,
//
//   from = min(max(j + 1, 0), n)
//   if 0 < from: acc = acc + 0.0
//   for t < n - from: r = t + from; ..; acc = acc + select(j < r, X(r), 0.0)
//
// which is exact: the terms left keep their order, and x + 0.0 + 0.0 is x + 0.0.
// After unroll-and-jam, one loop accumulates four sums with four masks; it runs over
// the union of their ranges (the least start, the greatest end) and keeps the masks.
// The sums may also go into array elements, row[j] = row[j] + select(j < i, X(j), 0.0)
// (the rows of partial sums the reduction interchange makes); the elements skipped
// then get their + 0.0 from a loop of their own, which does no other arithmetic. The
// loop body may declare locals and guard their reads, but do nothing else: no other
// stores, no inner loops, and no reads of what the sums write.

#include "loops/Trim.h"

#include <optional>
#include <set>

namespace arr::loops {

namespace {

/// One masked sum: acc = acc + select(condition, term, zero) or select(condition, zero,
/// term), possibly nested; the term counts where every condition is as `kept` says.
struct MaskedSum {
  LocalP accumulator; // a local: acc = acc + ..
  BufferP buffer;     // or an element: buffer[index] = buffer[index] + ..
  ExprP index;
  std::vector<std::pair<ExprP, bool>> conditions; // (condition, kept)
  ExprP zero;
};

/// The indices [lower, upper) where a mask can hold; a missing bound is not limited.
struct Range {
  std::optional<ExprP> lower, upper;
};

bool isZero(const ExprP& expr) {
  if (expr->kind != Expr::Kind::Const) return false;
  return std::visit([](auto value) { return value == decltype(value){}; }, expr->value);
}

class Trimmer {
public:
  explicit Trimmer(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    for (size_t s = 0; s < statements.size(); ++s) {
      block(statements[s]->body);
      if (!isRewritableLoop(*statements[s])) continue;
      Block trimmed = trim(*statements[s]);
      if (trimmed.empty()) continue;
      statements.erase(statements.begin() + s);
      statements.insert(statements.begin() + s, trimmed.begin(), trimmed.end());
      s += trimmed.size() - 1;
    }
  }

private:
  Block trim(const Stmt& loop) {
    std::vector<MaskedSum> sums;
    std::set<uint32_t> own; // locals declared in the body
    if (!collect(loop.body, sums, own) || sums.empty()) return {};

    const uint32_t index = loop.local->id;
    std::vector<ExprP> lowers, uppers;
    bool everyLower = true, everyUpper = true;
    for (const MaskedSum& sum : sums) {
      Range range = rangeOf(sum, index, own);
      everyLower = everyLower && range.lower;
      everyUpper = everyUpper && range.upper;
      if (range.lower) lowers.push_back(*range.lower);
      if (range.upper) uppers.push_back(*range.upper);
    }
    if (!everyLower && !everyUpper) return {};

    const ExprP& extent = loop.value;
    Block result;
    ExprP from = exprs_.index(0);
    if (everyLower) {
      ExprP least = fold(BinaryOp::Min, lowers);
      LocalP start = exprs_.newLocal("from", Elem::I64);
      result.push_back(makeDeclare(
          start, exprs_.binary(BinaryOp::Min, exprs_.binary(BinaryOp::Max, least, exprs_.index(0)),
                               extent)));
      from = exprs_.local(start);
      Block skipped = touchAll(sums, exprs_.binary(BinaryOp::Lt, exprs_.index(0), from), loop.local,
                               exprs_.index(0), from);
      result.insert(result.end(), skipped.begin(), skipped.end());
    }
    ExprP to = extent;
    if (everyUpper) {
      ExprP greatest = fold(BinaryOp::Max, uppers);
      LocalP end = exprs_.newLocal("to", Elem::I64);
      result.push_back(makeDeclare(
          end, exprs_.binary(BinaryOp::Max, exprs_.binary(BinaryOp::Min, greatest, extent), from)));
      to = exprs_.local(end);
    }
    if (everyLower) {
      result.push_back(makeShiftedFor(exprs_, loop.local, from,
                                      exprs_.binary(BinaryOp::Sub, to, from), loop.body));
    } else {
      result.push_back(makeFor(loop.local, to, loop.body));
    }
    if (everyUpper) {
      Block skipped =
          touchAll(sums, exprs_.binary(BinaryOp::Lt, to, extent), loop.local, to, extent);
      result.insert(result.end(), skipped.begin(), skipped.end());
    }
    return result;
  }

  /// The masked sums of a body that declares locals, assigns them (guarded or not) and
  /// adds masked terms to locals declared outside it or to buffer elements, each in one
  /// place; false when the body does anything else.
  static bool collect(const Block& body, std::vector<MaskedSum>& sums, std::set<uint32_t>& own) {
    std::set<uint32_t> accumulators, buffers;
    for (const StmtP& statement : body) {
      switch (statement->kind) {
      case Stmt::Kind::Declare:
        own.insert(statement->local->id);
        break;
      case Stmt::Kind::If:
        if (!onlyAssigns(*statement, own)) return false;
        break;
      case Stmt::Kind::Assign: {
        if (own.count(statement->local->id)) break;
        auto sum = maskedSum(*statement);
        if (!sum || !accumulators.insert(sum->accumulator->id).second) return false;
        sums.push_back(*sum);
        break;
      }
      case Stmt::Kind::Store: {
        // The skipped elements are touched by a loop of their own: the index must not need
        // the body's locals.
        auto sum = maskedSum(*statement);
        if (!sum || !buffers.insert(sum->buffer->id).second) return false;
        for (uint32_t local : own)
          if (mentionsLocal(sum->index, local)) return false;
        sums.push_back(*sum);
        break;
      }
      default:
        return false;
      }
    }
    // An accumulator is read only by its own sum, to add to it: not by the terms or masks
    // (which would then change within the loop), nor by anything else.
    for (const StmtP& statement : body) {
      auto reads = [&](const ExprP& expr) {
        if (!expr) return false;
        for (uint32_t local : accumulators)
          if (mentionsLocal(expr, local)) return true;
        return readsAnyBuffer(expr, buffers);
      };
      bool sum =
          (statement->kind == Stmt::Kind::Assign && accumulators.count(statement->local->id)) ||
          statement->kind == Stmt::Kind::Store;
      if (reads(sum ? statement->value->operands[1] : statement->value)) return false;
      for (const StmtP& inner : statement->body)
        if (reads(inner->value)) return false;
    }
    return true;
  }

  /// acc = acc + select(c, term, 0) (or with the zero first, or nested selects with one
  /// zero), term free of acc.
  static std::optional<MaskedSum> maskedSum(const Stmt& assign) {
    const ExprP& value = assign.value;
    if (value->kind != Expr::Kind::Binary || value->binaryOp != BinaryOp::Add) return {};
    const ExprP& self = value->operands[0];
    ExprP masked = value->operands[1];
    MaskedSum sum;
    if (assign.kind == Stmt::Kind::Assign) {
      if (self->kind != Expr::Kind::Local || self->local->id != assign.local->id ||
          mentionsLocal(masked, assign.local->id))
        return {};
      sum.accumulator = assign.local;
    } else {
      if (self->kind != Expr::Kind::Load || self->buffer != assign.buffer ||
          self->operands[0] != assign.index || readsAnyBuffer(masked, {assign.buffer->id}))
        return {};
      sum.buffer = assign.buffer;
      sum.index = assign.index;
    }
    while (masked->kind == Expr::Kind::Select) {
      bool kept = isZero(masked->operands[2]);
      if (!kept && !isZero(masked->operands[1])) break;
      const ExprP& zero = masked->operands[kept ? 2 : 1];
      if (sum.zero && zero != sum.zero) break; // 0.0 and -0.0: which one a skip adds is unknown
      sum.zero = zero;
      sum.conditions.emplace_back(masked->operands[0], kept);
      masked = masked->operands[kept ? 1 : 2];
    }
    if (sum.conditions.empty()) return {};
    return sum;
  }

  /// Where every condition of `sum` can hold: the intersection of the ranges of those
  /// conditions (and conjuncts) that bound the index.
  Range rangeOf(const MaskedSum& sum, uint32_t index, const std::set<uint32_t>& own) {
    Range range;
    for (const auto& [condition, kept] : sum.conditions)
      narrow(range, condition, kept, index, own);
    return range;
  }

  void narrow(Range& range, const ExprP& condition, bool kept, uint32_t index,
              const std::set<uint32_t>& own) {
    if (condition->kind != Expr::Kind::Binary) return;
    if (kept && condition->binaryOp == BinaryOp::And) {
      narrow(range, condition->operands[0], true, index, own);
      narrow(range, condition->operands[1], true, index, own);
      return;
    }
    auto [lower, upper] = bounds(condition, kept, index, own);
    if (lower)
      range.lower = range.lower ? exprs_.binary(BinaryOp::Max, *range.lower, lower) : lower;
    if (upper)
      range.upper = range.upper ? exprs_.binary(BinaryOp::Min, *range.upper, upper) : upper;
  }

  /// The bounds [lower, upper) (null: none) of the indices where `condition` (or its
  /// negation, when not `kept`) holds, when it compares the index plus an offset with a
  /// value the loop does not change.
  std::pair<ExprP, ExprP> bounds(const ExprP& condition, bool kept, uint32_t index,
                                 const std::set<uint32_t>& own) {
    BinaryOp op = condition->binaryOp;
    bool ordered =
        op == BinaryOp::Lt || op == BinaryOp::Le || op == BinaryOp::Gt || op == BinaryOp::Ge;
    if (!ordered || condition->operands[0]->type != Elem::I64) return {};
    // As `a < b` or `a <= b`: a > b is b < a, and the negation of a < b is b <= a.
    ExprP a = condition->operands[0], b = condition->operands[1];
    bool strict = op == BinaryOp::Lt || op == BinaryOp::Gt;
    if (op == BinaryOp::Gt || op == BinaryOp::Ge) std::swap(a, b);
    if (!kept) {
      std::swap(a, b);
      strict = !strict;
    }
    // index + offset < limit bounds it above; limit < index + offset, below.
    bool upper = mentionsLocal(a, index);
    const ExprP& position = upper ? a : b;
    const ExprP& limit = upper ? b : a;
    if (!growsByOne(position, index) || mentionsLocal(limit, index)) return {};
    for (uint32_t local : own)
      if (mentionsLocal(position, local) || mentionsLocal(limit, local)) return {};
    ExprP offset = exprs_.substitute(position, index, exprs_.index(0));
    ExprP bound = exprs_.binary(BinaryOp::Sub, limit, offset);
    ExprP next = exprs_.add(bound, exprs_.index(1));
    if (upper) return {nullptr, strict ? bound : next}; // index < bound, index <= bound
    return {strict ? next : bound, nullptr};            // bound < index, bound <= index
  }

  /// The effect of the skipped terms, zeros, on each float sum: `if (skipped): acc = acc +
  /// zero` for locals, and for buffer elements a loop over the skipped indices [first,
  /// end) that adds the zero to each (a -0.0 element becomes 0.0, as it would have).
  Block touchAll(const std::vector<MaskedSum>& sums, const ExprP& skipped, const LocalP& index,
                 const ExprP& first, const ExprP& end) {
    auto touch = std::make_shared<Stmt>(Stmt{Stmt::Kind::If});
    touch->value = skipped;
    Block elements;
    for (const MaskedSum& sum : sums) {
      Elem type = sum.accumulator ? sum.accumulator->type : sum.buffer->type;
      if (type != Elem::F64 && type != Elem::F32) continue;
      if (sum.accumulator) {
        auto assign = std::make_shared<Stmt>(Stmt{Stmt::Kind::Assign});
        assign->local = sum.accumulator;
        assign->value = exprs_.binary(BinaryOp::Add, exprs_.local(sum.accumulator), sum.zero);
        touch->body.push_back(assign);
        continue;
      }
      auto store = std::make_shared<Stmt>(Stmt{Stmt::Kind::Store});
      store->buffer = sum.buffer;
      store->index = sum.index;
      store->value = exprs_.binary(BinaryOp::Add, exprs_.load(sum.buffer, sum.index), sum.zero);
      elements.push_back(store);
    }
    Block result;
    if (!touch->body.empty()) result.push_back(touch);
    if (!elements.empty())
      result.push_back(makeShiftedFor(
          exprs_, index, first, exprs_.binary(BinaryOp::Sub, end, first), std::move(elements)));
    return result;
  }

  /// ((v0 op v1) op v2) ..: the least or greatest of some bounds.
  ExprP fold(BinaryOp op, const std::vector<ExprP>& values) {
    ExprP result = values[0];
    for (size_t u = 1; u < values.size(); ++u)
      result = exprs_.binary(op, result, values[u]);
    return result;
  }

  ExprBuilder& exprs_;
};

} // namespace

void trimMaskedSums(Function& function, ExprBuilder& exprs) {
  Trimmer(exprs).block(function.body);
}

} // namespace arr::loops
