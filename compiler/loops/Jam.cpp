// Unroll-and-jam of sequential reductions on loop IR.
//
// A float sum must add its terms in order (native code computes what the
// interpreter computes), so a dot product per element,
//
//   for j < n: pre(j); acc = init; for l < k: acc = acc + X(j, l); post(j, acc)
//
// is a chain of dependent additions, one every few cycles. Four consecutive
// j share one pass of the l loop instead,
//
//   for q < n / 4:
//     j0..j3 = 4q..4q+3; pre(j0..j3); acc0..acc3 = init
//     for l < k: acc0 = acc0 + X(j0, l); ..; acc3 = acc3 + X(j3, l)
//     post(j0, acc0); ..; post(j3, acc3)
//   for the last n % 4 values of j: the original body
//
// Each accumulator still adds its own terms in l order, and post runs in j
// order, so results are unchanged; the four chains overlap.
//
// The same unrolling serves the rows of partial sums the reduction interchange
// makes (a matrix product, row by row):
//
//   for j < n: for l < k: row[l] = row[l] + X(j, l)
//
// becomes four updates of row[l] in one pass over l, for j0..j3 in order. Each
// element still gets its terms in j order; LLVM keeps it in a register across
// the four, so a row is loaded and stored once per four terms instead of once
// per term.
//
// So do the rows of a triangle, each one element shorter and starting one element
// later than the last (a triangular matrix times a vector, column by column):
// the three elements only some of the four rows reach are updated first, row by
// row, then one pass covers the rest. Besides the loads and stores saved, a row no
// longer reads elements the previous row has just written at a one-element offset,
// which stalls store-to-load forwarding when both are vectorised.

#include "loops/Jam.h"

#include <map>
#include <set>

namespace arr::loops {

namespace {

constexpr int64_t kCopies = 4;

class Jammer {
  using Renaming = std::map<uint32_t, ExprP>; // local id -> what it reads as in a copy

public:
  explicit Jammer(ExprBuilder& exprs) : exprs_(exprs) {}

  void block(Block& statements) {
    Block result;
    for (StmtP& statement : statements) {
      block(statement->body);
      Block jammed;
      if (isRewritableLoop(*statement)) jammed = jam(*statement);
      if (jammed.empty()) jammed = {statement};
      result.insert(result.end(), jammed.begin(), jammed.end());
    }
    statements = std::move(result);
  }

private:
  /// The jammed loop and the loop over its remainder, or nothing.
  Block jam(const Stmt& loop) {
    // A short loop of known length (a 3 x 3 stencil) gains nothing.
    if (auto extent = asIndexConstant(loop.value); extent && *extent < 2 * kCopies) return {};
    const uint32_t j = loop.local->id;
    const Block& body = loop.body;
    size_t at = body.size();
    for (size_t s = 0; s < body.size(); ++s) {
      const Stmt& statement = *body[s];
      if (statement.kind == Stmt::Kind::For) {
        if (at != body.size()) return {}; // one inner loop only
        at = s;
      } else if (statement.kind == Stmt::Kind::Alloc || statement.kind == Stmt::Kind::Free) {
        return {};
      } else if (at == body.size() && statement.kind != Stmt::Kind::Declare) {
        return {}; // before the sum: declarations only
      }
    }
    if (at == body.size()) return {};
    const Stmt& reduction = *body[at];
    std::set<uint32_t> declared; // in the j loop's body, before the sum
    for (size_t s = 0; s < at; ++s)
      declared.insert(body[s]->local->id);
    bool sum = isSum(reduction, declared, j) && jammable(loop, reduction, at);
    bool last = at + 1 == body.size();
    if (!sum && last && isRowUpdate(body, declared, j, true)) return jamTriangle(loop, at);
    if (!sum && !(last && isRowUpdate(body, declared, j, false))) return {};

    Groups g = groupsOf(loop, at);
    auto inner = std::make_shared<Stmt>(reduction);
    inner->body.clear();
    for (int64_t u = 0; u < kCopies; ++u)
      for (const StmtP& step : reduction.body)
        inner->body.push_back(copy(*step, g.copies[u]));
    g.jammed.push_back(inner);
    for (int64_t u = 0; u < kCopies; ++u)
      for (size_t s = at + 1; s < body.size(); ++s)
        g.jammed.push_back(copy(*body[s], g.copies[u]));
    return finish(loop, g);
  }

  /// The loop over groups of four j being built: `for q < n / 4` (n may be negative: then
  /// no iteration at all), whose body starts with j0..j3 = 4q..4q+3 and, per copy, the
  /// statements before the inner loop.
  struct Groups {
    ExprP count, groups;
    LocalP group;
    std::vector<Renaming> copies; // per copy: j and its declared locals, renamed
    Block jammed;
  };

  Groups groupsOf(const Stmt& loop, size_t at) {
    Groups g;
    g.count = exprs_.select(exprs_.binary(BinaryOp::Lt, loop.value, exprs_.index(0)),
                            exprs_.index(0), loop.value);
    g.groups = exprs_.indexDiv(g.count, exprs_.index(kCopies));
    g.group = exprs_.newLocal(loop.local->name, Elem::I64);
    g.copies.resize(kCopies);
    for (int64_t u = 0; u < kCopies; ++u) {
      LocalP position = exprs_.newLocal(loop.local->name, Elem::I64);
      g.copies[u][loop.local->id] = exprs_.local(position);
      g.jammed.push_back(
          makeDeclare(position, exprs_.add(exprs_.mul(exprs_.local(g.group), exprs_.index(kCopies)),
                                           exprs_.index(u))));
      for (size_t s = 0; s < at; ++s)
        g.jammed.push_back(copy(*loop.body[s], g.copies[u]));
    }
    return g;
  }

  /// The loop over the groups, then the remaining n % 4 iterations: the original body at
  /// j = 4 (n / 4) + r.
  Block finish(const Stmt& loop, Groups& g) {
    ExprP done = exprs_.mul(g.groups, exprs_.index(kCopies));
    LocalP rest = exprs_.newLocal(loop.local->name, Elem::I64);
    Block body{makeDeclare(loop.local, exprs_.add(exprs_.local(rest), done))};
    body.insert(body.end(), loop.body.begin(), loop.body.end());
    return {makeFor(g.group, g.groups, std::move(g.jammed)),
            makeFor(rest, exprs_.binary(BinaryOp::Sub, g.count, done), std::move(body))};
  }

  /// The rows of a triangle, `for j < n: for l < k(j): row[e(l, j)] = row[e(l, j)] + X`,
  /// where each row is one element shorter than the last and starts one element later
  /// (a triangular matrix times a vector, column by column). Four j share one pass over
  /// the positions all four rows cover; the first three positions of the group, which
  /// only the first one, two or three rows reach, are updated before it, row by row.
  /// Every element still gets its terms in j order.
  Block jamTriangle(const Stmt& loop, size_t at) {
    const Stmt& rows = *loop.body[at];
    Groups g = groupsOf(loop, at);
    std::vector<Renaming>& copies = g.copies;
    // Row u's first 3 - u elements (fewer when the row is shorter).
    for (int64_t u = 0; u + 1 < kCopies; ++u) {
      LocalP corner = exprs_.newLocal(rows.local->name, Elem::I64);
      copies[u][rows.local->id] = exprs_.local(corner);
      ExprP extent = exprs_.binary(BinaryOp::Min, rename(rows.value, copies[u]),
                                   exprs_.index(kCopies - 1 - u));
      Block steps;
      for (const StmtP& step : rows.body)
        steps.push_back(copy(*step, copies[u]));
      g.jammed.push_back(makeFor(corner, extent, std::move(steps)));
    }
    // The rest: position l of the last row is position l + 3 - u of row u.
    LocalP shared = exprs_.newLocal(rows.local->name, Elem::I64);
    Block steps;
    for (int64_t u = 0; u < kCopies; ++u) {
      copies[u][rows.local->id] = exprs_.add(exprs_.local(shared), exprs_.index(kCopies - 1 - u));
      for (const StmtP& step : rows.body)
        steps.push_back(copy(*step, copies[u]));
    }
    g.jammed.push_back(makeFor(shared, rename(rows.value, copies[kCopies - 1]), std::move(steps)));
    return finish(loop, g);
  }

  /// `for l < k: ...; acc = acc op X` with acc declared before it in the j loop, k free of
  /// j and of the body's locals, and a body that only declares and assigns its own locals.
  bool isSum(const Stmt& reduction, const std::set<uint32_t>& declared, uint32_t j) {
    if (reduction.body.empty() || mentionsLocal(reduction.value, j)) return false;
    for (uint32_t local : declared)
      if (mentionsLocal(reduction.value, local)) return false;
    const Stmt& last = *reduction.body.back();
    if (last.kind != Stmt::Kind::Assign || !declared.count(last.local->id)) return false;
    const ExprP& value = last.value;
    if (value->kind != Expr::Kind::Binary || value->operands[0]->kind != Expr::Kind::Local ||
        value->operands[0]->local->id != last.local->id ||
        mentionsLocal(value->operands[1], last.local->id))
      return false;
    std::set<uint32_t> own;
    for (size_t i = 0; i + 1 < reduction.body.size(); ++i) {
      const Stmt& step = *reduction.body[i];
      if (step.kind == Stmt::Kind::Declare) {
        own.insert(step.local->id);
        continue;
      }
      if (step.kind != Stmt::Kind::If || !onlyAssigns(step, own)) return false;
    }
    return true;
  }

  /// `for l < k: ..; row[e(l)] = row[e(l)] + X` with e(l) growing by one with l and free of
  /// j, k free of j, X reading no row the loop writes, and nothing else but declarations
  /// and guarded reads into them. Four j share one pass over l: each element of a row
  /// still gets its four updates in j order, one after the other.
  /// `triangular` asks instead for k shrinking by one and e growing by one with j, where e
  /// may read the row loop's own declared positions (`p = l + j + 1`).
  bool isRowUpdate(const Block& body, const std::set<uint32_t>& declared, uint32_t j,
                   bool triangular) {
    const Stmt& rows = *body.back();
    if (rows.parallel || rows.body.empty()) return false;
    if (triangular ? !shrinksByOne(rows.value, j) : mentionsLocal(rows.value, j)) return false;
    for (uint32_t local : declared)
      if (mentionsLocal(rows.value, local)) return false;
    std::set<uint32_t> own, written, assigned;
    std::vector<std::pair<uint32_t, ExprP>> positions; // own locals never assigned
    for (const StmtP& step : rows.body)
      if (step->kind == Stmt::Kind::If)
        for (const StmtP& inner : step->body)
          if (inner->kind == Stmt::Kind::Assign) assigned.insert(inner->local->id);
    std::vector<const Stmt*> updates;
    for (const StmtP& step : rows.body) {
      switch (step->kind) {
      case Stmt::Kind::Declare:
        own.insert(step->local->id);
        if (triangular && !assigned.count(step->local->id))
          positions.emplace_back(step->local->id, step->value);
        break;
      case Stmt::Kind::If:
        if (!onlyAssigns(*step, own)) return false;
        break;
      case Stmt::Kind::Store: {
        const ExprP& value = step->value;
        ExprP index = step->index;
        for (auto position = positions.rbegin(); position != positions.rend(); ++position)
          if (mentionsLocal(index, position->first))
            index = exprs_.substitute(index, position->first, position->second);
        bool alongRows = triangular ? growsByOne(index, j) : !mentionsLocal(index, j);
        if (value->kind != Expr::Kind::Binary || value->binaryOp != BinaryOp::Add ||
            value->operands[0]->kind != Expr::Kind::Load ||
            value->operands[0]->buffer != step->buffer ||
            value->operands[0]->operands[0] != step->index || !growsByOne(index, rows.local->id) ||
            !alongRows || !written.insert(step->buffer->id).second)
          return false;
        for (uint32_t local : own)
          if (mentionsLocal(index, local)) return false;
        for (uint32_t local : declared)
          if (mentionsLocal(index, local)) return false;
        updates.push_back(step.get());
        break;
      }
      default:
        return false;
      }
    }
    if (updates.empty()) return false;
    // No other read of the rows: not in the terms, the declarations or the guards.
    auto readsRows = [&](const ExprP& expr) { return expr && readsAnyBuffer(expr, written); };
    for (size_t s = 0; s + 1 < body.size(); ++s) // the declarations before the row loop
      if (readsRows(body[s]->value)) return false;
    for (const StmtP& step : rows.body) {
      if (step->kind == Stmt::Kind::Store) {
        if (readsRows(step->value->operands[1])) return false;
        continue;
      }
      if (readsRows(step->value)) return false;
      for (const StmtP& inner : step->body)
        if (readsRows(inner->value)) return false;
    }
    return true;
  }

  /// The sum and what comes before it read no buffer the j loop writes, and no local the j
  /// loop assigns outside the sum.
  static bool jammable(const Stmt& loop, const Stmt& reduction, size_t at) {
    std::set<uint32_t> written, assigned;
    for (size_t s = 0; s < loop.body.size(); ++s)
      if (s != at) collectWrites(*loop.body[s], written, assigned);
    bool conflict = false;
    std::function<void(const Stmt&)> visit = [&](const Stmt& s) {
      auto check = [&](const ExprP& e) {
        if (!e) return;
        conflict |= readsAnyBuffer(e, written);
        for (uint32_t local : assigned)
          conflict |= mentionsLocal(e, local);
      };
      check(s.value);
      check(s.index);
      for (const StmtP& inner : s.body)
        visit(*inner);
    };
    // The sum and the declarations before it run for all four copies before any
    // copy's later statements.
    for (size_t s = 0; s <= at; ++s)
      visit(*loop.body[s]);
    return !conflict;
  }

  static void collectWrites(const Stmt& s, std::set<uint32_t>& written,
                            std::set<uint32_t>& assigned) {
    if (s.kind == Stmt::Kind::Store) written.insert(s.buffer->id);
    if (s.kind == Stmt::Kind::Assign) assigned.insert(s.local->id);
    for (const StmtP& inner : s.body)
      collectWrites(*inner, written, assigned);
  }

  /// A copy of `statement` with renamed locals; the locals it declares get fresh names.
  StmtP copy(const Stmt& statement, Renaming& names) {
    auto copied = std::make_shared<Stmt>(statement);
    copied->value = rename(statement.value, names);
    copied->index = rename(statement.index, names);
    if (statement.kind == Stmt::Kind::Declare) {
      copied->local = exprs_.newLocal(statement.local->name, statement.local->type);
      names[statement.local->id] = exprs_.local(copied->local);
    } else if (statement.kind == Stmt::Kind::Assign) {
      auto renamed = names.find(statement.local->id);
      if (renamed != names.end()) copied->local = renamed->second->local;
    }
    copied->body.clear();
    for (const StmtP& inner : statement.body)
      copied->body.push_back(copy(*inner, names));
    return copied;
  }

  ExprP rename(ExprP expr, const Renaming& names) {
    if (!expr) return expr;
    for (const auto& [local, replacement] : names)
      if (mentionsLocal(expr, local)) expr = exprs_.substitute(expr, local, replacement);
    return expr;
  }

  ExprBuilder& exprs_;
};

} // namespace

void jamReductions(Function& function, ExprBuilder& exprs) {
  Jammer(exprs).block(function.body);
}

} // namespace arr::loops
