// Register tiles on loop IR: the micro-kernel of a matrix product.
//
// A nest of two loops, one over rows u and one over columns v (either may be
// the outer one), around a reduction over l whose terms read
// - operands that move with v but not with u (b[l, v], or b[v, l] when the
//   product is with a transposed matrix), and
// - operands that do not move with v (a[u, l], constants, invariants),
// and whose results are stored into an element of (u, v), contiguous in v,
//
//   for u: for v: s = init; for l: s += A(u, l) * B(l, v); out[u, v] = f(s)
//
// runs as tiles of R rows by V columns (shapeTile below):
//
//   P = alloc [panels, L, V]; P[p, l, j] = B(l, lo + p V + j)    (packed panels)
//   for t < panels * tiles:                         (every tile, panel by panel)
//     p = t / tiles; u0 = lo + (t % tiles) R
//     sR = init (R vectors of V lanes)
//     for l: sR += broadcast(A(u0 + r, l)) * P[p, l, 0 .. V]   for each row r
//     out[u0 + r, p V .. p V + V] = f(sR)
//   for p < panels: the last rows (fewer than R) one at a time
//   free P
//   for v in [vEnd, hi): the original nest (at most V - 1 columns)
//
// R x V/lanes-per-register accumulators stay in registers across the whole
// reduction, each term loads one vector of the panel and R scalars, and the
// panel walks memory contiguously however B is laid out (the packing is what
// makes a product with a transposed matrix and one with a power-of-two row length
// as fast as any other). Every element still adds its terms in l order, so the
// results are exactly the original ones (also with --strict-fp).
//
// Legality, from the access maps: the nest writes memory only by the stores
// after the reduction, each into a buffer the nest does not read and at an
// element that (u, v) determines (v moves the last index by one, u another
// index), so the (u, v) iterations are independent and may run in any order.
// The packed operand's loads run for every l and v of a panel: the original
// loop ran them too whenever there was a row, so the tiles run only then. The
// reduction's body may declare locals and step the accumulators, nothing else.
//
// The row operand is broadcast, R values per term. It is packed too, per tile of
// rows, Q[t, l, r] = A(u0 + t R + r, l), so that a tile reads one contiguous block
// (collectRowPacked), when it is computed (relu(a[u, l]): each panel's tiles would
// compute it again) or when its index moves a whole row of memory per term (a[l, u]:
// the gradient of a product with respect to its second factor; those R elements are a
// row apart and the next term's a row further, on a new page each term for a
// page-long row). The last rows compute or read it in place.
//
// A nest whose sums feed more than such stores (a loss summed over the product's
// elements, a result that also reads across the columns) is first split in two:
// the sums, stored into a temporary and tiled, then the rest (Tiler::distribute).
//
// The heuristic: a packed operand moves with l (a product, not a row sum), the
// columns are not known to be fewer than V. When either loop was parallel, the
// packing and the tiles are: two parallel loops, whatever the shape (a loop per
// panel would start many short parallel loops; one over panels alone would leave
// a thread idle when there are few columns).

#include "loops/Tile.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace arr::loops {

namespace {

constexpr int kMaxLanes = 16; // the verifier's limit
constexpr int64_t kMaxRows = 8;

struct Nest {
  int64_t tileRows = 1; // rows per tile, one accumulator each per sum
  int tileLanes = 1;    // columns per tile: the lanes of the accumulators
  const Stmt* outer = nullptr;
  const Stmt* inner = nullptr;
  const Stmt* rows = nullptr;    // the loop over u
  const Stmt* columns = nullptr; // the loop over v
  const Stmt* sum = nullptr;     // the reduction's loop over l (the innermost of sumLoops)
  /// The reduction's loops, outermost first: one, or a perfect nest whose iterations are
  /// its terms in order (a convolution's channels and taps), free of each other's indices.
  std::vector<const Stmt*> sumLoops;
  std::vector<const Stmt*> accumulators;
  Block post;
  std::vector<ExprP> packed; // the operands that move with v, in order of appearance
  /// The values of a term that move with u and l, not with v, packed by tiles of rows:
  /// computed ones, and loads whose index moves a whole row per term (a[l, u]).
  std::vector<ExprP> rowPacked;
};

/// How one row of a tile computes a statement's expressions: which locals read as
/// what, and which of them are vectors.
struct Lanes {
  std::map<uint32_t, ExprP> locals;                       // original local -> its value in the tile
  uint32_t column = 0;                                    // the index v, which only loads may read
  ExprP columnStart;                                      // post statements: v0, whose lanes follow
  const std::map<uint32_t, BufferP>* panels = nullptr;    // reduction body: load id -> panel
  const std::map<uint32_t, BufferP>* rowPanels = nullptr; // value id -> its rows, packed
  ExprP rowTile;                                          // which tile of rows
  int64_t rowInTile = 0;                                  // which of its rows
  int width = 1;                                          // the tile's columns
  ExprP panel;                                            // which panel: the tile's
  ExprP panelRow;                                         // its row: l - lower
  std::unordered_map<uint32_t, ExprP> memo{};
  bool failed = false;
};

class Tiler {
public:
  Tiler(ExprBuilder& exprs, const VectorRegisters& target) : exprs_(exprs), target_(target) {}

  void block(Block& statements) {
    Block result;
    for (StmtP& statement : statements) {
      Block tiled;
      if (statement->kind == Stmt::Kind::For) {
        tiled = tileNest(*statement);
        if (tiled.empty() && hasSumOfSums(*statement)) {
          // Where reassociation allows, a sum of sums is one sum over a nest of loops (a
          // convolution's channels and taps); tried on a copy, kept only when it tiles.
          std::map<uint32_t, ExprP> renaming;
          Block collapsed = copyBlock(exprs_, {statement}, renaming);
          flattenSums(collapsed);
          if (collapsed.size() == 1 && collapsed[0]->kind == Stmt::Kind::For)
            tiled = tileNest(*collapsed[0]);
        }
      }
      if (tiled.empty()) {
        block(statement->body);
        block(statement->orElse);
        tiled = {statement};
      }
      result.insert(result.end(), tiled.begin(), tiled.end());
    }
    statements = std::move(result);
  }

private:
  Block tileNest(const Stmt& loop) {
    Block tiled;
    if (auto nest = match(loop)) tiled = rewrite(*nest);
    if (tiled.empty()) tiled = tileAcross(loop);
    if (tiled.empty()) tiled = distribute(loop);
    if (tiled.empty()) tiled = tileUpdates(loop);
    return tiled;
  }

  /// Where reassociation allows, a sum of sums adds its terms straight to the outer sum,
  ///
  ///   s = identity; for l: for m: ..; s op= t; acc op= s   =>   for l: for m: ..; acc op= t
  ///
  /// inner sums first (a convolution's taps, then its channels), so that the reduction is
  /// one sum over a perfect nest of loops. Each sum gets the same terms, regrouped (and
  /// the identity, -0.0 for a sum, changes no sum it is added to, zeros' signs included).
  ///
  /// The sum of an empty array is +0.0, so the lowering adds an inner sum that may be
  /// empty as `acc += select(extent == 0, 0.0, s)`: such a step adds +0.0 instead, which
  /// only turns a -0.0 into 0.0 and commutes exactly with any other addition. It becomes
  /// `if extent == 0: acc += 0.0`, moved out of the loops around it (when they run) and
  /// into acc's first value, `acc = select(extent == 0, 0.0, -0.0)`, where acc is declared
  /// (as Interchange.cpp's collapse moves it before the nest).
  void flattenSums(Block& block) {
    for (const StmtP& statement : block) {
      flattenSums(statement->body);
      flattenSums(statement->orElse);
    }
    hoistZeroAdds(block);
    for (size_t k = 0; k + 2 < block.size(); ++k) {
      const Stmt& declare = *block[k];
      if (declare.kind != Stmt::Kind::Declare || declare.local->lanes != 1 ||
          block[k + 1]->kind != Stmt::Kind::For)
        continue;
      const uint32_t sum = declare.local->id;
      size_t useAt = k + 2;
      while (useAt < block.size() && zeroAddTo(*block[useAt]) == sum)
        ++useAt;
      if (useAt == block.size()) continue;
      const Stmt& use = *block[useAt];
      const Stmt& chain = *block[k + 1];
      ExprP emptyTest; // the select form's test: the inner sum is empty
      if (use.kind != Stmt::Kind::Accumulate || !use.reassociate) continue;
      if (use.value->kind == Expr::Kind::Select) {
        const auto& operands = use.value->operands;
        if (use.op != BinaryOp::Add || !arr::isFloat(declare.local->type) ||
            operands[1] != exprs_.zero(declare.local->type) ||
            operands[2] != exprs_.local(declare.local) || asIndexConstant(chain.lower) != 0 ||
            operands[0] != exprs_.binary(BinaryOp::Eq, chain.value, exprs_.index(0)))
          continue;
        emptyTest = operands[0];
      } else if (use.value != exprs_.local(declare.local)) {
        continue;
      }
      Stmt* innermost = perfectNest(*block[k + 1]).back();
      if (innermost->body.empty()) continue;
      StmtP& step = innermost->body.back();
      // The terms read neither sum, and only the last step assigns the inner one.
      const std::set<uint32_t> sums = {sum, use.local->id};
      bool readElsewhere = false;
      forEachStmt(innermost->body, [&](const Stmt& s) {
        for (const ExprP& operand : operandsOf(s))
          readElsewhere = readElsewhere || mentionsAny(operand, sums);
        if (&s != step.get() && s.local && sums.count(s.local->id)) readElsewhere = true;
      });
      if (step->kind != Stmt::Kind::Accumulate || step->local->id != sum || !step->reassociate ||
          step->op != use.op || readElsewhere || use.local->type != declare.local->type ||
          declare.value != exprs_.identity(use.op, declare.local->type))
        continue;
      step = makeAccumulate(use.local, use.op, step->value, true);
      Block replacement = {block[k + 1]};
      for (size_t z = k + 2; z < useAt; ++z)
        replacement.push_back(zeroAdd(use.local, block[z]->value));
      if (emptyTest) replacement.push_back(zeroAdd(use.local, emptyTest));
      block.erase(block.begin() + long(k), block.begin() + long(useAt) + 1);
      block.insert(block.begin() + long(k), replacement.begin(), replacement.end());
    }
    foldZeroAdds(block);
  }

  /// Whether an accumulator's first value is the same throughout the nest over `indices`:
  /// a constant, or one computed from sizes (a sum that starts at +0.0 when an inner sum
  /// is empty, flattenSums).
  static bool invariantStart(const ExprP& value, const std::set<uint32_t>& indices) {
    bool invariant = true;
    forEachExpr(value, [&](const Expr& e) {
      invariant = invariant && e.kind != Expr::Kind::Load &&
                  !(e.kind == Expr::Kind::Local && indices.count(e.local->id));
    });
    return invariant;
  }

  StmtP zeroAdd(const LocalP& accumulator, const ExprP& test) {
    return makeIf(
        test, {makeAccumulate(accumulator, BinaryOp::Add, exprs_.zero(accumulator->type), true)});
  }

  /// The accumulator of `if test: acc += 0.0` (a reassociable step), else none.
  std::optional<uint32_t> zeroAddTo(const Stmt& s) {
    if (s.kind != Stmt::Kind::If || !s.orElse.empty() || s.body.size() != 1) return std::nullopt;
    const Stmt& add = *s.body[0];
    if (add.kind != Stmt::Kind::Accumulate || add.op != BinaryOp::Add || !add.reassociate ||
        !arr::isFloat(add.local->type) || add.value != exprs_.zero(add.local->type) ||
        mentionsLocal(s.value, add.local->id))
      return std::nullopt;
    return add.local->id;
  }

  /// Zero-adds that end a loop's body and do not depend on it move after it, tested with
  /// whether it runs (adding +0.0 once or many times is the same).
  void hoistZeroAdds(Block& block) {
    for (size_t k = 0; k < block.size(); ++k) {
      Stmt& loop = *block[k];
      if (loop.kind != Stmt::Kind::For || loop.parallel || loop.carriesState) continue;
      std::set<uint32_t> inside = definedIn(loop.body);
      inside.insert(loop.local->id);
      Block moved;
      while (!loop.body.empty() && zeroAddTo(*loop.body.back()) &&
             !mentionsAny(loop.body.back()->value, inside)) {
        ExprP test = loop.body.back()->value;
        if (auto trips = constantTrips(loop); !trips || *trips < 1)
          test = exprs_.logicalAnd(test, exprs_.binary(BinaryOp::Lt, loop.lower, loop.value));
        moved.insert(moved.begin(), zeroAdd(loop.body.back()->body[0]->local, test));
        loop.body.pop_back();
      }
      block.insert(block.begin() + long(k) + 1, moved.begin(), moved.end());
      k += moved.size();
    }
  }

  /// A zero-add to a sum declared in the same block, with only reassociable additions to
  /// it in between, becomes part of its first value: select(test, 0.0, -0.0).
  void foldZeroAdds(Block& block) {
    for (size_t k = 0; k < block.size(); ++k) {
      const LocalP local = block[k]->local;
      if (block[k]->kind != Stmt::Kind::Declare || local->lanes != 1 || !arr::isFloat(local->type))
        continue;
      const ExprP identity = exprs_.identity(BinaryOp::Add, local->type);
      for (size_t z = k + 1; z < block.size();) {
        if (zeroAddTo(*block[z]) == local->id) {
          ExprP test = block[z]->value;
          const Expr& first = *block[k]->value;
          if (block[k]->value != identity) {
            if (first.kind != Expr::Kind::Select || first.operands[2] != identity) break;
            test = exprs_.binary(BinaryOp::Or, first.operands[0], test);
          }
          block[k] = makeDeclare(local, exprs_.select(test, exprs_.zero(local->type), identity));
          block.erase(block.begin() + long(z));
          continue;
        }
        if (!onlyAddsTo(*block[z], local->id)) break;
        ++z;
      }
    }
  }

  /// Whether `statement` reads the local `sum` nowhere, and assigns it only by
  /// reassociable additions.
  static bool onlyAddsTo(const Stmt& statement, uint32_t sum) {
    bool only = true;
    forEachStmt({std::make_shared<Stmt>(statement)}, [&](const Stmt& s) {
      for (const ExprP& operand : operandsOf(s))
        only = only && !mentionsLocal(operand, sum);
      if (s.local && s.local->id == sum && s.kind != Stmt::Kind::For)
        only = only && s.kind == Stmt::Kind::Accumulate && s.op == BinaryOp::Add && s.reassociate;
    });
    return only;
  }

  /// `first` and the loops below it, each the whole body of the one before (the
  /// reduction's loops: a convolution's channels and taps).
  static std::vector<Stmt*> perfectNest(Stmt& first) {
    std::vector<Stmt*> loops = {&first};
    while (loops.back()->body.size() == 1 && loops.back()->body[0]->kind == Stmt::Kind::For)
      loops.push_back(loops.back()->body[0].get());
    return loops;
  }

  /// The loop that is all of `loop`'s body, when `loop` steps by one and carries no state.
  static const Stmt* soleLoopIn(const Stmt& loop) {
    if (loop.step != 1 || loop.carriesState || loop.body.size() != 1 ||
        loop.body[0]->kind != Stmt::Kind::For)
      return nullptr;
    return loop.body[0].get();
  }

  /// Whether a loop of the nest, down to the reduction, sums a loop of sums.
  static bool hasSumOfSums(const Stmt& loop, int depth = 3) {
    for (const StmtP& s : loop.body) {
      if (s->kind != Stmt::Kind::For) continue;
      bool nested = std::any_of(s->body.begin(), s->body.end(),
                                [](const StmtP& t) { return t->kind == Stmt::Kind::For; });
      if (nested && !s->body.empty() && s->body.back()->kind == Stmt::Kind::Accumulate) return true;
      if (depth > 1 && hasSumOfSums(*s, depth - 1)) return true;
    }
    return false;
  }

  /// The rows of a product one loop further out than the columns' (a convolution's
  /// output channels o, its image rows r, its columns c),
  ///
  ///   for o: for r: for c: s = init; for l: s += A(o, l) * B(r, l, c); out[o, r, c] = f(s)
  ///   =>
  ///   for r: for o: for c: ...                         (tiled in o and c, per r)
  ///
  /// when the (o, c) nest tiles and the (r, c) nest does not: the operand packed for the
  /// columns moves with r, so that each r packs its panels once for every tile of o.
  /// Legal when every iteration of the three loops is independent: the tile's conditions
  /// for (o, c), and each store moving with r in an index that neither o nor c moves. The
  /// r loop takes over o's parallelism.
  Block tileAcross(const Stmt& outer) {
    const Stmt* around = outer.reductions.empty() ? soleLoopIn(outer) : nullptr;
    if (!around || around->parallel || !soleLoopIn(*around)) return {};
    const Stmt& middle = *around;
    const uint32_t o = outer.local->id, r = middle.local->id;
    if (mentionsLocal(middle.lower, o) || mentionsLocal(middle.value, o) || match(middle))
      return {};
    auto inner = std::make_shared<Stmt>(outer);
    inner->body = middle.body;
    inner->parallel = false;
    inner->work = nullptr;
    auto nest = match(*inner);
    if (!nest || nest->rows != inner.get()) return {};
    const uint32_t c = nest->columns->local->id;
    for (const StmtP& store : nest->post) {
      if (store->kind == Stmt::Kind::Declare) continue;
      bool movesAlone = false;
      for (const ExprP& index : store->indices) {
        Affine form = affineOf(index);
        movesAlone = movesAlone || (!form.opaqueIn(r) && form.coefficient(r) != 0 &&
                                    !form.mentions(o) && !form.mentions(c));
      }
      if (!movesAlone) return {};
    }
    Block tiled = rewrite(*nest);
    if (tiled.empty()) return {};
    auto swapped = std::make_shared<Stmt>(middle);
    swapped->body = std::move(tiled);
    if (outer.parallel) {
      // The same total work, over r's iterations.
      ExprP rows = unitStepTrips(exprs_, outer);
      ExprP iterations = exprs_.max(exprs_.sub(middle.value, middle.lower), exprs_.index(1));
      swapped->parallel = true;
      swapped->work = exprs_.indexDiv(exprs_.mul(outer.work, rows), iterations);
    }
    return {swapped};
  }

  /// Whether `expr` reads the local other than in the conditions of its selects.
  static bool movesOutsideConditions(const ExprP& expr, LocalMentions& mentions) {
    if (!mentions(expr)) return false;
    if (expr->kind == Expr::Kind::Local) return true;
    for (size_t o = expr->kind == Expr::Kind::Select ? 1 : 0; o < expr->operands.size(); ++o)
      if (movesOutsideConditions(expr->operands[o], mentions)) return true;
    return false;
  }

  std::optional<Nest> match(const Stmt& outer) {
    if (outer.step != 1 || outer.carriesState || !outer.reductions.empty() ||
        outer.body.size() != 1 || outer.body[0]->kind != Stmt::Kind::For)
      return std::nullopt;
    const Stmt& inner = *outer.body[0];
    if (inner.step != 1 || inner.parallel || inner.carriesState) return std::nullopt;
    const uint32_t x = outer.local->id, y = inner.local->id;
    if (mentionsLocal(inner.lower, x) || mentionsLocal(inner.value, x)) return std::nullopt;

    Nest nest;
    nest.outer = &outer;
    nest.inner = &inner;
    size_t at = 0;
    while (at < inner.body.size() && inner.body[at]->kind == Stmt::Kind::Declare) {
      const Stmt& declare = *inner.body[at];
      if (!invariantStart(declare.value, {x, y}) || declare.local->lanes != 1) return std::nullopt;
      nest.accumulators.push_back(&declare);
      ++at;
    }
    if (at == inner.body.size() || inner.body[at]->kind != Stmt::Kind::For) return std::nullopt;
    const std::vector<Stmt*> sumLoops = perfectNest(*inner.body[at]);
    nest.sumLoops.assign(sumLoops.begin(), sumLoops.end());
    const Stmt& sum = *nest.sumLoops.back();
    nest.sum = &sum;
    nest.post.assign(inner.body.begin() + long(at) + 1, inner.body.end());
    if (nest.accumulators.empty()) return std::nullopt;
    std::set<uint32_t> accumulators;
    for (const Stmt* declare : nest.accumulators)
      accumulators.insert(declare->local->id);
    std::set<uint32_t> nestIndices = accumulators;
    nestIndices.insert({x, y});
    const std::set<uint32_t> terms = sumIndices(nest);
    nestIndices.insert(terms.begin(), terms.end());
    for (const Stmt* loop : nest.sumLoops)
      if (loop->step != 1 || loop->parallel || loop->carriesState ||
          mentionsAny(loop->lower, nestIndices) || mentionsAny(loop->value, nestIndices))
        return std::nullopt;
    for (const StmtP& s : sum.body) {
      if (s->kind == Stmt::Kind::Accumulate) {
        if (!accumulators.count(s->local->id)) return std::nullopt;
      } else if (s->kind != Stmt::Kind::Declare || s->local->lanes != 1) {
        return std::nullopt;
      }
      if (mentionsAny(s->value, accumulators)) return std::nullopt;
    }

    // The stores decide which index runs along the lanes.
    std::set<uint32_t> stored;
    for (const StmtP& s : nest.post) {
      if (s->kind == Stmt::Kind::Declare) continue;
      bool stores = s->kind == Stmt::Kind::Store || s->kind == Stmt::Kind::Update;
      if (!stores || s->indices.size() < 2) return std::nullopt;
      if (!nest.columns) {
        Affine last = affineOf(s->indices.back());
        bool alongInner = !last.opaqueIn(y) && last.coefficient(y) == 1 && !last.mentions(x);
        bool alongOuter = !last.opaqueIn(x) && last.coefficient(x) == 1 && !last.mentions(y);
        if (!alongInner && !alongOuter) return std::nullopt;
        nest.columns = alongInner ? &inner : &outer;
        nest.rows = alongInner ? &outer : &inner;
      }
      if (!storesOneElementPerIteration(*s, nest.rows->local->id, nest.columns->local->id))
        return std::nullopt;
      if (!stored.insert(s->buffer->memory().id).second) return std::nullopt;
    }
    if (!nest.columns) return std::nullopt;

    // Nothing in the nest reads what it stores.
    bool readsStored = false;
    for (const ExprP& operand : operandsOf(outer))
      readsStored = readsStored || readsAnyBuffer(operand, stored);
    forEachStmt(outer.body, [&](const Stmt& s) {
      for (const ExprP& operand : operandsOf(s))
        readsStored = readsStored || readsAnyBuffer(operand, stored);
    });
    if (readsStored) return std::nullopt;

    // The operands to pack: loads in the reduction that move with v (and with nothing
    // computed per row or per term, so that one panel serves every row).
    const uint32_t u = nest.rows->local->id, v = nest.columns->local->id;
    const std::set<uint32_t> perTerm = definedIn(sum.body);
    std::set<uint32_t> seen;
    bool movesWithSum = false, bad = false;
    for (const StmtP& s : sum.body) {
      forEachExpr(s->value, [&](const Expr& e) {
        if (e.kind != Expr::Kind::Load || !seen.insert(e.id).second) return;
        bool moves = false;
        for (const ExprP& index : e.operands)
          moves = moves || mentionsLocal(index, v);
        if (!moves) return;
        bool alsoSum = false;
        for (const ExprP& index : e.operands) {
          bad = bad || mentionsAny(index, perTerm) || mentionsLocal(index, u);
          alsoSum = alsoSum || mentionsAny(index, terms);
        }
        movesWithSum = movesWithSum || alsoSum;
        nest.packed.push_back(loadWithId(s->value, e.id));
      });
    }
    if (bad || !movesWithSum) return std::nullopt;
    // Terms that move with the rows only through the conditions of selects (a mask:
    // select(u <= l, b[l, v], 0.0)) have no operand per row: a masked sum, not a product.
    // The trim pass runs it over the indices the mask keeps, and the tabulate pass may
    // read it from a table of partial sums (a scan written as a masked build).
    bool rowsMoveTerms = false, rowsMoveValues = false;
    LocalMentions mentionsRow(u);
    for (const StmtP& s : sum.body) {
      rowsMoveTerms = rowsMoveTerms || mentionsRow(s->value);
      rowsMoveValues = rowsMoveValues || movesOutsideConditions(s->value, mentionsRow);
    }
    if (rowsMoveTerms && !rowsMoveValues) return std::nullopt;
    shapeTile(nest);
    if (nest.tileLanes < 2) return std::nullopt;
    collectRowPacked(nest, perTerm);
    if (auto trips = tripBound(*nest.columns); trips && *trips < nest.tileLanes)
      return std::nullopt;
    return nest;
  }

  /// The row operands worth packing per tile of rows. A tile broadcasts each row's value
  /// of a term, and every panel's tiles compute it again. Packed, Q[t, l, r] holds it
  /// once, and a tile reads the R values of a term side by side. That pays
  /// - for a value computed from loads (relu(a[u, l]), a mask times a load: an activation
  ///   the product reads without storing it), computed once instead of once per panel;
  /// - for a load that walks a row of memory per term (a[l, u0 + r]), whose R elements are
  ///   a row apart and the next term's a row further, on a new page each term when rows
  ///   are a page long.
  /// A load contiguous in l (a[u, l]) already streams. Only whole values are packed: the
  /// largest expressions of a term that move with u and l and read nothing computed per
  /// term or per column.
  void collectRowPacked(Nest& nest, const std::set<uint32_t>& perTerm) {
    if (nest.tileRows < 2) return;
    const uint32_t u = nest.rows->local->id, v = nest.columns->local->id;
    const uint32_t l = nest.sum->local->id; // the innermost of the reduction's loops
    const std::set<uint32_t> terms = sumIndices(nest);
    std::set<uint32_t> seen;
    std::function<void(const ExprP&)> visit = [&](const ExprP& e) {
      if (!seen.insert(e->id).second) return;
      bool rowValue = e->lanes == 1 && mentionsLocal(e, u) && mentionsAny(e, terms) &&
                      !mentionsLocal(e, v) && !mentionsAny(e, perTerm);
      if (rowValue && e->kind == Expr::Kind::Load) {
        Affine last = affineOf(e->operands.back());
        bool contiguous = !last.opaqueIn(l) && last.coefficient(l) == 1;
        for (size_t d = 0; d + 1 < e->operands.size(); ++d)
          contiguous = contiguous && !mentionsLocal(e->operands[d], l);
        if (!contiguous) nest.rowPacked.push_back(e);
        return;
      }
      if (rowValue && e->kind != Expr::Kind::Local && readsMemory(e)) {
        nest.rowPacked.push_back(e);
        return;
      }
      if (e->kind == Expr::Kind::Load) return; // its indices are not values of the term
      for (const ExprP& operand : e->operands)
        visit(operand);
    };
    for (const StmtP& s : nest.sum->body)
      visit(s->value);
  }

  static std::set<uint32_t> sumIndices(const Nest& nest) {
    std::set<uint32_t> indices;
    for (const Stmt* loop : nest.sumLoops)
      indices.insert(loop->local->id);
    return indices;
  }

  /// The number of terms: the product of the reduction's loops' trip counts.
  ExprP termCount(const Nest& nest) {
    ExprP count;
    for (const Stmt* loop : nest.sumLoops) {
      ExprP trips = unitStepTrips(exprs_, *loop);
      count = count ? exprs_.mul(count, trips) : trips;
    }
    return count;
  }

  /// Which term the reduction's loops are at, counted from 0, when `indices` are their
  /// indices: the row of a packed operand.
  ExprP termOf(const Nest& nest, const std::vector<LocalP>& indices) {
    ExprP term;
    for (size_t k = 0; k < nest.sumLoops.size(); ++k) {
      const Stmt& loop = *nest.sumLoops[k];
      ExprP offset = exprs_.sub(exprs_.local(indices[k]), loop.lower);
      if (term) {
        offset = exprs_.add(exprs_.mul(term, unitStepTrips(exprs_, loop)), offset);
      }
      term = offset;
    }
    return term;
  }

  /// Fresh indices for the reduction's loops, named as theirs, and `body` inside a copy
  /// of the loops over them.
  std::vector<LocalP> freshTermIndices(const Nest& nest) {
    std::vector<LocalP> indices;
    for (const Stmt* loop : nest.sumLoops)
      indices.push_back(exprs_.newLocal(loop->local->name, Elem::I64));
    return indices;
  }

  Block overTerms(const Nest& nest, const std::vector<LocalP>& indices, Block body) {
    for (size_t k = nest.sumLoops.size(); k-- > 0;)
      body = {
          makeFor(indices[k], nest.sumLoops[k]->lower, nest.sumLoops[k]->value, std::move(body))};
    return body;
  }

  /// The tile's shape for the target's vector registers: two registers of the widest
  /// element per row and sum (at most the verifier's 16 lanes), and as many rows as the
  /// registers hold besides the panel's and a broadcast (at most 8: more rows gained
  /// nothing measured on a 512 x 512 product).
  void shapeTile(Nest& nest) const {
    int widest = 1;
    for (const Stmt* declare : nest.accumulators)
      widest = std::max(widest, elementBytes(declare->local->type));
    for (const ExprP& load : nest.packed)
      widest = std::max(widest, elementBytes(load->type));
    nest.tileLanes = std::min(kMaxLanes, 2 * target_.bytes / widest);
    int64_t perRow = std::max<int64_t>(1, nest.tileLanes * widest / target_.bytes);
    int64_t free = target_.count - perRow * int64_t(nest.packed.size()) - 2;
    nest.tileRows =
        std::clamp<int64_t>(free / (perRow * int64_t(nest.accumulators.size())), 1, kMaxRows);
  }

  /// A nest whose sums feed more than stores of their own elements (a sum of the
  /// products' squares, a result read across the columns) is split in two: the sums,
  /// stored into a temporary of one element per (x, y), which are then tiled; and the
  /// rest, which reads them from there,
  ///
  ///   for x: pre; for y: s = init; for l: s += t(x, y, l); post(s); after
  ///   =>
  ///   for x: for y: s = init; for l: s += t(x, y, l); sums[x, y] = s     (tiled)
  ///   for x: pre; for y: post(sums[x, y]); after
  ///
  /// The reduction may be a perfect nest of loops, and a loop may sit between x and y
  /// (a convolution's loss: for o: for r: for c, the sums stored per (o, r, c) and tiled
  /// across r, tileAcross). Legal when the sums read nothing the nest writes and nothing
  /// the statements around them compute: the sums then all run first, and everything
  /// else in its own order. The temporary is laid out with the packed operand's index
  /// last (the lanes).
  Block distribute(const Stmt& outer) {
    Block split = distribute(outer, 2);
    return split.empty() ? distribute(outer, 3) : split;
  }

  /// distribute() with `depth` loops down to the sums.
  Block distribute(const Stmt& outer, size_t depth) {
    if (outer.step != 1 || outer.carriesState) return {};
    // The loops down to the sums, each the one loop of the body around it.
    std::vector<const Stmt*> levels = {&outer};
    Block around;
    auto loopIn = [&](const Stmt& loop) -> const Stmt* {
      const Stmt* found = nullptr;
      for (const StmtP& s : loop.body) {
        if (s->kind != Stmt::Kind::For) {
          around.push_back(s);
        } else if (found) {
          return nullptr;
        } else {
          found = s.get();
        }
      }
      return found;
    };
    while (levels.size() < depth)
      if (const Stmt* next = loopIn(*levels.back()))
        levels.push_back(next);
      else
        return {};
    const Stmt* inner = levels.back();
    const bool across = depth == 3; // a loop between x and y
    const uint32_t x = outer.local->id, y = inner->local->id;
    std::set<uint32_t> aroundLocals = definedIn(around);
    for (uint32_t id : assignedFromOutside(outer.body))
      aroundLocals.insert(id);
    std::set<uint32_t> outerIndex = aroundLocals;
    for (const Stmt* level : levels)
      if (level != inner) outerIndex.insert(level->local->id);
    for (size_t k = 1; k < levels.size(); ++k) {
      const Stmt& level = *levels[k];
      if (level.step != 1 || level.parallel || level.carriesState ||
          mentionsAny(level.lower, outerIndex) || mentionsAny(level.value, outerIndex))
        return {};
    }

    size_t at = 0;
    std::vector<LocalP> sums;
    std::set<uint32_t> levelIndices = aroundLocals; // what the sums' nest will not define
    for (const Stmt* level : levels)
      levelIndices.insert(level->local->id);
    while (at < inner->body.size() && inner->body[at]->kind == Stmt::Kind::Declare &&
           invariantStart(inner->body[at]->value, levelIndices) &&
           inner->body[at]->local->lanes == 1)
      sums.push_back(inner->body[at++]->local);
    if (sums.empty() || at + 1 >= inner->body.size() || inner->body[at]->kind != Stmt::Kind::For)
      return {};
    const std::vector<Stmt*> sumLoops = perfectNest(*inner->body[at]);
    const Stmt& sum = *sumLoops.back();
    Block post(inner->body.begin() + long(at) + 1, inner->body.end());
    std::set<uint32_t> sumIds, termIds;
    for (const LocalP& local : sums)
      sumIds.insert(local->id);
    for (const Stmt* loop : sumLoops)
      termIds.insert(loop->local->id);
    // The reduction's bounds read none of the nest's locals and indices; its terms read
    // nothing the statements around compute, and no sum.
    std::set<uint32_t> unboundable = levelIndices;
    unboundable.insert(sumIds.begin(), sumIds.end());
    unboundable.insert(termIds.begin(), termIds.end());
    std::set<uint32_t> forbidden = aroundLocals;
    forbidden.insert(sumIds.begin(), sumIds.end());
    std::set<uint32_t> written = writtenBuffers(outer.body);
    for (const Stmt* loop : sumLoops) {
      if (loop->step != 1 || loop->parallel || loop->carriesState) return {};
      for (const ExprP& bound : {loop->lower, loop->value})
        if (mentionsAny(bound, unboundable) || readsAnyBuffer(bound, written)) return {};
    }
    for (const StmtP& s : sum.body) {
      bool steps = s->kind == Stmt::Kind::Accumulate && sumIds.count(s->local->id);
      if (!steps && (s->kind != Stmt::Kind::Declare || s->local->lanes != 1)) return {};
      if (mentionsAny(s->value, forbidden) || readsAnyBuffer(s->value, written)) return {};
    }
    bool reassigned = false;
    forEachStmt(post, [&](const Stmt& s) {
      bool assigns = s.kind == Stmt::Kind::Assign || s.kind == Stmt::Kind::Accumulate;
      reassigned = reassigned || (assigns && sumIds.count(s.local->id));
    });
    if (reassigned) return {};

    // Which index the lanes will follow: the one a term's load moves with, alone.
    bool alongInner = false, alongOuter = false;
    for (const StmtP& s : sum.body)
      forEachExpr(s->value, [&](const Expr& e) {
        if (e.kind != Expr::Kind::Load) return;
        bool withX = false, withY = false, withSum = false;
        for (const ExprP& index : e.operands) {
          withX = withX || mentionsLocal(index, x);
          withY = withY || mentionsLocal(index, y);
          withSum = withSum || mentionsAny(index, termIds);
        }
        alongInner = alongInner || (withY && !withX && withSum);
        alongOuter = alongOuter || (withX && !withY && withSum);
      });
    if (!alongInner && (!alongOuter || across)) return {};

    // The temporary: one element per iteration of the levels, in their order (x last
    // when the lanes follow it).
    std::vector<ExprP> position, shape;
    for (const Stmt* level : levels) {
      position.push_back(exprs_.sub(exprs_.local(level->local), level->lower));
      shape.push_back(unitStepTrips(exprs_, *level));
    }
    if (!alongInner) {
      std::swap(position[0], position[1]);
      std::swap(shape[0], shape[1]);
    }
    Block out, frees;
    Block sumsBody(inner->body.begin(), inner->body.begin() + long(at) + 1);
    std::map<uint32_t, ExprP> reads;
    for (const LocalP& local : sums) {
      BufferP stored = exprs_.newBuffer("sums", local->type, shape);
      out.push_back(makeAlloc(stored));
      frees.push_back(makeFree(stored));
      sumsBody.push_back(makeStore(stored, position, exprs_.local(local)));
      reads.emplace(local->id, exprs_.load(stored, position));
    }
    // The sums' nest: copies of the levels around them alone, over fresh indices.
    StmtP sumsNest = std::make_shared<Stmt>(*inner);
    sumsNest->body = std::move(sumsBody);
    for (size_t k = levels.size() - 1; k-- > 0;) {
      auto level = std::make_shared<Stmt>(*levels[k]);
      level->body = {sumsNest};
      level->reductions.clear();
      sumsNest = level;
    }
    std::map<uint32_t, ExprP> renaming;
    sumsNest = copyBlock(exprs_, {sumsNest}, renaming)[0];
    sumsNest->parallel = outer.parallel;
    sumsNest->work = outer.parallel ? outer.work : nullptr;
    Block tiled;
    if (auto nest = match(*sumsNest)) tiled = rewrite(*nest);
    if (tiled.empty()) tiled = tileAcross(*sumsNest);
    if (tiled.empty()) return {};
    out.insert(out.end(), tiled.begin(), tiled.end());

    // The rest, reading the sums.
    StmtP rest = std::make_shared<Stmt>(*inner);
    rest->body = substituteBlock(exprs_, post, reads);
    for (size_t k = levels.size() - 1; k-- > 0;) {
      auto level = std::make_shared<Stmt>(*levels[k]);
      for (StmtP& s : level->body)
        if (s.get() == levels[k + 1]) s = rest;
      rest = level;
    }
    block(rest->body);
    out.push_back(rest);
    out.insert(out.end(), frees.begin(), frees.end());
    return out;
  }

  /// A product written as updates of its result by each term (the reverse pass's form of
  /// a product whose factor is read by rows, w[k] in dot(x[r], w[k])),
  ///
  ///   for u: for l: for v: pre; T[u, v] += t(u, l, v)
  ///   =>
  ///   for u: for v: s = 0; for l: pre; s += t(u, l, v); T[u, v] += s       (tiled)
  ///
  /// when the updates may be reassociated (T's terms are added as one sum first) and the
  /// result is then tiled; otherwise the nest is left as it is. Legal when v's bounds do
  /// not move with l, the update is the nest's only effect on memory, one element per
  /// (u, v) (so the (l, v) order only regroups each element's terms, which stay in l
  /// order), and the terms read nothing the nest writes.
  Block tileUpdates(const Stmt& outer) {
    const Stmt* reduction = outer.reductions.empty() ? soleLoopIn(outer) : nullptr;
    if (!reduction || reduction->parallel || !soleLoopIn(*reduction)) return {};
    const Stmt& sum = *reduction;
    const Stmt& columns = *sum.body[0];
    if (columns.step != 1 || columns.parallel || columns.carriesState || columns.body.empty())
      return {};
    const uint32_t u = outer.local->id, l = sum.local->id, v = columns.local->id;
    if (mentionsLocal(columns.lower, l) || mentionsLocal(columns.value, l)) return {};
    const Stmt& update = *columns.body.back();
    if (update.kind != Stmt::Kind::Update || update.op != BinaryOp::Add || !update.reassociate ||
        update.indices.size() < 2 || !storesOneElementPerIteration(update, u, v))
      return {};
    Block pre(columns.body.begin(), columns.body.end() - 1);
    for (const StmtP& s : pre)
      if (s->kind != Stmt::Kind::Declare || s->local->lanes != 1) return {};
    const std::set<uint32_t> perTerm = definedIn(pre);
    for (const ExprP& index : update.indices)
      if (mentionsLocal(index, l) || mentionsAny(index, perTerm)) return {};
    const std::set<uint32_t> written = {update.buffer->memory().id};
    for (const StmtP& s : columns.body)
      if (readsAnyBuffer(s->value, written)) return {};
    for (const ExprP& bound : {sum.lower, sum.value, columns.lower, columns.value})
      if (readsAnyBuffer(bound, written)) return {};

    LocalP accumulator = exprs_.newLocal("sum", update.buffer->type);
    Block terms = pre;
    terms.push_back(makeAccumulate(accumulator, BinaryOp::Add, update.value, true));
    auto newSum = std::make_shared<Stmt>(sum);
    newSum->body = std::move(terms);
    auto newColumns = std::make_shared<Stmt>(columns);
    newColumns->body = {
        makeDeclare(accumulator, exprs_.identity(BinaryOp::Add, update.buffer->type)), newSum,
        makeUpdate(update.buffer, update.indices, BinaryOp::Add, exprs_.local(accumulator), true)};
    auto newOuter = std::make_shared<Stmt>(outer);
    newOuter->body = {newColumns};
    auto nest = match(*newOuter);
    if (!nest) return {};
    return rewrite(*nest);
  }

  /// Whether `store` writes a different element for each (u, v): v moves its last index
  /// by one and nothing else, and u moves another index.
  static bool storesOneElementPerIteration(const Stmt& store, uint32_t u, uint32_t v) {
    Affine last = affineOf(store.indices.back());
    if (last.opaqueIn(v) || last.coefficient(v) != 1 || last.mentions(u)) return false;
    bool rowMoves = false;
    for (size_t d = 0; d + 1 < store.indices.size(); ++d) {
      Affine index = affineOf(store.indices[d]);
      if (index.mentions(v)) return false;
      rowMoves = rowMoves || (!index.opaqueIn(u) && index.coefficient(u) != 0);
    }
    return rowMoves;
  }

  static ExprP loadWithId(const ExprP& root, uint32_t id) {
    ExprP found;
    std::function<void(const ExprP&)> visit = [&](const ExprP& e) {
      if (found) return;
      if (e->id == id) {
        found = e;
        return;
      }
      for (const ExprP& operand : e->operands)
        visit(operand);
    };
    visit(root);
    return found;
  }

  Block rewrite(const Nest& nest) {
    const Stmt& rows = *nest.rows;
    const Stmt& columns = *nest.columns;
    const bool parallel = rows.parallel || columns.parallel;
    Block out;
    LocalP columnsEnd = exprs_.newLocal(columns.local->name, Elem::I64);
    LocalP rowsEnd = exprs_.newLocal(rows.local->name, Elem::I64);
    LocalP panelCount = exprs_.newLocal("panels", Elem::I64);
    LocalP rowTiles = exprs_.newLocal("tiles", Elem::I64);
    out.push_back(makeDeclare(columnsEnd, multipleEnd(columns, nest.tileLanes)));
    out.push_back(makeDeclare(rowsEnd, multipleEnd(rows, nest.tileRows)));
    out.push_back(
        makeDeclare(panelCount, exprs_.indexDiv(exprs_.sub(exprs_.local(columnsEnd), columns.lower),
                                                exprs_.index(nest.tileLanes))));
    out.push_back(
        makeDeclare(rowTiles, exprs_.indexDiv(exprs_.sub(exprs_.local(rowsEnd), rows.lower),
                                              exprs_.index(nest.tileRows))));
    auto columnOf = [&](const ExprP& panel) {
      return exprs_.add(columns.lower, exprs_.mul(panel, exprs_.index(nest.tileLanes)));
    };
    auto firstRow = [&](const ExprP& rowTile) {
      return exprs_.add(rows.lower, exprs_.mul(rowTile, exprs_.index(nest.tileRows)));
    };

    // Every panel packed first (one parallel loop over them), then one loop over all tiles,
    // panel by panel, so that two threads share the work however few panels or rows there
    // are, in two parallel loops.
    ExprP terms = termCount(nest);
    Block tiled, frees;
    Packing panel{"panel", "panel", exprs_.local(panelCount), columnOf, columns, nest.tileLanes};
    std::map<uint32_t, BufferP> panels;
    for (const ExprP& load : nest.packed)
      panels.emplace(load->id, pack(load, panel, nest, terms, parallel, nullptr, tiled, frees));
    // The row operands, packed per tile of rows, when there is a panel to run them with.
    Packing rowTile{"rows", "tile", exprs_.local(rowTiles), firstRow, rows, nest.tileRows};
    ExprP anyPanel = exprs_.binary(BinaryOp::Lt, exprs_.index(0), exprs_.local(panelCount));
    std::map<uint32_t, BufferP> rowPanels;
    for (const ExprP& load : nest.rowPacked)
      rowPanels.emplace(load->id,
                        pack(load, rowTile, nest, terms, parallel, anyPanel, tiled, frees));
    LocalP tile = exprs_.newLocal("tile", Elem::I64);
    LocalP tilePanel = exprs_.newLocal("panel", Elem::I64);
    LocalP row0 = exprs_.newLocal(rows.local->name, Elem::I64);
    ExprP tileRow = exprs_.indexMod(exprs_.local(tile), exprs_.local(rowTiles));
    Block tileBody = {
        makeDeclare(tilePanel, exprs_.indexDiv(exprs_.local(tile), exprs_.local(rowTiles))),
        makeDeclare(row0, firstRow(tileRow))};
    Block tiles = kernel(nest, row0, nest.tileRows, exprs_.local(tilePanel),
                         columnOf(exprs_.local(tilePanel)), panels, &rowPanels, tileRow);
    if (tiles.empty()) return {};
    tileBody.insert(tileBody.end(), tiles.begin(), tiles.end());
    StmtP tileLoop =
        makeFor(tile, exprs_.index(0), exprs_.mul(exprs_.local(panelCount), exprs_.local(rowTiles)),
                std::move(tileBody));
    if (parallel) {
      tileLoop->parallel = true;
      tileLoop->work = exprs_.mul(exprs_.add(exprs_.mul(terms, exprs_.index(2)), exprs_.index(3)),
                                  exprs_.index(nest.tileRows * nest.tileLanes));
    }
    tiled.push_back(tileLoop);
    // The last rows (fewer than a tile's) one at a time, in every panel.
    LocalP lastPanel = exprs_.newLocal("panel", Elem::I64);
    LocalP lastRow = exprs_.newLocal(rows.local->name, Elem::I64);
    Block single = kernel(nest, lastRow, 1, exprs_.local(lastPanel),
                          columnOf(exprs_.local(lastPanel)), panels);
    if (single.empty()) return {};
    StmtP lastRows = makeFor(lastRow, exprs_.local(rowsEnd), rows.value, std::move(single));
    lastRows->maxTrips = nest.tileRows - 1;
    tiled.push_back(makeFor(lastPanel, exprs_.index(0), exprs_.local(panelCount), {lastRows}));
    tiled.insert(tiled.end(), frees.begin(), frees.end());
    // The panels' loads run only when the original loop had a row to run them for.
    ExprP anyRow = exprs_.binary(BinaryOp::Lt, rows.lower, rows.value);
    out.push_back(makeIf(anyRow, std::move(tiled)));

    // The last columns: the original nest over [columnsEnd, hi).
    auto restInner = std::make_shared<Stmt>(*nest.inner);
    auto restOuter = std::make_shared<Stmt>(*nest.outer);
    restOuter->body = {restInner};
    Stmt& restColumns = nest.columns == nest.inner ? *restInner : *restOuter;
    restColumns.lower = exprs_.local(columnsEnd);
    restColumns.maxTrips = nest.tileLanes - 1;
    out.push_back(restOuter);
    return out;
  }

  /// How an operand is packed: `count` blocks, block b holding, for each term l, the
  /// operand at first(b) + j for the index of `moved`, j < width.
  struct Packing {
    std::string buffer; // the packed buffer's name
    std::string block;  // its blocks' index's
    ExprP count;
    std::function<ExprP(const ExprP&)> first;
    const Stmt& moved;
    int64_t width;
  };

  /// A buffer packed[b, l - lower, j] holding `load` as `how` says: its allocation and the
  /// copy (in parallel when the nest was; under `guard` when there is one) go to `tiled`,
  /// its release to `frees`.
  BufferP pack(const ExprP& load, const Packing& how, const Nest& nest, const ExprP& terms,
               bool parallel, const ExprP& guard, Block& tiled, Block& frees) {
    BufferP packed =
        exprs_.newBuffer(how.buffer, load->type, {how.count, terms, exprs_.index(how.width)});
    tiled.push_back(makeAlloc(packed));
    frees.push_back(makeFree(packed));
    LocalP block = exprs_.newLocal(how.block, Elem::I64);
    std::vector<LocalP> term = freshTermIndices(nest);
    LocalP within = exprs_.newLocal(how.moved.local->name, Elem::I64);
    std::map<uint32_t, ExprP> at = {
        {how.moved.local->id, exprs_.add(how.first(exprs_.local(block)), exprs_.local(within))}};
    for (size_t k = 0; k < term.size(); ++k)
      at.emplace(nest.sumLoops[k]->local->id, exprs_.local(term[k]));
    ExprP value = exprs_.substitute(load, at);
    Block copy = {
        makeStore(packed, {exprs_.local(block), termOf(nest, term), exprs_.local(within)}, value)};
    Block copyTerm = {makeFor(within, exprs_.index(0), exprs_.index(how.width), std::move(copy))};
    Block copyBlock = overTerms(nest, term, std::move(copyTerm));
    StmtP loop = makeFor(block, exprs_.index(0), how.count, std::move(copyBlock));
    if (parallel) {
      loop->parallel = true;
      loop->work = exprs_.add(exprs_.mul(terms, exprs_.index(2 * how.width)), exprs_.index(3));
    }
    tiled.push_back(guard ? makeIf(guard, {loop}) : loop);
    return packed;
  }

  /// lower + (max(upper - lower, 0) /u factor) * factor: where whole blocks end.
  ExprP multipleEnd(const Stmt& loop, int64_t factor) {
    ExprP blocks = exprs_.indexDiv(unitStepTrips(exprs_, loop), exprs_.index(factor));
    return exprs_.add(loop.lower, exprs_.mul(blocks, exprs_.index(factor)));
  }

  /// The tile of `rowCount` rows from row0 and nest.tileLanes columns from column0: its
  /// accumulators, the reduction, and the statements after it. Empty when some
  /// expression cannot run in lanes (the index v used as a value, a strided load).
  /// `rowPanels`: the row operands packed, for a whole tile of rows (the rowTile-th).
  Block kernel(const Nest& nest, const LocalP& row0, int64_t rowCount, const ExprP& panel,
               const ExprP& column0, const std::map<uint32_t, BufferP>& panels,
               const std::map<uint32_t, BufferP>* rowPanels = nullptr,
               const ExprP& rowTile = nullptr) {
    const Stmt& sum = *nest.sum;
    const uint32_t u = nest.rows->local->id, v = nest.columns->local->id;
    Block out;
    std::vector<std::map<uint32_t, ExprP>> accumulators{size_t(rowCount)};
    for (int64_t r = 0; r < rowCount; ++r)
      for (const Stmt* declare : nest.accumulators) {
        LocalP vector = exprs_.newLocal(declare->local->name, declare->local->type, nest.tileLanes);
        accumulators[size_t(r)].emplace(declare->local->id, exprs_.local(vector));
        out.push_back(makeDeclare(vector, exprs_.broadcast(declare->value, nest.tileLanes)));
      }
    std::vector<LocalP> term = freshTermIndices(nest);
    ExprP panelRow = termOf(nest, term);
    Block terms;
    for (int64_t r = 0; r < rowCount; ++r) {
      Lanes lanes;
      lanes.locals = accumulators[size_t(r)];
      lanes.locals[u] = exprs_.add(exprs_.local(row0), exprs_.index(r));
      for (size_t k = 0; k < term.size(); ++k)
        lanes.locals[nest.sumLoops[k]->local->id] = exprs_.local(term[k]);
      lanes.column = v;
      lanes.width = nest.tileLanes;
      lanes.panels = &panels;
      lanes.panel = panel;
      lanes.panelRow = panelRow;
      lanes.rowPanels = rowPanels;
      lanes.rowTile = rowTile;
      lanes.rowInTile = r;
      for (const StmtP& s : sum.body) {
        ExprP value = vectorOf(lanes, s->value);
        if (lanes.failed) return {};
        if (s->kind == Stmt::Kind::Declare) {
          terms.push_back(declareIn(lanes, *s->local, value));
        } else {
          LocalP accumulator = lanes.locals.at(s->local->id)->local;
          terms.push_back(makeAccumulate(accumulator, s->op,
                                         exprs_.broadcast(value, nest.tileLanes), s->reassociate));
        }
      }
    }
    Block reduction = overTerms(nest, term, std::move(terms));
    out.insert(out.end(), reduction.begin(), reduction.end());
    for (int64_t r = 0; r < rowCount; ++r) {
      Lanes lanes;
      lanes.locals = accumulators[size_t(r)];
      lanes.locals[u] = exprs_.add(exprs_.local(row0), exprs_.index(r));
      lanes.column = v;
      lanes.width = nest.tileLanes;
      lanes.columnStart = column0;
      for (const StmtP& s : nest.post) {
        ExprP value = vectorOf(lanes, s->value);
        if (lanes.failed) return {};
        if (s->kind == Stmt::Kind::Declare) {
          out.push_back(declareIn(lanes, *s->local, value));
          continue;
        }
        std::vector<ExprP> indices = scalarIndices(lanes, s->indices, true);
        if (lanes.failed) return {};
        ExprP lanesValue = exprs_.broadcast(value, nest.tileLanes);
        out.push_back(
            s->kind == Stmt::Kind::Update
                ? makeUpdate(s->buffer, std::move(indices), s->op, lanesValue, s->reassociate)
                : makeStore(s->buffer, std::move(indices), lanesValue));
      }
    }
    return out;
  }

  /// The declaration of `local` in a row of the tile, as a vector when its value is one;
  /// later expressions of the row read the new local.
  StmtP declareIn(Lanes& lanes, const Local& local, const ExprP& value) {
    LocalP tiled = exprs_.newLocal(local.name, local.type, value->lanes);
    lanes.locals[local.id] = exprs_.local(tiled);
    lanes.memo.clear(); // what was computed before reads the old local
    return makeDeclare(tiled, value);
  }

  /// Indices with the tile's scalar locals substituted (v as the first lane's when
  /// `atColumnStart`); fails when one would need a vector.
  std::vector<ExprP> scalarIndices(Lanes& lanes, const std::vector<ExprP>& indices,
                                   bool atColumnStart) {
    std::map<uint32_t, ExprP> scalars;
    for (const auto& [id, value] : lanes.locals)
      if (value->lanes == 1) scalars.emplace(id, value);
    if (atColumnStart) scalars[lanes.column] = lanes.columnStart;
    std::vector<ExprP> result;
    for (const ExprP& index : indices) {
      std::set<uint32_t> read;
      collectLocals(index, read);
      for (uint32_t id : read) {
        auto found = lanes.locals.find(id);
        bool vector = found != lanes.locals.end() && found->second->lanes != 1;
        if (vector || (id == lanes.column && !atColumnStart)) lanes.failed = true;
      }
      result.push_back(exprs_.substitute(index, scalars));
    }
    return result;
  }

  /// `e` for one row of the tile: a vector of lanes.width columns, or a scalar when it is
  /// the same in all of them.
  ExprP vectorOf(Lanes& lanes, const ExprP& e) {
    if (auto found = lanes.memo.find(e->id); found != lanes.memo.end()) return found->second;
    if (lanes.rowPanels)
      if (auto found = lanes.rowPanels->find(e->id); found != lanes.rowPanels->end()) {
        ExprP packed = exprs_.load(found->second,
                                   {lanes.rowTile, lanes.panelRow, exprs_.index(lanes.rowInTile)});
        lanes.memo.emplace(e->id, packed);
        return packed;
      }
    ExprP result = e;
    switch (e->kind) {
    case Expr::Kind::Const:
      break;
    case Expr::Kind::Local:
      if (e->local->id == lanes.column)
        lanes.failed = true; // v as a value: not handled
      else if (auto found = lanes.locals.find(e->local->id); found != lanes.locals.end())
        result = found->second;
      break;
    case Expr::Kind::Load: {
      bool moves = false;
      for (const ExprP& index : e->operands)
        moves = moves || mentionsLocal(index, lanes.column);
      if (e->lanes != 1) {
        lanes.failed = true;
      } else if (!moves) {
        result = exprs_.load(e->buffer, scalarIndices(lanes, e->operands, false));
      } else if (lanes.panels) {
        auto panel = lanes.panels->find(e->id);
        if (panel == lanes.panels->end())
          lanes.failed = true;
        else
          result = exprs_.load(panel->second, {lanes.panel, lanes.panelRow, exprs_.index(0)},
                               lanes.width);
      } else {
        // After the reduction: a load contiguous in v reads the tile's columns at once.
        Affine last = affineOf(e->operands.back());
        if (last.opaqueIn(lanes.column) || last.coefficient(lanes.column) != 1) lanes.failed = true;
        for (size_t d = 0; d + 1 < e->operands.size(); ++d)
          if (mentionsLocal(e->operands[d], lanes.column)) lanes.failed = true;
        if (!lanes.failed)
          result = exprs_.load(e->buffer, scalarIndices(lanes, e->operands, true), lanes.width);
      }
      break;
    }
    case Expr::Kind::Unary:
    case Expr::Kind::Binary:
    case Expr::Kind::Select:
    case Expr::Kind::IndexDiv:
    case Expr::Kind::IndexMod: {
      std::vector<ExprP> operands;
      bool changed = false;
      for (const ExprP& operand : e->operands) {
        operands.push_back(vectorOf(lanes, operand));
        if (lanes.failed) return e;
        changed = changed || operands.back() != operand;
      }
      bool vector = false;
      for (const ExprP& operand : operands)
        vector = vector || operand->lanes != 1;
      // Index arithmetic stays scalar.
      if (vector && (e->kind == Expr::Kind::IndexDiv || e->kind == Expr::Kind::IndexMod))
        lanes.failed = true;
      else if (changed)
        result = exprs_.rebuild(*e, std::move(operands));
      break;
    }
    case Expr::Kind::Broadcast:
    case Expr::Kind::ReduceLanes:
      lanes.failed = true;
      break;
    }
    lanes.memo.emplace(e->id, result);
    return result;
  }

  ExprBuilder& exprs_;
  VectorRegisters target_;
};

} // namespace

void tileProducts(Function& function, ExprBuilder& exprs, const VectorRegisters& target) {
  Tiler(exprs, target).block(function.body);
}

} // namespace arr::loops
