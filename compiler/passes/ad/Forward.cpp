#include "passes/ad/Forward.h"

#include "base/DerivativeFormula.h"
#include "ir/Builder.h"
#include "ir/Printer.h"
#include "ir/Rewrite.h"
#include "ir/Visitor.h"
#include "passes/Bot.h"
#include "passes/ad/Hoist.h"
#include "passes/ad/LoopDerivatives.h"
#include "passes/ad/Transpose.h"

#include <cmath>
#include <functional>
#include <set>
#include <tuple>
#include <unordered_map>

namespace arr::ad {

namespace {

using core::BinaryOp;
using core::Elem;
using core::UnaryOp;
using K = core::Node::Kind;

bool isFloatType(const Type& type) {
  return core::isFloat(type.elem);
}

/// `value` in the element type and shape of `type`.
NodeP constant(double value, const Type& type) {
  NodeP node = core::makeConst(value, type.elem);
  for (auto dim = type.shape.rbegin(); dim != type.shape.rend(); ++dim)
    node = core::makeReplicate(*dim, node);
  return node;
}

class Forward {
public:
  explicit Forward(bool keepLoopIntermediates) : keepLoopIntermediates_(keepLoopIntermediates) {}

  DualFunction run(const core::Function& function, const std::vector<bool>& differentiable) {
    DualFunction dual;
    dual.params = function.params;
    for (size_t k = 0; k < function.params.size(); ++k) {
      const VarP& param = function.params[k];
      if (!differentiable.at(k)) continue;
      auto input = std::make_shared<Delta>();
      input->kind = Delta::Kind::Input;
      input->type = param->type;
      input->input = k;
      varDelta_[param->id] = input;
    }
    const core::Node* at = function.body.get();
    NodeP root = function.body;
    // Root lets and tuple: results are the tuple's components.
    std::vector<NodeP> components = root->kind == K::Tuple ? root->operands : std::vector<NodeP>{};
    if (components.empty()) {
      while (at->kind == K::Let || at->kind == K::LetTuple) {
        if (at->kind == K::Let)
          bindLet(*at);
        else
          bindLetTuple(*at);
        at = at->operands[1].get();
      }
      if (at->kind == K::Tuple) {
        components = at->operands;
      } else {
        components = {NodeP(root, at)};
      }
    }
    for (const auto& component : components) {
      auto [primal, delta] = dual_(component);
      dual.results.push_back(primal);
      dual.deltas.push_back(delta);
    }
    dual.bindings = std::move(bindings_);
    dual.shareCount = nextId_ - 1;
    return dual;
  }

private:
  using Dual = std::pair<NodeP, DeltaP>;

  DeltaP make(Delta::Kind kind, const Type& type, std::vector<DeltaP> parts) {
    auto delta = std::make_shared<Delta>();
    delta->kind = kind;
    delta->type = type;
    delta->parts = std::move(parts);
    return delta;
  }

  /// Wraps a derivative that may be used from several places in a Share.
  DeltaP share(DeltaP delta) {
    if (!delta || delta->kind == Delta::Kind::Share || delta->kind == Delta::Kind::Input)
      return delta;
    auto shared = std::make_shared<Delta>();
    shared->kind = Delta::Kind::Share;
    shared->type = delta->type;
    shared->id = nextId_++;
    shared->parts = {std::move(delta)};
    return shared;
  }

  /// A primal value the derivative needs: bound to a variable so it is computed once.
  NodeP bind(const NodeP& value, const char* name) {
    if (value->kind == K::Variable || value->kind == K::Const) return value;
    VarP var = core::newVar(name, value->type);
    bindings_.push_back({{var}, value});
    return core::makeVariable(var);
  }

  DeltaP scale(const NodeP& factor, const DeltaP& delta) {
    if (!delta) return nullptr;
    DeltaP scaled = make(Delta::Kind::Scale, delta->type, {delta});
    std::const_pointer_cast<Delta>(scaled)->factor = bind(factor, "f");
    return scaled;
  }

  DeltaP add(const DeltaP& a, const DeltaP& b) {
    if (!a) return b;
    if (!b) return a;
    return make(Delta::Kind::Add, a->type, {a, b});
  }

  void bindLet(const core::Node& let) {
    auto [primal, delta] = dual_(let.operands[0]);
    const VarP& var = let.vars[0];
    bindings_.push_back({{var}, primal});
    if (delta) varDelta_[var->id] = share(delta);
  }

  /// let (v..) = loop ..: the loop's results bound to the tuple's variables.
  void bindLetTuple(const core::Node& let) {
    const NodeP& value = let.operands[0];
    if (value->kind != K::Loop && value->kind != K::While && value->kind != K::Custom)
      throw core::IRError("AD: cannot differentiate a tuple of " +
                          core::print(*value).substr(0, 80));
    std::vector<DeltaP> deltas = loop(value, let.vars);
    for (size_t r = 0; r < let.vars.size(); ++r)
      if (deltas[r]) varDelta_[let.vars[r]->id] = share(deltas[r]);
  }

  /// The step `step` also returning the state it started from (its first `stateCount`
  /// parameters), after its own results.
  static core::FunctionP withStatesBefore(const core::Function& step, size_t stateCount) {
    std::vector<NodeP> states;
    for (size_t j = 0; j < stateCount; ++j)
      states.push_back(core::makeVariable(step.params[j]));
    std::function<NodeP(const NodeP&)> extend = [&](const NodeP& body) -> NodeP {
      if (body->kind == K::Let || body->kind == K::LetTuple)
        return core::rebuild(*body, {body->operands[0], extend(body->operands[1])}, {});
      std::vector<NodeP> results =
          body->kind == K::Tuple ? body->operands : std::vector<NodeP>{body};
      results.insert(results.end(), states.begin(), states.end());
      return core::makeTuple(results);
    };
    return std::make_shared<const core::Function>(core::Function{step.params, extend(step.body)});
  }

  /// Whether the reverse sweep recomputes `binding` rather than reading it from the primal
  /// loop: views of other values, and discrete values (indices, conditions), which are
  /// cheap. A loop's results (several variables) are kept.
  static bool recomputed(const core::Binding& binding) {
    if (binding.vars.size() != 1) return false;
    if (!isFloatType(binding.vars[0]->type)) return true;
    switch (binding.value->kind) {
    case K::Variable:
    case K::Const:
    case K::SizeValue:
    case K::Iota:
    case K::Replicate:
    case K::Index:
    case K::Gather:
    case K::Tr:
    case K::Reshape:
      return true;
    default:
      return false;
    }
  }

  /// A loop step that also returns, after its results and the `stateCount` states it
  /// started from, the intermediate values its reverse reads; and that reverse. The step
  /// (in BOT normal form) is differentiated here, with its own loops keeping their
  /// intermediates too.
  static std::pair<core::FunctionP, std::shared_ptr<const StepReverse>>
  keepingIntermediates(const core::Function& step, size_t stateCount,
                       const std::vector<bool>& differentiable) {
    DualFunction dual = hoistReplicates(Forward(true).run(step, differentiable));
    auto reverse = std::make_shared<StepReverse>();
    std::vector<NodeP> cotangents;
    for (const NodeP& result : dual.results) {
      reverse->cotangents.push_back(core::newVar("ct", result->type));
      cotangents.push_back(core::makeVariable(reverse->cotangents.back()));
    }
    std::vector<core::Binding> sweep;
    std::map<size_t, NodeP> found = transpose(dual, cotangents, sweep);
    for (size_t k = 0; k < step.params.size(); ++k) {
      if (!differentiable[k]) continue;
      auto it = found.find(k);
      reverse->gradients.push_back(it != found.end() ? it->second
                                                     : core::zerosOf(step.params[k]->type));
    }
    // The primal values the sweep reads, through the views it recomputes: kept when
    // computed, recomputed when views.
    std::unordered_map<uint32_t, size_t> bindingOf;
    for (size_t b = 0; b < dual.bindings.size(); ++b)
      for (const VarP& var : dual.bindings[b].vars)
        bindingOf[var->id] = b;
    std::vector<VarP> pending =
        core::freeVariables(core::wrapInBindings(sweep, core::makeTuple(reverse->gradients)));
    std::set<size_t> recompute;
    std::map<size_t, std::vector<VarP>> kept; // by binding, in program order
    std::set<uint32_t> visited;
    while (!pending.empty()) {
      VarP var = pending.back();
      pending.pop_back();
      auto it = bindingOf.find(var->id);
      if (it == bindingOf.end() || !visited.insert(var->id).second) continue;
      const core::Binding& binding = dual.bindings[it->second];
      if (!recomputed(binding)) {
        kept[it->second].push_back(var);
      } else if (recompute.insert(it->second).second) {
        for (const VarP& free : core::freeVariables(binding.value))
          pending.push_back(free);
      }
    }
    for (size_t b : recompute)
      reverse->bindings.push_back(dual.bindings[b]);
    reverse->bindings.insert(reverse->bindings.end(), sweep.begin(), sweep.end());
    std::vector<NodeP> results = dual.results;
    for (size_t j = 0; j < stateCount; ++j)
      results.push_back(core::makeVariable(step.params[j]));
    for (auto& [binding, vars] : kept)
      for (const VarP& var : vars) {
        reverse->kept.push_back(var);
        results.push_back(core::makeVariable(var));
      }
    auto primal = std::make_shared<core::Function>();
    primal->params = step.params;
    primal->body = core::wrapInBindings(dual.bindings, core::makeTuple(results));
    return {primal, reverse};
  }

  /// A loop's results, bound to `names` (fresh variables when none are given), and their
  /// deltas (null for zero). The derivative of the loop is one Delta of all of them (a
  /// Loop under a Share): its tangents flow through the steps together. The primal loop
  /// also keeps the state before each step, which the reverse pass reads (the steps'
  /// intermediate values are recomputed there, step by step).
  std::vector<DeltaP> loop(const NodeP& term, std::vector<VarP> names) {
    const core::Node& t = *term;
    std::vector<NodeP> primals;
    std::vector<DeltaP> parts;
    bool any = false;
    for (const auto& operand : t.operands) {
      auto [primal, delta] = dual_(operand);
      primals.push_back(bind(primal, "l"));
      parts.push_back(delta);
      any |= delta != nullptr;
    }
    std::vector<Type> types = core::resultTypes(t);
    if (names.empty())
      for (const Type& type : types)
        names.push_back(core::newVar("loop", type));
    if (!any) {
      bindings_.push_back({names, core::rebuild(t, primals, {})});
      return std::vector<DeltaP>(types.size());
    }
    if (t.kind == K::While) return whileLoop(term, names, primals, parts);
    if (t.kind == K::Custom) return custom(term, names, primals, parts);
    std::shared_ptr<const StepReverse> reverse;
    core::FunctionP step;
    if (keepLoopIntermediates_ && !core::containsDiff(t.function->body))
      std::tie(step, reverse) = keepingIntermediates(*passes::bulkOperationTransform(t.function),
                                                     t.stateCount, reverseDifferentiable(t, parts));
    else
      step = withStatesBefore(*t.function, t.stateCount);
    NodeP primal = core::rebuild(t, primals, {}, step);
    std::vector<VarP> all = names;
    std::vector<Type> allTypes = core::resultTypes(*primal);
    for (size_t j = types.size(); j < allTypes.size(); ++j)
      all.push_back(core::newVar(j < types.size() + t.stateCount ? "before" : "kept", allTypes[j]));
    bindings_.push_back({all, primal});
    std::vector<NodeP> read = primals;
    for (size_t j = types.size(); j < all.size(); ++j)
      read.push_back(core::makeVariable(all[j]));
    return loopDeltas(term, types, parts, std::move(read), std::move(reverse));
  }

  /// The Delta of a loop-like node (a loop, a while loop, a custom node): one Loop delta
  /// of `term` that reads `primals`, shared, and a LoopResult of it per float result
  /// (null for the others).
  std::vector<DeltaP> loopDeltas(const NodeP& term, const std::vector<Type>& types,
                                 const std::vector<DeltaP>& parts, std::vector<NodeP> primals,
                                 std::shared_ptr<const StepReverse> reverse = nullptr) {
    DeltaP derivative = make(Delta::Kind::Loop, types[0], parts);
    auto* loop = const_cast<Delta*>(derivative.get());
    loop->loop = term;
    loop->primals = std::move(primals);
    loop->reverse = std::move(reverse);
    DeltaP shared = share(derivative);
    std::vector<DeltaP> results;
    for (size_t r = 0; r < types.size(); ++r) {
      if (!isFloatType(types[r])) {
        results.push_back(nullptr);
        continue;
      }
      DeltaP result = make(Delta::Kind::LoopResult, types[r], {shared});
      const_cast<Delta*>(result.get())->result = r;
      results.push_back(result);
    }
    return results;
  }

  /// A while loop's function that also counts the steps taken: a last state component,
  /// the count, one more in each step.
  static core::FunctionP countingSteps(const core::Function& function, size_t stateCount) {
    auto counting = std::make_shared<core::Function>();
    counting->params.assign(function.params.begin(), function.params.begin() + long(stateCount));
    VarP count = core::newVar("count", core::scalarType(core::Elem::I64));
    counting->params.push_back(count);
    counting->params.insert(counting->params.end(), function.params.begin() + long(stateCount),
                            function.params.end());
    counting->body = core::mapRootTuple(function.body, [&](const core::Node& tuple) {
      std::vector<NodeP> results = tuple.operands;
      results.push_back(core::makeBinary(core::BinaryOp::Add, core::makeVariable(count),
                                         core::makeConst(int64_t(1), core::Elem::I64)));
      return core::makeTuple(std::move(results));
    });
    return counting;
  }

  /// loop() for a while loop. The primal loop also counts its steps: the reverse sweep
  /// (LoopDerivatives.h) runs over that many. Forward mode carries the tangents through
  /// the steps beside the state.
  std::vector<DeltaP> whileLoop(const NodeP& term, const std::vector<VarP>& names,
                                const std::vector<NodeP>& primals,
                                const std::vector<DeltaP>& parts) {
    std::vector<Type> types = core::resultTypes(*term);
    size_t states = term->stateCount;
    std::vector<NodeP> init(primals.begin() + 1, primals.begin() + 1 + long(states));
    init.push_back(core::makeConst(int64_t(0), core::Elem::I64));
    std::vector<NodeP> captured(primals.begin() + 1 + long(states), primals.end());
    NodeP counted =
        core::makeWhile(primals[0], init, captured, countingSteps(*term->function, states));
    std::vector<VarP> all = names;
    all.push_back(core::newVar("steps", core::scalarType(core::Elem::I64)));
    bindings_.push_back({all, counted});
    std::vector<NodeP> read = primals;
    read.push_back(core::makeVariable(all.back()));
    return loopDeltas(term, types, parts, std::move(read));
  }

  /// loop() for a custom node (CustomDerivatives.h): its results bound to the node itself,
  /// which a differentiation of this derivative differentiates in turn; its Delta a Loop
  /// delta of the node, read through LoopResult.
  std::vector<DeltaP> custom(const NodeP& term, const std::vector<VarP>& names,
                             const std::vector<NodeP>& primals, const std::vector<DeltaP>& parts) {
    std::vector<Type> types = core::resultTypes(*term);
    bindings_.push_back({names, core::rebuild(*term, primals, {})});
    std::vector<NodeP> read = primals;
    for (const VarP& name : names)
      read.push_back(core::makeVariable(name));
    return loopDeltas(term, types, parts, std::move(read));
  }

  Dual dual_(const NodeP& term) {
    if (auto it = memo_.find(term.get()); it != memo_.end()) return it->second.second;
    Dual result = compute(term);
    if (result.second) result.second = share(result.second);
    memo_.emplace(term.get(), std::make_pair(term, result));
    return result;
  }

  Dual compute(const NodeP& term) {
    const core::Node& t = *term;
    if (!isFloatType(t.type) && t.kind != K::Let && t.kind != K::LetTuple && t.kind != K::Loop &&
        t.kind != K::While && t.kind != K::Custom)
      return {primalOf(term), nullptr};
    switch (t.kind) {
    case K::Const:
    case K::SizeValue:
    case K::Iota:
      return {term, nullptr};
    case K::Variable: {
      auto it = varDelta_.find(t.vars[0]->id);
      return {term, it == varDelta_.end() ? nullptr : it->second};
    }
    case K::Let:
      bindLet(t);
      return dual_(t.operands[1]);
    case K::LetTuple:
      bindLetTuple(t);
      return dual_(t.operands[1]);
    case K::Loop:
    case K::While:
    case K::Custom: { // one result, the final state (the value of a custom node)
      VarP result = core::newVar("loop", t.type);
      DeltaP delta = loop(term, {result}).at(0);
      return {core::makeVariable(result), delta};
    }
    case K::NoGrad:
      return {primalOf(t.operands[0]), nullptr};
    case K::Cond: {
      NodeP condition = bind(primalOf(t.operands[0]), "c");
      auto [a, da] = dual_(t.operands[1]);
      auto [b, db] = dual_(t.operands[2]);
      NodeP primal = core::makeCond(condition, a, b);
      if (!da && !db) return {primal, nullptr};
      DeltaP select = make(Delta::Kind::Select, t.type, {da, db});
      std::const_pointer_cast<Delta>(select)->condition = condition;
      return {primal, select};
    }
    case K::Unary:
      return unary(t);
    case K::Binary:
      return binary(t);
    case K::Index: {
      auto [a, da] = dual_(t.operands[0]);
      std::vector<NodeP> ix;
      for (size_t j = 1; j < t.operands.size(); ++j)
        ix.push_back(bind(primalOf(t.operands[j]), "i"));
      DeltaP delta = nullptr;
      if (da) {
        delta = make(Delta::Kind::Index, t.type, {da});
        std::const_pointer_cast<Delta>(delta)->indices = ix;
      }
      return {core::makeIndex(a, ix), delta};
    }
    case K::SumOuter: {
      auto [a, da] = dual_(t.operands[0]);
      return {core::makeSumOuter(a), da ? make(Delta::Kind::SumOuter, t.type, {da}) : nullptr};
    }
    case K::ProdOuter:
      return product(term);
    case K::MaxOuter: {
      // The derivative reads the first maximal element: a gather at argmaxOuter.
      auto [a, da] = dual_(t.operands[0]);
      NodeP shared = bind(a, "m");
      NodeP primal = core::makeMaxOuter(shared);
      if (!da) return {primal, nullptr};
      NodeP argmax = bind(core::makeArgmaxOuter(shared), "argmax");
      std::vector<VarP> vars;
      std::vector<NodeP> indices;
      std::vector<NodeP> rest;
      for (size_t d = 0; d < t.type.rank(); ++d) {
        vars.push_back(core::newVar("g", core::scalarType(Elem::I64)));
        rest.push_back(core::makeVariable(vars.back()));
      }
      indices.push_back(rest.empty() ? argmax : core::makeIndex(argmax, rest));
      indices.insert(indices.end(), rest.begin(), rest.end());
      DeltaP delta = make(vars.empty() ? Delta::Kind::Index : Delta::Kind::Gather, t.type, {da});
      auto* mutable_ = const_cast<Delta*>(delta.get());
      mutable_->indices = indices;
      mutable_->vars = vars;
      mutable_->shape = t.type.shape;
      return {primal, delta};
    }
    case K::Gather:
    case K::Scatter: {
      auto [a, da] = dual_(t.operands[0]);
      NodeP primal = t.kind == K::Gather ? core::makeGather(t.shape, a, t.vars, t.indices)
                                         : core::makeScatter(t.shape, a, t.vars, t.indices);
      if (!da) return {primal, nullptr};
      DeltaP delta =
          make(t.kind == K::Gather ? Delta::Kind::Gather : Delta::Kind::Scatter, t.type, {da});
      auto* mutable_ = const_cast<Delta*>(delta.get());
      mutable_->shape = t.shape;
      mutable_->vars = t.vars;
      mutable_->indices = t.indices;
      return {primal, delta};
    }
    case K::ArrayLit: {
      std::vector<NodeP> elements;
      std::vector<DeltaP> parts;
      bool any = false;
      for (const auto& element : t.operands) {
        auto [e, de] = dual_(element);
        elements.push_back(e);
        parts.push_back(de);
        any |= de != nullptr;
      }
      return {core::makeArrayLit(elements),
              any ? make(Delta::Kind::LitArray, t.type, parts) : nullptr};
    }
    case K::Replicate:
    case K::Tr:
    case K::Reshape: {
      auto [a, da] = dual_(t.operands[0]);
      NodeP primal = core::rebuild(t, {a}, {});
      if (!da) return {primal, nullptr};
      Delta::Kind kind = t.kind == K::Replicate ? Delta::Kind::Replicate
                         : t.kind == K::Tr      ? Delta::Kind::Transpose
                                                : Delta::Kind::Reshape;
      DeltaP delta = make(kind, t.type, {da});
      auto* mutable_ = const_cast<Delta*>(delta.get());
      mutable_->shape = t.shape;
      mutable_->permutation = t.permutation;
      return {primal, delta};
    }
    default:
      if (t.kind == K::Diff)
        throw core::IRError("nested differentiation is not supported yet: a grad, vjp or jvp "
                            "inside a function that is differentiated");
      throw core::IRError("AD: cannot differentiate " + core::print(t).substr(0, 80));
    }
  }

  /// d prodOuter(a) = sumOuter(e * da), where e[i] is the product of the other rows,
  /// computed without dividing by zero: with z zeros in a column and nz the product of its
  /// other elements, e[i] = nz / a[i] when z = 0, nz where a[i] is the only zero, else 0.
  Dual product(const NodeP& t) {
    auto [a, da] = dual_(t->operands[0]);
    NodeP rows = bind(a, "a");
    NodeP primal = core::makeProdOuter(rows);
    if (!da) return {primal, nullptr};
    const Type& rowsType = rows->type;
    const core::Dim count = rowsType.shape[0];
    UnaryOp toFloat = rowsType.elem == Elem::F32 ? UnaryOp::ToF32 : UnaryOp::ToF64;
    auto isValue = [&](const NodeP& x, double value) {
      return core::makeUnary(toFloat, core::makeBinary(BinaryOp::Eq, x, constant(value, x->type)));
    };
    auto each = [&](const NodeP& column) { return core::makeReplicate(count, column); };
    NodeP zero = bind(isValue(rows, 0.0), "zero");
    NodeP zeros = bind(core::makeSumOuter(zero), "zeros");
    NodeP others = bind(core::makeProdOuter(core::makeBinary(BinaryOp::Add, rows, zero)), "nz");
    NodeP none = core::makeBinary(
        BinaryOp::Mul, each(isValue(zeros, 0.0)),
        core::makeBinary(BinaryOp::Div, each(others), core::makeBinary(BinaryOp::Add, rows, zero)));
    NodeP one = core::makeBinary(BinaryOp::Mul, each(isValue(zeros, 1.0)),
                                 core::makeBinary(BinaryOp::Mul, zero, each(others)));
    NodeP factor = core::makeBinary(BinaryOp::Add, none, one);
    return {primal, make(Delta::Kind::SumOuter, t->type, {scale(factor, da)})};
  }

  /// The primal value of a term whose derivative is not needed.
  NodeP primalOf(const NodeP& term) {
    if (term->kind == K::Let) {
      bindLet(*term);
      return primalOf(term->operands[1]);
    }
    if (term->kind == K::LetTuple) {
      bindLetTuple(*term);
      return primalOf(term->operands[1]);
    }
    if (term->kind == K::Loop || term->kind == K::While || term->kind == K::Custom)
      return dual_(term).first;
    if (term->kind == K::Variable || term->kind == K::Const) return term;
    if (!isFloatType(term->type)) {
      // Discrete values may still contain lets and float subterms: rebuild from primal parts.
      std::vector<NodeP> operands;
      for (const auto& operand : term->operands)
        operands.push_back(primalOf(operand));
      if (term->kind == K::Diff) throw core::IRError("AD: nested differentiation");
      return core::rebuild(*term, operands, term->indices);
    }
    return dual_(term).first;
  }

  /// A primitive's partial derivative formula (base/Primitives.h) as core IR over the
  /// bound operands x, y and result r, in the differentiated type; equal subterms are
  /// built once, so the partials of one primitive share them.
  class FormulaBuilder {
  public:
    FormulaBuilder(NodeP x, NodeP y, NodeP r, Type type)
        : x_(std::move(x)), y_(std::move(y)), r_(std::move(r)), type_(std::move(type)) {}

    NodeP build(const prim::Formula& formula) {
      using FK = prim::Formula::Kind;
      switch (formula.kind) {
      case FK::Number:
        return constant(formula.number, type_);
      case FK::Operand:
        return formula.operand == 0 ? x_ : y_;
      case FK::Result:
        return r_;
      case FK::Unary:
        return intern(core::makeUnary(formula.unaryOp, build(formula.args[0])));
      case FK::Binary:
        return intern(
            core::makeBinary(formula.binaryOp, build(formula.args[0]), build(formula.args[1])));
      case FK::Indicator: // 1 where the comparison holds, else 0, in the float type
        return intern(core::makeUnary(type_.elem == Elem::F32 ? UnaryOp::ToF32 : UnaryOp::ToF64,
                                      build(formula.args[0])));
      }
      throw core::IRError("AD: a malformed derivative formula");
    }

  private:
    /// The node already built with the same operation and operands, if any.
    NodeP intern(const NodeP& node) {
      std::string key = std::to_string(int(node->kind)) + ":" + std::to_string(int(node->unaryOp)) +
                        ":" + std::to_string(int(node->binaryOp));
      for (const auto& operand : node->operands)
        key += ":" + std::to_string(reinterpret_cast<uintptr_t>(operand.get()));
      auto [it, inserted] = built_.emplace(key, node);
      return it->second;
    }

    NodeP x_, y_, r_;
    Type type_;
    std::unordered_map<std::string, NodeP> built_;
  };

  /// The tangent `delta` scaled by a partial derivative: unscaled for "1", none for "0".
  DeltaP scaleByPartial(const prim::Formula& partial, FormulaBuilder& builder,
                        const DeltaP& delta) {
    if (!delta || partial.isNumber(0)) return nullptr;
    if (partial.isNumber(1)) return delta;
    return scale(builder.build(partial), delta);
  }

  Dual unary(const core::Node& t) {
    auto [a, da] = dual_(t.operands[0]);
    NodeP x = da ? bind(a, "x") : a;
    NodeP primal = core::makeUnary(t.unaryOp, x);
    if (!da) return {primal, nullptr};
    const prim::UnaryInfo& entry = prim::info(t.unaryOp);
    switch (entry.derivative.kind) {
    case prim::DerivativeKind::Formulas: {
      const prim::Formula& partial = prim::partialDerivative(t.unaryOp);
      NodeP r = partial.mentionsResult() ? bind(primal, "r") : primal;
      FormulaBuilder builder(x, nullptr, r, t.type);
      return {r, scaleByPartial(partial, builder, da)};
    }
    case prim::DerivativeKind::Conversion:
      if (!isFloatType(t.operands[0]->type)) return {primal, nullptr};
      return {primal, make(Delta::Kind::Convert, t.type, {da})};
    case prim::DerivativeKind::PiecewiseConstant:
    case prim::DerivativeKind::Discrete:
      return {primal, nullptr};
    case prim::DerivativeKind::Unset:
      break;
    }
    throw core::IRError(std::string("AD: no derivative rule for ") + entry.name);
  }

  Dual binary(const core::Node& t) {
    auto [a, da] = dual_(t.operands[0]);
    auto [b, db] = dual_(t.operands[1]);
    if (!da && !db) return {core::makeBinary(t.binaryOp, a, b), nullptr};
    NodeP x = bind(a, "x");
    NodeP y = bind(b, "y");
    NodeP primal = core::makeBinary(t.binaryOp, x, y);
    const prim::BinaryInfo& entry = prim::info(t.binaryOp);
    switch (entry.derivative.kind) {
    case prim::DerivativeKind::Formulas: {
      const prim::Formula& dx = prim::partialDerivative(t.binaryOp, 0);
      const prim::Formula& dy = prim::partialDerivative(t.binaryOp, 1);
      bool needsResult = (da && dx.mentionsResult()) || (db && dy.mentionsResult());
      NodeP r = needsResult ? bind(primal, "r") : primal;
      FormulaBuilder builder(x, y, r, t.type);
      DeltaP first = scaleByPartial(dx, builder, da);
      return {r, add(first, scaleByPartial(dy, builder, db))};
    }
    case prim::DerivativeKind::PiecewiseConstant:
    case prim::DerivativeKind::Discrete:
    case prim::DerivativeKind::Conversion:
      return {primal, nullptr};
    case prim::DerivativeKind::Unset:
      break;
    }
    throw core::IRError(std::string("AD: no derivative rule for ") + entry.name);
  }

  std::vector<core::Binding> bindings_;
  std::unordered_map<uint32_t, DeltaP> varDelta_;
  std::unordered_map<const core::Node*, std::pair<NodeP, Dual>> memo_;
  uint64_t nextId_ = 1;
  bool keepLoopIntermediates_;
};

/// Prints a Delta DAG: a Share's fragment is printed at its first occurrence only.
void printDelta(const Delta& delta, std::string& out, std::set<uint64_t>& printed) {
  auto part = [&](size_t i) {
    if (!delta.parts[i]) {
      out += "Zero";
      return;
    }
    out += "(";
    printDelta(*delta.parts[i], out, printed);
    out += ")";
  };
  auto list = [&](const std::vector<NodeP>& nodes) {
    out += "[";
    for (size_t i = 0; i < nodes.size(); ++i)
      out += (i ? ", " : "") + core::print(*nodes[i]);
    out += "]";
  };
  using DK = Delta::Kind;
  switch (delta.kind) {
  case DK::Zero:
    out += "Zero";
    return;
  case DK::Input:
    out += "Input " + std::to_string(delta.input);
    return;
  case DK::Add:
    out += "Add ";
    part(0);
    out += " ";
    part(1);
    return;
  case DK::Scale:
    out += "Scale " + core::print(*delta.factor) + " ";
    part(0);
    return;
  case DK::Share:
    out += "Share " + std::to_string(delta.id);
    if (!printed.insert(delta.id).second) return;
    out += " ";
    part(0);
    return;
  case DK::Index:
    out += "Index ";
    part(0);
    out += " ";
    list(delta.indices);
    return;
  case DK::SumOuter:
    out += "SumOuter ";
    part(0);
    return;
  case DK::Gather:
  case DK::Scatter: {
    out += delta.kind == DK::Gather ? "Gather " : "Scatter ";
    out += core::shapeString(delta.shape) + " ";
    part(0);
    out += " (\\[";
    for (size_t i = 0; i < delta.vars.size(); ++i)
      out += (i ? ", " : "") + delta.vars[i]->name + "_" + std::to_string(delta.vars[i]->id);
    out += "] -> ";
    list(delta.indices);
    out += ")";
    return;
  }
  case DK::LitArray:
    out += "LitArray [";
    for (size_t i = 0; i < delta.parts.size(); ++i) {
      if (i) out += ", ";
      part(i);
    }
    out += "]";
    return;
  case DK::Replicate:
    out += "Replicate " + delta.shape[0].toString() + " ";
    part(0);
    return;
  case DK::Transpose: {
    out += "Transpose [";
    for (size_t i = 0; i < delta.permutation.size(); ++i)
      out += (i ? ", " : "") + std::to_string(delta.permutation[i]);
    out += "] ";
    part(0);
    return;
  }
  case DK::Reshape:
    out += "Reshape " + core::shapeString(delta.shape) + " ";
    part(0);
    return;
  case DK::Select:
    out += "Select " + core::print(*delta.condition) + " ";
    part(0);
    out += " ";
    part(1);
    return;
  case DK::Convert:
    out += std::string("Convert ") + arr::toString(delta.type.elem) + " ";
    part(0);
    return;
  case DK::Loop:
    out += delta.loop->kind == K::While    ? "While ["
           : delta.loop->kind == K::Custom ? "Custom ["
                                           : "Loop " + delta.loop->shape[0].toString() + " [";
    for (size_t i = 0; i < delta.parts.size(); ++i) {
      if (i) out += ", ";
      part(i);
    }
    out += "]";
    return;
  case DK::LoopResult:
    out += "LoopResult " + std::to_string(delta.result) + " ";
    part(0);
    return;
  }
}

} // namespace

DualFunction forwardPass(const core::Function& function, const std::vector<bool>& differentiable,
                         bool keepLoopIntermediates) {
  return Forward(keepLoopIntermediates).run(function, differentiable);
}

std::string print(const Delta& delta) {
  std::string out;
  std::set<uint64_t> printed;
  printDelta(delta, out, printed);
  return out;
}

std::string print(const DualFunction& dual) {
  std::string out = "primal:\n";
  for (const auto& binding : dual.bindings) {
    std::string names;
    for (const auto& var : binding.vars)
      names += (names.empty() ? "" : ", ") + var->name + "_" + std::to_string(var->id);
    if (binding.vars.size() > 1) names = "(" + names + ")";
    out += "  let " + names + " = " + core::print(*binding.value) + "\n";
  }
  for (size_t i = 0; i < dual.results.size(); ++i) {
    out += "result " + std::to_string(i) + ": " + core::print(*dual.results[i]) + "\n";
    out += "delta " + std::to_string(i) + ": " +
           (dual.deltas[i] ? print(*dual.deltas[i]) : "Zero") + "\n";
  }
  return out;
}

} // namespace arr::ad
