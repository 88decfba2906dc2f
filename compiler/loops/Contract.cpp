#include "loops/Contract.h"

#include "loops/Analysis.h"
#include "loops/Fuse.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace arr::loops {

namespace {

bool sameRange(const Stmt& a, const Stmt& b) {
  return a.kind == Stmt::Kind::For && b.kind == Stmt::Kind::For && a.lower == b.lower &&
         a.value == b.value && a.step == b.step && a.parallel == b.parallel &&
         a.maxTrips == b.maxTrips && !a.whileCondition && !b.whileCondition;
}

/// The dimensions in which every access of `buffer` inside `loop` is the loop's index (in
/// iteration i, only the row i of those dimensions is touched); none when some access goes
/// through a view or touches the buffer otherwise (a swap).
std::set<size_t> rowDimensions(const Buffer& buffer, const Stmt& loop) {
  std::set<size_t> dimensions;
  for (size_t d = 0; d < buffer.shape.size(); ++d)
    dimensions.insert(d);
  bool usable = true;
  auto access = [&](const Buffer* accessed, const std::vector<ExprP>& indices, int lanes) {
    if (accessed->memory().id != buffer.id) return;
    if (accessed->id != buffer.id || indices.size() != buffer.shape.size()) {
      usable = false;
      return;
    }
    std::erase_if(dimensions, [&](size_t d) {
      // A vector access walks the last dimension: that one is not a single row.
      return indices[d]->kind != Expr::Kind::Local || indices[d]->local->id != loop.local->id ||
             (lanes > 1 && d + 1 == indices.size());
    });
  };
  forEachStmt({std::make_shared<Stmt>(loop)}, [&](const Stmt& s) {
    for (const ExprP& operand : operandsOf(s))
      forEachExpr(operand, [&](const Expr& e) {
        if (e.kind == Expr::Kind::Load) access(e.buffer.get(), e.operands, e.lanes);
      });
    if (s.kind == Stmt::Kind::Swap || s.kind == Stmt::Kind::Alloc || s.kind == Stmt::Kind::Free) {
      if ((s.buffer && s.buffer->memory().id == buffer.id) ||
          (s.other && s.other->memory().id == buffer.id))
        usable = false;
    } else if (s.buffer) {
      access(s.buffer.get(), s.indices, s.value ? s.value->lanes : 1);
    }
  });
  return usable ? dimensions : std::set<size_t>{};
}

/// The expression with every load of `buffer` replaced by `replace(load, its indices)`.
class LoadRewriter {
public:
  LoadRewriter(ExprBuilder& exprs, const Buffer& buffer,
               std::function<ExprP(const Expr&, std::vector<ExprP>)> replace)
      : exprs_(exprs), buffer_(buffer), replace_(std::move(replace)) {}

  ExprP operator()(const ExprP& expr) {
    if (!expr) return expr;
    auto known = done_.find(expr.get());
    if (known != done_.end()) return known->second;
    std::vector<ExprP> operands;
    bool changed = false;
    for (const ExprP& operand : expr->operands) {
      operands.push_back((*this)(operand));
      changed = changed || operands.back() != operand;
    }
    ExprP result = expr;
    if (expr->kind == Expr::Kind::Load && expr->buffer->id == buffer_.id)
      result = replace_(*expr, std::move(operands));
    else if (changed)
      result = exprs_.rebuild(*expr, std::move(operands));
    done_[expr.get()] = result;
    return result;
  }

  /// A copy of `block` with its expressions rewritten and `restate` applied to each
  /// statement that stores into the buffer (after its expressions are).
  Block block(const Block& statements, const std::function<void(Stmt&)>& restate) {
    Block copy;
    for (const StmtP& statement : statements) {
      auto s = std::make_shared<Stmt>(*statement);
      s->value = (*this)(s->value);
      s->lower = (*this)(s->lower);
      s->work = (*this)(s->work);
      s->whileCondition = (*this)(s->whileCondition);
      for (ExprP& index : s->indices)
        index = (*this)(index);
      s->body = block(s->body, restate);
      s->orElse = block(s->orElse, restate);
      if (s->buffer && s->buffer->id == buffer_.id && s->kind != Stmt::Kind::Alloc &&
          s->kind != Stmt::Kind::Free)
        restate(*s);
      copy.push_back(std::move(s));
    }
    return copy;
  }

private:
  ExprBuilder& exprs_;
  const Buffer& buffer_;
  std::function<ExprP(const Expr&, std::vector<ExprP>)> replace_;
  std::map<const Expr*, ExprP> done_;
};

std::vector<ExprP> without(std::vector<ExprP> indices, size_t dimension) {
  indices.erase(indices.begin() + long(dimension));
  return indices;
}

class Contractor {
public:
  explicit Contractor(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    for (const StmtP& statement : statements) {
      block(statement->body);
      block(statement->orElse);
    }
    // Again while loops join: a fusion can bring a loop next to one it passes rows to.
    for (size_t before = statements.size() + 1; statements.size() < before;) {
      before = statements.size();
      fuseSiblings(
          statements, [](const Stmt& loop) { return loop.kind == Stmt::Kind::For; },
          [&](const Stmt& first, const Stmt& second) {
            return passesRows(statements, first, second) ? fuseLoops(first, second, exprs_)
                                                         : nullptr;
          });
    }
    // Which statements touch each buffer, found once (a block may hold thousands).
    users_.clear();
    for (const StmtP& statement : statements) {
      Footprint footprint = footprintOf(*statement);
      for (const std::set<uint32_t>* buffers : {&footprint.readBuffers, &footprint.writtenBuffers})
        for (uint32_t memory : *buffers)
          if (users_[memory].empty() || users_[memory].back() != statement.get())
            users_[memory].push_back(statement.get());
    }
    // A contraction removes the allocation at s: the next statement moves there.
    for (size_t s = 0; s < statements.size();)
      if (statements[s]->kind != Stmt::Kind::Alloc || !contract(statements, s)) ++s;
  }

private:
  /// The statement of `statements` that allocates `memory`, when one does and it is no view.
  static const Stmt* allocationOf(const Block& statements, uint32_t memory) {
    for (const StmtP& statement : statements)
      if (statement->kind == Stmt::Kind::Alloc && statement->buffer->id == memory &&
          !statement->buffer->base)
        return statement.get();
    return nullptr;
  }

  /// Whether a temporary that `first` writes and `second` reads is touched, besides its
  /// allocation and release, only by loops over the same range from `first` on, each
  /// touching one row of it per iteration in a common dimension: fusing them lets it
  /// shrink to that row.
  bool passesRows(const Block& statements, const Stmt& first, const Stmt& second) {
    if (!sameRange(first, second) || (!hasInnerLoop(first.body) && !hasInnerLoop(second.body)))
      return false;
    Footprint produced = footprintOf(first), consumed = footprintOf(second);
    auto at = std::find_if(statements.begin(), statements.end(),
                           [&](const StmtP& s) { return s.get() == &first; });
    if (at == statements.end()) return false;
    for (uint32_t memory : produced.writtenBuffers) {
      if (!consumed.readBuffers.count(memory)) continue;
      const Stmt* allocation = allocationOf(statements, memory);
      if (!allocation) continue;
      const Buffer& buffer = *allocation->buffer;
      std::set<size_t> common;
      for (size_t d = 0; d < buffer.shape.size(); ++d)
        common.insert(d);
      bool rowwise = true;
      for (auto s = statements.begin(); s != statements.end() && rowwise; ++s) {
        const Stmt& statement = **s;
        if (statement.buffer && statement.buffer->id == buffer.id &&
            (statement.kind == Stmt::Kind::Alloc || statement.kind == Stmt::Kind::Free))
          continue;
        if (!footprintOf(statement).touches(memory)) continue;
        if (s < at || !sameRange(first, statement)) {
          rowwise = false;
          continue;
        }
        std::set<size_t> rows = rowDimensions(buffer, statement);
        std::erase_if(common, [&](size_t d) { return !rows.count(d); });
        rowwise = !common.empty();
      }
      if (rowwise) return true;
    }
    return false;
  }

  /// Shrinks the buffer that statements[at] allocates to one row per iteration of the one
  /// loop that uses it, when that loop touches a single row of it per iteration; whether
  /// it did (the allocation is then gone).
  bool contract(Block& statements, size_t at) {
    BufferP buffer = statements[at]->buffer;
    if (buffer->base || buffer->shape.empty()) return false;
    const Stmt* only = nullptr;
    for (const Stmt* statement : users_[buffer->id]) {
      if ((statement->kind == Stmt::Kind::Alloc || statement->kind == Stmt::Kind::Free) &&
          statement->buffer->id == buffer->id)
        continue;
      if (only || statement->kind != Stmt::Kind::For) return false;
      only = statement;
    }
    if (!only) return false;
    std::vector<size_t> frees;
    std::optional<size_t> user;
    for (size_t s = 0; s < statements.size(); ++s) {
      const Stmt& statement = *statements[s];
      if (statement.kind == Stmt::Kind::Free && statement.buffer->id == buffer->id)
        frees.push_back(s);
      if (&statement == only) user = s;
    }
    if (!user) return false;
    Stmt& loop = *statements[*user];
    std::set<size_t> rows = rowDimensions(*buffer, loop);
    if (rows.empty()) return false;
    size_t dimension = *rows.begin();
    Block body;
    if (buffer->shape.size() == 1) {
      if (!asLocal(loop, *buffer, body)) return false;
    } else {
      BufferP row = exprs_.newBuffer(buffer->name, buffer->type, without(buffer->shape, dimension));
      LoadRewriter rewrite(exprs_, *buffer, [&](const Expr& load, std::vector<ExprP> indices) {
        return exprs_.load(row, without(std::move(indices), dimension), load.lanes);
      });
      body = rewrite.block(loop.body, [&](Stmt& s) {
        s.buffer = row;
        s.indices = without(std::move(s.indices), dimension);
      });
      body.insert(body.begin(), makeAlloc(row));
      body.push_back(makeFree(row));
    }
    auto contracted = std::make_shared<Stmt>(loop);
    contracted->body = std::move(body);
    Footprint footprint = footprintOf(*only);
    for (const std::set<uint32_t>* buffers : {&footprint.readBuffers, &footprint.writtenBuffers})
      for (uint32_t memory : *buffers)
        std::replace(users_[memory].begin(), users_[memory].end(), only,
                     static_cast<const Stmt*>(contracted.get()));
    statements[*user] = contracted;
    // The allocation and the releases go, last first (their positions stay valid).
    frees.push_back(at);
    std::sort(frees.rbegin(), frees.rend());
    for (size_t s : frees)
      statements.erase(statements.begin() + long(s));
    return true;
  }

  /// A row of one element as a local, when one statement of the loop's body stores it
  /// before every statement that reads it: the store declares the local.
  bool asLocal(const Stmt& loop, const Buffer& buffer, Block& body) {
    std::optional<size_t> store;
    for (size_t s = 0; s < loop.body.size(); ++s) {
      const Stmt& statement = *loop.body[s];
      Footprint footprint = footprintOf(statement);
      bool writes = footprint.writtenBuffers.count(buffer.id) > 0;
      bool reads = footprint.readBuffers.count(buffer.id) > 0;
      if (writes) {
        if (store || reads || statement.kind != Stmt::Kind::Store) return false;
        store = s;
      } else if (reads && !store) {
        return false;
      }
    }
    if (!store) return false;
    LocalP local = exprs_.newLocal(buffer.name, buffer.type);
    LoadRewriter rewrite(exprs_, buffer,
                         [&](const Expr&, std::vector<ExprP>) { return exprs_.local(local); });
    body = rewrite.block(loop.body, [](Stmt&) {});
    body[*store] = makeDeclare(local, body[*store]->value);
    return true;
  }

  ExprBuilder& exprs_;
  /// Per buffer: the statements of the block being contracted that touch it.
  std::unordered_map<uint32_t, std::vector<const Stmt*>> users_;
};

} // namespace

void contractTemporaries(Function& function, ExprBuilder& exprs) {
  Contractor(exprs).block(function.body);
}

} // namespace arr::loops
