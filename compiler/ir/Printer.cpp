#include "ir/Printer.h"

#include "base/Indentation.h"

#include "ir/Builder.h"

#include <fmt/format.h>

#include <cmath>
#include <unordered_map>

namespace arr::core {

namespace {

std::string scalarText(const Scalar& value, Elem elem) {
  if (auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (auto* i = std::get_if<int64_t>(&value)) return std::to_string(*i);
  double d = std::get<double>(value);
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  std::string text = elem == Elem::F32 ? fmt::format("{}", float(d)) : fmt::format("{}", d);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text + (elem == Elem::F32 ? "f32" : "");
}

std::string varName(const Var& var) {
  return var.name + "_" + std::to_string(var.id);
}

std::string dims(const std::vector<Dim>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + shape[i].toString();
  return text + "]";
}

class Printer {
public:
  /// Notes which non-trivial nodes are referenced more than once: they print
  /// once as `share #k (...)` and then as `#k`, so dumps of DAGs stay linear.
  void countReferences(const Node& node) {
    if (++references_[&node] > 1) return;
    for (const auto& operand : node.operands)
      countReferences(*operand);
    for (const auto& index : node.indices)
      countReferences(*index);
    if (node.function) countReferences(*node.function->body);
  }

  std::string print(const Node& node, int indent) {
    using K = Node::Kind;
    bool trivial = node.kind == K::Const || node.kind == K::Variable || node.kind == K::SizeValue;
    if (!trivial && references_[&node] > 1) {
      auto [it, first] = shareIds_.emplace(&node, shareIds_.size() + 1);
      std::string id = "#" + std::to_string(it->second);
      if (!first) return id;
      return "share " + id + " (" + printNode(node, indent) + ")";
    }
    return printNode(node, indent);
  }

private:
  std::unordered_map<const Node*, int> references_;
  std::unordered_map<const Node*, size_t> shareIds_;

public:
  std::string printNode(const Node& node, int indent) {
    using K = Node::Kind;
    std::string pad = arr::indentation(indent);
    auto sub = [&](size_t i) { return atom(*node.operands[i], indent); };
    auto list = [&](const std::vector<NodeP>& nodes) {
      std::string text = "[";
      for (size_t i = 0; i < nodes.size(); ++i)
        text += (i ? ", " : "") + print(*nodes[i], indent);
      return text + "]";
    };
    // The function of a loop, while, custom or Diff node, after its "(\": params -> body).
    auto lambda = [&] {
      std::string text;
      for (size_t i = 0; i < node.function->params.size(); ++i)
        text += (i ? " " : "") + varName(*node.function->params[i]);
      return text + " ->\n" + pad + "    " + print(*node.function->body, indent + 2) + ")";
    };
    switch (node.kind) {
    case K::Const:
      return scalarText(node.value, node.type.elem);
    case K::Variable:
      return varName(*node.vars[0]);
    case K::Let:
      return "let " + varName(*node.vars[0]) + " : " + toString(node.vars[0]->type) + " = " +
             print(*node.operands[0], indent + 1) + " in\n" + pad +
             print(*node.operands[1], indent);
    case K::BindSize: // a block of its own: its body's lets stay inside it
      return "bindSize " + node.shape[0].toString() + " = " + print(*node.operands[0], indent + 1) +
             " in (\n" + pad + "  " + print(*node.operands[1], indent + 1) + ")";
    case K::LetTuple: {
      std::string names;
      for (size_t i = 0; i < node.vars.size(); ++i)
        names += (i ? ", " : "") + varName(*node.vars[i]) + " : " + toString(node.vars[i]->type);
      return "let (" + names + ") = " + print(*node.operands[0], indent + 1) + " in\n" + pad +
             print(*node.operands[1], indent);
    }
    case K::Tuple: {
      std::string text = "(";
      for (size_t i = 0; i < node.operands.size(); ++i)
        text += (i ? ", " : "") + print(*node.operands[i], indent);
      return text + ")";
    }
    case K::Cond:
      return "cond " + sub(0) + " " + sub(1) + " " + sub(2);
    case K::Unary: {
      const prim::UnaryInfo& op = prim::info(node.unaryOp);
      if (op.notation == prim::Notation::Prefix) return op.symbol + sub(0);
      return std::string(op.name) + " " + sub(0);
    }
    case K::Binary: {
      const prim::BinaryInfo& op = prim::info(node.binaryOp);
      if (op.notation == prim::Notation::Infix) return sub(0) + " " + op.symbol + " " + sub(1);
      return std::string(op.name) + " " + sub(0) + " " + sub(1);
    }
    case K::Index: {
      std::string text = "index " + sub(0) + " [";
      for (size_t i = 1; i < node.operands.size(); ++i)
        text += (i > 1 ? ", " : "") + print(*node.operands[i], indent);
      return text + "]";
    }
    case K::SumOuter:
      return "sumOuter " + sub(0);
    case K::MaxOuter:
      return "maxOuter " + sub(0);
    case K::ProdOuter:
      return "prodOuter " + sub(0);
    case K::ArgmaxOuter:
      return "argmaxOuter " + sub(0);
    case K::Gather:
    case K::Scatter: {
      std::string text = node.kind == K::Gather ? "gather " : "scatter ";
      text += dims(node.shape) + " " + sub(0) + " (\\[";
      for (size_t i = 0; i < node.vars.size(); ++i)
        text += (i ? ", " : "") + varName(*node.vars[i]);
      text += "] -> [";
      for (size_t i = 0; i < node.indices.size(); ++i)
        text += (i ? ", " : "") + print(*node.indices[i], indent);
      return text + "])";
    }
    case K::ArrayLit: {
      std::string text = "[";
      for (size_t i = 0; i < node.operands.size(); ++i)
        text += (i ? ", " : "") + print(*node.operands[i], indent);
      return text + "]";
    }
    case K::Replicate:
      return "replicate " + node.shape[0].toString() + " " + sub(0);
    case K::Tr: {
      std::string text = "tr [";
      for (size_t i = 0; i < node.permutation.size(); ++i)
        text += (i ? ", " : "") + std::to_string(node.permutation[i]);
      return text + "] " + sub(0);
    }
    case K::Reshape:
      return "reshape " + dims(node.shape) + " " + sub(0);
    case K::Build1:
      return "build1 " + node.shape[0].toString() + " (\\" + varName(*node.vars[0]) + " -> " +
             print(*node.operands[0], indent + 1) + ")";
    case K::Iota:
      return "iota " + node.shape[0].toString();
    case K::NoGrad:
      return "noGrad " + sub(0);
    case K::SizeValue:
      return "size " + node.shape[0].toString();
    case K::Loop: {
      // loop n [init..] [elements..] [captured..] (\state.. element.. captured.. -> step)
      std::string text = "loop " + node.shape[0].toString() + " " + list(loopInit(node)) + " " +
                         list(loopElements(node)) + " " + list(loopCaptured(node)) + " (\\";
      return text + lambda();
    }
    case K::While: {
      // while k [init..] [captured..] (\state.. captured.. -> (holds, next state..))
      std::string text = "while " + sub(0) + " " + list(whileInit(node)) + " " +
                         list(whileCaptured(node)) + " (\\";
      return text + lambda();
    }
    case K::Custom: {
      // customVjp [inputs..] [value..] [captured..] (\inputs.. value.. incoming.. captured.. ->
      // rule)
      std::string text = std::string(node.diffKind == DiffKind::Vjp ? "customVjp " : "customJvp ") +
                         list(customInputs(node)) + " " + list(customValue(node)) + " " +
                         list(customCaptured(node)) + " (\\";
      return text + lambda();
    }
    case K::Diff: {
      std::string text = std::string(toString(node.diffKind)) + " (\\" + lambda();
      for (const auto& arg : node.operands)
        text += " " + atom(*arg, indent);
      return text;
    }
    }
    return "?";
  }

private:
  std::string atom(const Node& node, int indent) {
    using K = Node::Kind;
    bool simple = node.kind == K::Const || node.kind == K::Variable || node.kind == K::ArrayLit ||
                  node.kind == K::Tuple;
    if (simple && !(node.kind == K::Const && node.type.elem != Elem::Bool &&
                    std::visit([](auto v) { return double(v) < 0; }, node.value)))
      return print(node, indent);
    return "(" + print(node, indent) + ")";
  }
};

} // namespace

std::string shapeString(const std::vector<Dim>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "," : "") + shape[i].toString();
  return text + "]";
}

std::string toString(const Type& type) {
  return (type.shape.empty() ? "" : shapeString(type.shape)) + arr::toString(type.elem);
}

const char* toString(DiffKind kind) {
  static const char* names[] = {"grad", "valueAndGrad", "vjp", "jvp"};
  return names[static_cast<int>(kind)];
}

std::string print(const Node& node, int indent) {
  Printer printer;
  printer.countReferences(node);
  return printer.print(node, indent);
}

std::string print(const Program& program) {
  std::string text;
  for (const Entry& entry : program.entries) {
    if (!text.empty()) text += "\n";
    text += "entry " + entry.name + " (";
    for (size_t i = 0; i < entry.function.params.size(); ++i) {
      const Var& param = *entry.function.params[i];
      text += (i ? ", " : "") + varName(param) + " : " + toString(param.type);
    }
    text += ") =\n";
    for (const SizeBinding& binding : entry.sizeBindings)
      text += "  -- requires " + binding.dim.toString() + " >= 0: " + binding.what + "\n";
    Printer printer;
    printer.countReferences(*entry.function.body);
    text += "  " + printer.print(*entry.function.body, 1) + "\n";
  }
  return text;
}

} // namespace arr::core
