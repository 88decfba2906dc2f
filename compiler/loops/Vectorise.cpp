// Vectorised reductions over loop nests, on loop IR.
//
// A nest of loops whose innermost loop adds terms into scalars declared outside
// the nest (a kernel gradient's nine taps, after unroll and split),
//
//   acc = -0.0
//   for r: ...; for c in [lo, hi): t = dy[r, c]; acc += t * x[r, c + 1]; ...
//
// keeps one vector accumulator of the target's register width per scalar for the
// whole nest, and adds lanes of consecutive iterations into it:
//
//   vacc = [-0.0, ..]
//   for r: ...
//     for c in [lo, e = lo + (hi - lo) / W * W) by W:
//       t' = dy[r, c .. c+W]; vacc += t' * x[r, c+1 .. c+1+W]
//     for c in [e, hi): the original body (at most W - 1 iterations, into acc)
//   acc += reduceLanes(+, vacc)
//
// LLVM vectorises the inner loop on its own, but adds its lanes together at the end
// of every row; here they are added once per nest (per nine sums over a 64 x 64
// image, 62 times fewer reductions of nine vectors each).
//
// Legality: the sums are reassociable (not --strict-fp), so adding terms lane by lane
// and the lanes at the end is a reordering the language allows (LANGUAGE.md §9), and an
// accumulator the nest never reads otherwise cannot tell when its terms arrive. The
// vectorised loop's body writes no memory and declares only its own locals, so running
// W iterations at once reads what they read one by one; its loads move along the last
// dimension of a buffer by one element per iteration (a vector load) or not at all (a
// broadcast). The loop index used as a value, gathers (indices read from a body local),
// guarded reads and integer or libm arithmetic per lane keep the loop scalar.
//
// The heuristic: the accumulators give at least four independent chains per loop (fewer
// would wait on the latency of each addition, which LLVM's interleaved lanes hide), and
// they fit in the registers besides a few for the loads.

#include "loops/Vectorise.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace arr::loops {

namespace {

constexpr size_t kMinChains = 4;
constexpr int kSpareRegisters = 8; // for the loads and the products of one iteration

/// How one iteration's expressions read when W iterations run at once.
class LaneRewriter {
public:
  LaneRewriter(ExprBuilder& exprs, uint32_t index, int lanes)
      : exprs_(exprs), index_(index), lanes_(lanes) {}

  bool failed() const { return failed_; }

  /// The local `original`, declared in the body, as a vector local.
  const LocalP& vectorLocal(const Local& original) {
    LocalP& local = locals_[original.id];
    if (!local) {
      local = exprs_.newLocal(original.name, original.type, lanes_);
      bodyLocals_.insert(original.id);
    }
    return local;
  }
  bool isBodyLocal(uint32_t id) const { return bodyLocals_.count(id) != 0; }

  /// `expr` for W iterations: a vector, or the scalar itself when no iteration differs.
  ExprP lanes(const ExprP& expr) {
    if (failed_) return expr;
    auto found = memo_.find(expr->id);
    if (found != memo_.end()) return found->second;
    ExprP result = rewrite(expr);
    memo_.emplace(expr->id, result);
    return result;
  }

  /// `expr` as a vector of W lanes, broadcast when it is the same in every iteration.
  ExprP vector(const ExprP& expr) {
    ExprP value = lanes(expr);
    return value->lanes == lanes_ ? value : exprs_.broadcast(value, lanes_);
  }

private:
  ExprP fail(const ExprP& expr) {
    failed_ = true;
    return expr;
  }

  bool readsBodyLocalOrIndex(const ExprP& expr) {
    std::set<uint32_t> read;
    collectLocals(expr, read);
    for (uint32_t id : read)
      if (id == index_ || isBodyLocal(id)) return true;
    return false;
  }

  /// Native vector arithmetic only: float operations that LLVM has as instructions or
  /// intrinsics (integers and libm calls would run lane by lane).
  static bool vectorArithmetic(Elem type, prim::Lowering lowering) {
    return arr::isFloat(type) && lowering != prim::Lowering::Libm &&
           lowering != prim::Lowering::Runtime;
  }

  ExprP rewrite(const ExprP& expr) {
    if (expr->lanes != 1) return fail(expr);
    switch (expr->kind) {
    case Expr::Kind::Const:
      return expr;
    case Expr::Kind::Local:
      if (expr->local->id == index_) return fail(expr); // the index as a value
      if (isBodyLocal(expr->local->id)) return exprs_.local(locals_.at(expr->local->id));
      return expr;
    case Expr::Kind::Load:
      return load(expr);
    case Expr::Kind::Unary: {
      ExprP operand = lanes(expr->operands[0]);
      if (operand->lanes == 1) return expr;
      if (expr->type != expr->operands[0]->type ||
          !vectorArithmetic(expr->type, prim::info(expr->unaryOp).lowering))
        return fail(expr);
      return exprs_.unary(expr->unaryOp, operand);
    }
    case Expr::Kind::Binary: {
      ExprP left = lanes(expr->operands[0]), right = lanes(expr->operands[1]);
      if (left->lanes == 1 && right->lanes == 1) return expr;
      if (!vectorArithmetic(expr->operands[0]->type, prim::info(expr->binaryOp).lowering))
        return fail(expr);
      return exprs_.binary(expr->binaryOp, left, right);
    }
    case Expr::Kind::Select: {
      ExprP condition = lanes(expr->operands[0]);
      ExprP thenValue = lanes(expr->operands[1]), elseValue = lanes(expr->operands[2]);
      if (condition->lanes == 1 && thenValue->lanes == 1 && elseValue->lanes == 1) return expr;
      return exprs_.select(condition, vector(expr->operands[1]), vector(expr->operands[2]));
    }
    case Expr::Kind::IndexDiv:
    case Expr::Kind::IndexMod:
      return readsBodyLocalOrIndex(expr) ? fail(expr) : expr;
    case Expr::Kind::Broadcast:
    case Expr::Kind::ReduceLanes:
      return fail(expr);
    }
    return fail(expr);
  }

  /// A load that moves by one element along the last dimension per iteration is a vector
  /// load; one that does not move is a scalar; anything else (strided, gathered) fails.
  ExprP load(const ExprP& expr) {
    const std::vector<ExprP>& indices = expr->operands;
    bool moves = false;
    for (size_t d = 0; d < indices.size(); ++d) {
      std::set<uint32_t> read;
      collectLocals(indices[d], read);
      for (uint32_t id : read)
        if (isBodyLocal(id)) return fail(expr);
      if (!read.count(index_)) continue;
      Affine form = affineOf(indices[d]);
      if (d + 1 != indices.size() || form.opaqueIn(index_) || form.coefficient(index_) != 1)
        return fail(expr);
      moves = true;
    }
    if (!moves) return expr;
    return exprs_.load(expr->buffer, indices, lanes_);
  }

  ExprBuilder& exprs_;
  uint32_t index_;
  int lanes_;
  bool failed_ = false;
  std::map<uint32_t, LocalP> locals_; // body local -> its vector
  std::set<uint32_t> bodyLocals_;
  std::unordered_map<uint32_t, ExprP> memo_;
};

class NestVectoriser {
public:
  NestVectoriser(ExprBuilder& exprs, const VectorRegisters& target)
      : exprs_(exprs), target_(target) {}

  void block(Block& statements) {
    for (size_t at = 0; at < statements.size(); ++at) {
      StmtP statement = statements[at];
      if (isNestLoop(*statement)) {
        auto [before, after] = nest(*statement);
        statements.insert(statements.begin() + long(at) + 1, after.begin(), after.end());
        statements.insert(statements.begin() + long(at), before.begin(), before.end());
        at += before.size() + after.size();
      }
      block(statement->body);
      block(statement->orElse);
    }
  }

private:
  /// A loop whose iterations may be interleaved with the rest of the nest's: parallel loops
  /// (their reductions are per chunk) and the steps of sequential loops are nests of their own.
  static bool isNestLoop(const Stmt& statement) {
    return statement.kind == Stmt::Kind::For && !statement.parallel && !statement.carriesState;
  }

  static bool hasLoop(const Block& block) {
    bool found = false;
    forEachStmt(block, [&](const Stmt& s) { found = found || s.kind == Stmt::Kind::For; });
    return found;
  }

  /// The locals declared outside `nest` that it only adds into, by reassociable sums of
  /// floats: the accumulators that may collect their terms in lanes.
  std::map<uint32_t, LocalP> laneAccumulators(const Stmt& nest) {
    std::set<uint32_t> defined = definedIn(nest.body), refused;
    std::map<uint32_t, LocalP> candidates;
    defined.insert(nest.local->id);
    forEachStmt(nest.body, [&](const Stmt& s) {
      if ((s.kind == Stmt::Kind::Accumulate || s.kind == Stmt::Kind::Assign) &&
          !defined.count(s.local->id)) {
        bool sum = s.kind == Stmt::Kind::Accumulate && s.op == BinaryOp::Add && s.reassociate &&
                   arr::isFloat(s.local->type) && s.local->lanes == 1;
        if (sum)
          candidates.emplace(s.local->id, s.local);
        else
          refused.insert(s.local->id);
      }
    });
    for (uint32_t id : refused)
      candidates.erase(id);
    // Read anywhere in the nest (its bounds included), an accumulator would see its value
    // change with the order of its terms.
    auto refuseReads = [&](const Stmt& s) {
      for (const ExprP& operand : operandsOf(s))
        for (auto it = candidates.begin(); it != candidates.end();)
          it = mentionsLocal(operand, it->first) ? candidates.erase(it) : std::next(it);
    };
    refuseReads(nest);
    forEachStmt(nest.body, refuseReads);
    return candidates;
  }

  /// Vectorises the innermost loops of `nest` that add into its lane accumulators; returns
  /// the vector accumulators' declarations and their combination into the scalars.
  std::pair<Block, Block> nest(Stmt& nest) {
    accumulators_ = laneAccumulators(nest);
    vectors_.clear();
    order_.clear();
    if (!accumulators_.empty() && hasLoop(nest.body)) inner(nest.body);
    // Declared by width, then in the order of the sums' first steps.
    std::stable_sort(order_.begin(), order_.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    Block before, after;
    for (const auto& key : order_) {
      const LocalP& vector = vectors_.at(key);
      const LocalP& scalar = accumulators_.at(key.first);
      before.push_back(
          makeDeclare(vector, exprs_.identity(BinaryOp::Add, vector->type, vector->lanes)));
      after.push_back(makeAccumulate(scalar, BinaryOp::Add,
                                     exprs_.reduceLanes(BinaryOp::Add, exprs_.local(vector)),
                                     /*reassociate=*/true));
    }
    return {before, after};
  }

  /// Rewrites the innermost loops of `statements` (inside the nest) that qualify.
  void inner(Block& statements) {
    for (size_t at = 0; at < statements.size(); ++at) {
      Stmt& statement = *statements[at];
      if (statement.kind == Stmt::Kind::If) {
        inner(statement.body);
        inner(statement.orElse);
      } else if (isNestLoop(statement)) {
        if (hasLoop(statement.body)) {
          inner(statement.body);
        } else if (Block lanes = vectorise(statement); !lanes.empty()) {
          statements.erase(statements.begin() + long(at));
          statements.insert(statements.begin() + long(at), lanes.begin(), lanes.end());
          at += lanes.size() - 1;
        }
      }
    }
  }

  /// The innermost loop as a loop of W iterations at a time, one of W / 2 (at most once)
  /// when the registers hold its accumulators too, and the rest one at a time; or nothing.
  Block vectorise(const Stmt& loop) {
    if (loop.step != 1) return {};
    // The accumulators it adds into, all of one type.
    std::vector<LocalP> sums;
    std::set<uint32_t> seen;
    for (const StmtP& s : loop.body)
      if (s->kind == Stmt::Kind::Accumulate && seen.insert(s->local->id).second)
        sums.push_back(s->local);
    if (sums.size() < kMinChains) return {};
    Elem type = sums[0]->type;
    for (const LocalP& sum : sums)
      if (!accumulators_.count(sum->id) || sum->type != type) return {};
    const int lanes = target_.bytes / elementBytes(type);
    if (lanes < 2 || lanes > 16) return {};
    if (auto trips = tripBound(loop); trips && *trips < lanes) return {};
    std::vector<int> widths{lanes};
    if (!fit(sums, widths)) return {};
    if (lanes >= 4 && fit(sums, {lanes, lanes / 2})) widths.push_back(lanes / 2);

    Block result;
    std::vector<std::pair<std::pair<uint32_t, int>, LocalP>> made; // the vectors this loop adds
    ExprP start = loop.lower;
    for (int width : widths) {
      Block body = laneBody(loop, width, made);
      if (body.empty()) return {};
      // [start, start + (hi - start) / width * width) by width.
      ExprP span = exprs_.max(exprs_.sub(loop.value, start), exprs_.index(0));
      LocalP end = exprs_.newLocal("lanesEnd", Elem::I64);
      result.push_back(
          makeDeclare(end, exprs_.add(start, exprs_.mul(exprs_.indexDiv(span, exprs_.index(width)),
                                                        exprs_.index(width)))));
      StmtP vectorLoop = makeFor(loop.local, start, exprs_.local(end), std::move(body), width);
      if (width != lanes) vectorLoop->maxTrips = 1;
      result.push_back(vectorLoop);
      start = exprs_.local(end);
    }
    StmtP rest = makeFor(loop.local, start, loop.value, loop.body);
    rest->maxTrips = widths.back() - 1;
    result.push_back(rest);
    for (const auto& [key, vector] : made) {
      vectors_.emplace(key, vector);
      order_.push_back(key);
    }
    return result;
  }

  /// Whether the vector accumulators of the nest, with those `sums` would add at these
  /// widths, fit in the registers besides the loads'.
  bool fit(const std::vector<LocalP>& sums, const std::vector<int>& widths) const {
    size_t registers = vectors_.size();
    for (int width : widths)
      for (const LocalP& sum : sums)
        registers += vectors_.count({sum->id, width}) ? 0 : 1;
    return int(registers) <= target_.count - kSpareRegisters;
  }

  /// The loop's body for `width` iterations at a time; empty when some statement or
  /// expression has no such form. New vector accumulators go into `made`.
  Block laneBody(const Stmt& loop, int width,
                 std::vector<std::pair<std::pair<uint32_t, int>, LocalP>>& made) {
    LaneRewriter rewriter(exprs_, loop.local->id, width);
    Block body;
    for (const StmtP& s : loop.body) {
      switch (s->kind) {
      case Stmt::Kind::Declare: {
        if (s->local->lanes != 1) return {};
        ExprP value = rewriter.vector(s->value);
        body.push_back(makeDeclare(rewriter.vectorLocal(*s->local), value));
        break;
      }
      case Stmt::Kind::Assign:
        if (!rewriter.isBodyLocal(s->local->id)) return {};
        body.push_back(makeAssign(rewriter.vectorLocal(*s->local), rewriter.vector(s->value)));
        break;
      case Stmt::Kind::Accumulate: {
        std::pair<uint32_t, int> key{s->local->id, width};
        LocalP vector;
        if (auto found = vectors_.find(key); found != vectors_.end()) vector = found->second;
        for (const auto& [madeKey, madeVector] : made)
          if (madeKey == key) vector = madeVector;
        if (!vector) {
          vector = exprs_.newLocal(s->local->name, s->local->type, width);
          made.emplace_back(key, vector);
        }
        body.push_back(
            makeAccumulate(vector, BinaryOp::Add, rewriter.vector(s->value), /*reassociate=*/true));
        break;
      }
      default:
        return {};
      }
      if (rewriter.failed()) return {};
    }
    return body;
  }

  ExprBuilder& exprs_;
  const VectorRegisters& target_;
  std::map<uint32_t, LocalP> accumulators_; // the scalars that may collect in lanes, by id
  /// The vector accumulators of the nest, by scalar and width, in order of first use.
  std::map<std::pair<uint32_t, int>, LocalP> vectors_;
  std::vector<std::pair<uint32_t, int>> order_;
};

} // namespace

void vectoriseNestReductions(Function& function, ExprBuilder& exprs,
                             const VectorRegisters& target) {
  NestVectoriser(exprs, target).block(function.body);
}

} // namespace arr::loops
