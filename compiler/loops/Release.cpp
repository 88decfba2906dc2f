#include "loops/Release.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <cstdint>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace arr::loops {

namespace {

/// Adds to `ids` the memory every buffer that `statement` stores to, loads from or swaps
/// lives in, inside its bodies too.
void collectUsedMemory(const Stmt& statement, std::unordered_set<uint32_t>& ids) {
  if (statement.buffer) ids.insert(statement.buffer->memory().id);
  if (statement.other) ids.insert(statement.other->id);
  for (const ExprP& expr : operandsOf(statement))
    forEachExpr(expr, [&](const Expr& e) {
      if (e.kind == Expr::Kind::Load) ids.insert(e.buffer->memory().id);
    });
  for (const StmtP& inner : statement.body)
    collectUsedMemory(*inner, ids);
  for (const StmtP& inner : statement.orElse)
    collectUsedMemory(*inner, ids);
}

/// Moves each free of a block to right after the last statement before it that uses its
/// buffer (to the block's start when none does); frees after the same statement keep
/// their order. One walk finds every buffer's last use: searching back from each free
/// made a block of n statements and frees cost time quadratic in n (a chain of 4000
/// steps over vectors spent 83 s here), and moving frees one by one skipped the free
/// before each moved one.
void releaseEarly(Block& block) {
  for (const StmtP& statement : block) {
    releaseEarly(statement->body);
    releaseEarly(statement->orElse);
  }
  constexpr size_t kStart = SIZE_MAX;                  // a free that no statement before it uses
  std::unordered_map<uint32_t, size_t> lastUse;        // memory id: the last user so far
  std::vector<std::vector<StmtP>> after(block.size()); // frees, by the statement they follow
  std::vector<StmtP> atStart;
  bool moved = false;
  for (size_t i = 0; i < block.size(); ++i) {
    const StmtP& statement = block[i];
    if (statement->kind != Stmt::Kind::Free) {
      std::unordered_set<uint32_t> used;
      collectUsedMemory(*statement, used);
      for (uint32_t id : used)
        lastUse[id] = i;
      continue;
    }
    auto found = lastUse.find(statement->buffer->id);
    size_t previous = found == lastUse.end() ? kStart : found->second;
    (previous == kStart ? atStart : after[previous]).push_back(statement);
    moved |= previous == kStart ? i != 0 : previous + 1 != i;
  }
  if (!moved) return;
  Block placed = std::move(atStart);
  for (size_t i = 0; i < block.size(); ++i) {
    if (block[i]->kind == Stmt::Kind::Free) continue;
    placed.push_back(block[i]);
    placed.insert(placed.end(), after[i].begin(), after[i].end());
  }
  block = std::move(placed);
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
