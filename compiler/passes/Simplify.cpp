#include "passes/Simplify.h"

#include "base/ScalarSemantics.h"
#include "ir/Builder.h"
#include "ir/Rewrite.h"
#include "ir/Visitor.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace arr::passes {

namespace {

using namespace core;
using K = Node::Kind;

// ---- Constants ---------------------------------------------------------------------

/// The scalar of a constant array: a Const, possibly replicated, transposed or reshaped.
std::optional<Scalar> constantValue(const NodeP& node) {
  const Node* at = node.get();
  while (at->kind == K::Replicate || at->kind == K::Tr || at->kind == K::Reshape)
    at = at->operands[0].get();
  if (at->kind != K::Const) return std::nullopt;
  return at->value;
}

bool isConstant(const NodeP& node, double value) {
  auto scalar = constantValue(node);
  if (!scalar) return false;
  if (auto* d = std::get_if<double>(&*scalar))
    return *d == value && std::signbit(*d) == std::signbit(value);
  if (auto* i = std::get_if<int64_t>(&*scalar)) return double(*i) == value;
  return false;
}

/// The node with the same value as `scalar` replicated to `type`'s shape.
NodeP constantLike(Scalar scalar, const Type& type) {
  NodeP node = makeConst(scalar, type.elem);
  for (auto dim = type.shape.rbegin(); dim != type.shape.rend(); ++dim)
    node = makeReplicate(*dim, node);
  return node;
}

// ---- Uses of let-bound variables ------------------------------------------------------

struct Uses {
  size_t count = 0;      // saturates at 2: "more than once" is all that matters
  bool inLoop = false;   // some use is evaluated once per element (build1, index functions, diff)
  bool oneBinder = true; // bound by one let only (splitting tuples copies lets with their vars)
};

/// The uses of every let-bound variable of a term, by variable id.
using UseTable = std::unordered_map<uint32_t, Uses>;

/// Whether a let of `value` is inlined whatever its uses: it costs nothing to recompute.
/// Constant arrays are inlined too, so that their uses fold.
bool isTrivialValue(const NodeP& value) {
  return value->kind == K::Variable || value->kind == K::Const || value->kind == K::SizeValue ||
         constantValue(value).has_value();
}

/// The uses of `var` in `body`, counting a shared subterm once per reference: for a
/// variable bound by several lets, whose table entry mixes theirs.
Uses usesIn(const NodeP& body, uint32_t var) {
  std::unordered_map<const Node*, Uses> memo;
  std::function<Uses(const NodeP&)> walk = [&](const NodeP& node) {
    if (auto known = memo.find(node.get()); known != memo.end()) return known->second;
    Uses uses;
    auto add = [&](const Uses& more, bool inLoop) {
      if (more.count == 0) return;
      uses.count = std::min<size_t>(2, uses.count + more.count);
      uses.inLoop |= more.inLoop || inLoop;
    };
    if (node->kind == K::Variable && node->vars[0]->id == var) uses.count = 1;
    for (const NodeP& operand : node->operands)
      add(walk(operand), node->kind == K::Build1);
    for (const NodeP& index : node->indices)
      add(walk(index), true);
    if (node->function) add(walk(node->function->body), true);
    memo.emplace(node.get(), uses);
    return uses;
  };
  return walk(body);
}

// ---- Dead lets, dropped in one walk --------------------------------------------------------

/// Drops every let whose variable nothing live reads: a let's value is live once its
/// variable is read from a live term, so a chain of lets that only feed each other goes
/// at once (the let rule drops one unused let per round).
class DeadLetEliminator : public Mutator {
public:
  explicit DeadLetEliminator(const NodeP& root) { markLive(root); }

protected:
  NodeP mutateNode(const NodeP& node) override {
    if (node->kind == K::Let && !live_.count(node->vars[0]->id)) return mutate(node->operands[1]);
    return mutateChildren(node);
  }

private:
  void markLive(const NodeP& root) {
    std::unordered_set<const Node*> seen;
    std::unordered_map<uint32_t, std::vector<const Node*>> waiting; // values by variable
    std::vector<const Node*> work{root.get()};
    while (!work.empty()) {
      const Node* node = work.back();
      work.pop_back();
      if (!seen.insert(node).second) continue;
      if (node->kind == K::Variable) {
        if (!live_.insert(node->vars[0]->id).second) continue;
        auto values = waiting.find(node->vars[0]->id);
        if (values == waiting.end()) continue;
        work.insert(work.end(), values->second.begin(), values->second.end());
        waiting.erase(values);
        continue;
      }
      if (node->kind == K::Let) {
        work.push_back(node->operands[1].get());
        if (live_.count(node->vars[0]->id))
          work.push_back(node->operands[0].get());
        else
          waiting[node->vars[0]->id].push_back(node->operands[0].get());
        continue;
      }
      for (const NodeP& operand : node->operands)
        work.push_back(operand.get());
      for (const NodeP& index : node->indices)
        work.push_back(index.get());
      if (node->function) work.push_back(node->function->body.get());
    }
  }

  std::unordered_set<uint32_t> live_; // variables read from live terms
};

// ---- Loops: what nobody reads, dropped ----------------------------------------------------

/// Drops what a loop computes that nothing reads: stacked outputs and final state
/// components whose variables nothing reads (a state component only when the kept
/// results, its own next value aside, do not read it either), then the elements and
/// captured values its step does not read. Reverse mode makes such loops: a forward sweep
/// stacks every state for a reverse sweep whose steps, linear in the state, never read
/// them, so the stack, and the forward sweep's stacking, go.
class LoopPruner : public Mutator {
public:
  explicit LoopPruner(const NodeP& root) {
    forEachNode(root, [&](const Node& node) {
      if (node.kind == K::Variable) read_.insert(node.vars[0]->id);
    });
  }

protected:
  NodeP mutateNode(const NodeP& node) override {
    NodeP mutated = mutateChildren(node);
    if (mutated->kind == K::LetTuple && mutated->operands[0]->kind == K::Loop)
      return pruneResults(mutated);
    if (mutated->kind == K::Loop) return pruneInputs(mutated);
    return mutated;
  }

private:
  NodeP pruneResults(const NodeP& let) {
    const Node& loop = *let->operands[0];
    const FunctionP& step = loop.function;
    const size_t states = loop.stateCount;
    std::vector<bool> keep;
    for (const VarP& var : let->vars)
      keep.push_back(read_.count(var->id) > 0);
    if (std::none_of(keep.begin(), keep.end(), [](bool kept) { return kept; }))
      return let->operands[1];
    if (std::all_of(keep.begin(), keep.end(), [](bool kept) { return kept; })) return let;
    // A loop keeps one state component at least.
    if (std::none_of(keep.begin(), keep.begin() + states, [](bool kept) { return kept; }))
      keep[0] = true;
    NodeP body;
    for (bool changed = true; changed;) {
      body = mapRootTuple(step->body, [&](const Node& tuple) {
        std::vector<NodeP> kept;
        for (size_t i = 0; i < keep.size(); ++i)
          if (keep[i]) kept.push_back(tuple.operands[i]);
        return makeTuple(std::move(kept));
      });
      changed = false;
      for (const VarP& var : freeVariables(body))
        for (size_t i = 0; i < states; ++i)
          if (!keep[i] && var->id == step->params[i]->id) keep[i] = changed = true;
    }
    std::vector<NodeP> init;
    std::vector<VarP> params, vars;
    for (size_t i = 0; i < states; ++i)
      if (keep[i]) {
        init.push_back(loop.operands[i]);
        params.push_back(step->params[i]);
      }
    for (size_t i = states; i < step->params.size(); ++i)
      params.push_back(step->params[i]);
    for (size_t i = 0; i < keep.size(); ++i)
      if (keep[i]) vars.push_back(let->vars[i]);
    NodeP pruned =
        pruneInputs(makeLoop(loop.shape[0], std::move(init), loopElements(loop), loopCaptured(loop),
                             std::make_shared<const Function>(Function{params, body})));
    if (vars.size() == 1) return makeLet(vars[0], pruned, let->operands[1]);
    return makeLetTuple(std::move(vars), pruned, let->operands[1]);
  }

  static NodeP pruneInputs(const NodeP& loop) {
    const FunctionP& step = loop->function;
    std::unordered_set<uint32_t> read;
    for (const VarP& var : freeVariables(step->body))
      read.insert(var->id);
    const size_t states = loop->stateCount, elements = loop->elementCount;
    std::vector<NodeP> kept[2];
    std::vector<VarP> params(step->params.begin(), step->params.begin() + states);
    bool dropped = false;
    for (size_t i = states; i < step->params.size(); ++i) {
      if (!read.count(step->params[i]->id)) {
        dropped = true;
        continue;
      }
      kept[i < states + elements ? 0 : 1].push_back(loop->operands[i]);
      params.push_back(step->params[i]);
    }
    if (!dropped) return loop;
    return makeLoop(loop->shape[0], loopInit(*loop), std::move(kept[0]), std::move(kept[1]),
                    std::make_shared<const Function>(Function{params, step->body}));
  }

  std::unordered_set<uint32_t> read_; // variables read anywhere in the round's input
};

// ---- Lets of trivial values, inlined in one walk -------------------------------------------

/// Inlines every let whose value is trivial (isTrivialValue), as the let rule does, in one
/// walk, before the uses are counted: `let y = x` then counts as uses of x, and x's value
/// is not inlined into y's let when x is used through y more than once. A variable bound
/// by several lets is left to the rule, which substitutes into each let's own body.
class TrivialLetInliner : public Mutator {
public:
  explicit TrivialLetInliner(const NodeP& root) {
    // A variable also bound elsewhere (the vjp of a loop's step binds the step's parameters
    // by lets) is never replaced: its references are shared between the binders' scopes.
    forEachNode(root, [&](const Node& node) {
      if (node.kind == K::Let)
        ++binders_[node.vars[0]->id];
      else if (node.kind != K::Variable)
        for (const VarP& var : node.vars)
          binders_[var->id] += 2;
      if (node.function)
        for (const VarP& param : node.function->params)
          binders_[param->id] += 2;
    });
  }

protected:
  NodeP mutateNode(const NodeP& node) override {
    if (node->kind == K::Variable) {
      auto value = values_.find(node->vars[0]->id);
      return value != values_.end() ? value->second : node;
    }
    if (node->kind == K::Let && binders_.at(node->vars[0]->id) == 1) {
      NodeP value = mutate(node->operands[0]);
      if (isTrivialValue(value)) {
        values_.emplace(node->vars[0]->id, value);
        return mutate(node->operands[1]);
      }
    }
    return mutateChildren(node);
  }

private:
  std::unordered_map<uint32_t, int> binders_; // by variable: 1 when one let alone binds it
  std::unordered_map<uint32_t, NodeP> values_;
};

// ---- Single-use lets, inlined in one walk -------------------------------------------------

/// Inlines the lets whose variable is used once and at the let's own loop level (not in a
/// build or an index function below it), as the let rule does, before the rules run. The
/// rule substitutes into a body already simplified, and re-simplifies the result: for a
/// chain of n lets, each used by the next, that costs time and memory quadratic in n.
/// Here one walk counts every variable's uses and another substitutes them.
class LetInliner : public Mutator {
public:
  explicit LetInliner(const NodeP& root) { count(root); }

  /// The uses of each let-bound variable in the term before inlining: after it too for
  /// the variables it leaves bound (an inlined value is used where its variable was, once
  /// and at the same loop level). A use is in a loop when it is deeper than a let binding it.
  UseTable useTable() const {
    UseTable table;
    for (const auto& [id, binder] : binders_) {
      Uses& uses = table[id];
      uses.oneBinder = binder.paths == 1 && !boundElsewhere_.count(id);
      auto found = uses_.find(id);
      if (found == uses_.end()) continue;
      const Reach& reach = found->second;
      uses.count = size_t(reach.paths);
      uses.inLoop = reach.depthVaries || binder.depthVaries || reach.depth != binder.depth;
    }
    return table;
  }

protected:
  NodeP mutateNode(const NodeP& node) override {
    if (node->kind == K::Variable) {
      auto value = values_.find(node->vars[0]->id);
      return value != values_.end() ? value->second : node;
    }
    if (node->kind == K::Let && inlinable(*node)) {
      values_.emplace(node->vars[0]->id, mutate(node->operands[0]));
      return mutate(node->operands[1]);
    }
    return mutateChildren(node);
  }

private:
  /// How a node is reached from the root: along how many paths (2: more than one), and
  /// inside how many loops (build bodies, index functions, differentiated functions).
  struct Reach {
    int paths = 0;
    int depth = -1;
    bool depthVaries = false;
  };

  /// Bound here only (splitting tuples copies lets with their variables), used once, at
  /// the let's loop level; not a differentiation or a loop, which stay let-bound as the
  /// let rule keeps them (an index of a loop is not in the BOT's normal form).
  bool inlinable(const Node& let) const {
    const Reach& reach = reach_.at(&let);
    auto uses = uses_.find(let.vars[0]->id);
    return let.operands[0]->kind != K::Diff && let.operands[0]->kind != K::Loop &&
           let.operands[0]->kind != K::While && let.operands[0]->kind != K::Custom &&
           let.operands[0]->kind != K::BindSize && reach.paths == 1 && !reach.depthVaries &&
           binders_.at(let.vars[0]->id).paths == 1 && uses != uses_.end() &&
           uses->second.paths == 1 && !uses->second.depthVaries &&
           uses->second.depth == reach.depth;
  }

  void count(const NodeP& root) {
    // Parents before children: the reverse of a post-order.
    std::vector<const Node*> order;
    std::unordered_set<const Node*> seen;
    std::function<void(const Node*)> visit = [&](const Node* node) {
      if (!seen.insert(node).second) return;
      forEachChild(*node, [&](const Node* child, bool) { visit(child); });
      order.push_back(node);
    };
    visit(root.get());
    reach_[root.get()] = {1, 0, false};
    for (auto node = order.rbegin(); node != order.rend(); ++node) {
      const Reach from = reach_[*node];
      forEachChild(**node, [&](const Node* child, bool loop) {
        merge(reach_[child], from, from.depth + (loop ? 1 : 0));
      });
      if ((*node)->kind == K::Variable) merge(uses_[(*node)->vars[0]->id], from, from.depth);
      if ((*node)->kind == K::Let || (*node)->kind == K::LetTuple)
        for (const VarP& var : (*node)->vars)
          merge(binders_[var->id], from, from.depth);
      else if ((*node)->kind != K::Variable)
        for (const VarP& var : (*node)->vars)
          boundElsewhere_.insert(var->id);
      if ((*node)->function)
        for (const VarP& param : (*node)->function->params)
          boundElsewhere_.insert(param->id);
    }
  }

  static void merge(Reach& into, const Reach& from, int depth) {
    into.paths = std::min(2, into.paths + from.paths);
    into.depthVaries |= from.depthVaries || (into.depth >= 0 && into.depth != depth);
    into.depth = depth;
  }

  /// Calls `f(child, entersLoop)` for every operand, index and function body of `node`.
  template <typename F>
  static void forEachChild(const Node& node, F&& f) {
    for (const NodeP& operand : node.operands)
      f(operand.get(), node.kind == K::Build1);
    for (const NodeP& index : node.indices)
      f(index.get(), true);
    if (node.function) f(node.function->body.get(), true);
  }

  std::unordered_map<const Node*, Reach> reach_;
  std::unordered_map<uint32_t, Reach> uses_;    // by variable: where its Variable nodes are
  std::unordered_map<uint32_t, Reach> binders_; // by variable: where the lets binding it are
  std::unordered_set<uint32_t> boundElsewhere_; // variables also bound by builds, index
                                                // functions or functions' parameters
  std::unordered_map<uint32_t, NodeP> values_;
};

// ---- The rules ---------------------------------------------------------------------------
// Each returns the rewritten node, or null when it does not apply.

class Rules {
public:
  explicit Rules(const UseTable& uses) : uses_(uses) {}

  NodeP apply(const NodeP& node) {
    switch (node->kind) {
    case K::Let:
      return let(node);
    case K::Cond:
      return cond(node);
    case K::Unary:
      return unary(node);
    case K::Binary:
      return binary(node);
    case K::Index:
      if (NodeP rewritten = indexOfLiteral(node)) return rewritten;
      return indexOfScatter(node);
    case K::Scatter:
      if (NodeP rewritten = scatterAsTranspose(node)) return rewritten;
      if (NodeP rewritten = scatterAsGather(node)) return rewritten;
      return scatterAsSummedGather(node);
    case K::Gather:
      return gather(node);
    case K::Tr:
      return transpose(node);
    case K::Reshape:
      return reshape(node);
    case K::SumOuter:
      if (NodeP rewritten = sumOfReplicate(node)) return rewritten;
      return sumAcrossReplicate(node);
    default:
      return nullptr;
    }
  }

private:
  /// let x = v in b: inline a trivial value or a single use outside loops; drop an unused let.
  /// The uses are those of the round's input, from the use table: a use that a rule drops
  /// keeps the let until the next round. (Counting in the simplified body, and substituting
  /// there, walked and rebuilt the whole body per let.) The Simplifier replaces the
  /// variables of trivial values as it walks; only a variable bound by several lets, whose
  /// uses are counted in this let's body, is substituted here.
  NodeP let(const NodeP& node) {
    const VarP& x = node->vars[0];
    const NodeP& value = node->operands[0];
    const NodeP& body = node->operands[1];
    auto known = uses_.find(x->id);
    // A let that no round's input had (no rule makes one) is counted like a shared binder.
    Uses uses = known != uses_.end() ? known->second : Uses{2, true, false};
    if (!uses.oneBinder) {
      uses = usesIn(body, x->id);
      uses.oneBinder = false;
    }
    if (uses.count == 0) return body;
    // A differentiation stays let-bound: the AD pass replaces the binding. So do a loop
    // (computed once, whatever reads its result) and a call with a derivative rule (an
    // index of one is not in the BOT's normal form).
    if (value->kind == K::Diff || value->kind == K::Loop || value->kind == K::While ||
        value->kind == K::Custom || value->kind == K::BindSize)
      return nullptr;
    if (isTrivialValue(value)) return uses.oneBinder ? nullptr : substitute(body, x, value);
    if (uses.count == 1 && !uses.inLoop) return substitute(body, x, value);
    return nullptr;
  }

  /// cond true a b = a; cond false a b = b; cond c a a = a; cond c true false = c;
  /// cond c false true = !c; cond !c a b = cond c b a.
  NodeP cond(const NodeP& node) {
    if (node->operands[1] == node->operands[2]) return node->operands[1];
    if (node->type == scalarType(Elem::Bool) && node->operands[1]->kind == K::Const &&
        node->operands[2]->kind == K::Const) {
      bool thenValue = std::get<bool>(node->operands[1]->value);
      bool elseValue = std::get<bool>(node->operands[2]->value);
      if (thenValue && !elseValue) return node->operands[0];
      if (!thenValue && elseValue) return makeUnary(UnaryOp::Not, node->operands[0]);
    }
    const NodeP& condition = node->operands[0];
    if (condition->kind == K::Unary && condition->unaryOp == UnaryOp::Not)
      return makeCond(condition->operands[0], node->operands[2], node->operands[1]);
    if (node->operands[0]->kind != K::Const) return nullptr;
    return std::get<bool>(node->operands[0]->value) ? node->operands[1] : node->operands[2];
  }

  NodeP unary(const NodeP& node) {
    const NodeP& operand = node->operands[0];
    // -(-x) = x and !!b = b exactly.
    if ((node->unaryOp == UnaryOp::Neg || node->unaryOp == UnaryOp::Not) &&
        operand->kind == K::Unary && operand->unaryOp == node->unaryOp)
      return operand->operands[0];
    if (auto value = constantValue(operand))
      return constantLike(prim::evaluate(node->unaryOp, operand->type.elem, *value), node->type);
    return nullptr;
  }

  NodeP binary(const NodeP& node) {
    const NodeP& a = node->operands[0];
    const NodeP& b = node->operands[1];
    BinaryOp op = node->binaryOp;
    auto left = constantValue(a);
    auto right = constantValue(b);
    if (left && right)
      return constantLike(prim::evaluate(op, a->type.elem, *left, *right), node->type);
    // (cond c x y) == z with constants x, y, z: the comparison moves into the branches, where
    // it folds (a masked scatter's selector, `cond c 0 1 == 0`, becomes c).
    if ((op == BinaryOp::Eq || op == BinaryOp::Ne) && right && a->kind == K::Cond &&
        a->type.rank() == 0 && constantValue(a->operands[1]) && constantValue(a->operands[2]))
      return makeCond(a->operands[0], makeBinary(op, a->operands[1], b),
                      makeBinary(op, a->operands[2], b));
    bool integer = a->type.elem == Elem::I64;
    // Exact in IEEE arithmetic: x * 1, 1 * x, x / 1, x - 0 (also -0.0 - 0.0 = -0.0), x + -0.0.
    // x + 0 is exact for integers only (-0.0 + 0.0 is +0.0).
    if (op == BinaryOp::Mul && isConstant(b, 1)) return a;
    if (op == BinaryOp::Mul && isConstant(a, 1)) return b;
    if (op == BinaryOp::Div && isConstant(b, 1)) return a;
    if (op == BinaryOp::Sub && isConstant(b, 0)) return a;
    if (op == BinaryOp::Add && integer && isConstant(b, 0)) return a;
    if (op == BinaryOp::Add && integer && isConstant(a, 0)) return b;
    if (op == BinaryOp::Add && right && std::holds_alternative<double>(*right) &&
        std::get<double>(*right) == 0.0 && std::signbit(std::get<double>(*right)))
      return a;
    if (integer) {
      // x * 0 = 0 and x - x = 0 hold for wrapping integers (not for floats: NaN, inf).
      if (op == BinaryOp::Mul && (isConstant(a, 0) || isConstant(b, 0)))
        return constantLike(int64_t(0), node->type);
      if (op == BinaryOp::Sub && a == b) return constantLike(int64_t(0), node->type);
      // (x + c1) + c2 = x + (c1 + c2), and the same with -, keeps index arithmetic small.
      if ((op == BinaryOp::Add || op == BinaryOp::Sub) && right && a->kind == K::Binary &&
          (a->binaryOp == BinaryOp::Add || a->binaryOp == BinaryOp::Sub)) {
        if (auto inner = constantValue(a->operands[1])) {
          int64_t c1 = std::get<int64_t>(*inner) * (a->binaryOp == BinaryOp::Add ? 1 : -1);
          int64_t c2 = std::get<int64_t>(*right) * (op == BinaryOp::Add ? 1 : -1);
          int64_t sum = arr::wrappingAdd(c1, c2);
          return makeBinary(BinaryOp::Add, a->operands[0], constantLike(sum, node->type));
        }
      }
    }
    return nullptr;
  }

  /// index [t0, ..., tn] [c, rest...] with a constant c: t_c indexed by rest, or zeros.
  NodeP indexOfLiteral(const NodeP& node) {
    const NodeP& array = node->operands[0];
    if (array->kind != K::ArrayLit || node->operands[1]->kind != K::Const) return nullptr;
    int64_t at = std::get<int64_t>(node->operands[1]->value);
    if (at < 0 || at >= int64_t(array->operands.size())) return zerosOf(node->type);
    std::vector<NodeP> rest(node->operands.begin() + 2, node->operands.end());
    return rest.empty() ? array->operands[at] : makeIndex(array->operands[at], rest);
  }

  /// index (scatter [d, D..] a (\is -> [g, h..])) [c] = scatter [D..] (a where g == c) (\is ->
  /// [h..]): only the elements sent to row c arrive there. The others are masked to -0.0,
  /// which adds exactly nothing. (The transpose of a cond inside a build has this form.)
  NodeP indexOfScatter(const NodeP& node) {
    const NodeP& scatter = node->operands[0];
    if (scatter->kind != K::Scatter || node->operands.size() != 2 || scatter->shape.size() < 2)
      return nullptr;
    const NodeP& row = node->operands[1];
    auto rowValue = constantValue(row);
    auto rows = scatter->shape[0].asConstant();
    if (!rowValue || !rows || std::get<int64_t>(*rowValue) < 0 ||
        std::get<int64_t>(*rowValue) >= *rows)
      return nullptr;
    const NodeP& values = scatter->operands[0];
    std::vector<Dim> domain(values->type.shape.begin(),
                            values->type.shape.begin() + scatter->vars.size());
    std::vector<VarP> vars;
    std::vector<NodeP> selected;
    for (const VarP& var : scatter->vars) {
      vars.push_back(newVar(var->name, var->type));
      selected.push_back(makeVariable(vars.back()));
    }
    auto renamed = [&](NodeP index) {
      for (size_t v = 0; v < vars.size(); ++v)
        index = substitute(index, scatter->vars[v], selected[v]);
      return index;
    };
    NodeP sentHere = makeBinary(BinaryOp::Eq, renamed(scatter->indices[0]), row);
    std::vector<NodeP> pick = selected;
    pick.insert(pick.begin(), makeCond(sentHere, makeConst(int64_t(0), Elem::I64),
                                       makeConst(int64_t(1), Elem::I64)));
    NodeP nothing =
        isFloat(values->type.elem) ? constantLike(-0.0, values->type) : zerosOf(values->type);
    NodeP masked = makeGather(domain, makeArrayLit({values, nothing}), vars, pick);
    std::vector<Dim> shape(scatter->shape.begin() + 1, scatter->shape.end());
    std::vector<NodeP> targets(scatter->indices.begin() + 1, scatter->indices.end());
    return makeScatter(shape, masked, scatter->vars, targets);
  }

  /// scatter sh a (\is -> p(is)) = tr p a + 0, when p permutes the variables and sh is the
  /// correspondingly permuted shape of a's outer dimensions: every element lands on its own
  /// position (the identity permutation needs no tr).
  NodeP scatterAsTranspose(const NodeP& node) {
    const NodeP& values = node->operands[0];
    if (node->indices.size() != node->vars.size()) return nullptr;
    std::vector<int> permutation;
    for (size_t q = 0; q < node->indices.size(); ++q) {
      const NodeP& index = node->indices[q];
      if (index->kind != K::Variable) return nullptr;
      int from = -1;
      for (size_t v = 0; v < node->vars.size(); ++v)
        if (node->vars[v]->id == index->vars[0]->id) from = int(v);
      if (from < 0 || std::count(permutation.begin(), permutation.end(), from) ||
          !(node->shape[q] == values->type.shape[from]))
        return nullptr;
      permutation.push_back(from);
    }
    // Each element is added to a zero: exactly itself, except -0.0, which becomes 0.0.
    NodeP moved = makeTr(permutation, values);
    if (!isFloat(moved->type.elem)) return moved;
    return makeBinary(BinaryOp::Add, moved, constantLike(0.0, moved->type));
  }

  /// scatter sh a (\is -> js) = gather sh a' (\ts -> the inverse of js) + 0 when js is
  /// injective because each variable is one j plus a constant (j = i + c): every element
  /// lands on its own position, so the target reads it back. At t, that is a[t - c] (out
  /// of range: nothing, as the gather reads zero) where the other components of t are
  /// what the remaining js (cheap: constants, loads of a variable's elements) give for
  /// that element, else zero (a' = [a, zeros] picks between them). Reverse mode makes
  /// these scatters from reads of one element, a shifted row or a selected column (c[0]
  /// of a gathered row, u[i + 1] in a stencil, l[i, label[i]], the maximum's position): as
  /// gathers they fuse into the loops that read them instead of filling an array of
  /// zeros per read.
  NodeP scatterAsGather(const NodeP& node) {
    const NodeP& values = node->operands[0];
    const size_t m = node->vars.size();
    // A scatter of one element stays one: a sum of k such scatters costs an update each,
    // where k gathers would test every target element k times.
    if (values->type.elem == Elem::Bool || m == 0) return nullptr;
    std::vector<int> targetOf(m, -1); // by variable: the target component it is
    std::vector<int64_t> offsetOf(m, 0);
    std::vector<size_t> determined; // components given by the element, tested at t
    for (size_t q = 0; q < node->indices.size(); ++q) {
      auto [var, offset] = variablePlusConstant(node->indices[q], node->vars);
      if (var >= 0 && targetOf[var] < 0) {
        targetOf[var] = int(q);
        offsetOf[var] = offset;
      } else {
        determined.push_back(q);
      }
    }
    if (std::count(targetOf.begin(), targetOf.end(), -1)) return nullptr;
    for (size_t q : determined)
      if (!cheapIndex(node->indices[q], 0)) return nullptr;
    std::vector<VarP> targets;
    for (size_t q = 0; q < node->shape.size(); ++q)
      targets.push_back(newVar("t", scalarType(Elem::I64)));
    std::vector<NodeP> sources;
    std::unordered_map<uint32_t, NodeP> sourceOf;
    for (size_t v = 0; v < m; ++v) {
      NodeP at = makeVariable(targets[targetOf[v]]);
      sources.push_back(
          offsetOf[v] == 0 ? at : makeBinary(BinaryOp::Sub, at, makeConst(offsetOf[v], Elem::I64)));
      sourceOf.emplace(node->vars[v]->id, sources.back());
    }
    NodeP source = values;
    if (!determined.empty()) {
      NodeP landsHere;
      for (size_t q : determined) {
        NodeP equal = makeBinary(BinaryOp::Eq, makeVariable(targets[q]),
                                 substitute(node->indices[q], sourceOf));
        landsHere = landsHere ? makeBinary(BinaryOp::And, landsHere, equal) : equal;
      }
      sources.insert(sources.begin(), makeCond(landsHere, makeConst(int64_t(0), Elem::I64),
                                               makeConst(int64_t(1), Elem::I64)));
      NodeP nothing =
          isFloat(values->type.elem) ? constantLike(-0.0, values->type) : zerosOf(values->type);
      source = makeArrayLit({values, nothing});
    }
    NodeP moved = makeGather(node->shape, source, targets, sources);
    // Each element is added to a zero: exactly itself, except -0.0, which becomes 0.0.
    if (!isFloat(moved->type.elem)) return moved;
    return makeBinary(BinaryOp::Add, moved, constantLike(0.0, moved->type));
  }

  /// scatter sh a (\is -> js) = sumOuter (gather [e] ++ sh a (\f ts -> is)) + 0 when each
  /// target component j_q is one variable v_q (coefficient +-1, over the extent of
  /// dimension q, in no other component) plus an affine form of the one variable f left,
  /// over extent e: every target element receives the e elements that land on it (a
  /// convolution's input gradient, a[i, t] sent to i + t - 2), so the target sums them
  /// where it is computed, each v_q solved from t_q and f (out of range: the gather reads
  /// zero), instead of adding into a zero-filled array in order. The sum runs over f in
  /// the order the scatter adds them in (the order of is, restricted to the elements that
  /// land on one target), so the values are the same bit for bit.
  NodeP scatterAsSummedGather(const NodeP& node) {
    const NodeP& values = node->operands[0];
    const size_t m = node->vars.size();
    const size_t q = node->indices.size();
    if (values->type.elem == Elem::Bool || q == 0 || m != q + 1) return nullptr;
    std::vector<std::vector<int64_t>> coefficients(q);
    std::vector<int64_t> constants(q);
    for (size_t c = 0; c < q; ++c) {
      coefficients[c].assign(m, 0);
      if (!affineIndex(node->indices[c], node->vars, coefficients[c], constants[c], 1, 0))
        return nullptr;
    }
    // Each component's own variable: +-1 there, absent from the others.
    std::vector<int> solvedBy(m, -1);
    for (size_t c = 0; c < q; ++c) {
      int own = -1;
      for (size_t v = 0; v < m && own < 0; ++v) {
        if (solvedBy[v] >= 0 || std::abs(coefficients[c][v]) != 1 ||
            !(values->type.shape[v] == node->shape[c]))
          continue;
        bool elsewhere = false;
        for (size_t other = 0; other < q; ++other)
          elsewhere = elsewhere || (other != c && coefficients[other][v] != 0);
        if (!elsewhere) own = int(v);
      }
      if (own < 0) return nullptr;
      solvedBy[own] = int(c);
    }
    size_t free = size_t(std::find(solvedBy.begin(), solvedBy.end(), -1) - solvedBy.begin());
    // The order of the additions into one target: the first variable (of is) that moves
    // with f, ascending; as f moves it up or down.
    bool descending = false;
    for (size_t v = 0; v < m; ++v) {
      if (v == free) break;
      int64_t slope = -coefficients[solvedBy[v]][v] * coefficients[solvedBy[v]][free];
      if (slope != 0) {
        descending = slope < 0;
        break;
      }
    }
    VarP f = newVar("f", scalarType(Elem::I64));
    std::vector<VarP> targets;
    for (size_t c = 0; c < q; ++c)
      targets.push_back(newVar("t", scalarType(Elem::I64)));
    const Dim& extent = values->type.shape[free];
    NodeP along = makeVariable(f);
    if (descending) {
      NodeP last = extent.asConstant() ? makeConst(*extent.asConstant() - 1, Elem::I64)
                                       : makeBinary(BinaryOp::Sub, makeSizeValue(extent),
                                                    makeConst(int64_t(1), Elem::I64));
      along = makeBinary(BinaryOp::Sub, last, along);
    }
    std::vector<NodeP> sources(m);
    sources[free] = along;
    for (size_t v = 0; v < m; ++v) {
      if (v == free) continue;
      size_t c = size_t(solvedBy[v]);
      // t_c = k v + b f + constant, k = +-1: v = k (t_c - b f - constant).
      NodeP rest =
          makeBinary(BinaryOp::Add,
                     makeBinary(BinaryOp::Mul, makeConst(coefficients[c][free], Elem::I64), along),
                     makeConst(constants[c], Elem::I64));
      NodeP solved = makeBinary(BinaryOp::Sub, makeVariable(targets[c]), rest);
      if (coefficients[c][v] < 0) solved = makeUnary(UnaryOp::Neg, solved);
      sources[v] = solved;
    }
    std::vector<Dim> shape = {extent};
    shape.insert(shape.end(), node->shape.begin(), node->shape.end());
    std::vector<VarP> gatherVars = {f};
    gatherVars.insert(gatherVars.end(), targets.begin(), targets.end());
    NodeP summed = makeSumOuter(makeGather(shape, values, gatherVars, sources));
    // Each target starts from a zero: -0.0 sums become 0.0 as the scatter gives.
    if (!isFloat(summed->type.elem)) return summed;
    return makeBinary(BinaryOp::Add, summed, constantLike(0.0, summed->type));
  }

  /// An i64 index as sum of coefficient x variable (of `vars`) + constant, scaled by
  /// `scale`; false when it is not one (another variable, a product of two variables).
  static bool affineIndex(const NodeP& index, const std::vector<VarP>& vars,
                          std::vector<int64_t>& coefficients, int64_t& constant, int64_t scale,
                          int depth) {
    if (depth > 16 || !index->type.isScalar() || index->type.elem != Elem::I64) return false;
    switch (index->kind) {
    case K::Const: {
      int64_t value = std::get<int64_t>(index->value);
      if (std::llabs(value) >= (int64_t(1) << 40)) return false;
      constant += scale * value;
      return true;
    }
    case K::Variable:
      for (size_t v = 0; v < vars.size(); ++v)
        if (vars[v]->id == index->vars[0]->id) {
          coefficients[v] += scale;
          return true;
        }
      return false;
    case K::Unary:
      return index->unaryOp == UnaryOp::Neg &&
             affineIndex(index->operands[0], vars, coefficients, constant, -scale, depth + 1);
    case K::Binary: {
      const NodeP& left = index->operands[0];
      const NodeP& right = index->operands[1];
      if (index->binaryOp == BinaryOp::Add || index->binaryOp == BinaryOp::Sub)
        return affineIndex(left, vars, coefficients, constant, scale, depth + 1) &&
               affineIndex(right, vars, coefficients, constant,
                           index->binaryOp == BinaryOp::Add ? scale : -scale, depth + 1);
      if (index->binaryOp != BinaryOp::Mul) return false;
      for (int side = 0; side < 2; ++side) {
        const NodeP& factor = index->operands[side];
        if (factor->kind == K::Const &&
            std::llabs(std::get<int64_t>(factor->value)) < (int64_t(1) << 10) &&
            std::llabs(scale) < (int64_t(1) << 10))
          return affineIndex(index->operands[1 - side], vars, coefficients, constant,
                             scale * std::get<int64_t>(factor->value), depth + 1);
      }
      return false;
    }
    default:
      return false;
    }
  }

  /// Whether an index expression costs about as little as reading an element: constants,
  /// variables, arithmetic, and elements of arrays bound to variables.
  static bool cheapIndex(const NodeP& index, int depth) {
    if (depth > 8 || !index->type.isScalar()) return false;
    switch (index->kind) {
    case K::Const:
    case K::Variable:
    case K::SizeValue:
      return true;
    case K::Unary:
    case K::Binary:
    case K::Cond:
      break;
    case K::Index:
      if (index->operands[0]->kind != K::Variable) return false;
      break;
    default:
      return false;
    }
    for (size_t o = index->kind == K::Index ? 1 : 0; o < index->operands.size(); ++o)
      if (!cheapIndex(index->operands[o], depth + 1)) return false;
    return true;
  }

  /// An index of a scatter as `var + offset`: the variable's position among `vars` (-1
  /// for a constant, -2 when it is neither).
  static std::pair<int, int64_t> variablePlusConstant(const NodeP& index,
                                                      const std::vector<VarP>& vars) {
    auto position = [&](const NodeP& at) {
      if (at->kind == K::Variable)
        for (size_t v = 0; v < vars.size(); ++v)
          if (vars[v]->id == at->vars[0]->id) return int(v);
      return -2;
    };
    if (index->kind == K::Const) return {-1, std::get<int64_t>(index->value)};
    if (index->kind == K::Variable) return {position(index), 0};
    if (index->kind != K::Binary ||
        (index->binaryOp != BinaryOp::Add && index->binaryOp != BinaryOp::Sub))
      return {-2, 0};
    const NodeP& right = index->operands[1];
    if (right->kind != K::Const) return {-2, 0};
    int64_t offset = std::get<int64_t>(right->value);
    if (offset == std::numeric_limits<int64_t>::min()) return {-2, 0};
    return {position(index->operands[0]), index->binaryOp == BinaryOp::Add ? offset : -offset};
  }

  /// Whether index expression `index` of a gather with variables `vars` over
  /// `shape` is known to lie in [0, extent).
  static bool inRange(const NodeP& index, const std::vector<VarP>& vars,
                      const std::vector<Dim>& shape, const Dim& extent) {
    if (index->kind == K::Variable)
      for (size_t v = 0; v < vars.size(); ++v)
        if (vars[v]->id == index->vars[0]->id) return shape[v] == extent;
    if (index->kind == K::Const) {
      int64_t at = std::get<int64_t>(index->value);
      auto size = extent.asConstant();
      return size && at >= 0 && at < *size;
    }
    return false;
  }

  /// A composed index list that reads nothing (index -1) where `inRange` fails.
  static std::vector<NodeP> guarded(std::vector<NodeP> indices, const NodeP& inRangeCondition) {
    if (!inRangeCondition) return indices;
    indices[0] = makeCond(inRangeCondition, indices[0], makeConst(int64_t(-1), Elem::I64));
    return indices;
  }

  static NodeP rangeCheck(const NodeP& index, const Dim& extent) {
    NodeP size =
        extent.asConstant() ? makeConst(*extent.asConstant(), Elem::I64) : makeSizeValue(extent);
    return makeBinary(BinaryOp::And,
                      makeBinary(BinaryOp::Le, makeConst(int64_t(0), Elem::I64), index),
                      makeBinary(BinaryOp::Lt, index, size));
  }

  NodeP gather(const NodeP& node) {
    const NodeP& source = node->operands[0];
    const auto& vars = node->vars;
    const auto& f = node->indices;
    // gather (outer dims of a) a (\is -> is) = a.
    if (f.size() == vars.size() && f.size() <= source->type.rank()) {
      bool identity = true;
      for (size_t j = 0; j < f.size() && identity; ++j)
        identity = f[j]->kind == K::Variable && f[j]->vars[0]->id == vars[j]->id &&
                   node->shape[j] == source->type.shape[j];
      if (identity) return source;
    }
    switch (source->kind) {
    case K::Gather: {
      // gather sh1 (gather sh2 a f2) f1 = gather sh1 a (f2 after f1), reading
      // nothing where f1 leaves sh2.
      const Node& inner = *source;
      size_t m = inner.vars.size();
      if (f.size() < m) return nullptr;
      NodeP outOfRange;
      for (size_t j = 0; j < m; ++j)
        if (!inRange(f[j], vars, node->shape, inner.shape[j])) {
          NodeP check = rangeCheck(f[j], inner.shape[j]);
          outOfRange = outOfRange ? makeBinary(BinaryOp::And, outOfRange, check) : check;
        }
      std::vector<NodeP> composed;
      for (const auto& g : inner.indices) {
        NodeP index = g;
        for (size_t j = 0; j < m; ++j)
          index = substitute(index, inner.vars[j], f[j]);
        composed.push_back(index);
      }
      composed.insert(composed.end(), f.begin() + m, f.end());
      if (composed.empty() && outOfRange) return nullptr;
      if (!composed.empty()) composed = guarded(std::move(composed), outOfRange);
      return makeGather(node->shape, inner.operands[0], vars, composed);
    }
    case K::Replicate: {
      // gather sh (replicate k a) (\is -> [j, rest]) = gather sh a (\is -> rest) when j is in
      // range.
      if (f.empty()) return nullptr;
      std::vector<NodeP> rest(f.begin() + 1, f.end());
      NodeP outOfRange = inRange(f[0], vars, node->shape, source->shape[0])
                             ? nullptr
                             : rangeCheck(f[0], source->shape[0]);
      if (rest.empty() && outOfRange) return nullptr;
      if (!rest.empty()) rest = guarded(std::move(rest), outOfRange);
      return makeGather(node->shape, source->operands[0], vars, rest);
    }
    case K::Tr: {
      // Reading a transposition is reading its source with permuted indices (exact).
      const auto& p = source->permutation;
      if (f.size() < p.size()) return nullptr;
      std::vector<NodeP> permuted(f.begin(), f.end());
      for (size_t q = 0; q < p.size(); ++q)
        permuted[p[q]] = f[q];
      return makeGather(node->shape, source->operands[0], vars, permuted);
    }
    default:
      return nullptr;
    }
  }

  /// tr p (tr q a) = tr (q after p) a; tr of the identity permutation is its operand.
  NodeP transpose(const NodeP& node) {
    const auto& p = node->permutation;
    bool identity = true;
    for (size_t q = 0; q < p.size(); ++q)
      identity &= p[q] == int(q);
    if (identity) return node->operands[0];
    const NodeP& inner = node->operands[0];
    if (inner->kind == K::Scatter) return transposedScatter(p, *inner);
    if (inner->kind != K::Tr) return nullptr;
    size_t length = std::max(p.size(), inner->permutation.size());
    auto at = [](const std::vector<int>& perm, size_t q) {
      return q < perm.size() ? perm[q] : int(q);
    };
    std::vector<int> composed(length);
    for (size_t q = 0; q < length; ++q)
      composed[q] = at(inner->permutation, at(p, q));
    return makeTr(composed, inner->operands[0]);
  }

  /// tr p (scatter sh a (\is -> js)) = scatter (p sh) a (\is -> p js) when p permutes the
  /// scattered dimensions only: the scatter adds into the layout its consumer reads.
  static NodeP transposedScatter(const std::vector<int>& p, const Node& scatter) {
    const size_t scattered = scatter.shape.size();
    for (size_t q = 0; q < p.size(); ++q)
      if ((q < scattered) != (size_t(p[q]) < scattered) || (q >= scattered && p[q] != int(q)))
        return nullptr;
    std::vector<Dim> shape;
    std::vector<NodeP> indices;
    for (size_t q = 0; q < scattered; ++q) {
      size_t from = q < p.size() ? size_t(p[q]) : q;
      shape.push_back(scatter.shape[from]);
      indices.push_back(scatter.indices[from]);
    }
    return makeScatter(std::move(shape), scatter.operands[0], scatter.vars, std::move(indices));
  }

  /// reshape sh (reshape sh2 a) = reshape sh a; reshape to the same shape is the identity.
  NodeP reshape(const NodeP& node) {
    const NodeP& inner = node->operands[0];
    if (inner->type.shape == node->shape) return inner;
    if (inner->kind == K::Reshape) return makeReshape(node->shape, inner->operands[0]);
    return nullptr;
  }

  /// sumOuter (replicate k a) = a * k, for integers only: for floats the sum
  /// of k copies rounds differently from one product, so it is not applied.
  NodeP sumOfReplicate(const NodeP& node) {
    const NodeP& inner = node->operands[0];
    if (inner->kind != K::Replicate || node->type.elem != Elem::I64) return nullptr;
    const Dim& k = inner->shape[0];
    NodeP count = k.asConstant() ? makeConst(*k.asConstant(), Elem::I64) : makeSizeValue(k);
    for (auto dim = node->type.shape.rbegin(); dim != node->type.shape.rend(); ++dim)
      count = makeReplicate(*dim, count);
    return makeBinary(BinaryOp::Mul, inner->operands[0], count);
  }

  /// sumOuter (tr p (replicate n x)) where the summed dimension is one of x's: the sum does
  /// not depend on the replicated index, so it is computed once and replicated,
  ///   = tr q (replicate n (sumOuter (tr p' x))),
  /// with p' the order of x's dimensions in tr p and q putting the replicated dimension back.
  /// Each element sums the same values in the same order, so this is exact.
  NodeP sumAcrossReplicate(const NodeP& node) {
    const NodeP& transposed = node->operands[0];
    if (transposed->kind != K::Tr || transposed->operands[0]->kind != K::Replicate) return nullptr;
    const NodeP& replicated = transposed->operands[0];
    std::vector<int> p = transposed->permutation;
    for (int q = int(p.size()); q < int(replicated->type.rank()); ++q)
      p.push_back(q);
    if (p[0] == 0) return nullptr;
    size_t replicatedAt = std::find(p.begin(), p.end(), 0) - p.begin();
    std::vector<int> ofX;
    for (int axis : p)
      if (axis != 0) ofX.push_back(axis - 1);
    NodeP summed = makeSumOuter(makeTr(ofX, replicated->operands[0]));
    std::vector<int> back;
    for (size_t q = 0; q + 1 < p.size(); ++q)
      back.push_back(q + 1 < replicatedAt ? int(q) + 1 : q + 1 == replicatedAt ? 0 : int(q));
    return makeTr(back, makeReplicate(replicated->shape[0], summed));
  }

  const UseTable& uses_;
};

/// Applies the rules bottom-up until none applies.
class Simplifier : public Mutator {
public:
  explicit Simplifier(const UseTable& uses) : uses_(uses), rules_(uses) {}

protected:
  NodeP mutateNode(const NodeP& node) override {
    if (node->kind == K::Variable) {
      auto value = trivialValues_.find(node->vars[0]->id);
      return value != trivialValues_.end() ? value->second : node;
    }
    // A value that simplifies to a trivial one replaces its variable as the body is
    // simplified, so that what it makes foldable folds in the same walk (a chain of
    // constants folds at once).
    if (node->kind == K::Let) {
      uint32_t var = node->vars[0]->id;
      auto uses = uses_.find(var);
      if (uses != uses_.end() && uses->second.oneBinder) {
        NodeP value = mutate(node->operands[0]);
        if (isTrivialValue(value)) {
          // A let seen before with a value not yet trivial (a rule substituted into it
          // since) has a body whose nodes the walk already mutated with the variable
          // left in place: those results are reused, so the value is substituted here.
          if (nonTrivial_.count(var))
            return mutate(substitute(node->operands[1], node->vars[0], value));
          trivialValues_.emplace(var, value);
          return mutate(node->operands[1]);
        }
        nonTrivial_.insert(var);
      }
    }
    NodeP current = mutateChildren(node);
    for (int round = 0; round < 64; ++round) {
      NodeP next = rules_.apply(current);
      if (!next || next == current) break;
      // A rule's result may expose redexes below its root (e.g. after substitution).
      current = mutateChildren(next);
    }
    return current;
  }

private:
  const UseTable& uses_;
  Rules rules_;
  std::unordered_map<uint32_t, NodeP> trivialValues_; // by variable
  std::unordered_set<uint32_t> nonTrivial_;           // lets seen with a non-trivial value
};

/// Common-subexpression elimination by hash consing: structurally equal nodes
/// (equal kinds, attributes and, recursively, operands) become one node.
class HashConser : public Mutator {
protected:
  NodeP mutateNode(const NodeP& node) override {
    NodeP canonical = mutateChildren(node);
    std::string key = keyOf(*canonical);
    auto [it, inserted] = table_.emplace(std::move(key), canonical);
    return it->second;
  }

private:
  /// Exact text of a constant: every bit of a double matters (1e-7 != 2e-7).
  static std::string bitsOf(double value) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return std::to_string(bits);
  }
  static std::string bitsOf(int64_t value) { return std::to_string(value); }
  static std::string bitsOf(bool value) { return value ? "true" : "false"; }

  static std::string keyOf(const Node& node) {
    std::string key = std::to_string(int(node.kind)) + "|" + std::to_string(int(node.unaryOp)) +
                      "|" + std::to_string(int(node.binaryOp)) + "|" +
                      std::to_string(int(node.diffKind)) + "|" + toString(node.type.elem) + "|";
    // Dimensions by their variables' identities: names may repeat.
    for (const Dim& dim : node.type.shape)
      key += identityKey(dim) + ",";
    key += "|";
    if (node.kind == K::Const)
      key +=
          std::visit([](auto v) { return bitsOf(v); }, node.value) + "|" +
          std::to_string(node.value.index()) +
          (std::holds_alternative<double>(node.value) && std::signbit(std::get<double>(node.value))
               ? "-"
               : "+");
    for (const auto& operand : node.operands)
      key += std::to_string(uintptr_t(operand.get())) + ",";
    key += "|";
    for (const auto& index : node.indices)
      key += std::to_string(uintptr_t(index.get())) + ",";
    key += "|";
    for (const auto& var : node.vars)
      key += std::to_string(var->id) + ",";
    key += "|";
    for (const Dim& dim : node.shape)
      key += identityKey(dim) + ",";
    key += "|";
    for (int p : node.permutation)
      key += std::to_string(p) + ",";
    key += "|" + std::to_string(uintptr_t(node.function.get()));
    return key;
  }

  std::unordered_map<std::string, NodeP> table_;
};

} // namespace

NodeP simplify(const NodeP& node) {
  // Rounds of linear walks until none changes the term: lets that the rules make trivial,
  // used once or unused are inlined or dropped by the next round. (The let rule used to
  // count uses in the simplified body and substitute there, which for the chains of lets of
  // a derivative cost time and memory cubic in their length.) Each round but the first
  // changes only what a rule exposed; the bound guards against rules that never settle.
  NodeP term = node;
  for (int round = 0; round < 16; ++round) {
    NodeP aliased = TrivialLetInliner(term).mutate(term);
    LetInliner inliner(aliased);
    NodeP inlined = inliner.mutate(aliased);
    NodeP simplified = Simplifier(inliner.useTable()).mutate(inlined);
    simplified = DeadLetEliminator(simplified).mutate(simplified);
    simplified = LoopPruner(simplified).mutate(simplified);
    if (simplified == term) break;
    term = simplified;
  }
  return HashConser().mutate(term);
}

Program simplify(const Program& program) {
  Program result = program;
  for (auto& entry : result.entries)
    entry.function.body = simplify(entry.function.body);
  return result;
}

} // namespace arr::passes
