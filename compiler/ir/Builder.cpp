#include "ir/Builder.h"

#include <algorithm>
#include <atomic>
#include <numeric>

namespace arr::core {

namespace {

std::shared_ptr<Node> node(Node::Kind kind) {
  auto made = std::make_shared<Node>();
  made->kind = kind;
  return made;
}

[[noreturn]] void fail(const std::string& message) {
  throw IRError("core IR: " + message);
}

const Type& single(const NodeP& operand, const char* what) {
  if (!operand) fail(std::string(what) + ": missing operand");
  if (operand->resultCount() != 1) fail(std::string(what) + ": operand has several results");
  return operand->type;
}

void requireScalarI64(const NodeP& index, const char* what) {
  const Type& type = single(index, what);
  if (!type.isScalar() || type.elem != Elem::I64)
    fail(std::string(what) + ": index must be an i64 scalar, not " + toString(type));
}

Type dropOuter(const Type& type, size_t count) {
  Type result = type;
  result.shape.erase(result.shape.begin(), result.shape.begin() + count);
  return result;
}

Type withOuter(std::vector<Dim> outer, const Type& inner) {
  Type result = inner;
  result.shape.insert(result.shape.begin(), outer.begin(), outer.end());
  return result;
}

Dim product(const std::vector<Dim>& dims) {
  Dim count = Dim::constant(1);
  for (const auto& dim : dims)
    count = count * dim;
  return count;
}

} // namespace

VarP newVar(std::string name, Type type) {
  static std::atomic<uint32_t> nextId{1};
  return std::make_shared<const Var>(Var{nextId++, std::move(name), std::move(type)});
}

Type scalarType(Elem elem) {
  return Type{elem, {}};
}

std::vector<NodeP> bindResults(const NodeP& value, std::vector<Binding>& bindings,
                               const std::string& name) {
  std::vector<VarP> vars;
  std::vector<NodeP> uses;
  for (const Type& type : resultTypes(*value)) {
    vars.push_back(newVar(name, type));
    uses.push_back(makeVariable(vars.back()));
  }
  bindings.push_back({vars, value});
  return uses;
}

NodeP wrapInBindings(const std::vector<Binding>& bindings, NodeP body) {
  for (auto binding = bindings.rbegin(); binding != bindings.rend(); ++binding)
    body = binding->vars.size() == 1 && binding->value->resultCount() == 1
               ? makeLet(binding->vars[0], binding->value, std::move(body))
               : makeLetTuple(binding->vars, binding->value, std::move(body));
  return body;
}

std::vector<Type> resultTypes(const Node& body) {
  if (!body.types.empty()) return body.types;
  return {body.type};
}

NodeP makeConst(Scalar value, Elem elem) {
  auto made = node(Node::Kind::Const);
  made->type = scalarType(elem);
  // Store the value in the representation of its element type.
  if (isFloat(elem)) {
    if (auto* i = std::get_if<int64_t>(&value)) value = double(*i);
    if (elem == Elem::F32) value = double(float(std::get<double>(value)));
  } else if (elem == Elem::I64 && !std::holds_alternative<int64_t>(value)) {
    fail("an i64 constant needs an integer value");
  } else if (elem == Elem::Bool && !std::holds_alternative<bool>(value)) {
    fail("a bool constant needs a bool value");
  }
  made->value = value;
  return made;
}

NodeP makeVariable(const VarP& var) {
  auto made = node(Node::Kind::Variable);
  made->type = var->type;
  made->vars = {var};
  return made;
}

NodeP makeLet(const VarP& var, NodeP value, NodeP body) {
  if (single(value, "let") != var->type)
    fail("let " + var->name + ": value has type " + toString(value->type) + ", variable " +
         toString(var->type));
  auto made = node(Node::Kind::Let);
  made->type = body->type;
  made->types = body->types;
  made->vars = {var};
  made->operands = {std::move(value), std::move(body)};
  return made;
}

NodeP makeLetTuple(std::vector<VarP> vars, NodeP value, NodeP body) {
  std::vector<Type> types = resultTypes(*value);
  if (types.size() != vars.size()) fail("let tuple: arity mismatch");
  for (size_t i = 0; i < vars.size(); ++i)
    if (types[i] != vars[i]->type) fail("let tuple: component type mismatch for " + vars[i]->name);
  auto made = node(Node::Kind::LetTuple);
  made->type = body->type;
  made->types = body->types;
  made->vars = std::move(vars);
  made->operands = {std::move(value), std::move(body)};
  return made;
}

NodeP makeTuple(std::vector<NodeP> components) {
  auto made = node(Node::Kind::Tuple);
  for (const auto& component : components)
    made->types.push_back(single(component, "tuple"));
  if (made->types.size() == 1) return components[0];
  made->operands = std::move(components);
  return made;
}

NodeP makeCond(NodeP condition, NodeP thenValue, NodeP elseValue) {
  const Type& c = single(condition, "cond");
  if (!c.isScalar() || c.elem != Elem::Bool) fail("cond: condition must be a bool scalar");
  if (single(thenValue, "cond") != single(elseValue, "cond"))
    fail("cond: branches " + toString(thenValue->type) + " and " + toString(elseValue->type));
  auto made = node(Node::Kind::Cond);
  made->type = thenValue->type;
  made->operands = {std::move(condition), std::move(thenValue), std::move(elseValue)};
  return made;
}

/// "exp: needs a float", from the primitive's operand rule.
std::string operandProblem(const char* name, prim::Operands operands) {
  switch (operands) {
  case prim::Operands::Numbers:
    return std::string(name) + ": needs numbers";
  case prim::Operands::Floats:
    return std::string(name) + ": needs a float";
  case prim::Operands::Bools:
    return std::string(name) + ": needs bool";
  default:
    return std::string(name) + ": cannot apply";
  }
}

NodeP makeUnary(UnaryOp op, NodeP operand) {
  Type type = single(operand, "unary");
  std::optional<Elem> result = prim::resultType(op, type.elem);
  if (!result) fail(operandProblem(toString(op), prim::info(op).operands));
  type.elem = *result;
  auto made = node(Node::Kind::Unary);
  made->type = type;
  made->unaryOp = op;
  made->operands = {std::move(operand)};
  return made;
}

NodeP makeBinary(BinaryOp op, NodeP left, NodeP right) {
  const Type& a = single(left, "binary");
  const Type& b = single(right, "binary");
  if (a != b)
    fail(std::string(toString(op)) + ": operands " + toString(a) + " and " + toString(b) +
         " differ");
  std::optional<Elem> result = prim::resultType(op, a.elem);
  if (!result) fail(operandProblem(toString(op), prim::info(op).operands));
  auto made = node(Node::Kind::Binary);
  made->type = a;
  made->type.elem = *result;
  made->binaryOp = op;
  made->operands = {std::move(left), std::move(right)};
  return made;
}

NodeP makeIndex(NodeP array, std::vector<NodeP> indices) {
  const Type& type = single(array, "index");
  if (indices.size() > type.rank()) fail("index: too many indices for " + toString(type));
  for (const auto& index : indices)
    requireScalarI64(index, "index");
  auto made = node(Node::Kind::Index);
  made->type = dropOuter(type, indices.size());
  made->operands = {std::move(array)};
  made->operands.insert(made->operands.end(), indices.begin(), indices.end());
  return made;
}

static NodeP reduction(Node::Kind kind, NodeP array, const char* what) {
  const Type& type = single(array, what);
  if (type.rank() == 0) fail(std::string(what) + ": needs rank 1 or more");
  if (type.elem == Elem::Bool) fail(std::string(what) + ": needs numbers");
  auto made = node(kind);
  made->type = dropOuter(type, 1);
  if (kind == Node::Kind::ArgmaxOuter) made->type.elem = Elem::I64;
  made->operands = {std::move(array)};
  return made;
}

NodeP makeSumOuter(NodeP array) {
  return reduction(Node::Kind::SumOuter, std::move(array), "sumOuter");
}
NodeP makeProdOuter(NodeP array) {
  return reduction(Node::Kind::ProdOuter, std::move(array), "prodOuter");
}

NodeP makeMaxOuter(NodeP array) {
  return reduction(Node::Kind::MaxOuter, std::move(array), "maxOuter");
}
NodeP makeArgmaxOuter(NodeP array) {
  return reduction(Node::Kind::ArgmaxOuter, std::move(array), "argmaxOuter");
}

NodeP makeGather(std::vector<Dim> shape, NodeP array, std::vector<VarP> vars,
                 std::vector<NodeP> indices) {
  const Type& type = single(array, "gather");
  if (vars.size() != shape.size()) fail("gather: lambda arity differs from the shape");
  if (indices.size() > type.rank()) fail("gather: more indices than the array's rank");
  for (const auto& var : vars)
    if (var->type != scalarType(Elem::I64)) fail("gather: index variables must be i64");
  for (const auto& index : indices)
    requireScalarI64(index, "gather");
  auto made = node(Node::Kind::Gather);
  made->type = withOuter(shape, dropOuter(type, indices.size()));
  made->shape = std::move(shape);
  made->vars = std::move(vars);
  made->indices = std::move(indices);
  made->operands = {std::move(array)};
  return made;
}

NodeP makeScatter(std::vector<Dim> shape, NodeP array, std::vector<VarP> vars,
                  std::vector<NodeP> indices) {
  const Type& type = single(array, "scatter");
  if (vars.size() > type.rank()) fail("scatter: more index variables than the array's rank");
  if (indices.size() != shape.size()) fail("scatter: index count differs from the shape");
  if (type.elem == Elem::Bool) fail("scatter: needs numbers");
  for (const auto& var : vars)
    if (var->type != scalarType(Elem::I64)) fail("scatter: index variables must be i64");
  for (const auto& index : indices)
    requireScalarI64(index, "scatter");
  auto made = node(Node::Kind::Scatter);
  made->type = withOuter(shape, dropOuter(type, vars.size()));
  made->shape = std::move(shape);
  made->vars = std::move(vars);
  made->indices = std::move(indices);
  made->operands = {std::move(array)};
  return made;
}

NodeP makeArrayLit(std::vector<NodeP> elements) {
  if (elements.empty()) fail("array literal: no elements");
  const Type& first = single(elements[0], "array literal");
  for (const auto& element : elements)
    if (single(element, "array literal") != first) fail("array literal: elements differ in type");
  auto made = node(Node::Kind::ArrayLit);
  made->type = withOuter({Dim::constant(static_cast<int64_t>(elements.size()))}, first);
  made->operands = std::move(elements);
  return made;
}

NodeP makeReplicate(Dim count, NodeP array) {
  auto made = node(Node::Kind::Replicate);
  made->type = withOuter({count}, single(array, "replicate"));
  made->shape = {std::move(count)};
  made->operands = {std::move(array)};
  return made;
}

NodeP makeTr(std::vector<int> permutation, NodeP array) {
  const Type& type = single(array, "tr");
  std::vector<int> sorted = permutation;
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < sorted.size(); ++i)
    if (sorted[i] != static_cast<int>(i)) fail("tr: not a permutation");
  if (permutation.size() > type.rank()) fail("tr: permutation longer than the rank");
  auto made = node(Node::Kind::Tr);
  made->type = type;
  for (size_t q = 0; q < permutation.size(); ++q)
    made->type.shape[q] = type.shape[permutation[q]];
  made->permutation = std::move(permutation);
  made->operands = {std::move(array)};
  return made;
}

NodeP makeReshape(std::vector<Dim> shape, NodeP array) {
  const Type& type = single(array, "reshape");
  if (product(shape) != product(type.shape)) fail("reshape: element counts differ");
  auto made = node(Node::Kind::Reshape);
  made->type = Type{type.elem, shape};
  made->shape = std::move(shape);
  made->operands = {std::move(array)};
  return made;
}

NodeP makeBuild1(Dim count, const VarP& index, NodeP body) {
  if (index->type != scalarType(Elem::I64)) fail("build1: the index must be i64");
  auto made = node(Node::Kind::Build1);
  made->type = withOuter({count}, single(body, "build1"));
  made->shape = {std::move(count)};
  made->vars = {index};
  made->operands = {std::move(body)};
  return made;
}

NodeP makeIota(Dim count) {
  auto made = node(Node::Kind::Iota);
  made->type = Type{Elem::I64, {count}};
  made->shape = {std::move(count)};
  return made;
}

NodeP makeNoGrad(NodeP operand) {
  auto made = node(Node::Kind::NoGrad);
  made->type = single(operand, "noGrad");
  made->operands = {std::move(operand)};
  return made;
}

NodeP makeSizeValue(Dim dim) {
  auto made = node(Node::Kind::SizeValue);
  made->type = scalarType(Elem::I64);
  made->shape = {std::move(dim)};
  return made;
}

NodeP makeDiff(DiffKind kind, FunctionP function, std::vector<NodeP> args,
               std::vector<bool> differentiable) {
  const auto& params = function->params;
  if (differentiable.empty())
    for (const auto& param : params)
      differentiable.push_back(isFloat(param->type.elem));
  if (differentiable.size() != params.size())
    fail(std::string(toString(kind)) + ": a differentiability flag per parameter is needed");
  std::vector<Type> results = resultTypes(*function->body);
  std::vector<Type> derivatives;
  for (size_t i = 0; i < params.size(); ++i) {
    if (differentiable[i] && !isFloat(params[i]->type.elem))
      fail(std::string(toString(kind)) + ": parameter " + params[i]->name + " is not a float");
    if (differentiable[i]) derivatives.push_back(params[i]->type);
  }
  std::vector<Type> floatResults;
  for (const auto& result : results)
    if (isFloat(result.elem)) floatResults.push_back(result);
  std::vector<Type> expected;
  for (const auto& param : params)
    expected.push_back(param->type);
  std::vector<Type> out;
  switch (kind) {
  case DiffKind::Grad:
  case DiffKind::ValueAndGrad:
    if (results.size() != 1 || !results[0].isScalar() || !isFloat(results[0].elem))
      fail("grad: the function must return a float scalar");
    if (kind == DiffKind::ValueAndGrad) out.push_back(results[0]);
    out.insert(out.end(), derivatives.begin(), derivatives.end());
    break;
  case DiffKind::Vjp:
    expected.insert(expected.end(), results.begin(), results.end());
    out = derivatives;
    break;
  case DiffKind::Jvp:
    expected.insert(expected.end(), derivatives.begin(), derivatives.end());
    out = results;
    out.insert(out.end(), floatResults.begin(), floatResults.end());
    break;
  }
  if (args.size() != expected.size())
    fail(std::string(toString(kind)) + ": wrong number of arguments");
  for (size_t i = 0; i < args.size(); ++i)
    if (single(args[i], toString(kind)) != expected[i])
      fail(std::string(toString(kind)) + ": argument " + std::to_string(i) + " has type " +
           toString(args[i]->type) + ", expected " + toString(expected[i]));
  if (out.empty()) fail(std::string(toString(kind)) + ": nothing to differentiate");
  auto made = node(Node::Kind::Diff);
  made->diffKind = kind;
  made->function = std::move(function);
  made->operands = std::move(args);
  made->differentiable = std::move(differentiable);
  if (out.size() == 1)
    made->type = out[0];
  else
    made->types = std::move(out);
  return made;
}

NodeP makeLoop(Dim count, std::vector<NodeP> init, std::vector<NodeP> elements,
               std::vector<NodeP> captured, FunctionP step) {
  const auto& params = step->params;
  if (params.size() != init.size() + elements.size() + captured.size())
    fail("loop: the step takes " + std::to_string(params.size()) + " parameters for " +
         std::to_string(init.size() + elements.size() + captured.size()) + " operands");
  std::vector<Type> expected;
  for (const auto& value : init)
    expected.push_back(single(value, "loop"));
  for (const auto& array : elements) {
    const Type& type = single(array, "loop");
    if (type.rank() == 0 || type.shape[0] != count)
      fail("loop: the elements " + toString(type) + " do not have " + count.toString() + " rows");
    expected.push_back(dropOuter(type, 1));
  }
  for (const auto& value : captured)
    expected.push_back(single(value, "loop"));
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i]->type != expected[i])
      fail("loop: parameter " + std::to_string(i) + " of the step has type " +
           toString(params[i]->type) + ", expected " + toString(expected[i]));
  std::vector<Type> results = resultTypes(*step->body);
  if (results.size() < init.size())
    fail("loop: the step returns fewer components than the state has");
  std::vector<Type> out;
  for (size_t i = 0; i < results.size(); ++i) {
    if (i < init.size()) {
      if (results[i] != expected[i])
        fail("loop: the step returns " + toString(results[i]) + " for a state component of type " +
             toString(expected[i]));
      out.push_back(results[i]);
      continue;
    }
    Type stacked = results[i];
    stacked.shape.insert(stacked.shape.begin(), count);
    out.push_back(stacked);
  }
  auto made = node(Node::Kind::Loop);
  made->shape = {std::move(count)};
  made->stateCount = uint32_t(init.size());
  made->elementCount = uint32_t(elements.size());
  made->operands = std::move(init);
  made->operands.insert(made->operands.end(), elements.begin(), elements.end());
  made->operands.insert(made->operands.end(), captured.begin(), captured.end());
  made->function = std::move(step);
  if (out.size() == 1)
    made->type = out[0];
  else
    made->types = std::move(out);
  return made;
}

NodeP makeWhile(NodeP bound, std::vector<NodeP> init, std::vector<NodeP> captured,
                FunctionP function) {
  if (single(bound, "while") != scalarType(Elem::I64))
    fail("while: the bound has type " + toString(bound->type) + ", expected i64");
  const auto& params = function->params;
  if (params.size() != init.size() + captured.size())
    fail("while: the function takes " + std::to_string(params.size()) + " parameters for " +
         std::to_string(init.size() + captured.size()) + " operands");
  if (init.empty()) fail("while: no state");
  std::vector<Type> expected;
  for (const auto& value : init)
    expected.push_back(single(value, "while"));
  for (const auto& value : captured)
    expected.push_back(single(value, "while"));
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i]->type != expected[i])
      fail("while: parameter " + std::to_string(i) + " of the function has type " +
           toString(params[i]->type) + ", expected " + toString(expected[i]));
  std::vector<Type> results = resultTypes(*function->body);
  if (results.size() != init.size() + 1)
    fail("while: the function returns " + std::to_string(results.size()) +
         " components, expected the condition and " + std::to_string(init.size()));
  if (results[0] != scalarType(Elem::Bool))
    fail("while: the condition has type " + toString(results[0]) + ", expected bool");
  for (size_t i = 0; i < init.size(); ++i)
    if (results[i + 1] != expected[i])
      fail("while: the step returns " + toString(results[i + 1]) +
           " for a state component of type " + toString(expected[i]));
  auto made = node(Node::Kind::While);
  made->stateCount = uint32_t(init.size());
  made->operands = {std::move(bound)};
  made->operands.insert(made->operands.end(), init.begin(), init.end());
  made->operands.insert(made->operands.end(), captured.begin(), captured.end());
  made->function = std::move(function);
  if (init.size() == 1)
    made->type = expected[0];
  else
    made->types = std::vector<Type>(expected.begin(), expected.begin() + init.size());
  return made;
}

NodeP makeBindSize(const SizeVarP& size, NodeP value, NodeP body) {
  if (size->derivation) fail("bindSize: the size " + size->name + " is derived");
  if (single(value, "bindSize") != scalarType(Elem::I64))
    fail("bindSize: the value has type " + toString(value->type) + ", expected i64");
  for (const Type& type : resultTypes(*body))
    for (const Dim& dim : type.shape)
      if (dim.variables().count(size->id))
        fail("bindSize: the result type " + toString(type) + " mentions the size " + size->name);
  auto made = node(Node::Kind::BindSize);
  made->type = body->type;
  made->types = body->types;
  made->shape = {Dim::variable(size)};
  made->operands = {std::move(value), std::move(body)};
  return made;
}

NodeP makeCustom(DiffKind mode, std::vector<NodeP> inputs, std::vector<NodeP> value,
                 std::vector<NodeP> captured, FunctionP rule) {
  if (mode != DiffKind::Vjp && mode != DiffKind::Jvp) fail("custom: the mode must be vjp or jvp");
  if (value.empty()) fail("custom: no value");
  std::vector<Type> expected, floatInputs, floatValue, valueTypes;
  std::vector<bool> differentiable;
  for (const auto& input : inputs) {
    expected.push_back(single(input, "custom"));
    differentiable.push_back(isFloat(input->type.elem));
    if (differentiable.back()) floatInputs.push_back(input->type);
  }
  for (const auto& component : value) {
    expected.push_back(single(component, "custom"));
    valueTypes.push_back(component->type);
    if (isFloat(component->type.elem)) floatValue.push_back(component->type);
  }
  const std::vector<Type>& incoming = mode == DiffKind::Vjp ? valueTypes : floatInputs;
  const std::vector<Type>& outgoing = mode == DiffKind::Vjp ? floatInputs : floatValue;
  expected.insert(expected.end(), incoming.begin(), incoming.end());
  for (const auto& component : captured)
    expected.push_back(single(component, "custom"));
  const auto& params = rule->params;
  if (params.size() != expected.size())
    fail("custom: the rule takes " + std::to_string(params.size()) + " parameters, expected " +
         std::to_string(expected.size()));
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i]->type != expected[i])
      fail("custom: parameter " + std::to_string(i) + " of the rule has type " +
           toString(params[i]->type) + ", expected " + toString(expected[i]));
  std::vector<Type> results = resultTypes(*rule->body);
  if (results != outgoing)
    fail("custom: the rule returns " + std::to_string(results.size()) +
         " components of other types than the " + std::to_string(outgoing.size()) + " expected");
  auto made = node(Node::Kind::Custom);
  made->diffKind = mode;
  made->stateCount = uint32_t(inputs.size());
  made->elementCount = uint32_t(value.size());
  made->differentiable = std::move(differentiable);
  made->operands = std::move(inputs);
  made->operands.insert(made->operands.end(), value.begin(), value.end());
  made->operands.insert(made->operands.end(), captured.begin(), captured.end());
  made->function = std::move(rule);
  if (valueTypes.size() == 1)
    made->type = valueTypes[0];
  else
    made->types = std::move(valueTypes);
  return made;
}

std::vector<NodeP> customInputs(const Node& custom) {
  return {custom.operands.begin(), custom.operands.begin() + custom.stateCount};
}

std::vector<NodeP> customValue(const Node& custom) {
  auto first = custom.operands.begin() + custom.stateCount;
  return {first, first + custom.elementCount};
}

std::vector<NodeP> customCaptured(const Node& custom) {
  return {custom.operands.begin() + custom.stateCount + custom.elementCount, custom.operands.end()};
}

std::vector<NodeP> whileInit(const Node& loop) {
  return {loop.operands.begin() + 1, loop.operands.begin() + 1 + loop.stateCount};
}

std::vector<NodeP> whileCaptured(const Node& loop) {
  return {loop.operands.begin() + 1 + loop.stateCount, loop.operands.end()};
}

std::vector<NodeP> loopInit(const Node& loop) {
  return {loop.operands.begin(), loop.operands.begin() + loop.stateCount};
}

std::vector<NodeP> loopElements(const Node& loop) {
  auto first = loop.operands.begin() + loop.stateCount;
  return {first, first + loop.elementCount};
}

std::vector<NodeP> loopCaptured(const Node& loop) {
  return {loop.operands.begin() + loop.stateCount + loop.elementCount, loop.operands.end()};
}

NodeP rebuild(const Node& old, std::vector<NodeP> operands, std::vector<NodeP> indices,
              FunctionP function) {
  using K = Node::Kind;
  if (!function) function = old.function;
  switch (old.kind) {
  case K::Const:
    return makeConst(old.value, old.type.elem);
  case K::Variable:
    return makeVariable(old.vars[0]);
  case K::Let:
    return makeLet(old.vars[0], operands[0], operands[1]);
  case K::LetTuple:
    return makeLetTuple(old.vars, operands[0], operands[1]);
  case K::Tuple:
    return makeTuple(std::move(operands));
  case K::Cond:
    return makeCond(operands[0], operands[1], operands[2]);
  case K::Unary:
    return makeUnary(old.unaryOp, operands[0]);
  case K::Binary:
    return makeBinary(old.binaryOp, operands[0], operands[1]);
  case K::Index: {
    NodeP array = operands[0];
    operands.erase(operands.begin());
    return makeIndex(array, std::move(operands));
  }
  case K::SumOuter:
    return makeSumOuter(operands[0]);
  case K::MaxOuter:
    return makeMaxOuter(operands[0]);
  case K::ProdOuter:
    return makeProdOuter(operands[0]);
  case K::ArgmaxOuter:
    return makeArgmaxOuter(operands[0]);
  case K::Gather:
    return makeGather(old.shape, operands[0], old.vars, std::move(indices));
  case K::Scatter:
    return makeScatter(old.shape, operands[0], old.vars, std::move(indices));
  case K::ArrayLit:
    return makeArrayLit(std::move(operands));
  case K::Replicate:
    return makeReplicate(old.shape[0], operands[0]);
  case K::Tr:
    return makeTr(old.permutation, operands[0]);
  case K::Reshape:
    return makeReshape(old.shape, operands[0]);
  case K::Build1:
    return makeBuild1(old.shape[0], old.vars[0], operands[0]);
  case K::Iota:
    return makeIota(old.shape[0]);
  case K::NoGrad:
    return makeNoGrad(operands[0]);
  case K::SizeValue:
    return makeSizeValue(old.shape[0]);
  case K::Diff:
    return makeDiff(old.diffKind, std::move(function), std::move(operands), old.differentiable);
  case K::Loop: {
    auto first = operands.begin();
    std::vector<NodeP> init(first, first + old.stateCount);
    std::vector<NodeP> elements(first + old.stateCount, first + old.stateCount + old.elementCount);
    std::vector<NodeP> captured(first + old.stateCount + old.elementCount, operands.end());
    return makeLoop(old.shape[0], std::move(init), std::move(elements), std::move(captured),
                    std::move(function));
  }
  case K::While: {
    auto first = operands.begin() + 1;
    std::vector<NodeP> init(first, first + old.stateCount);
    std::vector<NodeP> captured(first + old.stateCount, operands.end());
    return makeWhile(operands[0], std::move(init), std::move(captured), std::move(function));
  }
  case K::BindSize:
    return makeBindSize(old.shape[0].asVariable(), operands[0], operands[1]);
  case K::Custom: {
    auto first = operands.begin();
    std::vector<NodeP> inputs(first, first + old.stateCount);
    std::vector<NodeP> value(first + old.stateCount, first + old.stateCount + old.elementCount);
    std::vector<NodeP> captured(first + old.stateCount + old.elementCount, operands.end());
    return makeCustom(old.diffKind, std::move(inputs), std::move(value), std::move(captured),
                      std::move(function));
  }
  }
  fail("rebuild: unknown node kind");
}

} // namespace arr::core
