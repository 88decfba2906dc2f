#include "loops/InPlace.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace arr::loops {

namespace {

bool touches(const Stmt& statement, uint32_t memory) {
  return footprintOf(statement).touches(memory);
}

bool writes(const Stmt& statement, uint32_t memory) {
  return footprintOf(statement).writtenBuffers.count(memory) > 0;
}

/// Whether every load of `buffer` in the statement's operands (nested ones included) reads
/// the element at `indices`, one lane.
bool readsOnlyAt(const Stmt& statement, const Buffer& buffer, const std::vector<ExprP>& indices) {
  bool only = true;
  forEachStmt({std::make_shared<Stmt>(statement)}, [&](const Stmt& s) {
    for (const ExprP& operand : operandsOf(s))
      forEachExpr(operand, [&](const Expr& e) {
        if (e.kind == Expr::Kind::Load && e.buffer->memory().id == buffer.id)
          only = only && e.buffer->id == buffer.id && e.operands == indices && e.lanes == 1;
      });
  });
  return only;
}

/// The value `expr` takes where the select `masked` takes its else branch, when that is a
/// float constant of additions of constants.
std::optional<Scalar> valueOutsideMask(const ExprP& expr, const Expr& masked) {
  if (expr.get() == &masked) return valueOutsideMask(masked.operands[2], masked);
  if (expr->lanes != 1 || (expr->type != Elem::F64 && expr->type != Elem::F32)) return std::nullopt;
  if (expr->kind == Expr::Kind::Const) return expr->value;
  if (expr->kind == Expr::Kind::Binary && expr->binaryOp == BinaryOp::Add) {
    auto left = valueOutsideMask(expr->operands[0], masked);
    auto right = valueOutsideMask(expr->operands[1], masked);
    if (left && right) return prim::evaluate(BinaryOp::Add, expr->type, *left, *right);
  }
  return std::nullopt;
}

bool isNegativeZero(const Scalar& value) {
  const double* number = std::get_if<double>(&value);
  return number && *number == 0.0 && std::signbit(*number);
}

bool isZero(const Scalar& value) {
  const double* number = std::get_if<double>(&value);
  return number && *number == 0.0;
}

class InPlace {
public:
  InPlace(Function& function, ExprBuilder& exprs) : function_(function), exprs_(exprs) {}

  void run() {
    block(function_.body);
    for (const BufferP& unused : unused_)
      dropBuffer(function_.body, *unused);
  }

private:
  void block(Block& statements) {
    for (size_t s = 0; s < statements.size(); ++s) {
      block(statements[s]->body);
      block(statements[s]->orElse);
      if (statements[s]->kind == Stmt::Kind::For && statements[s]->carriesState)
        while (rewriteOneState(statements, s)) {
        }
    }
  }

  /// Rewrites one swapped state of the sequential loop statements[at]; whether it did.
  bool rewriteOneState(Block& statements, size_t at) {
    const Stmt& loop = *statements[at];
    for (size_t k = 0; k < loop.body.size(); ++k) {
      const Stmt& swap = *loop.body[k];
      if (swap.kind != Stmt::Kind::Swap) continue;
      for (bool reversed : {false, true}) {
        const BufferP& state = reversed ? swap.other : swap.buffer;
        const BufferP& next = reversed ? swap.buffer : swap.other;
        if (inPlace(statements, at, k, state, next)) return true;
      }
    }
    return false;
  }

  /// The nest writing `next` writes `state` instead, and the swap goes.
  bool inPlace(Block& statements, size_t at, size_t swapAt, const BufferP& state,
               const BufferP& next) {
    StmtP original = statements[at]; // alive while the loop is replaced
    const Stmt& loop = *original;
    // Both are the function's own (a parameter or result is never written in place).
    if (state->base || next->base || !allocated(function_.body, state->id) ||
        !allocated(function_.body, next->id))
      return false;
    std::optional<size_t> writer;
    for (size_t s = 0; s < loop.body.size(); ++s)
      if (s != swapAt && touches(*loop.body[s], next->id)) {
        if (writer) return false;
        writer = s;
      }
    // Before the swap: after it, `next` holds the previous state.
    if (!writer || *writer > swapAt) return false;
    const Stmt& nest = *loop.body[*writer];
    std::optional<WholeStore> whole = wholeStoreOf(nest, *next);
    if (!whole) return false;
    // The nest reads the state only at the element it writes, and `next` nowhere.
    if (!readsOnlyAt(nest, *state, whole->store->indices) ||
        footprintOf(nest).readBuffers.count(next->id) || writes(nest, state->id) ||
        usedOutside(loop, *next))
      return false;
    const ExprP& value = whole->store->value;
    bool unchanged = value->kind == Expr::Kind::Load && value->buffer->id == state->id &&
                     value->operands == whole->store->indices;
    // The rest of the step does not write the state, and reads it where it holds the same
    // values either way: before the nest, or after the swap.
    for (size_t s = 0; s < loop.body.size(); ++s) {
      if (s == swapAt || s == *writer) continue;
      if (writes(*loop.body[s], state->id)) return false;
      if (!unchanged && s > *writer && s < swapAt && touches(*loop.body[s], state->id))
        return false;
    }

    // The rewritten nest: a copy, its store into the state.
    Block copy = substituteBlock(exprs_, {loop.body[*writer]}, {});
    Stmt* store = storeOf(copy[0].get());
    store->buffer = state;
    auto rewritten = std::make_shared<Stmt>(loop);
    rewritten->body[*writer] = copy[0];
    if (unchanged) rewritten->body.erase(rewritten->body.begin() + long(*writer));
    rewritten->body.erase(
        std::find(rewritten->body.begin(), rewritten->body.end(), loop.body[swapAt]));
    statements[at] = rewritten;
    unused_.push_back(next); // dropped at the end: the block's positions stay valid
    if (!unchanged) {
      size_t nestAt = size_t(std::find(rewritten->body.begin(), rewritten->body.end(), copy[0]) -
                             rewritten->body.begin());
      if (onlyAddedTo(statements, at, *state)) sparseAdditions(*rewritten, nestAt, state);
    }
    return true;
  }

  /// The store at the bottom of a whole-buffer nest (loops/Analysis.h, wholeStoreOf).
  static Stmt* storeOf(Stmt* at) {
    while (at->kind == Stmt::Kind::For)
      for (const StmtP& inner : at->body)
        if (inner->kind == Stmt::Kind::For || inner->kind == Stmt::Kind::Store) {
          at = inner.get();
          break;
        }
    return at;
  }

  /// Whether a statement outside `loop` uses `buffer` other than allocating or freeing it.
  bool usedOutside(const Stmt& loop, const Buffer& buffer) {
    bool used = false;
    std::function<void(const Block&)> walk = [&](const Block& block) {
      for (const StmtP& statement : block) {
        if (statement.get() == &loop) continue;
        if ((statement->kind == Stmt::Kind::Alloc || statement->kind == Stmt::Kind::Free) &&
            statement->buffer->id == buffer.id)
          continue;
        if (statement->kind == Stmt::Kind::For || statement->kind == Stmt::Kind::If) {
          Stmt shell = *statement;
          shell.body.clear();
          shell.orElse.clear();
          used = used || touches(shell, buffer.id);
          walk(statement->body);
          walk(statement->orElse);
        } else {
          used = used || touches(*statement, buffer.id);
        }
      }
    };
    walk(function_.body);
    return used;
  }

  static bool allocated(const Block& block, uint32_t memory) {
    bool found = false;
    forEachStmt(block, [&](const Stmt& s) {
      found = found || (s.kind == Stmt::Kind::Alloc && s.buffer->id == memory);
    });
    return found;
  }

  /// Removes the allocation and releases of a buffer nothing uses any more.
  static void dropBuffer(Block& block, const Buffer& buffer) {
    std::erase_if(block, [&](const StmtP& s) {
      return (s->kind == Stmt::Kind::Alloc || s->kind == Stmt::Kind::Free) &&
             s->buffer->id == buffer.id;
    });
    for (const StmtP& s : block) {
      dropBuffer(s->body, buffer);
      dropBuffer(s->orElse, buffer);
    }
  }

  /// Whether the state never holds -0.0 during the loop statements[at]: before it (in the
  /// same block, nothing writing it between) a nest fills it with a constant other than
  /// -0.0, and the loop only adds to its elements (a sum is -0.0 only when both terms are).
  bool onlyAddedTo(const Block& statements, size_t at, const Buffer& state) {
    const Stmt& loop = *statements[at];
    bool additions = true;
    forEachStmt(loop.body, [&](const Stmt& s) {
      if (s.kind == Stmt::Kind::Update && s.buffer->memory().id == state.id) {
        additions = additions && s.buffer->id == state.id && s.op == BinaryOp::Add;
      } else if (s.kind == Stmt::Kind::Store && s.buffer->memory().id == state.id) {
        const ExprP& value = s.value;
        additions =
            additions && s.buffer->id == state.id && value->kind == Expr::Kind::Binary &&
            value->binaryOp == BinaryOp::Add && value->operands[0]->kind == Expr::Kind::Load &&
            value->operands[0]->buffer->id == state.id && value->operands[0]->operands == s.indices;
      } else if (s.kind == Stmt::Kind::Swap || s.kind == Stmt::Kind::Alloc ||
                 s.kind == Stmt::Kind::Free) {
        additions = additions && s.buffer->memory().id != state.id &&
                    !(s.other && s.other->memory().id == state.id);
      }
    });
    if (!additions) return false;
    for (size_t s = at; s-- > 0;) {
      if (!writes(*statements[s], state.id)) continue;
      std::optional<WholeStore> fill = wholeStoreOf(*statements[s], state);
      return fill && fill->store->value->kind == Expr::Kind::Const &&
             !isNegativeZero(fill->store->value->value) &&
             !std::isnan(std::get<double>(fill->store->value->value));
    }
    return false;
  }

  /// The nest loop.body[nestAt] adds a term to every element of the state (which never
  /// holds -0.0): a temporary of zeros with single values added in goes straight into the
  /// state; a term that is zero but where one index equals an invariant value runs there.
  void sparseAdditions(Stmt& loop, size_t nestAt, const BufferP& state) {
    std::optional<WholeStore> whole = wholeStoreOf(*loop.body[nestAt], *state);
    if (!whole) return;
    const Stmt& store = *whole->store;
    if (store.value->kind != Expr::Kind::Binary || store.value->binaryOp != BinaryOp::Add) return;
    const ExprP& term = store.value->operands[1];
    if (term->kind == Expr::Kind::Load && term->operands == store.indices)
      zerosAddedInto(loop, nestAt, state, term->buffer);
    else
      maskedTerm(loop, nestAt, *whole);
  }

  /// The term is a temporary that the step fills with zeros and then only adds single
  /// values into: those additions go into the state; the temporary and the nest go.
  void zerosAddedInto(Stmt& loop, size_t nestAt, const BufferP& state, const BufferP& zeros) {
    if (zeros->base || usedOutside(loop, *zeros)) return;
    std::optional<size_t> fillAt;
    size_t additions = 0;
    bool reassociable = true, fine = true;
    for (size_t s = 0; s < loop.body.size() && fine; ++s) {
      const Stmt& statement = *loop.body[s];
      if (s == nestAt || !touches(statement, zeros->id)) continue;
      if ((statement.kind == Stmt::Kind::Alloc || statement.kind == Stmt::Kind::Free) &&
          statement.buffer->id == zeros->id)
        continue;
      if (!fillAt) {
        std::optional<WholeStore> fill = wholeStoreOf(statement, *zeros);
        fine = s < nestAt && fill && fill->store->value->kind == Expr::Kind::Const &&
               isZero(fill->store->value->value);
        fillAt = s;
        continue;
      }
      // Nothing here reads the temporary, and each addition in a loop adds to an element of
      // its own in each iteration.
      fine = s < nestAt && injectiveAdditions(*loop.body[s], zeros->id, {});
      forEachStmt({loop.body[s]}, [&](const Stmt& inner) {
        for (const ExprP& operand : operandsOf(inner))
          fine = fine && !readsAnyBuffer(operand, {zeros->id});
      });
      // Every write of the temporary here is an addition of a value that does not read the
      // state.
      forEachStmt({loop.body[s]}, [&](const Stmt& inner) {
        if (inner.buffer && inner.buffer->memory().id == zeros->id) {
          fine = fine && inner.kind == Stmt::Kind::Update && inner.op == BinaryOp::Add &&
                 inner.buffer->id == zeros->id && !readsAnyBuffer(inner.value, {state->id});
          for (const ExprP& index : inner.indices)
            fine = fine && !readsAnyBuffer(index, {state->id});
          reassociable = reassociable && inner.reassociate;
          ++additions;
        }
      });
    }
    if (!fine || !fillAt || additions == 0) return;
    // The additions reach the state where they happen: nothing between the first of them
    // and the nest may read the state (it would see them early).
    size_t first = loop.body.size();
    for (size_t s = 0; s < nestAt; ++s)
      if (s != *fillAt && touches(*loop.body[s], zeros->id) &&
          loop.body[s]->kind != Stmt::Kind::Alloc)
        first = std::min(first, s);
    for (size_t s = first; s < nestAt; ++s)
      if (touches(*loop.body[s], state->id)) return;
    // Two additions into one element would be summed before reaching the state.
    if (additions > 1 && !reassociable) return;
    // Rewritten copies: the additions into the state.
    Block rebuilt;
    for (size_t s = 0; s < loop.body.size(); ++s) {
      const StmtP& statement = loop.body[s];
      if (s == nestAt || s == *fillAt ||
          ((statement->kind == Stmt::Kind::Alloc || statement->kind == Stmt::Kind::Free) &&
           statement->buffer->id == zeros->id))
        continue;
      if (!touches(*statement, zeros->id)) {
        rebuilt.push_back(statement);
        continue;
      }
      Block copy = substituteBlock(exprs_, {statement}, {});
      forEachMutable(copy, [&](Stmt& inner) {
        if (inner.buffer && inner.buffer->id == zeros->id) inner.buffer = state;
      });
      rebuilt.push_back(copy[0]);
    }
    loop.body = std::move(rebuilt);
  }

  /// Whether every addition into the buffer under `statement` adds to a different element
  /// in each iteration of the loops around it there (each loop's index is one of its
  /// indices).
  static bool injectiveAdditions(const Stmt& statement, uint32_t memory,
                                 std::vector<uint32_t> loops) {
    if (statement.kind == Stmt::Kind::Update && statement.buffer->id == memory)
      return std::all_of(loops.begin(), loops.end(), [&](uint32_t local) {
        return std::any_of(statement.indices.begin(), statement.indices.end(),
                           [&](const ExprP& index) {
                             return index->kind == Expr::Kind::Local && index->local->id == local;
                           });
      });
    if (statement.kind == Stmt::Kind::For) loops.push_back(statement.local->id);
    for (const Block* block : {&statement.body, &statement.orElse})
      for (const StmtP& inner : *block)
        if (!injectiveAdditions(*inner, memory, loops)) return false;
    return true;
  }

  static void forEachMutable(Block& block, const std::function<void(Stmt&)>& f) {
    for (const StmtP& s : block) {
      f(*s);
      forEachMutable(s->body, f);
      forEachMutable(s->orElse, f);
    }
  }

  /// The term is zero (adding it changes nothing) except where one loop's index equals
  /// a value no loop of the nest changes: that loop becomes a test of the value.
  void maskedTerm(Stmt& loop, size_t nestAt, const WholeStore& whole) {
    const ExprP& term = whole.store->value->operands[1];
    std::set<uint32_t> nestLocals;
    for (const Stmt* l : whole.loops)
      nestLocals.insert(l->local->id);
    std::optional<size_t> maskedLoop;
    ExprP value;
    forEachExpr(term, [&](const Expr& e) {
      if (maskedLoop || e.kind != Expr::Kind::Select || e.lanes != 1) return;
      const ExprP& condition = e.operands[0];
      if (condition->kind != Expr::Kind::Binary || condition->binaryOp != BinaryOp::Eq) return;
      for (int side = 0; side < 2 && !maskedLoop; ++side) {
        const ExprP& index = condition->operands[side];
        const ExprP& other = condition->operands[1 - side];
        if (index->kind != Expr::Kind::Local || mentionsAny(other, nestLocals) ||
            readsAnyBuffer(other, writtenBuffers({loop.body[nestAt]})))
          continue;
        auto at = std::find_if(whole.loops.begin(), whole.loops.end(),
                               [&](const Stmt* l) { return l->local->id == index->local->id; });
        std::optional<Scalar> outside = valueOutsideMask(term, e);
        if (at == whole.loops.end() || !outside || !isZero(*outside)) continue;
        maskedLoop = size_t(at - whole.loops.begin());
        value = other;
      }
    });
    if (!maskedLoop) return;
    // Rebuild the nest with that loop replaced by `if 0 <= value < extent` at the value.
    const Stmt* target = whole.loops[*maskedLoop];
    std::function<StmtP(const Stmt&)> rebuild = [&](const Stmt& at) -> StmtP {
      if (&at == target) {
        Block body = substituteBlock(exprs_, at.body, {{at.local->id, value}});
        ExprP inRange = exprs_.logicalAnd(exprs_.binary(BinaryOp::Le, exprs_.index(0), value),
                                          exprs_.binary(BinaryOp::Lt, value, at.value));
        return makeIf(inRange, std::move(body));
      }
      auto copy = std::make_shared<Stmt>(at);
      // One iteration of the masked loop is left of each of its runs.
      if (copy->parallel)
        copy->work = exprs_.indexDiv(copy->work, exprs_.max(target->value, exprs_.index(1)));
      for (StmtP& inner : copy->body)
        if (inner->kind == Stmt::Kind::For) inner = rebuild(*inner);
      return copy;
    };
    loop.body[nestAt] = rebuild(*loop.body[nestAt]);
  }

  Function& function_;
  ExprBuilder& exprs_;
  std::vector<BufferP> unused_;
};

} // namespace

void updateStatesInPlace(Function& function, ExprBuilder& exprs) {
  InPlace(function, exprs).run();
}

} // namespace arr::loops
