// Reduction interchange on loop IR: the loop order that decides matrix
// product speed when the product is not register-blocked (ARCHITECTURE.md §7
// measured 11.5 ms for i-k-j against 340 ms for i-j-k on a 512x512 product).
//
// A loop over j whose body sums over l, reading memory that is contiguous in
// j and moves with l (x[l, j], or x[j + l]: a short dot product per j),
//
//   for j: ...; sum = init; for l: sum += X(l, j); ...use sum...
//
// becomes a row of partial sums accumulated with j innermost,
//
//   row = alloc [n]; for j: row[j] = init
//   for l: for j: row[j] += X(l, j)
//   for j: ...; sum = row[j]; ...use sum...
//
// This is scalar expansion of the accumulator, loop distribution and
// interchange. Each element still adds its terms in l order, so results are
// unchanged (the row's updates keep the reduction's reassociation flag).
//
// The sum may be triangular, its upper bound min(b, j + c) (or min(b, max(j +
// c, 0))) depending on j: then l runs to b, and the term of l belongs to the
// sums of j >= l - c + 1, where the inner loop starts. Reads guarded by an `if`
// in the sum's body move with it.

#include "loops/Interchange.h"

#include "loops/Analysis.h"
#include "loops/Jam.h"

#include <functional>
#include <optional>
#include <set>

namespace arr::loops {

namespace {

/// A load contiguous in j (j moves the last index by one) that also moves with l: in the
/// row form, the inner loop over j walks it contiguously for each l.
bool hasStridedLoad(const Block& steps, uint32_t j, uint32_t l) {
  for (const Access& access : accessesOf(steps)) {
    if (access.write) continue;
    auto stride = innerStride(access, j);
    bool moves = false;
    for (const ExprP& index : access.indices)
      moves = moves || mentionsLocal(index, l);
    if (stride && *stride == 1 && moves) return true;
  }
  return false;
}

/// For the bound `min(b, e)` with b free of j and e = j + c or max(j + c, 0): b and c.
/// For a bound free of j: itself and no offset.
struct Triangle {
  ExprP bound;
  std::optional<int64_t> offset; // c: l < j + c
};

std::optional<Triangle> boundFreeOf(const ExprP& extent, uint32_t j) {
  if (!mentionsLocal(extent, j)) return Triangle{extent, std::nullopt};
  if (extent->kind != Expr::Kind::Binary || extent->binaryOp != BinaryOp::Min) return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    const ExprP& b = extent->operands[side];
    ExprP e = extent->operands[1 - side];
    if (mentionsLocal(b, j)) continue;
    // max(j + c, 0) bounds l the same way as j + c, since l >= 0.
    if (e->kind == Expr::Kind::Binary && e->binaryOp == BinaryOp::Max) {
      auto zero = asIndexConstant(e->operands[1]);
      if (!zero || *zero != 0) continue;
      e = e->operands[0];
    }
    Affine form = affineOf(e);
    if (form.coefficient(j) != 1 || form.terms.size() != 1) continue;
    return Triangle{b, form.constant};
  }
  return std::nullopt;
}

class Interchanger {
public:
  Interchanger(ExprBuilder& exprs, SumNestWalk walk) : exprs_(exprs), walk_(walk) {}

  /// `defined`: the locals defined before `statements`. The block's own declarations join
  /// it for its later statements and nested blocks and leave it when the block ends
  /// (copying the set for each nested block would take time quadratic in a long body).
  void block(Block& statements, std::set<uint32_t>& defined) {
    std::vector<uint32_t> declared;
    for (size_t s = 0; s < statements.size(); ++s) {
      Stmt& statement = *statements[s];
      if (statement.kind == Stmt::Kind::Declare && defined.insert(statement.local->id).second)
        declared.push_back(statement.local->id);
      if (statement.kind != Stmt::Kind::For && statement.kind != Stmt::Kind::If) continue;
      bool indexAdded =
          statement.kind == Stmt::Kind::For && defined.insert(statement.local->id).second;
      block(statement.body, defined);
      block(statement.orElse, defined);
      if (indexAdded) defined.erase(statement.local->id);
      if (statement.kind != Stmt::Kind::For) continue;
      if (statement.parallel && walk_ != SumNestWalk::CollapseStrided) continue;
      Block replacement;
      while (interchange(statements[s], defined, replacement)) {
      }
      if (replacement.empty()) continue;
      replacement.push_back(statements[s]);
      appendFrees(replacement);
      statements.erase(statements.begin() + s);
      statements.insert(statements.begin() + s, replacement.begin(), replacement.end());
      s += replacement.size() - 1;
    }
    for (uint32_t id : declared)
      defined.erase(id);
  }

private:
  /// Interchanges one reduction of the j loop `outer`, adding the row's
  /// allocation and accumulation loops to `before`.
  bool interchange(StmtP& outer, const std::set<uint32_t>& definedOutside, Block& before) {
    auto lower = asIndexConstant(outer->lower);
    if (!lower || *lower != 0 || outer->step != 1 || outer->whileCondition) return false;
    // A loop of a few iterations (a stencil's taps) is better unrolled, its sums kept in
    // registers (loops/Unroll.cpp), than turned into a row of a few elements.
    if (auto trips = constantTrips(*outer); trips && *trips <= kMaxWholeTrips) return false;
    const LocalP& j = outer->local;
    Block& body = outer->body;
    for (size_t d = 0; d < body.size(); ++d) {
      if (body[d]->kind != Stmt::Kind::Declare) continue;
      const LocalP& sum = body[d]->local;
      if (sum->lanes != 1) continue;
      for (size_t f = d + 1; f < body.size(); ++f) {
        const Stmt& reduction = *body[f];
        if (reduction.kind != Stmt::Kind::For || reduction.parallel || reduction.body.empty() ||
            reduction.whileCondition || reduction.step != 1)
          continue;
        auto reductionLower = asIndexConstant(reduction.lower);
        if (!reductionLower || *reductionLower != 0) continue;
        const Stmt& last = *reduction.body.back();
        if (last.kind != Stmt::Kind::Accumulate || last.local->id != sum->id ||
            mentionsLocal(last.value, sum->id))
          continue;
        // Locals of the enclosing code that the j loop changes (a sequential loop's state)
        // read differently once the reduction runs before the j loop.
        std::set<uint32_t> stable = definedOutside;
        for (uint32_t local : assignedFromOutside(body))
          stable.erase(local);
        if (!fissionable(reduction, j->id, stable, writtenBuffers(body))) continue;
        std::optional<Triangle> triangle = boundFreeOf(reduction.value, j->id);
        if (!triangle || !readsOnly(triangle->bound, stable, j->id)) continue;
        bool strided = hasStridedLoad(reduction.body, j->id, reduction.local->id);
        switch (walk_) {
        case SumNestWalk::CollapseStrided:
          if (strided && collapse(outer, d, f, *triangle, true, before)) return true;
          continue;
        case SumNestWalk::CollapseInOrder:
          if (!strided && collapse(outer, d, f, *triangle, false, before)) return true;
          continue;
        case SumNestWalk::Reorder:
          if (!strided) continue;
          if (collapse(outer, d, f, *triangle, true, before)) return true;
          rewrite(outer, d, f, *triangle, before);
          return true;
        }
      }
    }
    return false;
  }

  /// Whether `value` reads only locals defined outside the j loop, and j.
  static bool readsOnly(const ExprP& value, const std::set<uint32_t>& definedOutside, uint32_t j) {
    std::set<uint32_t> read;
    collectLocals(value, read);
    for (uint32_t local : read)
      if (local != j && !definedOutside.count(local)) return false;
    return true;
  }

  /// The reduction's body only declares and assigns its own locals (under `if`s and in
  /// inner loops too: a dot product per term) before its last step, and reads nothing the
  /// j loop's body defines or writes except j.
  static bool fissionable(const Stmt& reduction, uint32_t j,
                          const std::set<uint32_t>& definedOutside,
                          const std::set<uint32_t>& buffersWritten) {
    std::set<uint32_t> allowed = definedOutside;
    allowed.insert(j);
    allowed.insert(reduction.local->id);
    std::set<uint32_t> own; // the locals the reduction's body declares
    auto readsAllowed = [&](const ExprP& value) {
      std::set<uint32_t> read;
      collectLocals(value, read);
      for (uint32_t local : read)
        if (!allowed.count(local)) return false;
      return !readsAnyBuffer(value, buffersWritten);
    };
    std::function<bool(const Block&)> steps = [&](const Block& block) {
      for (const StmtP& step : block) {
        switch (step->kind) {
        case Stmt::Kind::Declare:
          if (!readsAllowed(step->value)) return false;
          allowed.insert(step->local->id);
          own.insert(step->local->id);
          break;
        case Stmt::Kind::Assign:
        case Stmt::Kind::Accumulate:
          if (!own.count(step->local->id) || !readsAllowed(step->value)) return false;
          break;
        case Stmt::Kind::If:
          if (!readsAllowed(step->value) || !steps(step->body) || !steps(step->orElse))
            return false;
          break;
        case Stmt::Kind::For:
          if (step->parallel || !readsAllowed(step->value) || !readsAllowed(step->lower))
            return false;
          allowed.insert(step->local->id);
          if (!steps(step->body)) return false;
          break;
        default:
          return false;
        }
      }
      return true;
    };
    const Block& body = reduction.body;
    if (!steps(Block(body.begin(), body.end() - 1))) return false;
    allowed.insert(body.back()->local->id);
    return readsAllowed(body.back()->value);
  }

  /// Where the row is only summed again, `for j: sum = identity; for l: sum op= X(l, j);
  /// acc op= sum`, and both reductions may be reassociated (not with --strict-fp), the terms
  /// go straight to acc and no row is needed: `for l: for j: acc op= X(l, j)`. When no
  /// load is strided (`interchanged` false) the loops keep their order, `for j: for l:
  /// acc op= X(l, j)`: one reduction over a perfect nest, which the unroll pass can jam
  /// into. That is done in a second walk, after every interchange: a sum of sums per j
  /// must stay one, for an enclosing loop to take the row form (a convolution's sum over
  /// channels, each a sum over taps, row by row). The interchanged form is also the
  /// collapse pass's, before tiling (Collapse.cpp), which takes parallel j loops too: acc
  /// is then the loop's reduction, and the l loop becomes the parallel one.
  ///
  /// The lowering of a sum of an empty array writes `acc += select(extent == 0, 0.0, sum)`
  /// (0.0, not the identity -0.0): when the inner sum is empty, each j adds +0.0, which
  /// only turns a -0.0 into 0.0 and commutes exactly with any other addition, so one
  /// such step after the nest keeps the sign of a zero result.
  bool collapse(StmtP& outer, size_t declareAt, size_t reductionAt, const Triangle& triangle,
                bool interchanged, Block& before) {
    const Block& body = outer->body;
    if (body.size() != 3 || declareAt != 0 || reductionAt != 1) return false;
    const Stmt& declare = *body[0];
    const Stmt& reduction = *body[1];
    const Stmt& use = *body[2];
    const Stmt& last = *reduction.body.back();
    const LocalP& sum = declare.local;
    if (use.kind != Stmt::Kind::Accumulate || !use.reassociate || !last.reassociate ||
        use.op != last.op || use.local->type != sum->type || use.local->lanes != 1 ||
        declare.value != exprs_.identity(last.op, sum->type))
      return false;
    // fissionable() saw that the reduction reads neither acc nor sum.
    const LocalP& acc = use.local;
    // A parallel j loop combines acc across its chunks; the l loop takes that over, so acc
    // must be its only reduction.
    if (outer->parallel &&
        (!interchanged || outer->reductions.size() != 1 ||
         outer->reductions[0].local->id != acc->id || outer->reductions[0].op != use.op))
      return false;
    ExprP emptyTest; // the j-free condition under which each j adds +0.0 instead of sum
    if (use.value->kind == Expr::Kind::Select) {
      const ExprP& test = use.value->operands[0];
      const ExprP& instead = use.value->operands[1];
      bool positiveZero = arr::isFloat(sum->type) && instead == exprs_.zero(sum->type);
      // The test must say exactly that the inner sum is empty: extent == 0, extent free of j.
      if (last.op != BinaryOp::Add || !positiveZero || triangle.offset ||
          use.value->operands[2] != exprs_.local(sum) ||
          test != exprs_.binary(BinaryOp::Eq, reduction.value, exprs_.index(0)))
        return false;
      emptyTest = test;
    } else if (use.value != exprs_.local(sum)) {
      return false;
    }

    const LocalP& j = outer->local;
    Block accumulate(reduction.body.begin(), reduction.body.end() - 1);
    accumulate.push_back(makeAccumulate(acc, last.op, last.value, true));
    if (emptyTest) {
      ExprP runs = exprs_.binary(BinaryOp::Lt, exprs_.index(0), outer->value);
      before.push_back(makeIf(exprs_.logicalAnd(emptyTest, runs),
                              {makeAccumulate(acc, BinaryOp::Add, exprs_.zero(sum->type), true)}));
    }
    if (!interchanged) {
      outer = makeFor(j, outer->lower, outer->value,
                      {makeFor(reduction.local, reduction.lower, reduction.value, accumulate)});
      return true;
    }
    ExprP start = firstColumn(reduction.local, triangle);
    StmtP rows = makeFor(reduction.local, exprs_.index(0), triangle.bound,
                         {makeFor(j, start, outer->value, accumulate)});
    if (outer->parallel) {
      // The same total work, now over the l loop's iterations.
      rows->parallel = true;
      rows->reductions = outer->reductions;
      rows->work = exprs_.indexDiv(exprs_.mul(outer->work, outer->value),
                                   exprs_.max(triangle.bound, exprs_.index(1)));
    }
    outer = rows;
    return true;
  }

  void rewrite(StmtP& outer, size_t declareAt, size_t reductionAt, const Triangle& triangle,
               Block& before) {
    const LocalP& j = outer->local;
    StmtP declare = outer->body[declareAt];
    StmtP reduction = outer->body[reductionAt];
    ExprP jIndex = exprs_.local(j);
    BufferP row = exprs_.newBuffer("row", declare->local->type, {outer->value});
    rows_.push_back(row);

    before.push_back(makeAlloc(row));
    before.push_back(
        makeFor(j, exprs_.index(0), outer->value, {makeStore(row, {jIndex}, declare->value)}));

    const Stmt& last = *reduction->body.back();
    Block accumulate(reduction->body.begin(), reduction->body.end() - 1);
    accumulate.push_back(makeUpdate(row, {jIndex}, last.op, last.value, last.reassociate));
    ExprP start = firstColumn(reduction->local, triangle);
    before.push_back(makeFor(reduction->local, exprs_.index(0), triangle.bound,
                             {makeFor(j, start, outer->value, accumulate)}));

    auto rebuilt = std::make_shared<Stmt>(*outer);
    auto read = std::make_shared<Stmt>(*declare);
    read->value = exprs_.load(row, {jIndex});
    rebuilt->body[declareAt] = read;
    rebuilt->body.erase(rebuilt->body.begin() + reductionAt);
    outer = rebuilt;
  }

  /// The first j whose sum gets the term of l once l runs outside the j loop.
  ExprP firstColumn(const LocalP& l, const Triangle& triangle) {
    if (!triangle.offset) return exprs_.index(0);
    // l < j + c exactly when j >= l - c + 1: the inner loop starts there, so each term
    // goes to the sums it belongs to, with no test per element.
    // l >= 0, so the start is not negative when c <= 1.
    ExprP start = exprs_.add(exprs_.local(l), exprs_.index(1 - *triangle.offset));
    return *triangle.offset > 1 ? exprs_.max(start, exprs_.index(0)) : start;
  }

  void appendFrees(Block& statements) {
    for (const BufferP& row : rows_)
      statements.push_back(makeFree(row));
    rows_.clear();
  }

  ExprBuilder& exprs_;
  SumNestWalk walk_;
  std::vector<BufferP> rows_;
};

} // namespace

void walkSumNests(Function& function, ExprBuilder& exprs, SumNestWalk walk) {
  std::set<uint32_t> defined;
  for (const LocalP& size : function.sizes)
    defined.insert(size->id);
  for (const Param& param : function.params)
    if (param.scalar) defined.insert(param.scalar->id);
  Interchanger(exprs, walk).block(function.body, defined);
}

void interchangeReductions(Function& function, ExprBuilder& exprs) {
  for (SumNestWalk walk : {SumNestWalk::Reorder, SumNestWalk::CollapseInOrder})
    walkSumNests(function, exprs, walk);
}

} // namespace arr::loops
