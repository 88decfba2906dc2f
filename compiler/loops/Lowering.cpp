// Lowering an entry point to loop IR: scopes, variables, loops, sizes, and
// the function's interface. See Lowering.h for the design.

#include "loops/Lowering.h"

#include "ir/Builder.h"
#include "ir/EntrySignature.h"
#include "ir/Visitor.h"

#include <algorithm>
#include <stdexcept>

namespace arr::loops {

using core::Node;
using K = core::Node::Kind;

Lowering::Lowering(const core::Entry& entry, bool strictFp) : entry_(entry), strictFp_(strictFp) {}

// ---- Scopes --------------------------------------------------------------------

ScopeP Lowering::openScope(const ScopeP& parent, bool isLoop, bool isGuard) {
  auto scope = std::make_shared<Scope>();
  scope->parent = parent;
  scope->level = parent ? parent->level + 1 : 0;
  scope->loopDepth = (parent ? parent->loopDepth : 0) + (isLoop ? 1 : 0);
  scope->guard = isGuard;
  return scope;
}

Block Lowering::closeScope(const ScopeP& scope) {
  Block block = std::move(scope->block);
  for (const BufferP& buffer : scope->toFree)
    block.push_back(makeFree(buffer));
  scope->toFree.clear();
  return block;
}

ScopeP Lowering::scopeOf(const ExprP& expr) {
  auto found = exprScopes_.find(expr->id);
  if (found != exprScopes_.end()) return found->second;
  ScopeP scope = root_;
  if (expr->kind == Expr::Kind::Local) {
    auto defined = localScopes_.find(expr->local->id);
    if (defined == localScopes_.end())
      throw std::logic_error("loop lowering: local " + expr->local->name + " has no scope");
    scope = defined->second;
  }
  if (expr->kind == Expr::Kind::Load)
    if (auto changing = bufferScopes_.find(expr->buffer->id); changing != bufferScopes_.end())
      scope = deeper(scope, changing->second);
  for (const ExprP& operand : expr->operands)
    scope = deeper(scope, scopeOf(operand));
  exprScopes_.emplace(expr->id, scope);
  return scope;
}

ScopeP Lowering::targetScope(const core::NodeP& node, const std::vector<ExprP>& indices,
                             bool crossGuards) {
  ScopeP target = root_;
  for (const ExprP& index : indices)
    target = deeper(target, scopeOf(index));
  for (uint32_t var : freeVariables(node)) {
    auto found = bindings_.find(var);
    if (found != bindings_.end() && !found->second.empty())
      target = deeper(target, found->second.back().scope);
  }
  // A size bound at run time is a dependency as a variable is.
  if (!boundSizeScopes_.empty())
    for (uint32_t size : boundSizesIn(node))
      if (auto found = boundSizeScopes_.find(size); found != boundSizeScopes_.end())
        target = deeper(target, found->second);
  for (ScopeP scope = current_; scope; scope = scope->parent)
    if (scope->runsAtMostOnce) {
      target = deeper(target, scope);
      break;
    }
  if (crossGuards) return target;
  for (ScopeP scope = current_; scope; scope = scope->parent)
    if (scope->guard) return deeper(target, scope);
  return target;
}

// ---- Variables -------------------------------------------------------------------

void Lowering::bind(const core::VarP& var, Binding binding) {
  binding.serial = nextSerial_++;
  boundVars_.emplace(var->id, var);
  bindings_[var->id].push_back(std::move(binding));
}

void Lowering::unbind(const core::VarP& var) {
  bindings_[var->id].pop_back();
}

const std::vector<uint32_t>& Lowering::boundSizesIn(const core::NodeP& node) {
  auto found = boundSizesIn_.find(node.get());
  if (found != boundSizesIn_.end()) return found->second;
  std::set<uint32_t> sizes;
  // A derived size (a checkpointed loop's segments) depends on those it is derived from.
  std::function<void(const core::Dim&)> addDim = [&](const core::Dim& dim) {
    for (const auto& [monomial, coefficient] : dim.terms())
      for (const SizeVarP& var : monomial) {
        if (boundSizeScopes_.count(var->id)) sizes.insert(var->id);
        if (var->derivation) {
          addDim(var->derivation->a);
          addDim(var->derivation->b);
        }
      }
  };
  auto addDims = [&](const std::vector<core::Dim>& dims) {
    for (const core::Dim& dim : dims)
      addDim(dim);
  };
  addDims(node->type.shape);
  for (const core::Type& type : node->types)
    addDims(type.shape);
  addDims(node->shape);
  auto addAll = [&](const core::NodeP& child) {
    const std::vector<uint32_t>& inner = boundSizesIn(child);
    sizes.insert(inner.begin(), inner.end());
  };
  for (const core::NodeP& operand : node->operands)
    addAll(operand);
  for (const core::NodeP& index : node->indices)
    addAll(index);
  if (node->function) addAll(node->function->body);
  return boundSizesIn_.emplace(node.get(), std::vector<uint32_t>(sizes.begin(), sizes.end()))
      .first->second;
}

const std::vector<uint32_t>& Lowering::freeVariables(const core::NodeP& node) {
  auto found = freeVariables_.find(node.get());
  if (found != freeVariables_.end()) return found->second;
  std::vector<uint32_t> free;
  auto addAll = [&](const core::NodeP& child, const std::vector<core::VarP>& bound) {
    for (uint32_t id : freeVariables(child)) {
      bool isBound = std::any_of(bound.begin(), bound.end(),
                                 [&](const core::VarP& var) { return var->id == id; });
      if (!isBound) free.push_back(id);
    }
  };
  switch (node->kind) {
  case K::Variable:
    free.push_back(node->vars[0]->id);
    break;
  case K::Let:
  case K::LetTuple:
    addAll(node->operands[0], {});
    addAll(node->operands[1], node->vars);
    break;
  case K::Build1:
    addAll(node->operands[0], node->vars);
    break;
  case K::Gather:
  case K::Scatter:
    addAll(node->operands[0], {});
    for (const core::NodeP& index : node->indices)
      addAll(index, node->vars);
    break;
  default:
    for (const core::NodeP& operand : node->operands)
      addAll(operand, {});
    break;
  }
  std::sort(free.begin(), free.end());
  free.erase(std::unique(free.begin(), free.end()), free.end());
  keepAlive_.push_back(node);
  return freeVariables_.emplace(node.get(), std::move(free)).first->second;
}

std::string Lowering::memoKey(const core::NodeP& node, const std::vector<ExprP>& indices,
                              char tag) {
  std::string key(1, tag);
  key += std::to_string(reinterpret_cast<uintptr_t>(node.get()));
  for (const ExprP& index : indices)
    key += "," + std::to_string(index->id);
  key += "|";
  for (uint32_t var : freeVariables(node)) {
    auto found = bindings_.find(var);
    uint64_t serial =
        found == bindings_.end() || found->second.empty() ? 0 : found->second.back().serial;
    key += std::to_string(serial) + ",";
  }
  keepAlive_.push_back(node);
  return key;
}

// ---- Statements and loops -----------------------------------------------------------

LocalP Lowering::declare(const std::string& name, const ExprP& value) {
  LocalP local = exprs_.newLocal(name, value->type);
  localScopes_[local->id] = current_;
  emit(makeDeclare(local, value));
  return local;
}

void Lowering::assign(const LocalP& local, const ExprP& value) {
  emit(makeAssign(local, value));
}

void Lowering::store(const BufferP& buffer, const std::vector<ExprP>& indices, const ExprP& value) {
  emit(makeStore(buffer, indices, value));
}

void Lowering::accumulate(const LocalP& local, BinaryOp op, const ExprP& value) {
  emit(makeAccumulate(local, op, value, mayReassociate(op, local->type)));
}

void Lowering::update(const BufferP& buffer, const std::vector<ExprP>& indices, BinaryOp op,
                      const ExprP& value) {
  emit(makeUpdate(buffer, indices, op, value, mayReassociate(op, buffer->type)));
}

void Lowering::loop(const core::Dim& extent, const std::string& name, bool parallel,
                    std::vector<Reduction> reductions,
                    const std::function<void(const ExprP&)>& body) {
  loopTo(dimension(extent), extent, name, parallel, std::move(reductions), body);
}

void Lowering::loopTo(const ExprP& extent, const core::Dim& bound, const std::string& name,
                      bool parallel, std::vector<Reduction> reductions,
                      const std::function<void(const ExprP&)>& body) {
  LocalP var = exprs_.newLocal(name, Elem::I64);
  ScopeP scope = openScope(current_, true, false);
  scope->loopVar = var;
  loopExtents_.emplace(var->id, bound);
  localScopes_[var->id] = scope;
  ExprP index = exprs_.local(var);
  assumeInRange(scope, index, bound);
  within(scope, [&] { body(index); });
  StmtP statement = makeFor(var, exprs_.index(0), extent, {});
  ExprP staticBound = dimension(bound);
  if (staticBound != extent) loopBounds_[statement.get()] = staticBound;
  statement->body = closeScope(scope);
  statement->parallel = parallel;
  if (parallel) {
    statement->work = workOf(statement->body);
    statement->reductions = std::move(reductions);
  }
  emit(statement);
}

void Lowering::loopNest(const std::vector<core::Dim>& shape, bool parallel,
                        const std::function<void(const std::vector<ExprP>&)>& body) {
  std::vector<ExprP> indices;
  std::function<void(size_t)> nest = [&](size_t d) {
    if (d == shape.size()) {
      body(indices);
      return;
    }
    loop(shape[d], "i", parallel && d == 0, {}, [&](const ExprP& index) {
      indices.push_back(index);
      nest(d + 1);
      indices.pop_back();
    });
  };
  nest(0);
}

void Lowering::guarded(const ExprP& condition, const std::function<void()>& body) {
  ScopeP scope = openScope(current_, false, true);
  within(scope, body);
  emit(makeIf(condition, closeScope(scope)));
}

ExprP Lowering::workOf(const Block& block) {
  ExprP work = exprs_.index(0);
  for (const StmtP& statement : block) {
    if (statement->kind == Stmt::Kind::For) {
      auto bound = loopBounds_.find(statement.get());
      ExprP extent = bound == loopBounds_.end() ? exprs_.sub(statement->value, statement->lower)
                                                : bound->second;
      // A size bound at run time may be declared inside the loop whose work this is, which
      // is evaluated before it: such a loop is assumed to take a few steps, as a while.
      if (!boundSizeLocals_.empty()) {
        std::set<uint32_t> read;
        collectLocals(extent, read);
        for (uint32_t local : read)
          if (boundSizeLocals_.count(local)) extent = exprs_.index(kEstimatedWhileSteps);
      }
      work = exprs_.add(work,
                        exprs_.mul(extent, exprs_.add(workOf(statement->body), exprs_.index(1))));
    } else if (statement->kind == Stmt::Kind::If)
      work = exprs_.add(work, workOf(statement->body));
    else
      work = exprs_.add(work, exprs_.index(1));
  }
  return work;
}

// ---- Sizes and indices ------------------------------------------------------------

ExprP Lowering::dimension(const core::Dim& dim) {
  ExprP total = exprs_.index(0);
  for (const auto& [monomial, coefficient] : dim.terms()) {
    ExprP term = exprs_.index(coefficient);
    for (const auto& var : monomial) {
      if (var->derivation) {
        term = exprs_.mul(term, derivedSize(*var->derivation));
        continue;
      }
      auto size = sizeLocals_.find(var->id);
      if (size == sizeLocals_.end())
        throw std::logic_error("loop lowering: the dimension " + dim.toString() +
                               " mentions a size variable that is not the entry's");
      term = exprs_.mul(term, exprs_.local(size->second));
    }
    total = exprs_.add(total, term);
  }
  return total;
}

ExprP Lowering::derivedSize(const SizeDerivation& derivation) {
  if (derivation.op == SizeDerivation::Op::FitsCheckpointBudget) {
    // The bytes in f64, which a product of sizes does not overflow.
    ExprP bytes = exprs_.constant(0.0, Elem::F64);
    for (const auto& [monomial, coefficient] : derivation.a.terms()) {
      ExprP term = exprs_.constant(double(coefficient), Elem::F64);
      for (const auto& var : monomial)
        term = exprs_.binary(BinaryOp::Mul, term,
                             exprs_.unary(UnaryOp::ToF64, dimension(Dim::variable(var))));
      bytes = exprs_.binary(BinaryOp::Add, bytes, term);
    }
    return exprs_.unary(UnaryOp::ToI64, exprs_.unary(UnaryOp::CheckpointFits, bytes));
  }
  ExprP a = dimension(derivation.a);
  if (derivation.op == SizeDerivation::Op::SquareRoot) {
    ExprP root = exprs_.unary(UnaryOp::Sqrt, exprs_.unary(UnaryOp::ToF64, a));
    return exprs_.unary(UnaryOp::ToI64, root);
  }
  // ⌊a / b⌋, and 0 when b is 0, as SizeDerivation::apply computes it.
  ExprP b = exprs_.binary(BinaryOp::Max, dimension(derivation.b), exprs_.index(1));
  ExprP quotient = exprs_.binary(BinaryOp::Div, a, b);
  ExprP divisorZero = exprs_.binary(BinaryOp::Eq, dimension(derivation.b), exprs_.index(0));
  return exprs_.select(divisorZero, exprs_.index(0), quotient);
}

std::vector<ExprP> Lowering::dimensions(const std::vector<core::Dim>& shape) {
  std::vector<ExprP> extents;
  for (const core::Dim& dim : shape)
    extents.push_back(dimension(dim));
  return extents;
}

ExprP Lowering::linearIndex(const std::vector<core::Dim>& shape,
                            const std::vector<ExprP>& indices) {
  ExprP linear = exprs_.index(0);
  for (size_t d = 0; d < shape.size(); ++d)
    linear = exprs_.add(exprs_.mul(linear, dimension(shape[d])), indices[d]);
  return linear;
}

bool Lowering::knownInRange(const ExprP& index, const core::Dim& extent) {
  auto constant = asIndexConstant(index);
  auto bound = extent.asConstant();
  if (constant && bound) return *constant >= 0 && *constant < *bound;
  // A choice between indices in range is in range (a cond inside a build picks a branch so).
  if (index->kind == Expr::Kind::Select)
    return knownInRange(index->operands[1], extent) && knownInRange(index->operands[2], extent);
  std::string dim = extent.toString();
  for (ScopeP scope = current_; scope; scope = scope->parent) {
    auto found = scope->inRange.find(index->id);
    if (found != scope->inRange.end() && found->second.count(dim)) return true;
  }
  return false;
}

void Lowering::assumeInRange(const ScopeP& scope, const ExprP& index, const core::Dim& extent) {
  scope->inRange[index->id].insert(extent.toString());
}

// ---- The function ---------------------------------------------------------------------

void Lowering::analyse(const core::NodeP& root) {
  std::unordered_map<uint32_t, const Node*> letValues;
  core::forEachNode(root, [&](const Node& node) {
    if (node.kind != K::Let) return;
    letValues[node.vars[0]->id] = node.operands[0].get();
    letValues_[node.vars[0]->id] = node.operands[0];
  });
  core::forEachNode(root, [&](const Node& node) {
    auto count = [&](const core::NodeP& child) {
      if (child->kind == K::Variable) {
        auto value = letValues.find(child->vars[0]->id);
        if (value != letValues.end()) ++uses_[value->second];
      }
      ++uses_[child.get()];
    };
    for (size_t i = 0; i < node.operands.size(); ++i)
      if (!(node.kind == K::Let && i == 0)) count(node.operands[i]);
    for (const core::NodeP& index : node.indices)
      count(index);
  });
  // Every pull of a replicated, transposed or reshaped array pulls its operand:
  // the operand has the uses of its views (parents first, so chains add up).
  std::vector<const Node*> order;
  core::forEachNode(root, [&](const Node& node) { order.push_back(&node); });
  for (auto node = order.rbegin(); node != order.rend(); ++node)
    if (isPureView(**node) && uses_[*node] > 1)
      uses_[(*node)->operands[0].get()] += uses_[*node] - 1;
}

void Lowering::addDimensionChecks() {
  std::map<std::string, size_t> seen; // each dimension's check
  // A size bound in the body has no value before it runs; it counts a while loop's steps,
  // and its arrays are checked as they are allocated.
  std::set<uint32_t> boundInBody;
  core::forEachNode(entry_.function.body, [&](const Node& node) {
    if (node.kind == K::BindSize) boundInBody.insert(node.shape[0].asVariable()->id);
  });
  auto check = [&](const core::Dim& dim, const std::string& what, bool arraySize) {
    if (dim.isConstant()) return;
    for (uint32_t id : dim.variables())
      if (boundInBody.count(id)) return;
    // A derived size (a checkpointed loop's segments) is at most the size it is derived
    // from, and a shape mentioning it holds no more elements than one that is checked
    // (the segments [n/K, K, ..] of the elements [n, ..]).
    for (const auto& [monomial, coefficient] : dim.terms())
      for (const auto& var : monomial)
        if (var->derivation) return;
    auto [at, inserted] = seen.emplace(dim.toString(), function_.checks.size());
    if (!inserted) {
      function_.checks[at->second].arraySize |= arraySize;
      return;
    }
    DimensionCheck made{dim.toString() + (what.empty() ? "" : " (" + what + ")"), {}, arraySize};
    for (const auto& [monomial, coefficient] : dim.terms()) {
      DimensionCheck::Term term{coefficient, {}};
      for (const auto& var : monomial) {
        auto size = sizeLocals_.find(var->id);
        if (size == sizeLocals_.end())
          throw std::logic_error("loop lowering: the dimension " + dim.toString() +
                                 " mentions a size variable that is not the entry's");
        term.sizes.push_back(size->second);
      }
      made.terms.push_back(std::move(term));
    }
    function_.checks.push_back(std::move(made));
  };
  for (const auto& var : entry_.sizeVars)
    check(core::Dim::variable(var), "", true);
  for (const core::VarP& param : entry_.function.params)
    for (const core::Dim& dim : param->type.shape)
      check(dim, "", true);
  // The interpreter's order (interp::run, after binding the sizes from the parameters):
  // the sizes that calls bound, then the types.
  for (const core::SizeBinding& binding : entry_.sizeBindings)
    check(binding.dim, binding.what, true);
  core::forEachNode(entry_.function.body, [&](const Node& node) {
    for (const core::Dim& dim : node.type.shape)
      check(dim, "", true);
    for (const core::Type& type : node.types)
      for (const core::Dim& dim : type.shape)
        check(dim, "", true);
    // A size value is a number: it may be negative, but it is computed with checks too.
    for (const core::Dim& dim : node.shape)
      check(dim, "", node.kind != K::SizeValue);
  });
}

core::NodeP Lowering::bindLets(const core::NodeP& node, std::vector<core::VarP>& bound) {
  if ((node->kind == K::Let || node->kind == K::LetTuple) &&
      node->operands[0]->kind == K::BindSize) {
    const std::vector<LoopValue>& values = lowerBindSize(node->operands[0]);
    for (size_t i = 0; i < node->vars.size(); ++i) {
      bindLoopValue(node->vars[i], values.at(i));
      bound.push_back(node->vars[i]);
    }
    return bindLets(node->operands[1], bound);
  }
  if (node->kind == K::Let) {
    bind(node->vars[0],
         Binding{0, nullptr, std::nullopt, node->operands[0], targetScope(node->operands[0], {})});
    bound.push_back(node->vars[0]);
    return bindLets(node->operands[1], bound);
  }
  if (node->kind == K::LetTuple && node->operands[0]->kind == K::Loop) {
    const std::vector<LoopValue>& values = lowerLoop(node->operands[0]);
    for (size_t i = 0; i < node->vars.size(); ++i) {
      bindLoopValue(node->vars[i], values.at(i));
      bound.push_back(node->vars[i]);
    }
    return bindLets(node->operands[1], bound);
  }
  if (node->kind == K::LetTuple && node->operands[0]->kind == K::While) {
    const std::vector<LoopValue>& values = lowerWhile(node->operands[0]);
    for (size_t i = 0; i < node->vars.size(); ++i) {
      bindLoopValue(node->vars[i], values.at(i));
      bound.push_back(node->vars[i]);
    }
    return bindLets(node->operands[1], bound);
  }
  if (node->kind == K::LetTuple) {
    std::vector<core::NodeP> components = tupleComponents(node->operands[0], bound);
    for (size_t i = 0; i < node->vars.size(); ++i) {
      bind(node->vars[i],
           Binding{0, nullptr, std::nullopt, components[i], targetScope(components[i], {})});
      bound.push_back(node->vars[i]);
    }
    return bindLets(node->operands[1], bound);
  }
  return node;
}

std::vector<core::NodeP> Lowering::tupleComponents(const core::NodeP& node,
                                                   std::vector<core::VarP>& bound) {
  core::NodeP inner = bindLets(node, bound);
  if (inner->kind != K::Tuple)
    throw std::logic_error("loop lowering: a tuple is needed where a " +
                           std::to_string(int(inner->kind)) + " node stands");
  return inner->operands;
}

void Lowering::unbindAll(const std::vector<core::VarP>& bound) {
  for (auto var = bound.rbegin(); var != bound.rend(); ++var)
    unbind(*var);
}

Function Lowering::run() {
  function_.name = entry_.name;
  root_ = openScope(nullptr, false, false);
  current_ = root_;
  for (const auto& var : entry_.sizeVars) {
    LocalP size = exprs_.newLocal(var->name, Elem::I64);
    sizeLocals_[var->id] = size;
    localScopes_[size->id] = root_;
    function_.sizes.push_back(size);
  }
  for (const core::VarP& var : entry_.function.params) {
    Param param;
    param.name = var->name;
    if (var->type.isScalar()) {
      param.scalar = exprs_.newLocal(var->name, var->type.elem);
      localScopes_[param.scalar->id] = root_;
      bind(var, Binding{0, exprs_.local(param.scalar), std::nullopt, nullptr, root_});
    } else {
      param.buffer = exprs_.newBuffer(var->name, var->type.elem, dimensions(var->type.shape));
      bind(var, Binding{0, nullptr, ArrayBuffer{param.buffer, var->type.shape}, nullptr, root_});
    }
    function_.params.push_back(param);
  }
  addDimensionChecks();

  const core::NodeP& body = entry_.function.body;
  analyse(body);
  std::vector<core::Type> types = core::resultTypes(*body);
  for (size_t i = 0; i < types.size(); ++i)
    function_.results.push_back(
        exprs_.newBuffer("out" + std::to_string(i), types[i].elem, dimensions(types[i].shape)));

  std::vector<core::VarP> bound;
  core::NodeP inner = bindLets(body, bound);
  std::vector<core::NodeP> results =
      inner->kind == K::Tuple ? inner->operands : std::vector<core::NodeP>{inner};
  for (size_t i = 0; i < results.size(); ++i)
    writeResult(function_.results[i], results[i]);
  unbindAll(bound);
  function_.body = closeScope(root_);
  function_.signature = core::describeEntry(entry_).signature;
  function_.source = {entry_.paramNames, entry_.paramComponents, entry_.paramNesting,
                      entry_.resultNesting};
  function_.exprs = exprsOwner_;
  return std::move(function_);
}

void Lowering::writeResult(const BufferP& buffer, const core::NodeP& node) {
  if (node->type.isScalar()) {
    store(buffer, {}, pull(node, {}));
    return;
  }
  storeInto(buffer, node);
}

} // namespace arr::loops
