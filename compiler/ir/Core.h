#pragma once
// The core IR (the paper's Fig. 7, plus iota, maxOuter, argmaxOuter, noGrad,
// size values, tuples at the root and differentiation nodes).
//
// Nodes are immutable and shared by pointer; a node's identity is what the
// paper's global sharing refers to. Every node is made by the builder
// (ir/Builder.h), which computes and checks its type. Variables are unique
// objects: two variables with the same name are different variables.

#include "base/Dim.h"
#include "base/Elem.h"
#include "base/EntryInterface.h"
#include "base/Primitives.h"

#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

namespace arr::core {

using arr::Dim;
using arr::Elem;
using arr::SizeVarP;
using arr::toString;
using prim::BinaryOp;
using prim::isComparison;
using prim::toString;
using prim::UnaryOp;

/// An array type: element type and shape. Scalars have an empty shape.
struct Type {
  Elem elem = Elem::F64;
  std::vector<Dim> shape;
  size_t rank() const { return shape.size(); }
  bool isScalar() const { return shape.empty(); }
  bool operator==(const Type& other) const { return elem == other.elem && shape == other.shape; }
  bool operator!=(const Type& other) const { return !(*this == other); }
};
std::string toString(const Type& type);
std::string shapeString(const std::vector<Dim>& shape); // "[n,m]"

struct Var {
  uint32_t id;
  std::string name;
  Type type;
};
using VarP = std::shared_ptr<const Var>;
VarP newVar(std::string name, Type type);

enum class DiffKind { Grad, ValueAndGrad, Vjp, Jvp };
const char* toString(DiffKind kind);

using prim::Scalar;

struct Node;
using NodeP = std::shared_ptr<const Node>;

/// A function of the core language: the body of a differentiated function, or
/// an entry point. Its body is a Tuple node (under lets) when it has several results.
struct Function {
  std::vector<VarP> params;
  NodeP body;
};
using FunctionP = std::shared_ptr<const Function>;

struct Node {
  enum class Kind {
    Const,       // scalar: a literal
    Variable,    // var
    Let,         // let var = operands[0] in operands[1]
    LetTuple,    // let (vars...) = operands[0] in operands[1]; operands[0] has several results
    Tuple,       // the results of a function; only at the root of a function body (under lets)
    Cond,        // cond operands[0..2]: strict selection
    Unary,       // unaryOp operands[0]
    Binary,      // binaryOp operands[0] operands[1]: equal shapes
    Index,       // index operands[0] [operands[1..]]
    SumOuter,    // operands[0]
    ProdOuter,   // operands[0]: the product along the outermost dimension
    MaxOuter,    // operands[0]
    ArgmaxOuter, // operands[0]
    Gather,      // gather shape operands[0] (\vars -> [indices])
    Scatter,     // scatter shape operands[0] (\vars -> [indices])
    ArrayLit,    // [operands...]
    Replicate,   // replicate shape[0] operands[0]
    Tr,          // tr permutation operands[0]
    Reshape,     // reshape shape operands[0]
    Build1,      // build1 shape[0] (\vars[0] -> operands[0])
    Iota,        // iota shape[0]
    NoGrad,      // noGrad operands[0]
    SizeValue,   // the dimension shape[0] as an i64 scalar
    Diff,        // diffKind of function, applied to operands (primal inputs, then ct/tangents)
    Loop,        // loop shape[0] steps: operands are the initial state, the elements and the
                 // captured values; function (closed) maps (state, element, captured) to
                 // (state, output); results: the final state, then each output stacked [n, ..]
    While,       // while: operands are the bound (an i64 scalar), the initial state and the
                 // captured values; function (closed) maps (state, captured) to (holds, next
                 // state): `holds` is the condition of the state it is given. Steps at most
                 // bound times while the condition holds; results: the final state
    Custom,      // a call with a derivative rule given by the programmer (customVjp/customJvp):
                 // operands are the inputs x (stateCount of them), the call's value y
                 // (elementCount) and the rule's captured values; results: y. function (closed)
                 // is the rule, mapping (x, y, cotangents of y or tangents of the float x,
                 // captured) to the cotangents of the float x (diffKind Vjp) or the tangents of
                 // the float y (Jvp). Differentiation in the rule's mode uses the rule and not
                 // y's own derivative; in the other mode the node is y. Removed after AD.
    BindSize,    // bindSize shape[0] = operands[0] in operands[1]: the size variable shape[0]
                 // (fresh, not derived) has the value of the i64 scalar operands[0] (not
                 // negative) in operands[1], whose results do not mention it. Reverse mode
                 // through a while loop keeps its states in [steps taken] arrays this way.
  };

  Kind kind;
  Type type;               // the result type (Tuple/LetTuple over a Tuple, Diff: see types)
  std::vector<Type> types; // Tuple, Diff and LetTuple/Let over tuples: the result types
  std::vector<NodeP> operands;
  std::vector<VarP> vars;     // Let/LetTuple binders, Build1 index, Gather/Scatter lambda params
  std::vector<NodeP> indices; // Gather/Scatter: the index function's results
  std::vector<Dim> shape; // Gather/Scatter/Reshape shape; Replicate/Build1/Iota/SizeValue: one dim
  std::vector<int> permutation; // Tr
  Scalar value;                 // Const
  UnaryOp unaryOp = UnaryOp::Neg;
  BinaryOp binaryOp = BinaryOp::Add;
  DiffKind diffKind = DiffKind::Grad;
  FunctionP function;               // Diff; Loop: the step; While: condition and step; Custom:
                                    // the rule
  std::vector<bool> differentiable; // Diff: per parameter of `function`; Custom: per input
  uint32_t stateCount = 0;   // Loop: the state's components (the first operands); While: after
                             // the bound
  uint32_t elementCount = 0; // Loop: the elements' components (the next operands)

  /// The number of results: 1 for array nodes.
  size_t resultCount() const { return types.empty() ? 1 : types.size(); }
};

using arr::TupleNesting;

/// A size that a call inside an entry bound to a dimension of the entry's sizes: it must not
/// be negative (LANGUAGE.md §3), although it need not appear in any type (take(3, x) binds
/// m = n-3 in `x: [k+m]T`), so the entry checks it before it runs.
struct SizeBinding {
  Dim dim;
  std::string what; // "size m of take"
};

/// A compiled program: its entry points.
struct Entry {
  std::string name;
  std::vector<SizeVarP> sizeVars;        // in order of first appearance in the parameters
  std::vector<std::string> paramNames;   // the source parameter of each flattened parameter
  Function function;                     // params: the parameters' components, flattened
  std::vector<size_t> paramComponents;   // how many flattened parameters each source parameter has
  std::vector<SizeBinding> sizeBindings; // in the order of the calls, each dimension once
  // The tuples of each source parameter and of the result, for interfaces that
  // rebuild them (the shared library's description of its entries).
  std::vector<TupleNesting> paramNesting;
  TupleNesting resultNesting;
};

struct Program {
  std::vector<Entry> entries;
};

} // namespace arr::core
