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
  explicit Interchanger(ExprBuilder& exprs) : exprs_(exprs) {}

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
      if (statement.kind != Stmt::Kind::For || statement.parallel) continue;
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
    if (!lower || *lower != 0 || outer->step != 1) return false;
    const LocalP& j = outer->local;
    Block& body = outer->body;
    for (size_t d = 0; d < body.size(); ++d) {
      if (body[d]->kind != Stmt::Kind::Declare) continue;
      const LocalP& sum = body[d]->local;
      if (sum->lanes != 1) continue;
      for (size_t f = d + 1; f < body.size(); ++f) {
        const Stmt& reduction = *body[f];
        if (reduction.kind != Stmt::Kind::For || reduction.parallel || reduction.body.empty() ||
            reduction.step != 1)
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
        if (!hasStridedLoad(reduction.body, j->id, reduction.local->id)) continue;
        rewrite(outer, d, f, *triangle, before);
        return true;
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
    ExprP start = exprs_.index(0);
    if (triangle.offset) {
      // l < j + c exactly when j >= l - c + 1: the inner loop starts there, so each term
      // goes to the sums it belongs to, with no test per element.
      // l >= 0, so the start is not negative when c <= 1.
      start = exprs_.add(exprs_.local(reduction->local), exprs_.index(1 - *triangle.offset));
      if (*triangle.offset > 1) start = exprs_.max(start, exprs_.index(0));
    }
    before.push_back(makeFor(reduction->local, exprs_.index(0), triangle.bound,
                             {makeFor(j, start, outer->value, accumulate)}));

    auto rebuilt = std::make_shared<Stmt>(*outer);
    auto read = std::make_shared<Stmt>(*declare);
    read->value = exprs_.load(row, {jIndex});
    rebuilt->body[declareAt] = read;
    rebuilt->body.erase(rebuilt->body.begin() + reductionAt);
    outer = rebuilt;
  }

  void appendFrees(Block& statements) {
    for (const BufferP& row : rows_)
      statements.push_back(makeFree(row));
    rows_.clear();
  }

  ExprBuilder& exprs_;
  std::vector<BufferP> rows_;
};

} // namespace

void interchangeReductions(Function& function, ExprBuilder& exprs) {
  std::set<uint32_t> defined;
  for (const LocalP& size : function.sizes)
    defined.insert(size->id);
  for (const Param& param : function.params)
    if (param.scalar) defined.insert(param.scalar->id);
  Interchanger(exprs).block(function.body, defined);
}

} // namespace arr::loops
