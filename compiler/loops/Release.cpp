#include "loops/Release.h"

#include "loops/ExprBuilder.h"

#include <algorithm>

namespace arr::loops {

namespace {

bool readsBuffer(const ExprP& expr, uint32_t buffer) {
  bool found = false;
  forEachExpr(expr, [&](const Expr& e) {
    found = found || (e.kind == Expr::Kind::Load && e.buffer->id == buffer);
  });
  return found;
}

bool uses(const Stmt& statement, uint32_t buffer) {
  if (statement.buffer && statement.buffer->id == buffer) return true;
  if (statement.value && readsBuffer(statement.value, buffer)) return true;
  if (statement.index && readsBuffer(statement.index, buffer)) return true;
  if (statement.work && readsBuffer(statement.work, buffer)) return true;
  return std::any_of(statement.body.begin(), statement.body.end(),
                     [&](const StmtP& inner) { return uses(*inner, buffer); });
}

} // namespace

void releaseEarly(Block& block) {
  for (const StmtP& statement : block)
    releaseEarly(statement->body);
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

} // namespace arr::loops
