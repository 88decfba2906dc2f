#include "loops/Release.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <set>

namespace arr::loops {

namespace {

bool uses(const Stmt& statement, uint32_t buffer) {
  if (statement.buffer && statement.buffer->memory().id == buffer) return true;
  if (statement.other && statement.other->id == buffer) return true;
  for (const ExprP& expr : operandsOf(statement))
    if (readsAnyBuffer(expr, {buffer})) return true;
  auto inside = [&](const Block& block) {
    return std::any_of(block.begin(), block.end(),
                       [&](const StmtP& inner) { return uses(*inner, buffer); });
  };
  return inside(statement.body) || inside(statement.orElse);
}

void releaseEarly(Block& block) {
  for (const StmtP& statement : block) {
    releaseEarly(statement->body);
    releaseEarly(statement->orElse);
  }
  for (size_t i = block.size(); i-- > 0;) {
    if (block[i]->kind != Stmt::Kind::Free) continue;
    StmtP free = block[i];
    size_t lastUse = i;
    while (lastUse > 0 && !uses(*block[lastUse - 1], free->buffer->id))
      --lastUse;
    // Now block[lastUse - 1] is the last statement using the buffer.
    if (lastUse == i) continue;
    block.erase(block.begin() + i);
    block.insert(block.begin() + lastUse, free);
  }
}

/// Moves the allocations of serial loop bodies whose sizes the loops do not
/// change out of the loops, innermost loops first.
void hoistAllocations(Block& block) {
  for (size_t s = 0; s < block.size(); ++s) {
    Stmt& loop = *block[s];
    hoistAllocations(loop.body);
    hoistAllocations(loop.orElse);
    if (loop.kind != Stmt::Kind::For || loop.parallel) continue;
    std::set<uint32_t> inner = definedIn(loop.body);
    inner.insert(loop.local->id);
    Block before, after;
    for (size_t i = 0; i < loop.body.size();) {
      const StmtP& statement = loop.body[i];
      bool invariant = false;
      if (statement->kind == Stmt::Kind::Alloc) {
        std::set<uint32_t> read;
        for (const ExprP& extent : statement->buffer->shape)
          collectLocals(extent, read);
        invariant = std::none_of(read.begin(), read.end(),
                                 [&](uint32_t local) { return inner.count(local) > 0; });
      }
      if (!invariant) {
        ++i;
        continue;
      }
      uint32_t buffer = statement->buffer->id;
      auto free = std::find_if(loop.body.begin(), loop.body.end(), [&](const StmtP& other) {
        return other->kind == Stmt::Kind::Free && other->buffer->id == buffer;
      });
      if (free == loop.body.end()) {
        ++i;
        continue;
      }
      after.push_back(*free);
      loop.body.erase(free);
      before.push_back(statement);
      loop.body.erase(loop.body.begin() + i);
    }
    block.insert(block.begin() + s + 1, after.begin(), after.end());
    block.insert(block.begin() + s, before.begin(), before.end());
    s += before.size() + after.size();
  }
}

} // namespace

void placeAllocations(Function& function, ExprBuilder&) {
  hoistAllocations(function.body);
  releaseEarly(function.body);
}

} // namespace arr::loops
