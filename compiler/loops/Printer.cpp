// The text of --dump-after=loops and of every loop pass: one line per
// statement, nested by indentation, expressions in the infix notation of the
// source language. Accesses print one index per dimension (`b_1[r_6, i_4]`), a
// vector access its first element and lane count (`b_1[r_6, j_4:8]`); a loop
// prints its bounds (`for i_3 < n_0`, `for j_5 in [from_4, n_0) step 8`), a
// reduction step its operation (`sum_5 += x`, followed by `(in order)` when it
// may not be reassociated).

#include "base/Indentation.h"
#include "loops/LoopIR.h"

#include <cstdio>
#include <functional>
#include <map>
#include <sstream>

namespace arr::loops {

namespace {

std::string typeName(Elem elem, int lanes = 1) {
  std::string name;
  switch (elem) {
  case Elem::F64:
    name = "f64";
    break;
  case Elem::F32:
    name = "f32";
    break;
  case Elem::I64:
    name = "i64";
    break;
  case Elem::Bool:
    name = "bool";
    break;
  }
  return lanes > 1 ? name + "x" + std::to_string(lanes) : name;
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

/// `+=` for an infix operation, `max=` for one written as a call.
std::string updateSymbol(BinaryOp op) {
  const char* symbol = infix(op);
  return (symbol ? std::string(symbol) : std::string(prim::toString(op))) + "=";
}

class Printer {
public:
  std::string expr(const Expr& e) {
    switch (e.kind) {
    case Expr::Kind::Const:
      if (e.lanes > 1)
        return "broadcast(" + constantText(e.value, e.type) + ", " + std::to_string(e.lanes) + ")";
      return constantText(e.value, e.type);
    case Expr::Kind::Local:
      return localName(*e.local);
    case Expr::Kind::Load:
      return access(*e.buffer, e.operands, e.lanes);
    case Expr::Kind::Unary:
      if (prim::info(e.unaryOp).notation == prim::Notation::Prefix)
        return prim::info(e.unaryOp).symbol + operand(*e.operands[0]);
      return std::string(prim::toString(e.unaryOp)) + "(" + expr(*e.operands[0]) + ")";
    case Expr::Kind::Binary:
      // i + (-1) reads better as i - 1.
      if (e.binaryOp == BinaryOp::Add && e.type == Elem::I64 &&
          e.operands[1]->kind == Expr::Kind::Const && e.lanes == 1) {
        int64_t c = std::get<int64_t>(e.operands[1]->value);
        if (c < 0 && c != INT64_MIN) return operand(*e.operands[0]) + " - " + std::to_string(-c);
      }
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
    case Expr::Kind::Broadcast:
      return "broadcast(" + expr(*e.operands[0]) + ", " + std::to_string(e.lanes) + ")";
    case Expr::Kind::ReduceLanes:
      return "reduce" +
             std::string(infix(e.binaryOp) ? infix(e.binaryOp) : prim::toString(e.binaryOp)) + "(" +
             expr(*e.operands[0]) + ")";
    }
    return "?";
  }

  void block(const Block& statements, int depth) {
    for (const StmtP& statement : statements)
      stmt(*statement, depth);
  }

  std::string access(const Buffer& buffer, const std::vector<ExprP>& indices, int lanes) {
    if (buffer.base) views.emplace(buffer.id, &buffer);
    std::string text = bufferName(buffer) + "[";
    for (size_t d = 0; d < indices.size(); ++d)
      text += (d ? ", " : "") + expr(*indices[d]);
    if (lanes > 1) text += ":" + std::to_string(lanes);
    return text + "]";
  }

  std::string shape(const Buffer& buffer) {
    std::string text = typeName(buffer.type) + "[";
    for (size_t d = 0; d < buffer.shape.size(); ++d)
      text += (d ? ", " : "") + expr(*buffer.shape[d]);
    return text + "]";
  }

  std::ostringstream out;
  std::map<uint32_t, const Buffer*> views; // the views the body reads, for the header

private:
  std::string operand(const Expr& e) {
    bool atomic =
        e.kind == Expr::Kind::Const || e.kind == Expr::Kind::Local || e.kind == Expr::Kind::Load ||
        e.kind == Expr::Kind::Select || e.kind == Expr::Kind::Broadcast ||
        e.kind == Expr::Kind::ReduceLanes ||
        (e.kind == Expr::Kind::Unary && e.unaryOp != UnaryOp::Neg && e.unaryOp != UnaryOp::Not) ||
        (e.kind == Expr::Kind::Binary && !infix(e.binaryOp));
    return atomic ? expr(e) : "(" + expr(e) + ")";
  }

  void stmt(const Stmt& s, int depth) {
    std::string indent = arr::indentation(depth);
    switch (s.kind) {
    case Stmt::Kind::Declare:
      out << indent << typeName(s.local->type, s.local->lanes) << " " << localName(*s.local)
          << " = " << expr(*s.value) << "\n";
      return;
    case Stmt::Kind::Assign:
      out << indent << localName(*s.local) << " = " << expr(*s.value) << "\n";
      return;
    case Stmt::Kind::Accumulate:
      out << indent << localName(*s.local) << " " << updateSymbol(s.op) << " " << expr(*s.value)
          << (s.reassociate ? "" : " (in order)") << "\n";
      return;
    case Stmt::Kind::Store:
      out << indent << access(*s.buffer, s.indices, s.value->lanes) << " = " << expr(*s.value)
          << "\n";
      return;
    case Stmt::Kind::Update:
      out << indent << access(*s.buffer, s.indices, s.value->lanes) << " " << updateSymbol(s.op)
          << " " << expr(*s.value) << (s.reassociate ? "" : " (in order)") << "\n";
      return;
    case Stmt::Kind::If:
      out << indent << "if " << expr(*s.value) << ":\n";
      block(s.body, depth + 1);
      if (!s.orElse.empty()) {
        out << indent << "else:\n";
        block(s.orElse, depth + 1);
      }
      return;
    case Stmt::Kind::For: {
      out << indent
          << (s.parallel       ? "parallel for "
              : s.carriesState ? "for steps "
                               : "for ")
          << localName(*s.local);
      auto lower =
          s.lower->kind == Expr::Kind::Const ? std::get_if<int64_t>(&s.lower->value) : nullptr;
      if (lower && *lower == 0 && s.step == 1)
        out << " < " << expr(*s.value);
      else
        out << " in [" << expr(*s.lower) << ", " << expr(*s.value) << ")";
      if (s.step != 1) out << " step " << s.step;
      if (s.whileCondition) out << " while " << expr(*s.whileCondition);
      if (s.maxTrips) out << " at most " << *s.maxTrips;
      if (s.parallel) out << " work " << expr(*s.work);
      for (const Reduction& reduction : s.reductions)
        out << " reduce " << localName(*reduction.local) << " " << prim::toString(reduction.op);
      out << ":\n";
      block(s.body, depth + 1);
      return;
    }
    case Stmt::Kind::Alloc:
      out << indent << bufferName(*s.buffer) << " = alloc " << shape(*s.buffer) << "\n";
      return;
    case Stmt::Kind::Free:
      out << indent << "free " << bufferName(*s.buffer) << "\n";
      return;
    case Stmt::Kind::Prefetch:
      out << indent << "prefetch " << access(*s.buffer, s.indices, 1) << "\n";
      return;
    case Stmt::Kind::Swap:
      out << indent << "swap " << bufferName(*s.buffer) << " " << bufferName(*s.other) << "\n";
      return;
    }
  }
};

void printFunction(Printer& printer, const Function& function) {
  printer.out << "loops " << function.name << "(";
  std::string separator;
  for (const LocalP& size : function.sizes) {
    printer.out << separator << localName(*size) << ": size";
    separator = ", ";
  }
  for (const Param& param : function.params) {
    if (param.scalar)
      printer.out << separator << localName(*param.scalar) << ": " << typeName(param.scalar->type);
    else
      printer.out << separator << bufferName(*param.buffer) << ": *"
                  << printer.shape(*param.buffer);
    separator = ", ";
  }
  printer.out << ") -> (";
  separator.clear();
  for (const BufferP& result : function.results) {
    printer.out << separator << bufferName(*result) << ": *" << printer.shape(*result);
    separator = ", ";
  }
  printer.out << "):\n";
  for (const DimensionCheck& check : function.checks)
    printer.out << "  check " << check.text << (check.arraySize ? " >= 0" : " fits i64") << "\n";
  for (const ConstantArray& constant : function.constants) {
    printer.out << "  " << bufferName(*constant.buffer) << " = constant "
                << printer.shape(*constant.buffer) << " [";
    for (size_t i = 0; i < constant.values.size(); ++i)
      printer.out << (i ? ", " : "") << constantText(constant.values[i], constant.buffer->type);
    printer.out << "]\n";
  }
  // The body first, to learn which views it reads; they are listed before it.
  std::ostringstream body;
  std::swap(body, printer.out);
  printer.block(function.body, 1);
  std::swap(body, printer.out);
  for (const auto& [id, view] : printer.views)
    printer.out << "  view " << bufferName(*view) << " = " << bufferName(*view->base) << " as "
                << printer.shape(*view) << "\n";
  printer.views.clear();
  printer.out << body.str() << "\n";
}

} // namespace

std::string print(const Expr& expr) {
  return Printer().expr(expr);
}

std::string print(const Function& function) {
  Printer printer;
  printFunction(printer, function);
  return printer.out.str();
}

std::string print(const Program& program) {
  Printer printer;
  for (const Function& function : program.functions)
    printFunction(printer, function);
  return printer.out.str();
}

} // namespace arr::loops
