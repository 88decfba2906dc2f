// Trimming of masked sums on loop IR.
//
// A sum over a triangle is written in Arr as a sum over the square with the other
// half masked out; the GMM objective's `if c < r then .. else 0.0` is one, and so is
// its transposition in the gradient:
//
//   for r < n: ..; acc += select(j < r, X(r), 0.0)
//
// Every term with r <= j is zero, so the loop can start at j + 1. Only the sign of a
// zero can tell: -0.0 + 0.0 is 0.0, so a sum that the skipped terms would have touched
// gets one `+ 0.0` for all of them,
//
//   from = min(max(j + 1, 0), n)
//   if 0 < from: acc += 0.0
//   for r in [from, n): ..; acc += select(j < r, X(r), 0.0)
//
// which is exact: the terms left keep their order, and x + 0.0 + 0.0 is x + 0.0.
// A mask that is a comparison of r (or a conjunction of them) holds wherever the trimmed
// loop runs, and its select reads as its term there (`acc += X(r)`), which leaves the
// terms free of j when X(r) is (a prefix sum written as a masked build: loops/Tabulate.cpp).
// After unroll-and-jam, one loop accumulates four sums with four masks; it runs over
// the union of their ranges (the least start, the greatest end) and keeps the masks.
// The sums may also go into array elements, row[j] += select(j < i, X(j), 0.0)
// (the rows of partial sums the reduction interchange makes); the elements skipped
// then get their + 0.0 from a loop of their own, which does no other arithmetic. The
// loop body may declare locals and guard their reads, but do nothing else: no other
// stores, no inner loops, and no reads of what the sums write.
//
// A mask that is not a whole term cannot be trimmed: past the diagonal,
// `select(j <= i, a[i, j], 0.0) * x[j]` adds 0.0 * x[j], which is NaN for an infinite
// x[j]. A gather through such an index (`a[i, if j <= i then j else n]`, zero past the
// row) is the same. The loop is then split where the condition changes,
//
//   at = min(max(i + 1, lo), hi)
//   for j in [lo, at): the body with the condition true
//   for j in [at, hi): the body with the condition false
//
// and each piece folds its selects: the first reads a[i, j] unmasked, the second adds
// 0.0 * x[j] with no read of a. Iterations keep their order, so the results are exact.
// Only conditions of selects are used (range checks of reads are Split's and
// Version's), and only in bodies small enough to copy.

#include "loops/Trim.h"

#include "loops/Analysis.h"

#include <limits>
#include <optional>
#include <set>
#include <unordered_map>

namespace arr::loops {

namespace {

constexpr size_t kMaxSplitStatements = 100;
constexpr int kMaxSplitDepth = 2; // at most four pieces

/// One masked sum: acc += select(condition, term, zero) or select(condition, zero,
/// term), possibly nested; the term counts where every condition is as `kept` says.
struct MaskedSum {
  LocalP accumulator; // a local: acc += ..
  BufferP buffer;     // or an element: buffer[indices] += ..
  std::vector<ExprP> indices;
  bool reassociate = false;
  std::vector<std::pair<ExprP, bool>> conditions; // (condition, kept)
  ExprP zero;
};

/// The indices [lower, upper) where a mask can hold; a missing bound is not limited.
struct Range {
  std::optional<ExprP> lower, upper;
};

class Trimmer {
public:
  Trimmer(ExprBuilder& exprs, ValueBounds& values) : exprs_(exprs), values_(values) {}

  void block(Block& statements) {
    for (size_t s = 0; s < statements.size(); ++s) {
      block(statements[s]->body);
      block(statements[s]->orElse);
      const Stmt& loop = *statements[s];
      if (loop.kind != Stmt::Kind::For || loop.parallel || loop.step != 1 || loop.whileCondition)
        continue;
      if (auto trips = tripBound(loop); trips && *trips < 4) continue;
      Block trimmed = trim(*statements[s]);
      if (trimmed.empty()) trimmed = splitAtCondition(*statements[s], kMaxSplitDepth);
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

    const ExprP& start = loop.lower;
    const ExprP& extent = loop.value;
    Block result;
    ExprP from = start;
    if (everyLower) {
      ExprP least = fold(BinaryOp::Min, lowers);
      LocalP first = exprs_.newLocal("from", Elem::I64);
      result.push_back(makeDeclare(first, exprs_.min(exprs_.max(least, start), extent)));
      from = exprs_.local(first);
      Block skipped =
          touchAll(sums, exprs_.binary(BinaryOp::Lt, start, from), loop.local, start, from);
      result.insert(result.end(), skipped.begin(), skipped.end());
    }
    ExprP to = extent;
    if (everyUpper) {
      ExprP greatest = fold(BinaryOp::Max, uppers);
      LocalP end = exprs_.newLocal("to", Elem::I64);
      result.push_back(makeDeclare(end, exprs_.max(exprs_.min(greatest, extent), from)));
      to = exprs_.local(end);
    }
    result.push_back(makeFor(loop.local, from, to, decideMasks(loop, sums, own)));
    if (everyUpper) {
      Block skipped =
          touchAll(sums, exprs_.binary(BinaryOp::Lt, to, extent), loop.local, to, extent);
      result.insert(result.end(), skipped.begin(), skipped.end());
    }
    return result;
  }

  /// The body of the trimmed loop. With one sum, every mask that bounds the index holds
  /// over the indices left, and its select reads as its term.
  Block decideMasks(const Stmt& loop, const std::vector<MaskedSum>& sums,
                    const std::set<uint32_t>& own) {
    if (sums.size() != 1) return loop.body;
    Block body = loop.body;
    for (const auto& [condition, kept] : sums[0].conditions) {
      if (!bounding(condition, kept, loop.local->id, own)) continue;
      std::unordered_map<uint32_t, ExprP> memo;
      body = decide(body, condition, exprs_.boolean(kept), memo);
    }
    return body;
  }

  /// Whether `condition` (or its negation, when not `kept`) holds exactly where the index
  /// is within the bounds it gives: a comparison that bounds it, or a conjunction of them.
  bool bounding(const ExprP& condition, bool kept, uint32_t index, const std::set<uint32_t>& own) {
    if (condition->kind != Expr::Kind::Binary) return false;
    if (kept && condition->binaryOp == BinaryOp::And)
      return bounding(condition->operands[0], true, index, own) &&
             bounding(condition->operands[1], true, index, own);
    auto [lower, upper] = bounds(condition, kept, index, own);
    return !lower != !upper;
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
      case Stmt::Kind::Assign:
        if (!own.count(statement->local->id)) return false;
        break;
      case Stmt::Kind::Accumulate: {
        if (own.count(statement->local->id)) break;
        auto sum = maskedSum(*statement);
        if (!sum || !accumulators.insert(sum->accumulator->id).second) return false;
        sums.push_back(*sum);
        break;
      }
      case Stmt::Kind::Update: {
        // The skipped elements are touched by a loop of their own: the index must not need
        // the body's locals.
        auto sum = maskedSum(*statement);
        if (!sum || !buffers.insert(sum->buffer->id).second) return false;
        for (const ExprP& index : sum->indices)
          if (mentionsAny(index, own)) return false;
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
      if (reads(statement->value)) return false;
      for (const ExprP& index : statement->indices)
        if (reads(index)) return false;
      for (const StmtP& inner : statement->body)
        if (reads(inner->value)) return false;
    }
    return true;
  }

  /// acc += select(c, term, 0) (or with the zero first, or nested selects with one zero),
  /// term free of acc.
  static std::optional<MaskedSum> maskedSum(const Stmt& step) {
    if (step.op != BinaryOp::Add || step.value->lanes != 1) return {};
    ExprP masked = step.value;
    MaskedSum sum;
    sum.reassociate = step.reassociate;
    if (step.kind == Stmt::Kind::Accumulate) {
      if (mentionsLocal(masked, step.local->id)) return {};
      sum.accumulator = step.local;
    } else {
      if (readsAnyBuffer(masked, {step.buffer->memory().id})) return {};
      sum.buffer = step.buffer;
      sum.indices = step.indices;
    }
    while (masked->kind == Expr::Kind::Select) {
      bool kept = isZeroConstant(masked->operands[2]);
      if (!kept && !isZeroConstant(masked->operands[1])) break;
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
    Affine form = affineOf(position);
    if (form.opaqueIn(index) || form.coefficient(index) != 1 || mentionsLocal(limit, index))
      return {};
    for (uint32_t local : own)
      if (mentionsLocal(position, local) || mentionsLocal(limit, local)) return {};
    ExprP offset = exprs_.substitute(position, index, exprs_.index(0));
    ExprP bound = boundBeyond(limit, offset, upper != strict);
    if (!bound) return {};
    if (upper) return {nullptr, bound}; // index < bound (index + offset < or <= limit)
    return {bound, nullptr};            // bound <= index (limit < or <= index + offset)
  }

  /// limit - offset, plus one when `plusOne`, computed in i64 without wrapping around (as
  /// `j <= k` would, for k an argument at i64's greatest value): as it is where the values
  /// are far from i64's limits, else saturated at them (a bound past every index still
  /// excludes them all); null when an offset that is not constant may wrap.
  ExprP boundBeyond(const ExprP& limit, const ExprP& offset, bool plusOne) {
    auto constantOffset = asIndexConstant(offset);
    bool arithmetic = constantOffset != 0 || plusOne;
    if (!arithmetic || (smallValue(limit) && smallValue(offset))) {
      ExprP bound = exprs_.sub(limit, offset);
      return plusOne ? exprs_.add(bound, exprs_.index(1)) : bound;
    }
    if (!constantOffset) return nullptr;
    constexpr int64_t kLeast = std::numeric_limits<int64_t>::min();
    constexpr int64_t kGreatest = std::numeric_limits<int64_t>::max();
    const int64_t c = *constantOffset;
    ExprP bound = limit;
    if (c > 0) bound = exprs_.sub(exprs_.max(limit, exprs_.index(kLeast + c)), offset);
    if (c < 0) bound = exprs_.sub(exprs_.min(limit, exprs_.index(kGreatest + c)), offset);
    if (plusOne)
      bound = exprs_.add(exprs_.min(bound, exprs_.index(kGreatest - 1)), exprs_.index(1));
    return bound;
  }

  /// Whether the i64 value is far from i64's limits wherever it is evaluated.
  bool smallValue(const ExprP& value) {
    auto least = values_.least(value), greatest = values_.greatest(value);
    return least && greatest && values_.bounded(*least) && values_.bounded(*greatest);
  }

  /// The effect of the skipped terms, zeros, on each float sum: `if (skipped): acc = acc +
  /// zero` for locals, and for buffer elements a loop over the skipped indices [first,
  /// end) that adds the zero to each (a -0.0 element becomes 0.0, as it would have).
  Block touchAll(const std::vector<MaskedSum>& sums, const ExprP& skipped, const LocalP& index,
                 const ExprP& first, const ExprP& end) {
    Block touches, elements;
    for (const MaskedSum& sum : sums) {
      Elem type = sum.accumulator ? sum.accumulator->type : sum.buffer->type;
      if (type != Elem::F64 && type != Elem::F32) continue;
      if (sum.accumulator) {
        touches.push_back(
            makeAccumulate(sum.accumulator, BinaryOp::Add, sum.zero, sum.reassociate));
        continue;
      }
      elements.push_back(
          makeUpdate(sum.buffer, sum.indices, BinaryOp::Add, sum.zero, sum.reassociate));
    }
    Block result;
    if (!touches.empty()) result.push_back(makeIf(skipped, std::move(touches)));
    if (!elements.empty()) result.push_back(makeFor(index, first, end, std::move(elements)));
    return result;
  }

  /// The loop in two pieces, where a select's condition on the index is true and where
  /// it is false, each piece with that condition decided (and split again, `depth`
  /// times); empty when no condition bounds the index.
  Block splitAtCondition(const Stmt& loop, int depth) {
    if (depth == 0 || statementCount(loop.body) > kMaxSplitStatements) return {};
    const uint32_t index = loop.local->id;
    std::set<uint32_t> own = definedIn(loop.body);
    ExprP condition, boundary;
    bool trueBelow = false;
    forEachStmt(loop.body, [&](const Stmt& s) {
      for (const ExprP& operand : operandsOf(s))
        forEachExpr(operand, [&](const Expr& e) {
          if (condition || e.kind != Expr::Kind::Select || e.lanes != 1) return;
          const ExprP& candidate = e.operands[0];
          if (candidate->kind != Expr::Kind::Binary) return;
          auto [lower, upper] = bounds(candidate, true, index, own);
          if (!lower == !upper) return;
          condition = candidate;
          trueBelow = upper != nullptr;
          boundary = upper ? upper : lower;
        });
    });
    if (!condition) return {};
    LocalP at = exprs_.newLocal("at", Elem::I64);
    Block result = {makeDeclare(at, exprs_.min(exprs_.max(boundary, loop.lower), loop.value))};
    for (bool below : {true, false}) {
      auto piece = std::make_shared<Stmt>(loop);
      if (below)
        piece->value = exprs_.local(at);
      else
        piece->lower = exprs_.local(at);
      std::unordered_map<uint32_t, ExprP> memo;
      piece->body = decide(loop.body, condition, exprs_.boolean(below == trueBelow), memo);
      Block again = splitAtCondition(*piece, depth - 1);
      if (again.empty())
        result.push_back(piece);
      else
        result.insert(result.end(), again.begin(), again.end());
    }
    return result;
  }

  /// A copy of `block` in which `condition` reads as `value`.
  Block decide(const Block& block, const ExprP& condition, const ExprP& value,
               std::unordered_map<uint32_t, ExprP>& memo) {
    Block copied;
    for (const StmtP& s : block) {
      auto copy = std::make_shared<Stmt>(*s);
      auto replace = [&](ExprP& e) {
        if (e) e = decide(e, condition, value, memo);
      };
      replace(copy->value);
      replace(copy->lower);
      replace(copy->work);
      for (ExprP& index : copy->indices)
        replace(index);
      copy->body = decide(s->body, condition, value, memo);
      copy->orElse = decide(s->orElse, condition, value, memo);
      if (copy->kind == Stmt::Kind::If && copy->value->kind == Expr::Kind::Const) {
        const Block& taken = std::get<bool>(copy->value->value) ? copy->body : copy->orElse;
        copied.insert(copied.end(), taken.begin(), taken.end());
        continue;
      }
      copied.push_back(copy);
    }
    return copied;
  }

  ExprP decide(const ExprP& e, const ExprP& condition, const ExprP& value,
               std::unordered_map<uint32_t, ExprP>& memo) {
    if (e == condition) return value;
    if (e->operands.empty()) return e;
    if (auto found = memo.find(e->id); found != memo.end()) return found->second;
    std::vector<ExprP> operands;
    bool changed = false;
    for (const ExprP& operand : e->operands) {
      operands.push_back(decide(operand, condition, value, memo));
      changed = changed || operands.back() != operand;
    }
    ExprP result = changed ? exprs_.rebuild(*e, std::move(operands)) : e;
    memo.emplace(e->id, result);
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
  ValueBounds& values_;
};

} // namespace

void trimMaskedSums(Function& function, ExprBuilder& exprs) {
  const std::set<uint32_t> none;
  ValueBounds values(function, none, none);
  Trimmer(exprs, values).block(function.body);
}

} // namespace arr::loops
