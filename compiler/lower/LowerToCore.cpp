#include "lower/LowerToCore.h"

#include "ir/Builder.h"
#include "ir/Rewrite.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

namespace arr::lower {

namespace {

using arr::Dim;
using core::NodeP;
using core::VarP;
using sema::Builtin;
using sema::Resolution;
using Components = std::vector<NodeP>;
using Sizes = std::map<uint32_t, Dim>;

struct Frame;
using Env = std::shared_ptr<const Frame>;

/// A function known at compile time: every call of it is inlined.
struct FunctionValue;
using FunctionP = std::shared_ptr<const FunctionValue>;

struct FunctionValue {
  enum class Kind { Instance, Lambda, Builtin, Custom };
  Kind kind = Kind::Instance;
  const sema::FunctionInstance* instance = nullptr;
  const ast::Expr* lambda = nullptr;
  Env closure; // Lambda: the scope it was written in
  Sizes sizes; // the size substitution to lower its body with
  Builtin builtin = Builtin::NoGrad;
  // Custom: customVjp(primal, rule) or customJvp(primal, rule)
  FunctionP primal, rule;
  core::DiffKind mode = core::DiffKind::Vjp;
};

/// What a name stands for: the components of a value, or a function.
struct Value {
  Components components;
  FunctionP function;
};

/// Every this many frames, one remembers the names looked up through it: a chain of n
/// lets is n frames, and a parameter read in every let would cost n² steps to find.
constexpr size_t kFrameIndexStride = 32;

struct Frame {
  std::string name;
  Value value;
  Env parent;
  size_t depth = 0; // the frames below this one
  /// Frames whose depth is a multiple of kFrameIndexStride: the value each name looked up
  /// through this frame has here (a binding in a frame below, which this one keeps alive).
  mutable std::unordered_map<std::string, const Value*> index;
};

Env extend(Env env, const std::string& name, Value value) {
  size_t depth = env ? env->depth + 1 : 0;
  return std::make_shared<const Frame>(Frame{name, std::move(value), std::move(env), depth, {}});
}

const Value& lookup(const Env& env, const std::string& name) {
  std::vector<const Frame*> indexed; // frames with an index that the walk passed
  const Value* found = nullptr;
  for (const Frame* frame = env.get(); frame && !found; frame = frame->parent.get()) {
    if (frame->name == name) {
      found = &frame->value;
    } else if (frame->depth % kFrameIndexStride == 0) {
      if (auto it = frame->index.find(name); it != frame->index.end())
        found = it->second;
      else
        indexed.push_back(frame);
    }
  }
  if (!found) throw core::IRError("lowering: unbound name '" + name + "'");
  for (const Frame* frame : indexed)
    frame->index.emplace(name, found);
  return *found;
}

/// A binding waiting to be wrapped around the expression of its scope.
struct Binding {
  std::vector<VarP> vars; // one: let; several: let tuple
  NodeP value;
  bool call = false; // the result of an inlined call (Lowerer::sharedCall)
};

bool isTrivial(const NodeP& node) {
  return node->kind == core::Node::Kind::Variable || node->kind == core::Node::Kind::Const ||
         node->kind == core::Node::Kind::SizeValue;
}

core::BinaryOp binaryOf(ast::BinaryOp op) {
  using A = ast::BinaryOp;
  using C = core::BinaryOp;
  switch (op) {
  case A::Or:
    return C::Or;
  case A::And:
    return C::And;
  case A::Eq:
    return C::Eq;
  case A::Ne:
    return C::Ne;
  case A::Lt:
    return C::Lt;
  case A::Le:
    return C::Le;
  case A::Gt:
    return C::Gt;
  case A::Ge:
    return C::Ge;
  case A::Add:
    return C::Add;
  case A::Sub:
    return C::Sub;
  case A::Mul:
    return C::Mul;
  case A::Div:
    return C::Div;
  case A::Mod:
    return C::Mod;
  case A::Pow:
    return C::Pow;
  }
  return C::Add;
}

core::DiffKind diffOf(Builtin builtin) {
  switch (builtin) {
  case Builtin::Grad:
    return core::DiffKind::Grad;
  case Builtin::ValueAndGrad:
    return core::DiffKind::ValueAndGrad;
  case Builtin::Vjp:
    return core::DiffKind::Vjp;
  default:
    return core::DiffKind::Jvp;
  }
}

/// Replicates `node` along the leading dimensions of `shape` that it lacks (its shape is a
/// suffix of `shape`: LANGUAGE.md §5 broadcasting).
NodeP broadcast(NodeP node, const std::vector<Dim>& shape) {
  for (size_t d = shape.size() - node->type.rank(); d-- > 0;)
    node = core::makeReplicate(shape[d], node);
  return node;
}

NodeP elementwise(core::BinaryOp op, NodeP left, NodeP right) {
  if (left->type.rank() < right->type.rank()) left = broadcast(left, right->type.shape);
  if (right->type.rank() < left->type.rank()) right = broadcast(right, left->type.shape);
  return core::makeBinary(op, left, right);
}

class Lowerer {
public:
  explicit Lowerer(const sema::CheckedProgram& program) : program_(program) {}

  core::Program run() {
    core::Program result;
    for (const sema::FunctionInstance* entry : program_.entries)
      result.entries.push_back(lowerEntry(*entry));
    return result;
  }

private:
  // ---- Scopes of pending bindings ----------------------------------------------

  void openScope() {
    scopes_.emplace_back();
    sharedCalls_.emplace_back();
  }

  NodeP closeScope(NodeP body) {
    std::vector<Binding> bindings = std::move(scopes_.back());
    scopes_.pop_back();
    sharedCalls_.pop_back();
    return wrap(bindings, std::move(body));
  }

  static NodeP wrap(const std::vector<Binding>& bindings, NodeP body) {
    auto binding = bindings.rbegin();
    // A body that is a call's result alone: the call, not `let f = call in f`.
    if (binding != bindings.rend() && binding->call && body->kind == core::Node::Kind::Variable &&
        body->vars[0] == binding->vars[0]) {
      body = binding->value;
      ++binding;
    }
    for (; binding != bindings.rend(); ++binding)
      body = binding->vars.size() == 1
                 ? core::makeLet(binding->vars[0], binding->value, std::move(body))
                 : core::makeLetTuple(binding->vars, binding->value, std::move(body));
    return body;
  }

  /// Binds a value to a fresh variable of the current scope (unless it is trivial),
  /// so that using it several times does not repeat its computation.
  NodeP share(NodeP value, const std::string& name) {
    if (isTrivial(value)) return value;
    VarP var = core::newVar(name, value->type);
    scopes_.back().push_back({{var}, std::move(value)});
    return core::makeVariable(var);
  }

  /// Lowers `expr` in a scope of its own; its bindings wrap each component.
  Components lowerScoped(const ast::Expr& expr, const Env& env, const Sizes& sizes) {
    openScope();
    Components components = lower(expr, env, sizes).components;
    std::vector<Binding> bindings = std::move(scopes_.back());
    scopes_.pop_back();
    sharedCalls_.pop_back();
    for (auto& component : components)
      component = wrap(bindings, component);
    return components;
  }

  // ---- Types and sizes -----------------------------------------------------------

  static core::Type coreType(const sema::TypeP& type) {
    if (!type->isArray() || !type->typeVar.empty())
      throw core::IRError("lowering: " + sema::toString(type) + " is not an array type");
    return core::Type{type->elem, type->dims};
  }

  /// Copies into `used` the bindings of the variables `dim` mentions, a derived size's
  /// operands' included (substitution derives it again from them).
  static void collectBindings(const Dim& dim, const Sizes& sizes, Sizes& used) {
    for (const auto& [monomial, coefficient] : dim.terms())
      for (const SizeVarP& var : monomial) {
        if (auto bound = sizes.find(var->id); bound != sizes.end()) used.insert(*bound);
        if (var->derivation) {
          collectBindings(var->derivation->a, sizes, used);
          collectBindings(var->derivation->b, sizes, used);
        }
      }
  }

  static std::vector<core::Type> componentTypes(const sema::TypeP& type, const Sizes& sizes) {
    // Only the bindings the type uses: an entry's parameters would each copy all of its
    // sizes, quadratic in their number.
    sema::Substitution substitution;
    for (const auto& part : sema::flatten(type))
      for (const Dim& dim : part->dims)
        collectBindings(dim, sizes, substitution.dims);
    std::vector<core::Type> types;
    for (const auto& part : sema::flatten(sema::substitute(type, substitution)))
      types.push_back(coreType(part));
    return types;
  }

  static std::vector<Dim> substitute(const std::vector<Dim>& dims, const Sizes& sizes) {
    std::vector<Dim> result;
    for (const auto& dim : dims)
      result.push_back(dim.substitute(sizes));
    return result;
  }

  /// The callee's size substitution: its own variables as bound at the call, plus
  /// the caller's (type arguments may mention the caller's size variables). Each bound
  /// size must not be negative: an error now when it is a constant, else checked when
  /// the entry starts.
  Sizes calleeSizes(const Resolution& resolution, const Sizes& caller, Loc at) {
    Sizes sizes = caller;
    const sema::FunctionInstance& callee = *resolution.instance;
    for (const auto& [id, written] : resolution.bindings.dims) {
      Dim dim = written.substitute(caller);
      auto var = std::find_if(callee.sizeVars.begin(), callee.sizeVars.end(),
                              [&](const SizeVarP& v) { return v->id == id; });
      if (var != callee.sizeVars.end()) {
        std::string what = "size " + (*var)->name + " of " + callee.decl->name;
        requireSize(dim, written, what, at);
        // With the entry's sizes non-negative, only a negative coefficient can make it
        // negative.
        auto terms = dim.terms();
        bool mayBeNegative = std::any_of(terms.begin(), terms.end(),
                                         [](const auto& term) { return term.second < 0; });
        if (!dim.isConstant() && mayBeNegative && boundDims_.insert(dim.toString()).second)
          sizeBindings_.push_back({dim, what});
      }
      sizes[id] = dim;
    }
    return sizes;
  }

  /// Requires a constant dimension, `written` before substitution, not to be negative
  /// (LANGUAGE.md §3). Other dimensions are checked when the entry starts.
  void requireSize(const Dim& dim, const Dim& written, const std::string& what, Loc at) {
    auto constant = dim.asConstant();
    if (!constant || *constant >= 0) return;
    std::string value = written.isConstant()
                            ? std::to_string(*constant)
                            : written.toString() + " = " + std::to_string(*constant);
    std::vector<Note> notes;
    for (auto call = calls_.rbegin(); call != calls_.rend(); ++call)
      notes.push_back({call->first, "in this call of " + call->second});
    throw CompileError(at, what + " is " + value + " here, a negative size", std::move(notes));
  }

  // ---- Entries and functions ------------------------------------------------------

  static core::TupleNesting tupleNesting(const sema::TypeP& type) {
    core::TupleNesting nesting;
    if (type->isTuple())
      for (const sema::TypeP& component : type->elements)
        nesting.components.push_back(tupleNesting(component));
    return nesting;
  }

  core::Entry lowerEntry(const sema::FunctionInstance& inst) {
    core::Entry entry;
    entry.name = inst.decl->name;
    entry.sizeVars = inst.sizeVars;
    Sizes sizes;
    for (const auto& var : inst.sizeVars)
      sizes[var->id] = Dim::variable(var);
    Env env;
    for (size_t i = 0; i < inst.decl->params.size(); ++i) {
      const std::string& name = inst.decl->params[i].name;
      Value value;
      for (const auto& type : componentTypes(inst.paramTypes[i], sizes)) {
        VarP var = core::newVar(name, type);
        entry.function.params.push_back(var);
        value.components.push_back(core::makeVariable(var));
      }
      entry.paramNames.push_back(name);
      entry.paramComponents.push_back(value.components.size());
      entry.paramNesting.push_back(tupleNesting(inst.paramTypes[i]));
      env = extend(env, name, std::move(value));
    }
    openScope();
    Components results = lower(*inst.body, env, sizes).components;
    entry.function.body = closeScope(core::makeTuple(results));
    entry.resultNesting = tupleNesting(inst.resultType);
    entry.sizeBindings = std::move(sizeBindings_);
    sizeBindings_.clear();
    boundDims_.clear();
    return entry;
  }

  /// Inlines a call of a known function with already lowered arguments.
  Value call(const FunctionValue& function, const std::vector<Value>& args) {
    switch (function.kind) {
    case FunctionValue::Kind::Instance: {
      const sema::FunctionInstance& inst = *function.instance;
      Env env;
      for (size_t i = 0; i < args.size(); ++i)
        env = extend(env, inst.decl->params[i].name, args[i]);
      return lower(*inst.body, env, function.sizes);
    }
    case FunctionValue::Kind::Lambda: {
      Env env = function.closure;
      for (size_t i = 0; i < args.size(); ++i)
        env = extend(env, function.lambda->lambdaParams[i].name, args[i]);
      return lower(function.lambda->operand(0), env, function.sizes);
    }
    case FunctionValue::Kind::Builtin: {
      std::vector<NodeP> operands;
      for (const auto& arg : args)
        operands.push_back(arg.components.at(0));
      return {{applyElementwise(function.builtin, operands)}, nullptr};
    }
    case FunctionValue::Kind::Custom:
      return callWithRule(function, args);
    }
    return {};
  }

  /// A call of customVjp(f, rule) or customJvp(f, rule): f's body, inlined; under
  /// differentiation, wrapped in a custom node that carries the rule, closed over what it
  /// mentions of the enclosing scope. Outside any differentiation the rule is never used.
  Value callWithRule(const FunctionValue& function, const std::vector<Value>& args) {
    Value value = call(*function.primal, args);
    if (differentiating_ == 0) return value;
    Components inputs, results;
    for (const Value& arg : args)
      inputs.insert(inputs.end(), arg.components.begin(), arg.components.end());
    for (NodeP& component : value.components)
      results.push_back(share(component, "y"));
    auto rule = std::make_shared<core::Function>();
    auto param = [&](const NodeP& component) {
      rule->params.push_back(core::newVar("r", component->type));
      return core::makeVariable(rule->params.back());
    };
    std::vector<Value> ruleArgs;
    for (const Value& arg : args) {
      Value copy;
      for (const NodeP& component : arg.components)
        copy.components.push_back(param(component));
      ruleArgs.push_back(std::move(copy));
    }
    Value y;
    for (const NodeP& component : results)
      y.components.push_back(param(component));
    ruleArgs.push_back(y);
    if (function.mode == core::DiffKind::Vjp) {
      Value cotangent;
      for (const NodeP& component : results)
        cotangent.components.push_back(param(component));
      ruleArgs.push_back(std::move(cotangent));
    } else {
      for (const Value& arg : args) { // the tangents of the parameters with a float part
        Value tangent;
        for (const NodeP& component : arg.components)
          if (core::isFloat(component->type.elem)) tangent.components.push_back(param(component));
        if (!tangent.components.empty()) ruleArgs.push_back(std::move(tangent));
      }
    }
    openScope();
    Components ruleResults = call(*function.rule, ruleArgs).components;
    NodeP body = closeScope(core::makeTuple(ruleResults));
    std::unordered_map<uint32_t, NodeP> captures;
    Components captured;
    for (const VarP& outer : core::freeVariables(body)) {
      bool own = std::any_of(rule->params.begin(), rule->params.end(),
                             [&](const VarP& p) { return p->id == outer->id; });
      if (own) continue;
      rule->params.push_back(core::newVar(outer->name, outer->type));
      captures[outer->id] = core::makeVariable(rule->params.back());
      captured.push_back(core::makeVariable(outer));
    }
    rule->body = core::substitute(body, captures);
    NodeP custom = core::makeCustom(function.mode, inputs, results, captured, rule);
    if (custom->resultCount() == 1) return single(share(custom, "custom"));
    std::vector<VarP> vars;
    Components bound;
    for (const auto& type : custom->types) {
      vars.push_back(core::newVar("custom", type));
      bound.push_back(core::makeVariable(vars.back()));
    }
    scopes_.back().push_back({vars, custom});
    return {bound, nullptr};
  }

  /// The function a function-typed argument denotes.
  FunctionP functionValue(const ast::Expr& expr, const Env& env, const Sizes& sizes) {
    auto function = std::make_shared<FunctionValue>();
    if (expr.kind == ast::Expr::Kind::Call) { // customVjp(f, rule) or customJvp(f, rule)
      function->kind = FunctionValue::Kind::Custom;
      function->primal = functionValue(expr.operand(1), env, sizes);
      function->rule = functionValue(expr.operand(2), env, sizes);
      function->mode = expr.resolution->builtin == Builtin::CustomVjp ? core::DiffKind::Vjp
                                                                      : core::DiffKind::Jvp;
      return function;
    }
    if (expr.kind == ast::Expr::Kind::Lambda) {
      function->kind = FunctionValue::Kind::Lambda;
      function->lambda = &expr;
      function->closure = env;
      function->sizes = sizes;
      return function;
    }
    const Resolution* resolution = expr.resolution.get();
    if (!resolution || resolution->kind == Resolution::Kind::Local) {
      const Value& value = lookup(env, expr.name());
      if (!value.function) throw core::IRError("lowering: '" + expr.name() + "' is not a function");
      return value.function;
    }
    if (resolution->kind == Resolution::Kind::Builtin) {
      function->kind = FunctionValue::Kind::Builtin;
      function->builtin = resolution->builtin;
      return function;
    }
    function->kind = FunctionValue::Kind::Instance;
    function->instance = resolution->instance;
    function->sizes = calleeSizes(*resolution, sizes, expr.range.begin);
    return function;
  }

  /// Lowers call arguments; values are shared so the inlined body can use them freely.
  std::vector<Value> lowerArguments(const ast::Expr& call, size_t first, size_t count,
                                    const Env& env, const Sizes& sizes) {
    std::vector<Value> args;
    for (size_t i = first; i < first + count; ++i) {
      const ast::Expr& arg = call.operand(i);
      if (arg.type && arg.type->isFunction()) {
        args.push_back({{}, functionValue(arg, env, sizes)});
        continue;
      }
      Value value = lower(arg, env, sizes);
      for (auto& component : value.components)
        component = share(component, "arg");
      args.push_back(std::move(value));
    }
    return args;
  }

  // ---- Expressions -----------------------------------------------------------------

  Value lower(const ast::Expr& expr, const Env& env, const Sizes& sizes) {
    using K = ast::Expr::Kind;
    switch (expr.kind) {
    // An f32 literal is rounded once, from its spelling: through f64 first, a literal just
    // above the midpoint of two floats could round down.
    case K::IntLit:
      if (expr.type->elem == ast::ElemKind::F32)
        return single(core::makeConst(double(float(expr.intValue)), expr.type->elem));
      if (core::isFloat(expr.type->elem))
        return single(core::makeConst(double(expr.intValue), expr.type->elem));
      return single(core::makeConst(expr.intValue, expr.type->elem));
    case K::FloatLit:
      if (expr.type->elem == ast::ElemKind::F32 && !expr.text.empty())
        return single(
            core::makeConst(double(std::strtof(expr.text.c_str(), nullptr)), expr.type->elem));
      return single(core::makeConst(expr.floatValue, expr.type->elem));
    case K::BoolLit:
      return single(core::makeConst(expr.boolValue, ast::ElemKind::Bool));
    case K::Name:
      return lowerName(expr, env, sizes);
    case K::Unary: {
      NodeP operand = lower(expr.operand(0), env, sizes).components.at(0);
      return single(core::makeUnary(
          expr.unaryOp == ast::UnaryOp::Neg ? core::UnaryOp::Neg : core::UnaryOp::Not, operand));
    }
    case K::Binary: {
      NodeP left = lower(expr.operand(0), env, sizes).components.at(0);
      NodeP right = lower(expr.operand(1), env, sizes).components.at(0);
      return single(elementwise(binaryOf(expr.binaryOp), left, right));
    }
    case K::Call:
      try {
        return lowerCall(expr, env, sizes);
      } catch (const std::overflow_error&) { // from the arithmetic of constant sizes
        throw CompileError(expr.operand(0).range.begin, "a size of this call overflows i64");
      }
    case K::Index: {
      Components array = lower(expr.operand(0), env, sizes).components;
      std::vector<NodeP> indices;
      for (size_t i = 1; i < expr.operands.size(); ++i) {
        NodeP index = lower(expr.operand(i), env, sizes).components.at(0);
        indices.push_back(array.size() > 1 ? share(index, "i") : index);
      }
      Components result;
      for (const auto& component : array)
        result.push_back(core::makeIndex(component, indices));
      return {result, nullptr};
    }
    case K::Project: {
      Components tuple = lower(expr.operand(0), env, sizes).components;
      const sema::TypeP& type = expr.operand(0).type;
      size_t start = 0;
      for (int i = 0; i < expr.projIndex; ++i)
        start += sema::flatten(type->elements[i]).size();
      size_t count = sema::flatten(type->elements[expr.projIndex]).size();
      return {Components(tuple.begin() + start, tuple.begin() + start + count), nullptr};
    }
    case K::Tuple: {
      Components result;
      for (const auto& operand : expr.operands) {
        Components part = lower(*operand, env, sizes).components;
        result.insert(result.end(), part.begin(), part.end());
      }
      return {result, nullptr};
    }
    case K::ArrayLit: {
      std::vector<Components> elements;
      for (const auto& operand : expr.operands)
        elements.push_back(lower(*operand, env, sizes).components);
      Components result;
      for (size_t c = 0; c < elements[0].size(); ++c) {
        std::vector<NodeP> column;
        for (const auto& element : elements)
          column.push_back(element[c]);
        result.push_back(core::makeArrayLit(column));
      }
      return {result, nullptr};
    }
    case K::Let: {
      Env inner = env;
      for (const auto& binding : expr.bindings) {
        // `let v = f(x)`: the call's result is bound under the name v.
        if (binding.pattern.kind == ast::Pattern::Kind::Name && binding.value->kind == K::Call)
          callName_ = binding.pattern.name;
        Components value = lower(*binding.value, inner, sizes).components;
        inner = bindPattern(binding.pattern, value, binding.value->type, inner);
      }
      return lower(expr.operand(0), inner, sizes);
    }
    case K::If: {
      NodeP condition = lower(expr.operand(0), env, sizes).components.at(0);
      Components thenValue = lower(expr.operand(1), env, sizes).components;
      Components elseValue = lower(expr.operand(2), env, sizes).components;
      if (thenValue.size() > 1) condition = share(condition, "c");
      Components result;
      for (size_t i = 0; i < thenValue.size(); ++i)
        result.push_back(core::makeCond(condition, thenValue[i], elseValue[i]));
      return {result, nullptr};
    }
    case K::Lambda:
      break;
    }
    throw core::IRError("lowering: unexpected expression");
  }

  static Value single(NodeP node) { return {{std::move(node)}, nullptr}; }

  Env bindPattern(const ast::Pattern& pattern, const Components& value, const sema::TypeP& type,
                  Env env) {
    switch (pattern.kind) {
    case ast::Pattern::Kind::Wildcard:
      return env;
    case ast::Pattern::Kind::Name: {
      Value bound;
      for (const auto& component : value) {
        if (isTrivial(component)) {
          bound.components.push_back(component);
          continue;
        }
        VarP var = core::newVar(pattern.name, component->type);
        scopes_.back().push_back({{var}, component});
        bound.components.push_back(core::makeVariable(var));
      }
      return extend(env, pattern.name, std::move(bound));
    }
    case ast::Pattern::Kind::Tuple: {
      size_t start = 0;
      for (size_t i = 0; i < pattern.elements.size(); ++i) {
        size_t count = sema::flatten(type->elements[i]).size();
        Components part(value.begin() + start, value.begin() + start + count);
        env = bindPattern(pattern.elements[i], part, type->elements[i], env);
        start += count;
      }
      return env;
    }
    }
    return env;
  }

  Value lowerName(const ast::Expr& expr, const Env& env, const Sizes& sizes) {
    const Resolution* resolution = expr.resolution.get();
    if (resolution && resolution->kind == Resolution::Kind::SizeVar)
      return single(core::makeSizeValue(Dim::variable(resolution->sizeVar).substitute(sizes)));
    if (resolution && resolution->kind == Resolution::Kind::Constant) {
      const sema::ConstantInfo& constant = *program_.constants.at(resolution->constant);
      if (constant.value) {
        ast::ElemKind elem = constant.type->elem;
        sema::ScalarValue value = *constant.value;
        if (auto* i = std::get_if<int64_t>(&value); i && core::isFloat(elem))
          return single(core::makeConst(double(*i), elem));
        return single(std::visit([&](auto v) { return core::makeConst(v, elem); }, value));
      }
      return lower(*constant.body, Env(), Sizes());
    }
    return lookup(env, expr.name());
  }

  Value lowerCall(const ast::Expr& call, const Env& env, const Sizes& sizes) {
    const Resolution& resolution = *call.resolution;
    std::string name = std::exchange(callName_, {}); // not for the calls in the arguments
    size_t argc = call.operands.size() - 1;
    switch (resolution.kind) {
    case Resolution::Kind::Builtin:
      if (sema::isDifferentiation(resolution.builtin)) return lowerDiff(call, env, sizes);
      if (sema::isCustomDerivative(resolution.builtin))
        return this->call(*functionValue(call.operand(0), env, sizes),
                          lowerArguments(call, 1, argc, env, sizes));
      return lowerBuiltin(call, resolution, env, sizes);
    case Resolution::Kind::Function: {
      FunctionValue function;
      function.kind = FunctionValue::Kind::Instance;
      function.instance = resolution.instance;
      Loc at = call.operand(0).range.begin;
      function.sizes = calleeSizes(resolution, sizes, at);
      std::vector<Value> args = lowerArguments(call, 1, argc, env, sizes);
      calls_.emplace_back(at, resolution.instance->decl->name);
      Value result =
          sharedCall(function, args, name.empty() ? resolution.instance->decl->name : name);
      calls_.pop_back();
      return result;
    }
    case Resolution::Kind::Lambda: {
      FunctionValue function;
      function.kind = FunctionValue::Kind::Lambda;
      function.lambda = &call.operand(0);
      function.closure = env;
      function.sizes = sizes;
      return this->call(function, lowerArguments(call, 1, argc, env, sizes));
    }
    default: {
      const Value& callee = lookup(env, call.operand(0).name());
      if (!callee.function) throw core::IRError("lowering: calling a non-function");
      return this->call(*callee.function, lowerArguments(call, 1, argc, env, sizes));
    }
    }
  }

  /// Inlines a call of a top-level function, or reuses the result of an identical call
  /// (the same instance and sizes, the same argument values) whose bindings are in scope.
  /// Functions are pure, so `f(x) * f(x)` computes f(x) once; and a chain of functions
  /// each calling the previous one twice inlines once per function, not 2^depth times.
  Value sharedCall(const FunctionValue& function, const std::vector<Value>& args,
                   const std::string& name) {
    std::optional<std::string> key = callKey(function, args);
    if (key)
      for (auto scope = sharedCalls_.rbegin(); scope != sharedCalls_.rend(); ++scope)
        if (auto found = scope->find(*key); found != scope->end()) return found->second;
    Value result = call(function, args);
    if (!key) return result;
    for (NodeP& component : result.components) {
      if (isTrivial(component)) continue;
      VarP var = core::newVar(name, component->type);
      scopes_.back().push_back({{var}, std::move(component), true});
      component = core::makeVariable(var);
    }
    sharedCalls_.back().emplace(*key, result);
    return result;
  }

  /// What identifies a call: the instance, its sizes and its arguments, which are
  /// variables, constants or sizes (lowerArguments shares them). None when an argument is
  /// a function, whose identity is its closure.
  static std::optional<std::string> callKey(const FunctionValue& function,
                                            const std::vector<Value>& args) {
    std::string key = std::to_string(reinterpret_cast<uintptr_t>(function.instance)) + "(";
    for (const auto& [id, dim] : function.sizes)
      key += std::to_string(id) + "=" + dim.toString() + ",";
    for (const Value& arg : args) {
      if (arg.function) return std::nullopt;
      key += ";";
      for (const NodeP& component : arg.components) {
        switch (component->kind) {
        case core::Node::Kind::Variable:
          key += "v" + std::to_string(component->vars[0]->id);
          break;
        case core::Node::Kind::Const:
          key += "c" + core::toString(component->type) + ":" + constantText(component->value);
          break;
        case core::Node::Kind::SizeValue:
          key += "s" + component->shape[0].toString();
          break;
        default:
          return std::nullopt;
        }
        key += ",";
      }
    }
    return key;
  }

  /// A constant's exact value: doubles by their bits (0.0 and -0.0 differ, NaNs by payload).
  static std::string constantText(const core::Scalar& value) {
    if (const double* d = std::get_if<double>(&value)) {
      uint64_t bits;
      std::memcpy(&bits, d, sizeof bits);
      return "d" + std::to_string(bits);
    }
    if (const int64_t* i = std::get_if<int64_t>(&value)) return "i" + std::to_string(*i);
    return std::get<bool>(value) ? "true" : "false";
  }

  NodeP applyElementwise(Builtin builtin, const std::vector<NodeP>& args) {
    if (builtin == Builtin::NoGrad) return core::makeNoGrad(args[0]);
    if (auto op = sema::binaryPrimitive(builtin)) return elementwise(*op, args[0], args[1]);
    return core::makeUnary(*sema::unaryPrimitive(builtin), args[0]);
  }

  /// The index variables of a lambda, bound in a new environment.
  Env bindIndices(const ast::Expr& lambda, const Env& env, std::vector<VarP>& vars) {
    Env inner = env;
    for (const auto& param : lambda.lambdaParams) {
      VarP var = core::newVar(param.name, core::scalarType(ast::ElemKind::I64));
      vars.push_back(var);
      inner = extend(inner, param.name, single(core::makeVariable(var)));
    }
    return inner;
  }

  std::vector<NodeP> lowerIndexList(const ast::Expr& list, const Env& env, const Sizes& sizes) {
    std::vector<NodeP> indices;
    for (const auto& index : list.operands)
      indices.push_back(lowerScoped(*index, env, sizes).at(0));
    return indices;
  }

  Value lowerBuiltin(const ast::Expr& call, const Resolution& resolution, const Env& env,
                     const Sizes& sizes) {
    auto arg = [&](size_t i) -> const ast::Expr& { return call.operand(i + 1); };
    auto components = [&](size_t i) { return lower(arg(i), env, sizes).components; };
    std::vector<Dim> shape = substitute(resolution.shape, sizes);
    for (size_t d = 0; d < shape.size(); ++d)
      requireSize(shape[d], shape[d],
                  "the size " + resolution.shape[d].toString() + " of " +
                      sema::builtinName(resolution.builtin),
                  call.operand(0).range.begin);
    Components result;
    switch (resolution.builtin) {
    case Builtin::Build: {
      const ast::Expr& lambda = arg(1);
      std::vector<VarP> vars;
      Env inner = bindIndices(lambda, env, vars);
      for (NodeP component : lowerScoped(lambda.operand(0), inner, sizes)) {
        for (size_t d = shape.size(); d-- > 0;)
          component = core::makeBuild1(shape[d], vars[d], component);
        result.push_back(component);
      }
      return {result, nullptr};
    }
    case Builtin::Gather:
    case Builtin::Scatter: {
      Components source = components(1);
      const ast::Expr& lambda = arg(2);
      std::vector<VarP> vars;
      Env inner = bindIndices(lambda, env, vars);
      std::vector<NodeP> indices = lowerIndexList(lambda.operand(0), inner, sizes);
      for (const auto& component : source)
        result.push_back(resolution.builtin == Builtin::Gather
                             ? core::makeGather(shape, component, vars, indices)
                             : core::makeScatter(shape, component, vars, indices));
      return {result, nullptr};
    }
    case Builtin::SumOuter:
      for (const auto& component : components(0))
        result.push_back(core::makeSumOuter(component));
      return {result, nullptr};
    case Builtin::ProdOuter:
      for (const auto& component : components(0))
        result.push_back(core::makeProdOuter(component));
      return {result, nullptr};
    case Builtin::MaxOuter:
      return single(core::makeMaxOuter(components(0).at(0)));
    case Builtin::ArgmaxOuter:
      return single(core::makeArgmaxOuter(components(0).at(0)));
    case Builtin::Replicate:
      for (const auto& component : components(1))
        result.push_back(core::makeReplicate(shape[0], component));
      return {result, nullptr};
    case Builtin::Iota:
      return single(core::makeIota(shape[0]));
    case Builtin::Tr:
      for (const auto& component : components(1))
        result.push_back(core::makeTr(resolution.permutation, component));
      return {result, nullptr};
    case Builtin::Reshape:
      for (const auto& component : components(1))
        result.push_back(core::makeReshape(shape, component));
      return {result, nullptr};
    case Builtin::NoGrad:
      for (const auto& component : components(0))
        result.push_back(core::makeNoGrad(component));
      return {result, nullptr};
    case Builtin::Fold:
    case Builtin::Scan:
    case Builtin::MapAccum:
      return lowerLoop(call, resolution.builtin, shape[0], env, sizes);
    case Builtin::While:
      return lowerWhile(call, env, sizes);
    default: {
      std::vector<NodeP> operands;
      for (size_t i = 0; i + 1 < call.operands.size(); ++i)
        operands.push_back(components(i).at(0));
      return single(applyElementwise(resolution.builtin, operands));
    }
    }
  }

  /// fold, scan and mapAccum: one loop node whose step is the function applied to a
  /// state and an element, closed over what it mentions of the enclosing scope (the
  /// captured values are operands of the loop, so the step is a function of its own).
  Value lowerLoop(const ast::Expr& call, Builtin builtin, const Dim& count, const Env& env,
                  const Sizes& sizes) {
    FunctionP function = functionValue(call.operand(1), env, sizes);
    Components init = lowerArguments(call, 2, 1, env, sizes).at(0).components;
    Components elements = lowerArguments(call, 3, 1, env, sizes).at(0).components;
    auto step = std::make_shared<core::Function>();
    Value state, element;
    for (const NodeP& component : init) {
      step->params.push_back(core::newVar("s", component->type));
      state.components.push_back(core::makeVariable(step->params.back()));
    }
    for (const NodeP& array : elements) {
      core::Type row = array->type;
      row.shape.erase(row.shape.begin());
      step->params.push_back(core::newVar("x", row));
      element.components.push_back(core::makeVariable(step->params.back()));
    }
    openScope();
    Components next = this->call(*function, {state, element}).components;
    Components results = next;
    if (builtin == Builtin::Scan) results.insert(results.end(), next.begin(), next.end());
    NodeP body = closeScope(core::makeTuple(results));
    // The variables of the enclosing scope the step mentions become its last parameters.
    std::unordered_map<uint32_t, NodeP> captures;
    Components captured;
    for (const VarP& outer : core::freeVariables(body)) {
      bool own = std::any_of(step->params.begin(), step->params.end(),
                             [&](const VarP& param) { return param->id == outer->id; });
      if (own) continue;
      step->params.push_back(core::newVar(outer->name, outer->type));
      captures[outer->id] = core::makeVariable(step->params.back());
      captured.push_back(core::makeVariable(outer));
    }
    step->body = core::substitute(body, captures);
    NodeP loop = core::makeLoop(count, init, elements, captured, step);
    Components bound;
    if (loop->resultCount() == 1) {
      bound.push_back(share(loop, "loop"));
    } else {
      std::vector<VarP> vars;
      for (const auto& type : loop->types) {
        vars.push_back(core::newVar("loop", type));
        bound.push_back(core::makeVariable(vars.back()));
      }
      scopes_.back().push_back({vars, loop});
    }
    if (builtin == Builtin::Scan) // the stacked states only
      return {Components(bound.begin() + init.size(), bound.end()), nullptr};
    return {bound, nullptr};
  }

  /// while(k, cond, step, init): one while node whose function gives the condition of a
  /// state and the next state, closed over what cond and step mention of the enclosing
  /// scope.
  Value lowerWhile(const ast::Expr& call, const Env& env, const Sizes& sizes) {
    NodeP bound = lowerArguments(call, 1, 1, env, sizes).at(0).components.at(0);
    FunctionP condition = functionValue(call.operand(2), env, sizes);
    FunctionP step = functionValue(call.operand(3), env, sizes);
    Components init = lowerArguments(call, 4, 1, env, sizes).at(0).components;
    auto function = std::make_shared<core::Function>();
    Value state;
    for (const NodeP& component : init) {
      function->params.push_back(core::newVar("s", component->type));
      state.components.push_back(core::makeVariable(function->params.back()));
    }
    openScope();
    Components results = this->call(*condition, {state}).components;
    Components next = this->call(*step, {state}).components;
    results.insert(results.end(), next.begin(), next.end());
    NodeP body = closeScope(core::makeTuple(results));
    std::unordered_map<uint32_t, NodeP> captures;
    Components captured;
    for (const VarP& outer : core::freeVariables(body)) {
      bool own = std::any_of(function->params.begin(), function->params.end(),
                             [&](const VarP& param) { return param->id == outer->id; });
      if (own) continue;
      function->params.push_back(core::newVar(outer->name, outer->type));
      captures[outer->id] = core::makeVariable(function->params.back());
      captured.push_back(core::makeVariable(outer));
    }
    function->body = core::substitute(body, captures);
    NodeP loop = core::makeWhile(bound, init, captured, function);
    if (loop->resultCount() == 1) return single(share(loop, "while"));
    std::vector<VarP> vars;
    Components finals;
    for (const auto& type : loop->types) {
      vars.push_back(core::newVar("while", type));
      finals.push_back(core::makeVariable(vars.back()));
    }
    scopes_.back().push_back({vars, loop});
    return {finals, nullptr};
  }

  Value lowerDiff(const ast::Expr& call, const Env& env, const Sizes& sizes) {
    const Resolution& resolution = *call.resolution;
    const ast::Expr& functionExpr = call.operand(0).operand(1);
    FunctionP function = functionValue(functionExpr, env, sizes);
    size_t arity = resolution.primalArity;
    std::vector<Value> primal = lowerArguments(call, 1, arity, env, sizes);
    // The differentiated function: fresh parameters for every primal component.
    auto coreFunction = std::make_shared<core::Function>();
    std::vector<Value> params;
    std::vector<NodeP> args;
    for (size_t i = 0; i < arity; ++i) {
      Value param;
      for (const auto& component : primal[i].components) {
        VarP var = core::newVar("x", component->type);
        coreFunction->params.push_back(var);
        param.components.push_back(core::makeVariable(var));
        args.push_back(component);
      }
      params.push_back(std::move(param));
    }
    openScope();
    ++differentiating_;
    Components body = this->call(*function, params).components;
    --differentiating_;
    coreFunction->body = closeScope(core::makeTuple(body));
    for (const auto& extra :
         lowerArguments(call, 1 + arity, call.operands.size() - 1 - arity, env, sizes))
      args.insert(args.end(), extra.components.begin(), extra.components.end());
    NodeP diff = core::makeDiff(diffOf(resolution.builtin), coreFunction, args);
    if (diff->resultCount() == 1) return single(share(diff, "d"));
    std::vector<VarP> vars;
    Components results;
    for (const auto& type : diff->types) {
      vars.push_back(core::newVar("d", type));
      results.push_back(core::makeVariable(vars.back()));
    }
    scopes_.back().push_back({vars, diff});
    return {results, nullptr};
  }

  const sema::CheckedProgram& program_;
  std::vector<std::vector<Binding>> scopes_;
  std::vector<core::SizeBinding> sizeBindings_;    // of the entry being lowered
  std::set<std::string> boundDims_;                // their dimensions, each checked once
  std::vector<std::pair<Loc, std::string>> calls_; // the calls being inlined, outermost first
  // Per scope of scopes_: the calls inlined in it, by callKey, and their let-bound results.
  std::vector<std::map<std::string, Value>> sharedCalls_;
  std::string callName_;    // the let name for the call being lowered, if it is a let's value
  int differentiating_ = 0; // how many differentiated functions enclose what is lowered
};

} // namespace

core::Program lowerToCore(const sema::CheckedProgram& program) {
  return Lowerer(program).run();
}

} // namespace arr::lower
