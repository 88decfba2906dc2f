// Prints the surface AST in the language's own notation, with every unary and binary
// operation parenthesised so a dump shows exactly how the program was parsed.

#include "frontend/Ast.h"

#include <fmt/format.h>

#include <algorithm>

namespace arr::ast {

namespace {

// ---- Dimensions and types ---------------------------------------------------------------

int precedence(const DimExpr& dim) {
  switch (dim.kind) {
  case DimExpr::Kind::Add:
  case DimExpr::Kind::Sub:
    return 1;
  case DimExpr::Kind::Mul:
    return 2;
  default:
    return 3;
  }
}

void printDim(const DimExpr& dim, std::string& out);

/// The operators are left-associative, so a right operand of equal precedence keeps
/// its parentheses: `n+(m+1)` is a different tree from `n+m+1`, and `n-(m+1)` from `n-m+1`.
void printDimOperand(const DimExpr& operand, int parentPrecedence, bool isRight, std::string& out) {
  int own = precedence(operand);
  bool parens = own < parentPrecedence || (isRight && own == parentPrecedence);
  if (parens) out += '(';
  printDim(operand, out);
  if (parens) out += ')';
}

void printDim(const DimExpr& dim, std::string& out) {
  switch (dim.kind) {
  case DimExpr::Kind::Int:
    out += std::to_string(dim.value);
    return;
  case DimExpr::Kind::Name:
    out += dim.name;
    return;
  case DimExpr::Kind::Add:
  case DimExpr::Kind::Sub:
  case DimExpr::Kind::Mul:
    if (!dim.lhs || !dim.rhs) {
      out += "<?>";
      return;
    }
    printDimOperand(*dim.lhs, precedence(dim), false, out);
    out += dim.kind == DimExpr::Kind::Add ? '+' : dim.kind == DimExpr::Kind::Sub ? '-' : '*';
    printDimOperand(*dim.rhs, precedence(dim), true, out);
    return;
  }
}

void printType(const TypeExpr& type, std::string& out);

void printTypeOrNull(const TypeExprP& type, std::string& out) {
  if (type)
    printType(*type, out);
  else
    out += "<?>";
}

void printTypeList(const std::vector<TypeExprP>& types, std::string& out) {
  out += '(';
  for (size_t i = 0; i < types.size(); ++i) {
    if (i > 0) out += ", ";
    printTypeOrNull(types[i], out);
  }
  out += ')';
}

void printType(const TypeExpr& type, std::string& out) {
  switch (type.kind) {
  case TypeExpr::Kind::Elem:
    out += toString(type.elem);
    return;
  case TypeExpr::Kind::Name:
    out += type.name;
    return;
  case TypeExpr::Kind::Tuple:
    printTypeList(type.elements, out);
    return;
  case TypeExpr::Kind::Array: {
    out += '[';
    for (size_t i = 0; i < type.dims.size(); ++i) {
      if (i > 0) out += ',';
      printDim(*type.dims[i], out);
    }
    out += ']';
    const TypeExpr* element = type.elements.empty() ? nullptr : type.elements[0].get();
    bool parens = element && element->kind == TypeExpr::Kind::Function;
    if (parens) out += '(';
    if (element)
      printType(*element, out);
    else
      out += "<?>";
    if (parens) out += ')';
    return;
  }
  case TypeExpr::Kind::Function: {
    // A lone parameter needs parentheses when it is a tuple (else it would read as
    // several parameters) or a function (the arrow is right-associative).
    bool bare = type.elements.size() == 1 && type.elements[0] &&
                type.elements[0]->kind != TypeExpr::Kind::Tuple &&
                type.elements[0]->kind != TypeExpr::Kind::Function;
    if (bare)
      printType(*type.elements[0], out);
    else
      printTypeList(type.elements, out);
    out += " -> ";
    printTypeOrNull(type.result, out);
    return;
  }
  }
}

// ---- Expressions -----------------------------------------------------------------------------

class ExprPrinter {
public:
  explicit ExprPrinter(const PrintHooks& hooks) : hooks_(hooks) {}

  std::string take() { return std::move(out_); }

  void pattern(const Pattern& pattern) {
    switch (pattern.kind) {
    case Pattern::Kind::Wildcard:
      out_ += '_';
      return;
    case Pattern::Kind::Name:
      out_ += pattern.name;
      out_ += hooks_.afterBinding(pattern.type);
      return;
    case Pattern::Kind::Tuple:
      out_ += '(';
      for (size_t i = 0; i < pattern.elements.size(); ++i) {
        if (i > 0) out_ += ", ";
        this->pattern(pattern.elements[i]);
      }
      out_ += ')';
      return;
    }
  }

  void expr(const Expr& e, int indent) {
    switch (e.kind) {
    case Expr::Kind::IntLit:
      out_ += e.text.empty() ? std::to_string(e.intValue) : e.text;
      return;
    case Expr::Kind::FloatLit:
      out_ += e.text.empty() ? floatSpelling(e.floatValue) : e.text;
      return;
    case Expr::Kind::BoolLit:
      out_ += e.boolValue ? "true" : "false";
      return;
    case Expr::Kind::Name:
      out_ += e.text;
      return;
    case Expr::Kind::Unary:
      out_ += '(';
      out_ += toString(e.unaryOp);
      operand(e, 0, indent);
      out_ += ')';
      return;
    case Expr::Kind::Binary:
      out_ += '(';
      operand(e, 0, indent);
      out_ += ' ';
      out_ += toString(e.binaryOp);
      out_ += ' ';
      operand(e, 1, indent);
      out_ += ')';
      return;
    case Expr::Kind::Call:
      operand(e, 0, indent);
      list(e, 1, '(', ')', indent);
      return;
    case Expr::Kind::Index:
      operand(e, 0, indent);
      list(e, 1, '[', ']', indent);
      return;
    case Expr::Kind::Project:
      operand(e, 0, indent);
      out_ += '.';
      out_ += std::to_string(e.projIndex);
      return;
    case Expr::Kind::Tuple:
      list(e, 0, '(', ')', indent);
      return;
    case Expr::Kind::ArrayLit:
      list(e, 0, '[', ']', indent);
      return;
    case Expr::Kind::Lambda:
      lambda(e, indent);
      return;
    case Expr::Kind::Let:
      let(e, indent);
      return;
    case Expr::Kind::If:
      out_ += "if ";
      child(e, 0, indent);
      out_ += " then ";
      child(e, 1, indent);
      out_ += " else ";
      child(e, 2, indent);
      return;
    }
  }

private:
  static std::string floatSpelling(double value) {
    std::string text = fmt::format("{}", value);
    if (text.find_first_of(".eEni") == std::string::npos) text += ".0";
    return text;
  }

  void newline(int indent) {
    out_ += '\n';
    out_ += indentation(indent);
  }

  void child(const Expr& e, size_t i, int indent) {
    if (i < e.operands.size() && e.operands[i])
      expr(*e.operands[i], indent);
    else
      out_ += "<?>";
  }

  /// An operand of an operator, call, index or projection. The forms that extend as far
  /// right as possible need parentheses there to print the same tree, and so does a
  /// number before a projection (`1.0` would read as a float).
  void operand(const Expr& e, size_t i, int indent) {
    const Expr* op = i < e.operands.size() ? e.operands[i].get() : nullptr;
    bool parens = op && (op->kind == Expr::Kind::Let || op->kind == Expr::Kind::If ||
                         op->kind == Expr::Kind::Lambda);
    if (op && e.kind == Expr::Kind::Project)
      parens = parens || op->kind == Expr::Kind::IntLit || op->kind == Expr::Kind::FloatLit;
    if (parens) out_ += '(';
    child(e, i, indent);
    if (parens) out_ += ')';
  }

  void list(const Expr& e, size_t first, char open, char close, int indent) {
    out_ += open;
    for (size_t i = first; i < e.operands.size(); ++i) {
      if (i > first) out_ += ", ";
      child(e, i, indent);
    }
    out_ += close;
  }

  void lambda(const Expr& e, int indent) {
    std::vector<std::string> annotations;
    bool annotated = false;
    for (const LambdaParam& param : e.lambdaParams) {
      annotations.push_back(hooks_.afterBinding(param.type));
      annotated = annotated || !annotations.back().empty();
    }
    out_ += '\\';
    if (annotated) out_ += '(';
    for (size_t i = 0; i < e.lambdaParams.size(); ++i) {
      if (i > 0) out_ += annotated ? ", " : " ";
      out_ += e.lambdaParams[i].name;
      out_ += annotations[i];
    }
    if (annotated) out_ += ')';
    out_ += " -> ";
    child(e, 0, indent);
  }

  /// One binding per line and `in` on its own line, at the indentation of the first line;
  /// a let bound by a let starts on a new line one level deeper.
  void let(const Expr& e, int indent) {
    for (size_t i = 0; i < e.bindings.size(); ++i) {
      const LetBinding& binding = e.bindings[i];
      if (i > 0) newline(indent);
      out_ += "let ";
      pattern(binding.pattern);
      out_ += " =";
      if (binding.value && binding.value->kind == Expr::Kind::Let)
        newline(indent + 1);
      else
        out_ += ' ';
      if (binding.value)
        expr(*binding.value, indent + 1);
      else
        out_ += "<?>";
    }
    newline(indent);
    out_ += "in ";
    child(e, 0, indent);
  }

  const PrintHooks& hooks_;
  std::string out_;
};

// ---- Declarations ------------------------------------------------------------------------------

void printSignature(const Decl& decl, std::string& out) {
  if (!decl.typeParams.empty()) {
    out += '<';
    for (size_t i = 0; i < decl.typeParams.size(); ++i) {
      if (i > 0) out += ", ";
      out += decl.typeParams[i].name;
    }
    out += '>';
  }
  out += '(';
  for (size_t i = 0; i < decl.params.size(); ++i) {
    if (i > 0) out += ", ";
    out += decl.params[i].name;
    out += ": ";
    printTypeOrNull(decl.params[i].type, out);
  }
  out += ')';
  if (decl.resultType) {
    out += ": ";
    printType(*decl.resultType, out);
  }
}

std::string printBody(const Decl& decl) {
  if (!decl.body) return "<?>";
  return toString(*decl.body, PrintHooks{}, 1);
}

} // namespace

std::string toString(const DimExpr& dim) {
  std::string out;
  printDim(dim, out);
  return out;
}

std::string toString(const TypeExpr& type) {
  std::string out;
  printType(type, out);
  return out;
}

std::string toString(const Pattern& pattern) {
  PrintHooks hooks;
  ExprPrinter printer(hooks);
  printer.pattern(pattern);
  return printer.take();
}

std::string toString(const Expr& expr, const PrintHooks& hooks, int indent) {
  ExprPrinter printer(hooks);
  printer.expr(expr, indent);
  return printer.take();
}

std::string toString(const Decl& decl) {
  switch (decl.kind) {
  case Decl::Kind::Import:
    return "import \"" + decl.importPath + "\"";
  case Decl::Kind::Constant: {
    bool multiLine = decl.body && decl.body->kind == Expr::Kind::Let;
    return "def " + decl.name + (multiLine ? " =\n  " : " = ") + printBody(decl);
  }
  case Decl::Kind::Function:
  case Decl::Kind::Entry: {
    std::string out = decl.kind == Decl::Kind::Entry ? "entry " : "def ";
    out += decl.name;
    printSignature(decl, out);
    out += " =\n  ";
    out += printBody(decl);
    return out;
  }
  }
  return "";
}

std::string toString(const Module& module) {
  std::string out;
  for (size_t i = 0; i < module.decls.size(); ++i) {
    if (i > 0) out += "\n";
    out += toString(module.decls[i]);
    out += "\n";
  }
  return out;
}

} // namespace arr::ast
