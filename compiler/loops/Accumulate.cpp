#include "loops/Accumulate.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>

namespace arr::loops {

namespace {

/// Where a statement is: its block, and the statements around it, outermost first.
struct Placement {
  Block* block = nullptr;
  std::vector<Stmt*> enclosing;
};

/// A step of a reduction along one dimension of the buffer: `for r: acc op= buffer[.. r ..]`.
struct Consumer {
  Stmt* loop;
  Stmt* step;
  size_t dimension; // where r indexes the buffer
  ExprP load;       // the step's read of the buffer
  /// The step's term is the element times this factor (null: the element alone), written
  /// in the producer's indices, first or second as the step multiplies.
  ExprP factor;
  bool factorFirst = false;
  std::vector<Stmt*> declarations; // before the step in its block: the factor's locals
};

/// What the function does with one buffer.
struct Uses {
  const Buffer* buffer = nullptr;
  Stmt* alloc = nullptr;
  std::vector<Stmt*> stores;  // Store, Update, Swap or Prefetch of its memory
  std::vector<Stmt*> readers; // statements whose operands load its memory
  std::vector<Stmt*> frees;
  bool viewed = false;         // read or written through a view
  bool allocatedAgain = false; // by another statement too
};

class Accumulator {
public:
  Accumulator(Function& function, ExprBuilder& exprs) : function_(function), exprs_(exprs) {}

  void run() {
    // A rewrite replaces statements that other buffers' uses may point to (a producer's
    // store reading another temporary): the function is walked again after each.
    for (bool rewritten = true; rewritten;) {
      rewritten = false;
      placements_.clear();
      uses_.clear();
      allocated_.clear();
      std::vector<Stmt*> enclosing;
      place(function_.body, enclosing);
      for (const Buffer* buffer : allocated_) {
        const Uses& uses = uses_[buffer->id];
        std::vector<Consumer> consumers;
        Stmt* producer = producerNest(uses);
        if (!producer || !consumersOf(uses, producer, consumers)) continue;
        rewrite(uses, producer, consumers);
        rewritten = true;
        break;
      }
    }
  }

private:
  void place(Block& block, std::vector<Stmt*>& enclosing) {
    for (const StmtP& statement : block) {
      Stmt* at = statement.get();
      placements_[at] = {&block, enclosing};
      note(*at);
      enclosing.push_back(at);
      place(at->body, enclosing);
      place(at->orElse, enclosing);
      enclosing.pop_back();
    }
  }

  void note(Stmt& statement) {
    using K = Stmt::Kind;
    if (statement.buffer) {
      const Buffer& memory = statement.buffer->memory();
      Uses& uses = usesOf(memory);
      if (statement.buffer.get() != &memory) uses.viewed = true;
      if (statement.kind == K::Alloc) {
        if (!uses.alloc) allocated_.push_back(&memory);
        uses.allocatedAgain = uses.alloc != nullptr;
        uses.alloc = &statement;
      } else if (statement.kind == K::Free) {
        uses.frees.push_back(&statement);
      } else {
        uses.stores.push_back(&statement);
      }
    }
    if (statement.other) usesOf(statement.other->memory()).stores.push_back(&statement);
    std::set<uint32_t> read;
    for (const ExprP& expr : operandsOf(statement))
      forEachExpr(expr, [&](const Expr& e) {
        if (e.kind != Expr::Kind::Load) return;
        const Buffer& memory = e.buffer->memory();
        if (e.buffer.get() != &memory) usesOf(memory).viewed = true;
        if (read.insert(memory.id).second) usesOf(memory).readers.push_back(&statement);
      });
  }

  Uses& usesOf(const Buffer& memory) {
    Uses& uses = uses_[memory.id];
    uses.buffer = &memory;
    return uses;
  }

  /// The outermost loop of the nest whose one store writes every element of the buffer
  /// once (a loop per dimension, from 0 to its extent, the store's indices their indices),
  /// in the block that allocates it; null when there is none.
  Stmt* producerNest(const Uses& uses) {
    if (uses.viewed || !uses.alloc || uses.allocatedAgain || uses.stores.size() != 1)
      return nullptr;
    Stmt& store = *uses.stores[0];
    const Buffer& buffer = *uses.buffer;
    if (store.kind != Stmt::Kind::Store || store.buffer.get() != &buffer || store.value->lanes != 1)
      return nullptr;
    Block* home = placements_[uses.alloc].block;
    const std::vector<Stmt*>& enclosing = placements_[&store].enclosing;
    auto top = std::find_if(enclosing.begin(), enclosing.end(),
                            [&](Stmt* s) { return placements_[s].block == home; });
    if (top == enclosing.end() ||
        !coversEveryElement(std::vector<const Stmt*>(top, enclosing.end()), store, buffer))
      return nullptr;
    // The buffer is read only after the nest: nothing inside it reads the buffer.
    for (Stmt* reader : uses.readers)
      if (reader == *top || std::count(placements_[reader].enclosing.begin(),
                                       placements_[reader].enclosing.end(), *top))
        return nullptr;
    return *top;
  }

  /// Whether every read of the buffer is the step of a reduction along one of its
  /// dimensions, after the producer; fills `consumers`.
  bool consumersOf(const Uses& uses, Stmt* producer, std::vector<Consumer>& consumers) {
    const Buffer& buffer = *uses.buffer;
    const Stmt& producerStore = *uses.stores[0];
    Block* home = placements_[producer].block;
    auto position = [&](Stmt* s) {
      return std::find_if(home->begin(), home->end(),
                          [&](const StmtP& at) { return at.get() == s; }) -
             home->begin();
    };
    const auto producedAt = position(producer);
    if (uses.readers.empty()) return false;
    for (Stmt* step : uses.readers) {
      if (step->kind != Stmt::Kind::Accumulate && step->kind != Stmt::Kind::Update) return false;
      // The term: the element, or the element times a factor.
      ExprP load, factor;
      bool factorFirst = false;
      auto isRead = [&](const ExprP& e) {
        return e->kind == Expr::Kind::Load && e->buffer.get() == &buffer && e->lanes == 1;
      };
      if (isRead(step->value)) {
        load = step->value;
      } else if (step->value->kind == Expr::Kind::Binary &&
                 step->value->binaryOp == BinaryOp::Mul && step->value->lanes == 1) {
        for (int side = 0; side < 2 && !load; ++side)
          if (isRead(step->value->operands[side])) {
            load = step->value->operands[side];
            factor = step->value->operands[1 - side];
            factorFirst = side == 1;
          }
      }
      if (!load || (factor && readsAnyBuffer(factor, {buffer.id})) ||
          std::any_of(step->indices.begin(), step->indices.end(),
                      [&](const ExprP& index) { return readsAnyBuffer(index, {buffer.id}); }))
        return false;
      const std::vector<Stmt*>& enclosing = placements_[step].enclosing;
      // After the producer, in the block that allocates the buffer.
      auto top = std::find_if(enclosing.begin(), enclosing.end(),
                              [&](Stmt* s) { return placements_[s].block == home; });
      if (top == enclosing.end() || position(*top) <= producedAt) return false;
      // The summed loop: the innermost around the step whose index reads the buffer (and,
      // for a row of sums, does not pick the row's element). The loops between it and the
      // step are all their bodies hold, and do not depend on it.
      const std::vector<ExprP>& indices = load->operands;
      auto pickedBy = [&](uint32_t local) {
        return std::any_of(indices.begin(), indices.end(),
                           [&](const ExprP& index) { return mentionsLocal(index, local); }) &&
               std::none_of(step->indices.begin(), step->indices.end(),
                            [&](const ExprP& index) { return mentionsLocal(index, local); });
      };
      auto summed = std::find_if(enclosing.rbegin(), enclosing.rend(), [&](Stmt* s) {
        return s->kind == Stmt::Kind::For && pickedBy(s->local->id);
      });
      if (summed == enclosing.rend() || summed.base() <= top) return false;
      Stmt* loop = *summed;
      if (!countsUpFromZero(*loop) || loop->parallel) return false;
      for (auto inner = summed; inner != enclosing.rbegin(); --inner) {
        Stmt* outer = *inner;
        Stmt* next = *(inner - 1);
        if (outer->body.size() != 1 || outer->body[0].get() != next ||
            next->kind != Stmt::Kind::For || mentionsLocal(next->lower, loop->local->id) ||
            mentionsLocal(next->value, loop->local->id))
          return false;
      }
      // The step is last in its block, after the declarations of its factor's locals.
      const Block& block = enclosing.back()->body;
      if (block.back().get() != step) return false;
      std::vector<Stmt*> declarations;
      std::set<uint32_t> declared;
      for (size_t at = 0; at + 1 < block.size(); ++at) {
        if (!factor || block[at]->kind != Stmt::Kind::Declare) return false;
        declarations.push_back(block[at].get());
        declared.insert(block[at]->local->id);
      }
      // The declarations go with the step's factor: its indices must not need them.
      auto needsDeclared = [&](const ExprP& index) { return mentionsAny(index, declared); };
      if (std::any_of(indices.begin(), indices.end(), needsDeclared) ||
          std::any_of(step->indices.begin(), step->indices.end(), needsDeclared))
        return false;
      std::optional<size_t> dimension;
      for (size_t k = 0; k < indices.size(); ++k) {
        if (indices[k]->kind == Expr::Kind::Local && indices[k]->local->id == loop->local->id) {
          if (dimension) return false;
          dimension = k;
        } else if (mentionsLocal(indices[k], loop->local->id)) {
          return false;
        }
      }
      if (!dimension || !(affineOf(loop->value) == affineOf(buffer.shape[*dimension])))
        return false;
      // The accumulator's sum replaces the loop's terms, in their order: exact when the
      // loop held nothing else and the reduction starts from the identity, else only where
      // the reduction may be reassociated.
      if (!step->reassociate && !exactlyReplaced(*step, *loop, enclosing)) return false;
      if (factor && !(factor = inProducer(factor, declarations, indices, producerStore)))
        return false;
      consumers.push_back(
          {loop, step, *dimension, load, factor, factorFirst, std::move(declarations)});
    }
    return true;
  }

  /// A step's factor as the producer computes it: the locals its block declares replaced
  /// by their values, and the indices of the buffer's read by the store's. Null when it
  /// reads anything else than those indices, the sizes, scalar parameters and arrays the
  /// entry receives (which hold the same values in the producer).
  ExprP inProducer(ExprP factor, const std::vector<Stmt*>& declarations,
                   const std::vector<ExprP>& readAt, const Stmt& store) {
    std::map<uint32_t, ExprP> declared;
    for (Stmt* declaration : declarations)
      declared[declaration->local->id] = declaration->value;
    for (size_t round = 0; round <= declarations.size(); ++round)
      factor = exprs_.substitute(factor, declared);
    std::map<uint32_t, ExprP> indices;
    std::set<uint32_t> allowed;
    for (size_t k = 0; k < readAt.size(); ++k) {
      if (readAt[k]->kind != Expr::Kind::Local) return nullptr;
      indices[readAt[k]->local->id] = store.indices[k];
      allowed.insert(store.indices[k]->local->id);
    }
    factor = exprs_.substitute(factor, indices);
    for (const LocalP& size : function_.sizes)
      allowed.insert(size->id);
    std::set<uint32_t> inputs;
    for (const Param& param : function_.params) {
      if (param.scalar) allowed.insert(param.scalar->id);
      if (param.buffer) inputs.insert(param.buffer->id);
    }
    std::set<uint32_t> locals;
    collectLocals(factor, locals);
    bool readsInputsOnly = true;
    forEachExpr(factor, [&](const Expr& e) {
      if (e.kind == Expr::Kind::Load) readsInputsOnly &= inputs.count(e.buffer->id) > 0;
    });
    if (!readsInputsOnly ||
        !std::includes(allowed.begin(), allowed.end(), locals.begin(), locals.end()))
      return nullptr;
    return factor;
  }

  /// Whether the terms the summed loop adds to each element (or to the local) are all
  /// that element receives from the identity on: the statement before the loop declares
  /// the local as the identity, or fills the whole row with it, and each loop inside the
  /// summed one moves to another element. Then the accumulator's sum, added to the
  /// identity, is exactly what the loop computed.
  bool exactlyReplaced(const Stmt& step, Stmt& loop, const std::vector<Stmt*>& enclosing) {
    if (step.kind == Stmt::Kind::Accumulate)
      return enclosing.back() == &loop && startsFromIdentity(step, loop);
    for (auto inner = std::find(enclosing.begin(), enclosing.end(), &loop) + 1;
         inner != enclosing.end(); ++inner)
      if (std::none_of(step.indices.begin(), step.indices.end(), [&](const ExprP& index) {
            return index->kind == Expr::Kind::Local && index->local->id == (*inner)->local->id;
          }))
        return false;
    return filledWithIdentity(step, loop);
  }

  /// Whether the statement before the loop stores the identity of the step's operation
  /// into every element of the buffer the step updates.
  bool filledWithIdentity(const Stmt& step, Stmt& loop) {
    Block& block = *placements_[&loop].block;
    auto at =
        std::find_if(block.begin(), block.end(), [&](const StmtP& s) { return s.get() == &loop; });
    if (at == block.begin()) return false;
    const Buffer& row = *step.buffer;
    const Stmt* fill = (at - 1)->get();
    std::vector<const Stmt*> loops;
    while (fill->kind == Stmt::Kind::For && fill->body.size() == 1 && countsUpFromZero(*fill)) {
      loops.push_back(fill);
      fill = fill->body[0].get();
    }
    if (fill->kind != Stmt::Kind::Store || fill->buffer.get() != &row ||
        fill->value != exprs_.identity(step.op, row.type) || loops.size() != row.shape.size())
      return false;
    for (size_t k = 0; k < loops.size(); ++k)
      if (fill->indices[k]->kind != Expr::Kind::Local ||
          fill->indices[k]->local->id != loops[k]->local->id ||
          !(affineOf(loops[k]->value) == affineOf(row.shape[k])))
        return false;
    return true;
  }

  /// Whether the statement before the loop declares the reduction's local as its identity.
  bool startsFromIdentity(const Stmt& step, Stmt& loop) {
    Block& block = *placements_[&loop].block;
    auto at =
        std::find_if(block.begin(), block.end(), [&](const StmtP& s) { return s.get() == &loop; });
    if (at == block.begin()) return false;
    const Stmt& before = **(at - 1);
    return before.kind == Stmt::Kind::Declare && before.local->id == step.local->id &&
           before.value == exprs_.identity(step.op, step.local->type);
  }

  void rewrite(const Uses& uses, Stmt* producer, const std::vector<Consumer>& consumers) {
    const Buffer& buffer = *uses.buffer;
    Stmt& store = *uses.stores[0];
    Block& home = *placements_[producer].block;
    const std::vector<Stmt*>& nest = placements_[&store].enclosing;

    // One accumulator per summed dimension and operation.
    struct Target {
      size_t dimension;
      BinaryOp op;
      ExprP factor;
      bool factorFirst;
      BufferP accumulator;
      bool reassociate = true;
    };
    std::vector<Target> targets;
    std::vector<size_t> targetOf;
    for (const Consumer& consumer : consumers) {
      auto found = std::find_if(targets.begin(), targets.end(), [&](const Target& t) {
        return t.dimension == consumer.dimension && t.op == consumer.step->op &&
               t.factor == consumer.factor && t.factorFirst == consumer.factorFirst;
      });
      if (found == targets.end()) {
        std::vector<ExprP> shape = buffer.shape;
        shape.erase(shape.begin() + long(consumer.dimension));
        targets.push_back({consumer.dimension, consumer.step->op, consumer.factor,
                           consumer.factorFirst,
                           exprs_.newBuffer(buffer.name, buffer.type, std::move(shape))});
        found = targets.end() - 1;
      }
      found->reassociate &= consumer.step->reassociate;
      targetOf.push_back(size_t(found - targets.begin()));
    }

    // The accumulators start from the identity, before the producer.
    Block before;
    for (const Target& target : targets) {
      before.push_back(makeAlloc(target.accumulator));
      before.push_back(fill(target.accumulator, exprs_.identity(target.op, buffer.type)));
    }
    replace(home, producer, before, /*keep=*/true);

    // The producer updates them instead of storing; a loop over a summed dimension runs
    // its iterations in order.
    LocalP element = exprs_.newLocal(buffer.name, buffer.type);
    Block updates{makeDeclare(element, store.value)};
    for (const Target& target : targets) {
      std::vector<ExprP> indices = store.indices;
      const ExprP summed = indices[target.dimension];
      indices.erase(indices.begin() + long(target.dimension));
      ExprP term = exprs_.local(element);
      if (target.factor)
        term = target.factorFirst ? exprs_.binary(BinaryOp::Mul, target.factor, term)
                                  : exprs_.binary(BinaryOp::Mul, term, target.factor);
      updates.push_back(
          makeUpdate(target.accumulator, std::move(indices), target.op, term, target.reassociate));
      for (Stmt* loop : nest)
        if (loop->kind == Stmt::Kind::For && loop->local->id == summed->local->id &&
            loop->parallel) {
          loop->parallel = false;
          loop->work = nullptr;
          loop->reductions.clear();
        }
    }
    replace(*placements_[&store].block, &store, updates, /*keep=*/false);

    // Each reduction reads its accumulator: the summed loop goes, the loops inside it stay.
    for (size_t c = 0; c < consumers.size(); ++c) {
      const Consumer& consumer = consumers[c];
      const Target& target = targets[targetOf[c]];
      Stmt& step = *consumer.step;
      std::vector<ExprP> indices = consumer.load->operands;
      indices.erase(indices.begin() + long(target.dimension));
      auto read = std::make_shared<Stmt>(step);
      read->value = exprs_.load(target.accumulator, std::move(indices));
      Block& block = *placements_[&step].block;
      replace(block, &step, {read}, false);
      for (Stmt* declaration : consumer.declarations)
        replace(block, declaration, {}, false);
      StmtP inside = consumer.loop->body[0];
      replace(*placements_[consumer.loop].block, consumer.loop, {inside}, false);
    }

    Block frees;
    for (const Target& target : targets)
      frees.push_back(makeFree(target.accumulator));
    for (Stmt* free : uses.frees)
      replace(*placements_[free].block, free, frees, false);
    replace(home, uses.alloc, {}, false);
  }

  /// A loop nest storing `value` into every element of `buffer`.
  StmtP fill(const BufferP& buffer, const ExprP& value) {
    std::vector<LocalP> indices;
    std::vector<ExprP> at;
    for (size_t k = 0; k < buffer->shape.size(); ++k) {
      indices.push_back(exprs_.newLocal("i", Elem::I64));
      at.push_back(exprs_.local(indices.back()));
    }
    StmtP statement = makeStore(buffer, at, value);
    for (size_t k = buffer->shape.size(); k-- > 0;)
      statement = makeFor(indices[k], exprs_.index(0), buffer->shape[k], {statement});
    return statement;
  }

  /// Replaces `statement` in `block` by `replacement` (placed before it when `keep`).
  static void replace(Block& block, Stmt* statement, const Block& replacement, bool keep) {
    auto at = std::find_if(block.begin(), block.end(),
                           [&](const StmtP& s) { return s.get() == statement; });
    if (!keep) at = block.erase(at);
    block.insert(at, replacement.begin(), replacement.end());
  }

  Function& function_;
  ExprBuilder& exprs_;
  std::unordered_map<Stmt*, Placement> placements_;
  std::unordered_map<uint32_t, Uses> uses_; // by buffer id
  std::vector<const Buffer*> allocated_;    // in the order of their allocations
};

} // namespace

void accumulateIntoProducers(Function& function, ExprBuilder& exprs) {
  Accumulator(function, exprs).run();
}

} // namespace arr::loops
