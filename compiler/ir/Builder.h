#pragma once
// The only way to make core IR nodes: each function computes the node's type
// from its operands and throws IRError when they do not fit (an internal error:
// lowering and passes must only build well-typed programs).

#include "ir/Core.h"

#include <stdexcept>

namespace arr::core {

struct IRError : std::logic_error {
  using std::logic_error::logic_error;
};

Type scalarType(Elem elem);
using arr::isFloat;

NodeP makeConst(Scalar value, Elem elem);
NodeP makeVariable(const VarP& var);
NodeP makeLet(const VarP& var, NodeP value, NodeP body);
NodeP makeLetTuple(std::vector<VarP> vars, NodeP value, NodeP body);
NodeP makeTuple(std::vector<NodeP> components);
NodeP makeCond(NodeP condition, NodeP thenValue, NodeP elseValue);
NodeP makeUnary(UnaryOp op, NodeP operand);
NodeP makeBinary(BinaryOp op, NodeP left, NodeP right);
NodeP makeIndex(NodeP array, std::vector<NodeP> indices);
NodeP makeSumOuter(NodeP array);
NodeP makeMaxOuter(NodeP array);
NodeP makeProdOuter(NodeP array);
NodeP makeArgmaxOuter(NodeP array);
NodeP makeGather(std::vector<Dim> shape, NodeP array, std::vector<VarP> vars,
                 std::vector<NodeP> indices);
NodeP makeScatter(std::vector<Dim> shape, NodeP array, std::vector<VarP> vars,
                  std::vector<NodeP> indices);
NodeP makeArrayLit(std::vector<NodeP> elements);
NodeP makeReplicate(Dim count, NodeP array);
NodeP makeTr(std::vector<int> permutation, NodeP array);
NodeP makeReshape(std::vector<Dim> shape, NodeP array);
NodeP makeBuild1(Dim count, const VarP& index, NodeP body);
NodeP makeIota(Dim count);
NodeP makeNoGrad(NodeP operand);
NodeP makeSizeValue(Dim dim);
/// `differentiable[i]` says whether parameter i of the function gets a derivative; by
/// default every parameter of a float type does. A float parameter marked false is a
/// constant to the derivative: no gradient for it (grad, vjp), no tangent (jvp).
NodeP makeDiff(DiffKind kind, FunctionP function, std::vector<NodeP> args,
               std::vector<bool> differentiable = {});
/// A sequential loop of `count` steps (see Node::Kind::Loop). `step` is closed: it
/// mentions only its parameters, the state's, an element's (a row of each of
/// `elements`, whose outer dimension is `count`) and the captured values'. It returns
/// the next state, then the step's outputs.
NodeP makeLoop(Dim count, std::vector<NodeP> init, std::vector<NodeP> elements,
               std::vector<NodeP> captured, FunctionP step);
/// The operands of a loop: its initial state, its elements, its captured values.
std::vector<NodeP> loopInit(const Node& loop);
std::vector<NodeP> loopElements(const Node& loop);
std::vector<NodeP> loopCaptured(const Node& loop);

/// A loop of at most `bound` (an i64 scalar) steps while a condition holds (see
/// Node::Kind::While). `function` is closed: it takes the state's components, then the
/// captured values', and returns the condition of that state (a bool scalar), then the
/// next state.
NodeP makeWhile(NodeP bound, std::vector<NodeP> init, std::vector<NodeP> captured,
                FunctionP function);
/// bindSize size = value in body (Node::Kind::BindSize): `size` a fresh, underived size
/// variable, `value` an i64 scalar; body's results must not mention the size.
NodeP makeBindSize(const SizeVarP& size, NodeP value, NodeP body);
/// A call whose derivative in `mode` (Vjp or Jvp) the closed function `rule` gives (see
/// Node::Kind::Custom). Its value is `value`, the call computed from `inputs` by ordinary code.
NodeP makeCustom(DiffKind mode, std::vector<NodeP> inputs, std::vector<NodeP> value,
                 std::vector<NodeP> captured, FunctionP rule);
/// The operands of a custom node: its inputs, its value, the rule's captured values.
std::vector<NodeP> customInputs(const Node& custom);
std::vector<NodeP> customValue(const Node& custom);
std::vector<NodeP> customCaptured(const Node& custom);

/// The operands of a while loop after its bound.
std::vector<NodeP> whileInit(const Node& loop);
std::vector<NodeP> whileCaptured(const Node& loop);

/// A binding of a let chain: one variable (let), or several for a node with several
/// results (let tuple).
struct Binding {
  std::vector<VarP> vars;
  NodeP value;
};
/// `body` under the bindings, the first outermost.
NodeP wrapInBindings(const std::vector<Binding>& bindings, NodeP body);
/// Fresh variables named `name` for each result of `value`, bound to it in `bindings`;
/// their uses.
std::vector<NodeP> bindResults(const NodeP& value, std::vector<Binding>& bindings,
                               const std::string& name);

/// The result types of a function body (one, or the components of its root tuple).
std::vector<Type> resultTypes(const Node& body);

/// Rebuilds `node` with new operands (and, for binders, new variables), keeping
/// everything else (the function of a Diff or Loop unless another is given); the
/// builder re-checks the types.
NodeP rebuild(const Node& node, std::vector<NodeP> operands, std::vector<NodeP> indices,
              FunctionP function = nullptr);

} // namespace arr::core
