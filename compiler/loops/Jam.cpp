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

#include "loops/Jam.h"

#include <map>
#include <set>

namespace arr::loops {

namespace {

constexpr int64_t kCopies = 4;

class Jammer {
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
    if (!sum && !(at + 1 == body.size() && isRowUpdate(body, declared, j))) return {};

    // for q < n / 4 (n may be negative: then no iteration at all)
    ExprP count = exprs_.select(exprs_.binary(core::BinaryOp::Lt, loop.value, exprs_.index(0)),
                                exprs_.index(0), loop.value);
    ExprP groups = exprs_.indexDiv(count, exprs_.index(kCopies));
    LocalP group = exprs_.newLocal(loop.local->name, core::Elem::I64);
    std::vector<Renaming> copies(kCopies);
    Block jammed;
    for (int64_t u = 0; u < kCopies; ++u) {
      Renaming& names = copies[u];
      LocalP position = exprs_.newLocal(loop.local->name, core::Elem::I64);
      names[j] = exprs_.local(position);
      jammed.push_back(
          makeDeclare(position, exprs_.add(exprs_.mul(exprs_.local(group), exprs_.index(kCopies)),
                                           exprs_.index(u))));
      for (size_t s = 0; s < at; ++s)
        jammed.push_back(copy(*body[s], names));
    }
    auto inner = std::make_shared<Stmt>(reduction);
    inner->body.clear();
    for (int64_t u = 0; u < kCopies; ++u)
      for (const StmtP& step : reduction.body)
        inner->body.push_back(copy(*step, copies[u]));
    jammed.push_back(inner);
    for (int64_t u = 0; u < kCopies; ++u)
      for (size_t s = at + 1; s < body.size(); ++s)
        jammed.push_back(copy(*body[s], copies[u]));
    auto main = makeFor(group, groups, std::move(jammed));

    // The remaining n % 4 iterations run the original body at j = 4 (n / 4) + r.
    ExprP done = exprs_.mul(groups, exprs_.index(kCopies));
    LocalP rest = exprs_.newLocal(loop.local->name, core::Elem::I64);
    Block remainder{makeDeclare(loop.local, exprs_.add(exprs_.local(rest), done))};
    remainder.insert(remainder.end(), body.begin(), body.end());
    auto tail =
        makeFor(rest, exprs_.binary(core::BinaryOp::Sub, count, done), std::move(remainder));

    return {main, tail};
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
  static bool isRowUpdate(const Block& body, const std::set<uint32_t>& declared, uint32_t j) {
    const Stmt& rows = *body.back();
    if (rows.parallel || rows.body.empty() || mentionsLocal(rows.value, j)) return false;
    for (uint32_t local : declared)
      if (mentionsLocal(rows.value, local)) return false;
    std::set<uint32_t> own, written;
    std::vector<const Stmt*> updates;
    for (const StmtP& step : rows.body) {
      switch (step->kind) {
      case Stmt::Kind::Declare:
        own.insert(step->local->id);
        break;
      case Stmt::Kind::If:
        if (!onlyAssigns(*step, own)) return false;
        break;
      case Stmt::Kind::Store: {
        const ExprP& value = step->value;
        if (value->kind != Expr::Kind::Binary || value->binaryOp != core::BinaryOp::Add ||
            value->operands[0]->kind != Expr::Kind::Load ||
            value->operands[0]->buffer != step->buffer ||
            value->operands[0]->operands[0] != step->index ||
            !growsByOne(step->index, rows.local->id) || mentionsLocal(step->index, j) ||
            !written.insert(step->buffer->id).second)
          return false;
        for (uint32_t local : own)
          if (mentionsLocal(step->index, local)) return false;
        for (uint32_t local : declared)
          if (mentionsLocal(step->index, local)) return false;
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

  using Renaming = std::map<uint32_t, ExprP>; // local id -> what it reads as in a copy

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
