// Zero-padded copies of arrays read under range checks, on loop IR.
//
// A read outside an array yields zero (LANGUAGE.md §7), so a convolution reads its
// input under checks (Lowering::pullChecked):
//
//   f64 safe = 0.0
//   if (0 <= r + p - 1) && (r + p - 1 < h) && (0 <= c + q - 1) && (c + q - 1 < v):
//     safe = x[i, r + p - 1, c + q - 1]
//
// When a loop around such a read does not move it (a convolution reads each pixel once
// per output channel: many times x's size), x is copied once into a buffer with zero
// margins as wide as the reads reach past its edges, and the reads take the copy
// without checks:
//
//   padded = alloc [ci, h + 2, v + 2]
//   for a: for b: for c: padded[a, b, c] = x[a, b - 1, c - 1], or 0.0 outside x
//   ...
//   f64 safe = padded[i, r + p, c + q]
//
// The loops then have no checks to split off or version, their rows are as long as the
// image's (whole vectors), and products in them can be tiled. Every read gives the value
// it gave, so results are unchanged, bit for bit.
//
// How far the reads reach comes from the access maps: each checked index is affine in
// the indices of the loops around it, so its least value over their bounds is a constant
// and its greatest is the dimension's size plus a constant when the loop that moves it
// runs over that size (r < h). A check of another form, or a reach that is not known,
// leaves the read as it is. A read that reaches nowhere outside (its checks always hold:
// x[r + p] for r < n - 2, p < 3) loses its checks without a copy. Legal when the array is a
// parameter, or a temporary that the function's body allocates, and nothing writes it from the copy
// on; the copy is made before the first statement of the body that reads it so, and released after
// the last.

#include "loops/Pad.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace arr::loops {

namespace {

/// A read reaching further outside its array is not a stencil's; it keeps its checks.
constexpr int64_t kMaxMargin = 16;

/// `f64 local = 0.0; if in range: local = load`, the declaration at `at` in its block.
struct GuardedRead {
  size_t at = 0;
  ExprP load;
  std::vector<int64_t> low, high; // how far the indices reach below 0 and past the last element
  bool reused = false;            // a loop around the read does not move it
};

/// What the reads of one array ask for: the widest margins, and the first and last
/// statements of the function's body with such a read.
struct Plan {
  std::vector<int64_t> low, high;
  bool reused = false;
  size_t first = 0, last = 0;
};

class Padder {
public:
  Padder(Function& function, ExprBuilder& exprs) : function_(function), exprs_(exprs) {}

  void run() {
    Block& body = function_.body;
    std::set<uint32_t> arrays; // the parameters, then the temporaries allocated so far
    for (const Param& param : function_.params)
      if (param.buffer && !param.buffer->base) arrays.insert(param.buffer->id);
    std::map<uint32_t, Plan> plans;
    std::map<uint32_t, BufferP> buffers;
    for (size_t s = 0; s < body.size(); ++s) {
      Stmt& statement = *body[s];
      if (statement.kind == Stmt::Kind::Alloc) arrays.insert(statement.buffer->id);
      std::vector<const Stmt*> loops;
      walk(statement, loops, [&](Block& block, const GuardedRead& read) {
        const BufferP& buffer = read.load->buffer;
        bool inside = std::all_of(read.low.begin(), read.low.end(), isZero) &&
                      std::all_of(read.high.begin(), read.high.end(), isZero);
        if (inside) { // the checks always hold
          uncheck(block, read, read.load);
          return;
        }
        if (!arrays.count(buffer->id)) return;
        auto [entry, fresh] = plans.try_emplace(buffer->id);
        Plan& plan = entry->second;
        if (fresh) {
          plan.low = read.low;
          plan.high = read.high;
          plan.first = s;
          buffers.emplace(buffer->id, buffer);
        }
        for (size_t d = 0; d < read.low.size(); ++d) {
          plan.low[d] = std::max(plan.low[d], read.low[d]);
          plan.high[d] = std::max(plan.high[d], read.high[d]);
        }
        plan.reused = plan.reused || read.reused;
        plan.last = s;
      });
    }

    struct Insertion {
      size_t at;
      Block statements;
    };
    std::vector<Insertion> insertions;
    for (const auto& [id, plan] : plans) {
      if (!plan.reused) continue;
      Block fromFirst(body.begin() + long(plan.first), body.end());
      if (writtenBuffers(fromFirst).count(id)) continue;
      const BufferP& source = buffers.at(id);
      std::vector<ExprP> shape;
      for (size_t d = 0; d < source->shape.size(); ++d)
        shape.push_back(exprs_.add(source->shape[d], exprs_.index(plan.low[d] + plan.high[d])));
      BufferP padded = exprs_.newBuffer("padded", source->type, std::move(shape));
      for (size_t s = plan.first; s <= plan.last; ++s) {
        std::vector<const Stmt*> loops;
        walk(*body[s], loops, [&](Block& block, const GuardedRead& read) {
          if (read.load->buffer->id != id) return;
          std::vector<ExprP> indices;
          for (size_t d = 0; d < read.load->operands.size(); ++d)
            indices.push_back(exprs_.add(read.load->operands[d], exprs_.index(plan.low[d])));
          uncheck(block, read, exprs_.load(padded, indices));
        });
      }
      Block copy = {makeAlloc(padded)};
      copy.push_back(copyWithMargins(source, padded, plan));
      insertions.push_back({plan.first, std::move(copy)});
      insertions.push_back({plan.last + 1, {makeFree(padded)}});
    }
    // From the last position back, so that earlier positions stay valid.
    std::stable_sort(insertions.begin(), insertions.end(),
                     [](const Insertion& a, const Insertion& b) { return a.at > b.at; });
    for (const Insertion& insertion : insertions)
      body.insert(body.begin() + long(insertion.at), insertion.statements.begin(),
                  insertion.statements.end());
  }

private:
  static bool isZero(int64_t margin) { return margin == 0; }

  /// The read's declaration takes `value`, and its guard goes.
  static void uncheck(Block& block, const GuardedRead& read, const ExprP& value) {
    block[read.at] = makeDeclare(block[read.at]->local, value);
    block.erase(block.begin() + long(read.at) + 1);
  }

  /// Calls `found` on every guarded read inside `statement` (which may remove the guard
  /// that follows the read's declaration).
  template <class Found>
  void walk(Stmt& statement, std::vector<const Stmt*>& loops, const Found& found) {
    bool loop = statement.kind == Stmt::Kind::For;
    if (loop) loops.push_back(&statement);
    walkBlock(statement.body, loops, found);
    walkBlock(statement.orElse, loops, found);
    if (loop) loops.pop_back();
  }

  template <class Found>
  void walkBlock(Block& block, std::vector<const Stmt*>& loops, const Found& found) {
    for (size_t s = 0; s < block.size(); ++s) {
      if (auto read = guardedRead(block, s, loops)) found(block, *read);
      walk(*block[s], loops, found);
    }
  }

  /// The read declared at block[at] when block[at + 1] guards it by range checks of its
  /// own indices alone, each reaching a known distance outside the array.
  std::optional<GuardedRead> guardedRead(const Block& block, size_t at,
                                         const std::vector<const Stmt*>& loops) {
    if (at + 1 >= block.size()) return std::nullopt;
    const Stmt& declare = *block[at];
    const Stmt& guard = *block[at + 1];
    if (declare.kind != Stmt::Kind::Declare || declare.local->lanes != 1 ||
        declare.value != exprs_.zero(declare.local->type) || guard.kind != Stmt::Kind::If ||
        !guard.orElse.empty() || guard.body.size() != 1)
      return std::nullopt;
    const Stmt& assign = *guard.body[0];
    if (assign.kind != Stmt::Kind::Assign || assign.local->id != declare.local->id ||
        assign.value->kind != Expr::Kind::Load || assign.value->lanes != 1 ||
        assign.value->buffer->base)
      return std::nullopt;
    const ExprP& load = assign.value;
    const BufferP& buffer = load->buffer;
    const size_t rank = load->operands.size();
    std::vector<Affine> indices;
    for (const ExprP& index : load->operands)
      indices.push_back(affineOf(index));

    std::vector<bool> lowerChecked(rank, false), upperChecked(rank, false);
    bool understood = true;
    forEachConjunct(guard.value, [&](const ExprP& check) {
      bool lower = check->kind == Expr::Kind::Binary && check->binaryOp == BinaryOp::Le &&
                   asIndexConstant(check->operands[0]) == 0;
      bool upper = check->kind == Expr::Kind::Binary && check->binaryOp == BinaryOp::Lt;
      if (!lower && !upper) {
        understood = false;
        return;
      }
      const Affine tested = affineOf(check->operands[lower ? 1 : 0]);
      const Affine limit = upper ? affineOf(check->operands[1]) : Affine{};
      // A check holds for every dimension whose index it tests (x[i - 1, i - 1]).
      bool matched = false;
      for (size_t d = 0; d < rank; ++d) {
        if (!(tested == indices[d])) continue;
        if (lower) {
          lowerChecked[d] = matched = true;
        } else if (limit == affineOf(buffer->shape[d])) {
          upperChecked[d] = matched = true;
        }
      }
      understood = understood && matched;
    });
    if (!understood) return std::nullopt;

    GuardedRead read;
    read.at = at;
    read.load = load;
    read.low.assign(rank, 0);
    read.high.assign(rank, 0);
    for (size_t d = 0; d < rank; ++d) {
      if (lowerChecked[d]) {
        auto least = leastValue(indices[d], loops);
        if (!least) return std::nullopt;
        read.low[d] = std::max<int64_t>(0, -*least);
      }
      if (upperChecked[d]) {
        auto past = reachPastSize(indices[d], buffer->shape[d], loops);
        if (!past) return std::nullopt;
        read.high[d] = std::max<int64_t>(0, *past);
      }
      if (read.low[d] > kMaxMargin || read.high[d] > kMaxMargin) return std::nullopt;
    }
    for (const Stmt* loop : loops) {
      bool moves = false;
      for (const ExprP& index : load->operands)
        moves = moves || mentionsLocal(index, loop->local->id);
      read.reused = read.reused || (!moves && mayRepeat(*loop));
    }
    return read;
  }

  /// The loop of `loops` over the local `term`, when its first index is a constant.
  static const Stmt* loopOver(const ExprP& term, const std::vector<const Stmt*>& loops,
                              int64_t& first) {
    if (term->kind != Expr::Kind::Local) return nullptr;
    for (const Stmt* loop : loops)
      if (loop->local->id == term->local->id) {
        auto lower = asIndexConstant(loop->lower);
        if (!lower || loop->step < 1) return nullptr;
        first = *lower;
        return loop;
      }
    return nullptr;
  }

  /// The least value of `index` over the loops' iterations.
  static std::optional<int64_t> leastValue(const Affine& index,
                                           const std::vector<const Stmt*>& loops) {
    int64_t least = index.constant;
    for (const auto& [id, term] : index.terms) {
      const auto& [expr, coefficient] = term;
      int64_t first = 0;
      const Stmt* loop = loopOver(expr, loops, first);
      if (!loop) return std::nullopt;
      if (coefficient > 0) {
        least += coefficient * first;
      } else {
        auto upper = asIndexConstant(loop->value);
        if (!upper) return std::nullopt;
        least += coefficient * std::max(first, *upper - 1);
      }
    }
    return least;
  }

  /// c such that `index` is at most size - 1 + c over the loops' iterations: one loop
  /// moves it by one per iteration up to `size` plus a constant, the others have
  /// constant bounds.
  static std::optional<int64_t> reachPastSize(const Affine& index, const ExprP& size,
                                              const std::vector<const Stmt*>& loops) {
    int64_t reach = index.constant;
    bool bySize = false;
    const Affine sizeForm = affineOf(size);
    for (const auto& [id, term] : index.terms) {
      const auto& [expr, coefficient] = term;
      int64_t first = 0;
      const Stmt* loop = loopOver(expr, loops, first);
      if (!loop) return std::nullopt;
      if (coefficient < 0) {
        reach += coefficient * first;
        continue;
      }
      if (auto upper = asIndexConstant(loop->value)) {
        reach += coefficient * std::max(first, *upper - 1);
        continue;
      }
      Affine past = affineOf(loop->value) - sizeForm;
      if (bySize || coefficient != 1 || !past.isConstant()) return std::nullopt;
      bySize = true;
      reach += past.constant; // the index reaches size + past - 1
    }
    if (!bySize) return std::nullopt;
    return reach;
  }

  /// for each element of `padded`: the element of `source` it stands for, or zero.
  StmtP copyWithMargins(const BufferP& source, const BufferP& padded, const Plan& plan) {
    const size_t rank = source->shape.size();
    std::vector<LocalP> at;
    std::vector<ExprP> to, from;
    ExprP inRange = exprs_.boolean(true);
    for (size_t d = 0; d < rank; ++d) {
      at.push_back(exprs_.newLocal("i", Elem::I64));
      to.push_back(exprs_.local(at[d]));
      ExprP shifted = exprs_.sub(to[d], exprs_.index(plan.low[d]));
      from.push_back(shifted);
      if (plan.low[d] == 0 && plan.high[d] == 0) continue;
      inRange = exprs_.logicalAnd(
          inRange, exprs_.logicalAnd(exprs_.binary(BinaryOp::Le, exprs_.index(0), shifted),
                                     exprs_.binary(BinaryOp::Lt, shifted, source->shape[d])));
    }
    LocalP value = exprs_.newLocal("safe", source->type);
    Block copy = {makeDeclare(value, exprs_.zero(source->type)),
                  makeIf(inRange, {makeAssign(value, exprs_.load(source, from))}),
                  makeStore(padded, to, exprs_.local(value))};
    ExprP work = exprs_.index(3);
    for (size_t d = rank; d-- > 0;) {
      copy = {makeFor(at[d], exprs_.index(0), padded->shape[d], std::move(copy))};
      if (d > 0) work = exprs_.mul(work, padded->shape[d]);
    }
    copy[0]->parallel = true;
    copy[0]->work = work;
    return copy[0];
  }

  Function& function_;
  ExprBuilder& exprs_;
};

} // namespace

void padGuardedReads(Function& function, ExprBuilder& exprs) {
  Padder(function, exprs).run();
}

} // namespace arr::loops
