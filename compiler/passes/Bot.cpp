#include "passes/Bot.h"

#include "ir/Builder.h"
#include "ir/Printer.h"
#include "ir/Rewrite.h"
#include "ir/Visitor.h"

#include <functional>
#include <numeric>

namespace arr::passes {

namespace {

using namespace core;
using K = Node::Kind;

NodeP i64Const(int64_t value) {
  return makeConst(value, Elem::I64);
}

NodeP sizeNode(const Dim& dim) {
  if (auto constant = dim.asConstant()) return i64Const(*constant);
  return makeSizeValue(dim);
}

bool isTrivial(const NodeP& node) {
  return node->kind == K::Variable || node->kind == K::Const || node->kind == K::SizeValue;
}

std::vector<NodeP> indicesOf(const Node& index) {
  return std::vector<NodeP>(index.operands.begin() + 1, index.operands.end());
}

class Bot {
public:
  /// The normal form of any term.
  NodeP norm(const NodeP& term) {
    if (auto it = memo_.find(term.get()); it != memo_.end()) return it->second.second;
    NodeP result = normalize(term);
    // The memo holds both nodes, so that no address in it can be reused.
    memo_.emplace(term.get(), std::make_pair(term, result));
    memo_.emplace(result.get(), std::make_pair(result, result)); // normal forms are fixed points
    return result;
  }

  FunctionP normFunction(const FunctionP& function) {
    NodeP body = norm(function->body);
    if (body == function->body) return function;
    return std::make_shared<const Function>(Function{function->params, body});
  }

private:
  NodeP normalize(const NodeP& term) {
    switch (term->kind) {
    case K::Build1:
      ranges_[term->vars[0]->id] = term->shape[0];
      return build(term->shape[0], term->vars[0], norm(term->operands[0]));
    case K::Index: {
      std::vector<NodeP> ix;
      for (const auto& index : indicesOf(*term))
        ix.push_back(norm(index));
      return index(norm(term->operands[0]), std::move(ix));
    }
    case K::Gather:
    case K::Scatter: {
      const Type& source = term->operands[0]->type;
      for (size_t v = 0; v < term->vars.size(); ++v)
        ranges_[term->vars[v]->id] = term->kind == K::Gather ? term->shape[v] : source.shape[v];
      std::vector<NodeP> indices;
      for (const auto& index : term->indices)
        indices.push_back(norm(index));
      return rebuild(*term, {norm(term->operands[0])}, std::move(indices));
    }
    case K::Diff: {
      std::vector<NodeP> args;
      for (const auto& arg : term->operands)
        args.push_back(norm(arg));
      // A function holding another Diff (in a custom rule, say) is transformed in the
      // round that differentiates it, when its inner derivatives are code it can lift.
      FunctionP function =
          containsDiff(term->function->body) ? term->function : normFunction(term->function);
      return makeDiff(term->diffKind, function, std::move(args), term->differentiable);
    }
    default: {
      std::vector<NodeP> operands;
      for (const auto& operand : term->operands)
        operands.push_back(norm(operand));
      return rebuild(*term, std::move(operands), {});
    }
    }
  }

  // ---- build1 k (\i -> body), body in normal form (Figs. 9 and 11) ------------------

  NodeP build(const Dim& k, const VarP& i, const NodeP& body) {
    if (body->kind == K::Tuple) { // the root of a lifted loop's step: each result built apart
      std::vector<NodeP> components;
      for (const auto& component : body->operands)
        components.push_back(build(k, i, component));
      return makeTuple(std::move(components));
    }
    if (!mentions_.mentions(body, i->id)) return makeReplicate(k, body);
    auto inner = [&](const NodeP& term) { return build(k, i, term); };
    const Node& b = *body;
    switch (b.kind) {
    case K::Variable: // the index itself
      return makeIota(k);
    case K::Let: {
      const VarP& x = b.vars[0];
      const NodeP& value = b.operands[0];
      if (!mentions_.mentions(value, i->id)) return makeLet(x, value, inner(b.operands[1]));
      Type lifted = x->type;
      lifted.shape.insert(lifted.shape.begin(), k);
      VarP array = newVar(x->name, lifted);
      NodeP element = makeIndex(makeVariable(array), {makeVariable(i)});
      NodeP rest = norm(substitute(b.operands[1], x, element));
      return makeLet(array, inner(value), inner(rest));
    }
    case K::LetTuple: {
      // A loop in the build, its results bound together: one loop over the build's
      // elements in lock-step (liftLoop); each result of the original is a row of a
      // lifted one.
      const NodeP& value = b.operands[0];
      if (!mentions_.mentions(value, i->id))
        return makeLetTuple(b.vars, value, inner(b.operands[1]));
      if (value->kind == K::While) {
        NodeP lifted = liftWhile(k, i, *value);
        std::vector<VarP> arrays;
        std::unordered_map<uint32_t, NodeP> rows;
        for (size_t r = 0; r < lifted->types.size(); ++r) {
          arrays.push_back(newVar(r < b.vars.size() ? b.vars[r]->name : "steps", lifted->types[r]));
          if (r < b.vars.size())
            rows[b.vars[r]->id] = makeIndex(makeVariable(arrays.back()), {makeVariable(i)});
        }
        NodeP rest = norm(substitute(b.operands[1], rows));
        return makeLetTuple(arrays, lifted, inner(rest));
      }
      if (value->kind == K::Custom) {
        NodeP lifted = liftCustom(k, i, *value);
        std::vector<VarP> arrays;
        std::unordered_map<uint32_t, NodeP> rows;
        for (size_t r = 0; r < b.vars.size(); ++r) {
          arrays.push_back(newVar(b.vars[r]->name, lifted->types.at(r)));
          rows[b.vars[r]->id] = makeIndex(makeVariable(arrays.back()), {makeVariable(i)});
        }
        NodeP rest = norm(substitute(b.operands[1], rows));
        return makeLetTuple(arrays, lifted, inner(rest));
      }
      if (value->kind != K::Loop)
        throw IRError("BOT: cannot vectorise " + print(*value).substr(0, 80));
      NodeP lifted = liftLoop(k, i, *value);
      std::vector<VarP> arrays;
      std::unordered_map<uint32_t, NodeP> rows;
      for (size_t r = 0; r < b.vars.size(); ++r) {
        const Type& type = lifted->types.at(r);
        arrays.push_back(newVar(b.vars[r]->name, type));
        NodeP array = makeVariable(arrays.back());
        // The final state is [k, ..]; an output stacked over the steps is [n, k, ..].
        if (r >= value->stateCount) array = makeTr({1, 0}, array);
        rows[b.vars[r]->id] = makeIndex(array, {makeVariable(i)});
      }
      NodeP rest = norm(substitute(b.operands[1], rows));
      return makeLetTuple(arrays, lifted, inner(rest));
    }
    case K::Loop: // one result: the final state
      return liftLoop(k, i, b);
    case K::Custom:
      return liftCustom(k, i, b);
    case K::While: { // one state component, then the steps liftWhile adds
      NodeP lifted = liftWhile(k, i, b);
      std::vector<VarP> arrays;
      for (const Type& type : lifted->types)
        arrays.push_back(newVar("while", type));
      return makeLetTuple(arrays, lifted, makeVariable(arrays[0]));
    }
    case K::Cond: {
      const NodeP& condition = b.operands[0];
      if (!mentions_.mentions(condition, i->id))
        return makeCond(condition, inner(b.operands[1]), inner(b.operands[2]));
      // Both branches are computed; the condition picks one (strict cond).
      NodeP choice = makeCond(condition, i64Const(0), i64Const(1));
      return inner(index(makeArrayLit({b.operands[1], b.operands[2]}), {choice}));
    }
    case K::Unary:
      return makeUnary(b.unaryOp, inner(b.operands[0]));
    case K::NoGrad:
      return makeNoGrad(inner(b.operands[0]));
    case K::Binary:
      return makeBinary(b.binaryOp, inner(b.operands[0]), inner(b.operands[1]));
    case K::SumOuter:
      return makeSumOuter(makeTr({1, 0}, inner(b.operands[0])));
    case K::MaxOuter:
      return makeMaxOuter(makeTr({1, 0}, inner(b.operands[0])));
    case K::ProdOuter:
      return makeProdOuter(makeTr({1, 0}, inner(b.operands[0])));
    case K::ArgmaxOuter:
      return makeArgmaxOuter(makeTr({1, 0}, inner(b.operands[0])));
    case K::Gather:
    case K::Scatter: {
      std::vector<Dim> shape{k};
      shape.insert(shape.end(), b.shape.begin(), b.shape.end());
      std::vector<VarP> vars{i};
      vars.insert(vars.end(), b.vars.begin(), b.vars.end());
      std::vector<NodeP> indices = b.indices;
      const NodeP& source = b.operands[0];
      if (b.kind == K::Gather && !mentions_.mentions(source, i->id))
        return makeGather(shape, source, vars, indices); // the index function reads i
      indices.insert(indices.begin(), makeVariable(i));
      return b.kind == K::Gather ? makeGather(shape, inner(source), vars, indices)
                                 : makeScatter(shape, inner(source), vars, indices);
    }
    case K::ArrayLit: {
      std::vector<NodeP> elements;
      for (const auto& element : b.operands)
        elements.push_back(inner(element));
      return makeTr({1, 0}, makeArrayLit(std::move(elements)));
    }
    case K::Replicate:
      return makeTr({1, 0}, makeReplicate(b.shape[0], inner(b.operands[0])));
    case K::Tr: {
      std::vector<int> permutation{0};
      for (int p : b.permutation)
        permutation.push_back(p + 1);
      return makeTr(permutation, inner(b.operands[0]));
    }
    case K::Reshape: {
      std::vector<Dim> shape{k};
      shape.insert(shape.end(), b.shape.begin(), b.shape.end());
      return makeReshape(shape, inner(b.operands[0]));
    }
    case K::Index: {
      // Normal forms: the array is a variable, a literal, or a scatter.
      const NodeP& array = b.operands[0];
      std::vector<NodeP> ix = indicesOf(b);
      if (!mentions_.mentions(array, i->id)) return makeGather({k}, array, {i}, ix);
      ix.insert(ix.begin(), makeVariable(i));
      return makeGather({k}, inner(array), {i}, ix);
    }
    default:
      throw IRError("BOT: cannot vectorise " + print(b).substr(0, 80) +
                    " (differentiation inside build is not supported)");
    }
  }

  /// The function of a loop-like node (a loop, a while loop, a custom node) lifted over a
  /// build's dimension k: each lifted parameter is an array over k whose row `lane`
  /// stands for the old parameter.
  struct Lifting {
    std::shared_ptr<core::Function> function = std::make_shared<core::Function>();
    VarP lane;
    std::unordered_map<uint32_t, NodeP> rows; // the old parameters, as rows of the new
  };

  Lifting startLifting(const Dim& k) {
    Lifting lifting;
    lifting.lane = newVar("lane", scalarType(Elem::I64));
    ranges_[lifting.lane->id] = k;
    return lifting;
  }

  /// A new parameter of `type`, whose row at the lane stands for `param`.
  static void liftParam(Lifting& lifting, const VarP& param, const Type& type) {
    lifting.function->params.push_back(newVar(param->name, type));
    lifting.rows[param->id] =
        makeIndex(makeVariable(lifting.function->params.back()), {makeVariable(lifting.lane)});
  }

  static Type overDimension(const Dim& k, Type type) {
    type.shape.insert(type.shape.begin(), k);
    return type;
  }

  /// A captured operand of the node for `param`: as it is, with `param` itself, when it
  /// does not mention i; else built over k, read at the lane.
  NodeP liftCaptured(Lifting& lifting, const Dim& k, const VarP& i, const NodeP& operand,
                     const VarP& param) {
    if (!mentions_.mentions(operand, i->id)) {
      lifting.function->params.push_back(param);
      return operand;
    }
    NodeP lifted = build(k, i, operand);
    liftParam(lifting, param, overDimension(k, param->type));
    return lifted;
  }

  /// build k (\i -> loop n init xs captured step), the loop mentioning i: one loop whose
  /// state and elements gain the build's dimension, so the k loops run in lock-step. Its
  /// step is the old one built over k, in normal form: a function of its own. Captured
  /// values that do not depend on i stay as they are.
  NodeP liftLoop(const Dim& k, const VarP& i, const Node& loop) {
    const core::Function& step = *loop.function;
    Lifting lifting = startLifting(k);
    std::vector<NodeP> init, elements, captured;
    size_t position = 0;
    for (const NodeP& value : loopInit(loop)) {
      init.push_back(build(k, i, value));
      liftParam(lifting, step.params[position++], init.back()->type);
    }
    for (const NodeP& array : loopElements(loop)) {
      elements.push_back(makeTr({1, 0}, build(k, i, array))); // [n, k, ..]: step t reads row t
      const VarP& param = step.params[position++];
      liftParam(lifting, param, overDimension(k, param->type));
    }
    for (const NodeP& value : loopCaptured(loop))
      captured.push_back(liftCaptured(lifting, k, i, value, step.params[position++]));
    lifting.function->body = build(k, lifting.lane, norm(substitute(step.body, lifting.rows)));
    return makeLoop(loop.shape[0], std::move(init), std::move(elements), std::move(captured),
                    lifting.function);
  }

  /// build k (\i -> custom inputs value captured rule), the node mentioning i: one custom
  /// node over the k elements, whose rule is the old one applied to each element (built over
  /// k): the call with a rule stays opaque, each element differentiated by the rule.
  NodeP liftCustom(const Dim& k, const VarP& i, const Node& custom) {
    const core::Function& rule = *custom.function;
    Lifting lifting = startLifting(k);
    std::vector<NodeP> inputs, value, captured;
    for (const NodeP& input : core::customInputs(custom))
      inputs.push_back(build(k, i, input));
    for (const NodeP& component : core::customValue(custom))
      value.push_back(build(k, i, component));
    size_t incoming = rule.params.size() - custom.operands.size();
    size_t position = 0;
    for (; position < inputs.size() + value.size() + incoming; ++position)
      liftParam(lifting, rule.params[position], overDimension(k, rule.params[position]->type));
    for (const NodeP& operand : core::customCaptured(custom))
      captured.push_back(liftCaptured(lifting, k, i, operand, rule.params[position++]));
    lifting.function->body = build(k, lifting.lane, norm(substitute(rule.body, lifting.rows)));
    return makeCustom(custom.diffKind, std::move(inputs), std::move(value), std::move(captured),
                      lifting.function);
  }

  /// `body` (a function body: lets over a tuple) with its root tuple replaced by `root`'s.
  /// build k (\i -> while bound init captured f), the loop mentioning i: one while loop
  /// over the k elements in lock-step. Each element counts its steps (a state component
  /// added last) and goes on while its condition holds and its count is below its bound;
  /// an element that stopped keeps its state while others go on, and the loop runs while
  /// any element goes on (at most the largest bound). The function is the old one built
  /// over k, in normal form.
  NodeP liftWhile(const Dim& k, const VarP& i, const Node& loop) {
    const core::Function& function = *loop.function;
    Lifting lifting = startLifting(k);
    auto rowOf = [&](const VarP& array) {
      return makeIndex(makeVariable(array), {makeVariable(lifting.lane)});
    };
    std::vector<NodeP> init, captured, states;
    size_t position = 0;
    for (const NodeP& value : whileInit(loop)) {
      init.push_back(build(k, i, value));
      const VarP& param = function.params[position++];
      liftParam(lifting, param, init.back()->type);
      states.push_back(lifting.rows[param->id]);
    }
    init.push_back(makeReplicate(k, i64Const(0)));
    VarP steps = newVar("steps", init.back()->type);
    lifting.function->params.push_back(steps);
    NodeP bounds = build(k, i, loop.operands[0]);
    captured.push_back(bounds);
    VarP boundsParam = newVar("bounds", bounds->type);
    lifting.function->params.push_back(boundsParam);
    for (const NodeP& value : whileCaptured(loop))
      captured.push_back(liftCaptured(lifting, k, i, value, function.params[position++]));
    NodeP count = rowOf(steps);
    NodeP perElement =
        mapRootTuple(substitute(function.body, lifting.rows), [&](const Node& tuple) {
          VarP goes = newVar("goes", scalarType(Elem::Bool));
          NodeP going = makeVariable(goes);
          std::vector<NodeP> results{makeCond(going, i64Const(1), i64Const(0))};
          for (size_t j = 0; j < states.size(); ++j)
            results.push_back(makeCond(going, tuple.operands[j + 1], states[j]));
          results.push_back(makeCond(going, makeBinary(BinaryOp::Add, count, i64Const(1)), count));
          NodeP below = makeBinary(BinaryOp::Lt, count, rowOf(boundsParam));
          return makeLet(goes, makeBinary(BinaryOp::And, tuple.operands[0], below),
                         makeTuple(std::move(results)));
        });
    lifting.function->body =
        mapRootTuple(build(k, lifting.lane, norm(perElement)), [&](const Node& tuple) {
          std::vector<NodeP> results = tuple.operands;
          results[0] = makeBinary(BinaryOp::Gt, makeSumOuter(results[0]), i64Const(0));
          return makeTuple(std::move(results));
        });
    return makeWhile(makeMaxOuter(bounds), std::move(init), std::move(captured), lifting.function);
  }

  // ---- index t ix, t and ix in normal form (Fig. 10) -----------------------------------

  /// Binds the non-trivial values[from..] to variables around what `body` makes
  /// of them, so that an index used twice is computed once.
  NodeP shared(std::vector<NodeP>& values, size_t from,
               const std::function<NodeP(const std::vector<NodeP>&)>& body) {
    std::vector<std::pair<VarP, NodeP>> lets;
    for (size_t j = from; j < values.size(); ++j) {
      if (isTrivial(values[j])) continue;
      VarP var = newVar("j", values[j]->type);
      lets.emplace_back(var, values[j]);
      values[j] = makeVariable(var);
    }
    NodeP result = body(values);
    for (auto let = lets.rbegin(); let != lets.rend(); ++let)
      result = makeLet(let->first, let->second, result);
    return result;
  }

  /// `value` when 0 <= position < extent, else zeros: the totality of a read
  /// whose range check a rewrite would otherwise lose. `position` is trivial.
  NodeP guard(const NodeP& position, const Dim& extent, const NodeP& value) {
    if (position->kind == K::Variable) {
      auto range = ranges_.find(position->vars[0]->id);
      if (range != ranges_.end() && range->second == extent) return value;
    }
    if (position->kind == K::Const) {
      int64_t at = std::get<int64_t>(position->value);
      auto size = extent.asConstant();
      if (size && at >= 0 && at < *size) return value;
    }
    NodeP inRange = makeBinary(BinaryOp::And, makeBinary(BinaryOp::Le, i64Const(0), position),
                               makeBinary(BinaryOp::Lt, position, sizeNode(extent)));
    return makeCond(inRange, value, zerosOf(value->type));
  }

  /// Whether an operation maps zeros (0, +0.0, false) to exactly zero, so that
  /// pushing an out-of-range read through it still gives zero.
  static bool preservesZero(const Node& t) {
    Elem operand = t.operands[0]->type.elem;
    return t.kind == K::Unary ? prim::mapsZeroToZero(t.unaryOp, operand)
                              : prim::mapsZeroToZero(t.binaryOp, operand);
  }

  /// Guards `value` by every index position against the dimension it reads.
  NodeP guardAll(const std::vector<NodeP>& at, const std::vector<Dim>& shape, NodeP value) {
    for (size_t j = at.size(); j-- > 0;)
      value = guard(at[j], shape[j], value);
    return value;
  }

  NodeP index(const NodeP& term, std::vector<NodeP> ix) {
    if (ix.empty()) return term;
    const Node& t = *term;
    std::vector<NodeP> rest(ix.begin() + 1, ix.end());
    switch (t.kind) {
    case K::Index: {
      std::vector<NodeP> all = indicesOf(t);
      all.insert(all.end(), ix.begin(), ix.end());
      return index(t.operands[0], std::move(all));
    }
    case K::Let:
      return makeLet(t.vars[0], t.operands[0], index(t.operands[1], std::move(ix)));
    case K::LetTuple:
      return makeLetTuple(t.vars, t.operands[0], index(t.operands[1], std::move(ix)));
    case K::Cond:
      return shared(ix, 0, [&](const std::vector<NodeP>& at) {
        return makeCond(t.operands[0], index(t.operands[1], at), index(t.operands[2], at));
      });
    case K::Binary:
      // An out-of-range read of the result is zero; pushed inside, it reads zeros
      // and applies the operation to them, which is zero only for some operations.
      return shared(ix, 0, [&](const std::vector<NodeP>& at) {
        NodeP pushed = makeBinary(t.binaryOp, index(t.operands[0], at), index(t.operands[1], at));
        return preservesZero(t) ? pushed : guardAll(at, t.type.shape, pushed);
      });
    case K::Unary:
      if (preservesZero(t)) return makeUnary(t.unaryOp, index(t.operands[0], std::move(ix)));
      return shared(ix, 0, [&](const std::vector<NodeP>& at) {
        return guardAll(at, t.type.shape, makeUnary(t.unaryOp, index(t.operands[0], at)));
      });
    case K::NoGrad:
      return makeNoGrad(index(t.operands[0], std::move(ix)));
    case K::SumOuter:
    case K::ProdOuter:
    case K::MaxOuter:
    case K::ArgmaxOuter: {
      // Move the reduced dimension behind the indexed ones.
      std::vector<int> permutation(ix.size() + 1);
      std::iota(permutation.begin(), permutation.end(), 1);
      permutation.back() = 0;
      if (t.kind != K::MaxOuter && t.kind != K::ProdOuter) {
        NodeP inner = index(makeTr(permutation, t.operands[0]), std::move(ix));
        return t.kind == K::SumOuter ? makeSumOuter(inner) : makeArgmaxOuter(inner);
      }
      // The maximum of zero rows is -inf and their product 1, not the zero of an
      // out-of-range read.
      return shared(ix, 0, [&](const std::vector<NodeP>& at) {
        NodeP inner = index(makeTr(permutation, t.operands[0]), at);
        return guardAll(at, t.type.shape,
                        t.kind == K::MaxOuter ? makeMaxOuter(inner) : makeProdOuter(inner));
      });
    }
    case K::ArrayLit:
      if (ix.size() == 1) return makeIndex(term, ix);
      return shared(ix, 1, [&](const std::vector<NodeP>& at) {
        std::vector<NodeP> tail(at.begin() + 1, at.end());
        std::vector<NodeP> elements;
        for (const auto& element : t.operands)
          elements.push_back(index(element, tail));
        return makeIndex(makeArrayLit(std::move(elements)), {at[0]});
      });
    case K::Replicate:
      return shared(ix, 0, [&](const std::vector<NodeP>& at) {
        return guard(at[0], t.shape[0], index(t.operands[0], {at.begin() + 1, at.end()}));
      });
    case K::Iota:
      return shared(ix, 0,
                    [&](const std::vector<NodeP>& at) { return guard(at[0], t.shape[0], at[0]); });
    case K::Tr:
      return index(transposeAsGather(t), std::move(ix));
    case K::Reshape:
      return index(reshapeAsGather(t), std::move(ix));
    case K::Gather:
      return shared(ix, 0, [&](const std::vector<NodeP>& at) {
        std::vector<NodeP> indices;
        for (const auto& f : t.indices)
          indices.push_back(norm(substitute(f, t.vars[0], at[0])));
        std::vector<NodeP> tail(at.begin() + 1, at.end());
        NodeP read;
        if (t.vars.size() == 1) {
          indices.insert(indices.end(), tail.begin(), tail.end());
          read = index(t.operands[0], std::move(indices));
        } else {
          std::vector<Dim> shape(t.shape.begin() + 1, t.shape.end());
          std::vector<VarP> vars(t.vars.begin() + 1, t.vars.end());
          read = index(makeGather(shape, t.operands[0], vars, std::move(indices)), tail);
        }
        return guard(at[0], t.shape[0], read);
      });
    case K::Build1:
      throw IRError("BOT: index of an unnormalised build1");
    default: // variables, constants, scatters: normal forms
      return makeIndex(term, std::move(ix));
    }
  }

  std::vector<VarP> indexVars(const std::vector<Dim>& dims) {
    std::vector<VarP> vars;
    for (const auto& dim : dims) {
      vars.push_back(newVar("t", scalarType(Elem::I64)));
      ranges_[vars.back()->id] = dim;
    }
    return vars;
  }

  /// tr p u as gather: result[j] = u[l] where l[p[q]] = j[q].
  NodeP transposeAsGather(const Node& t) {
    size_t m = t.permutation.size();
    std::vector<Dim> outer(t.type.shape.begin(), t.type.shape.begin() + m);
    std::vector<VarP> vars = indexVars(outer);
    std::vector<NodeP> source(m);
    for (size_t q = 0; q < m; ++q)
      source[t.permutation[q]] = makeVariable(vars[q]);
    return makeGather(outer, t.operands[0], vars, source);
  }

  /// reshape sh u as gather through the row-major linear index.
  NodeP reshapeAsGather(const Node& t) {
    const std::vector<Dim>& to = t.shape;
    const std::vector<Dim>& from = t.operands[0]->type.shape;
    std::vector<VarP> vars = indexVars(to);
    NodeP linear;
    Dim stride = Dim::constant(1);
    for (size_t q = to.size(); q-- > 0;) {
      NodeP term = makeVariable(vars[q]);
      if (stride != Dim::constant(1)) term = makeBinary(BinaryOp::Mul, term, sizeNode(stride));
      linear = linear ? makeBinary(BinaryOp::Add, term, linear) : term;
      stride = stride * to[q];
    }
    if (!linear) linear = i64Const(0);
    std::vector<NodeP> source(from.size());
    stride = Dim::constant(1);
    for (size_t r = from.size(); r-- > 0;) {
      NodeP coordinate = linear;
      if (stride != Dim::constant(1))
        coordinate = makeBinary(BinaryOp::Div, coordinate, sizeNode(stride));
      if (r > 0) coordinate = makeBinary(BinaryOp::Mod, coordinate, sizeNode(from[r]));
      source[r] = coordinate;
      stride = stride * from[r];
    }
    return makeGather(to, t.operands[0], vars, source);
  }

  MentionCache mentions_;
  std::unordered_map<const Node*, std::pair<NodeP, NodeP>> memo_;
  std::unordered_map<uint32_t, Dim> ranges_; // index variables and the extents they range over
};

/// Applies the BOT inside the functions of Diff nodes only, and only to those that
/// contain no other Diff node: differentiation goes innermost first, and an outer
/// function is transformed in the round that differentiates it.
struct DiffBodies : Mutator {
  Bot bot;
  NodeP mutateNode(const NodeP& node) override {
    if (node->kind != K::Diff) return mutateChildren(node);
    if (containsDiff(node->function->body)) return mutateChildren(node); // not innermost
    std::vector<NodeP> args;
    for (const auto& arg : node->operands)
      args.push_back(mutate(arg));
    return makeDiff(node->diffKind, bot.normFunction(node->function), std::move(args),
                    node->differentiable);
  }
};

Program transformEntries(const Program& program, const std::function<NodeP(const NodeP&)>& f) {
  Program result = program;
  for (auto& entry : result.entries)
    entry.function.body = f(entry.function.body);
  return result;
}

} // namespace

Program bulkOperationTransform(const Program& program) {
  DiffBodies pass;
  return transformEntries(program, [&](const NodeP& body) { return pass.mutate(body); });
}

FunctionP bulkOperationTransform(const FunctionP& function) {
  return Bot().normFunction(function);
}

Program bulkOperationTransformAll(const Program& program) {
  // The differentiated functions first, as without --bot-all: a Diff made by an earlier
  // round may sit in a loop's step, which the whole-entry transform leaves alone.
  Bot bot;
  return transformEntries(bulkOperationTransform(program),
                          [&](const NodeP& body) { return bot.norm(body); });
}

std::string checkBotNormalForm(const Node& root) {
  // A loop's step is a function of its own, transformed when it is differentiated; so is
  // the function of a Diff holding another, in a later round.
  struct Checker : Visitor {
    std::string problem;
    void visitNode(const NodeP& node) override {
      if (!problem.empty()) return;
      if (node->kind == K::Diff && containsDiff(node->function->body)) {
        for (const auto& operand : node->operands)
          visit(operand);
        return;
      }
      if (node->kind == K::Build1) problem = "build1 remains: " + print(*node).substr(0, 120);
      if (node->kind == K::Index) {
        K array = node->operands[0]->kind;
        bool normal = array == K::Variable || array == K::Const || array == K::Scatter ||
                      (array == K::ArrayLit && node->operands.size() == 2);
        if (!normal) problem = "index not in normal form: " + print(*node).substr(0, 120);
      }
      if (node->kind == K::Loop || node->kind == K::While || node->kind == K::Custom) {
        for (const auto& operand : node->operands)
          visit(operand);
        return;
      }
      visitChildren(node);
    }
  } checker;
  checker.visit(NodeP(std::shared_ptr<const Node>(), &root));
  return checker.problem;
}

} // namespace arr::passes
