// The text of --dump-after=loops: one line per statement, nested by
// indentation, expressions in the infix notation of the source language.

#include "base/Indentation.h"
#include "loops/LoopIR.h"

#include <cstdio>
#include <sstream>

namespace arr::loops {

namespace {

std::string typeName(Elem elem) {
  switch (elem) {
  case Elem::F64:
    return "f64";
  case Elem::F32:
    return "f32";
  case Elem::I64:
    return "i64";
  case Elem::Bool:
    return "bool";
  }
  return "?";
}

std::string localName(const Local& local) {
  return local.name + "_" + std::to_string(local.id);
}

std::string bufferName(const Buffer& buffer) {
  return buffer.name + "_" + std::to_string(buffer.id);
}

/// The symbol of an infix primitive (a + b); null for one printed as a call.
const char* infix(BinaryOp op) {
  const prim::BinaryInfo& entry = prim::info(op);
  return entry.notation == prim::Notation::Infix ? entry.symbol : nullptr;
}

std::string constantText(const Scalar& value, Elem type) {
  if (const auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  if (const auto* i = std::get_if<int64_t>(&value)) return std::to_string(*i);
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", std::get<double>(value));
  std::string result = text;
  if (result.find_first_of(".einn") == std::string::npos) result += ".0";
  return type == Elem::F32 ? "f32(" + result + ")" : result;
}

class Printer {
public:
  std::string expr(const Expr& e) {
    switch (e.kind) {
    case Expr::Kind::Const:
      return constantText(e.value, e.type);
    case Expr::Kind::Local:
      return localName(*e.local);
    case Expr::Kind::Load:
      return bufferName(*e.buffer) + "[" + expr(*e.operands[0]) + "]";
    case Expr::Kind::Unary:
      if (prim::info(e.unaryOp).notation == prim::Notation::Prefix)
        return prim::info(e.unaryOp).symbol + operand(*e.operands[0]);
      return std::string(prim::toString(e.unaryOp)) + "(" + expr(*e.operands[0]) + ")";
    case Expr::Kind::Binary:
      if (const char* op = infix(e.binaryOp))
        return operand(*e.operands[0]) + " " + op + " " + operand(*e.operands[1]);
      return std::string(prim::toString(e.binaryOp)) + "(" + expr(*e.operands[0]) + ", " +
             expr(*e.operands[1]) + ")";
    case Expr::Kind::Select:
      return "select(" + expr(*e.operands[0]) + ", " + expr(*e.operands[1]) + ", " +
             expr(*e.operands[2]) + ")";
    case Expr::Kind::IndexDiv:
      return operand(*e.operands[0]) + " /u " + operand(*e.operands[1]);
    case Expr::Kind::IndexMod:
      return operand(*e.operands[0]) + " %u " + operand(*e.operands[1]);
    }
    return "?";
  }

  void block(const Block& statements, int depth) {
    for (const StmtP& statement : statements)
      stmt(*statement, depth);
  }

  std::ostringstream out;

private:
  std::string operand(const Expr& e) {
    bool atomic =
        e.kind == Expr::Kind::Const || e.kind == Expr::Kind::Local || e.kind == Expr::Kind::Load ||
        e.kind == Expr::Kind::Select ||
        (e.kind == Expr::Kind::Unary && e.unaryOp != UnaryOp::Neg && e.unaryOp != UnaryOp::Not) ||
        (e.kind == Expr::Kind::Binary && !infix(e.binaryOp));
    return atomic ? expr(e) : "(" + expr(e) + ")";
  }

  void stmt(const Stmt& s, int depth) {
    std::string indent = arr::indentation(depth);
    switch (s.kind) {
    case Stmt::Kind::Declare:
      out << indent << typeName(s.local->type) << " " << localName(*s.local) << " = "
          << expr(*s.value) << "\n";
      return;
    case Stmt::Kind::Assign:
      out << indent << localName(*s.local) << " = " << expr(*s.value) << "\n";
      return;
    case Stmt::Kind::Store:
      out << indent << bufferName(*s.buffer) << "[" << expr(*s.index) << "] = " << expr(*s.value)
          << "\n";
      return;
    case Stmt::Kind::If:
      out << indent << "if " << expr(*s.value) << ":\n";
      block(s.body, depth + 1);
      return;
    case Stmt::Kind::For:
      out << indent
          << (s.parallel       ? "parallel for "
              : s.carriesState ? "for steps "
                               : "for ")
          << localName(*s.local) << " < " << expr(*s.value);
      if (s.parallel) out << " work " << expr(*s.work);
      for (const Reduction& reduction : s.reductions)
        out << " reduce " << localName(*reduction.local) << " " << prim::toString(reduction.op);
      out << ":\n";
      block(s.body, depth + 1);
      return;
    case Stmt::Kind::Alloc:
      out << indent << bufferName(*s.buffer) << " = alloc " << typeName(s.buffer->type) << "["
          << expr(*s.value) << "]\n";
      return;
    case Stmt::Kind::Free:
      out << indent << "free " << bufferName(*s.buffer) << "\n";
      return;
    case Stmt::Kind::Prefetch:
      out << indent << "prefetch " << bufferName(*s.buffer) << "[" << expr(*s.index) << "]\n";
      return;
    case Stmt::Kind::Swap:
      out << indent << "swap " << bufferName(*s.buffer) << " " << bufferName(*s.other) << "\n";
      return;
    }
  }
};

} // namespace

std::string print(const Expr& expr) {
  return Printer().expr(expr);
}

std::string print(const Program& program) {
  Printer printer;
  for (const Function& function : program.functions) {
    printer.out << "loops " << function.name << "(";
    std::string separator;
    for (const LocalP& size : function.sizes) {
      printer.out << separator << localName(*size) << ": size";
      separator = ", ";
    }
    for (const Param& param : function.params) {
      if (param.scalar)
        printer.out << separator << localName(*param.scalar) << ": "
                    << typeName(param.scalar->type);
      else
        printer.out << separator << bufferName(*param.buffer) << ": *"
                    << typeName(param.buffer->type);
      separator = ", ";
    }
    printer.out << ") -> (";
    separator.clear();
    for (const BufferP& result : function.results) {
      printer.out << separator << bufferName(*result) << ": *" << typeName(result->type);
      separator = ", ";
    }
    printer.out << "):\n";
    for (const DimensionCheck& check : function.checks)
      printer.out << "  check " << check.text << (check.arraySize ? " >= 0" : " fits i64") << "\n";
    for (const ConstantArray& constant : function.constants) {
      printer.out << "  " << bufferName(*constant.buffer) << " = constant "
                  << typeName(constant.buffer->type) << "[" << constant.values.size() << "] [";
      for (size_t i = 0; i < constant.values.size(); ++i)
        printer.out << (i ? ", " : "") << constantText(constant.values[i], constant.buffer->type);
      printer.out << "]\n";
    }
    printer.block(function.body, 1);
    printer.out << "\n";
  }
  return printer.out.str();
}

} // namespace arr::loops
