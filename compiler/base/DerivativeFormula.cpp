#include "base/DerivativeFormula.h"

#include <array>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace arr::prim {

bool Formula::mentionsResult() const {
  if (kind == Kind::Result) return true;
  for (const Formula& arg : args)
    if (arg.mentionsResult()) return true;
  return false;
}

namespace {

/// A recursive-descent parser of
///   sum        ::= product (('+' | '-') product)*
///   product    ::= unary (('*' | '/') unary)*
///   unary      ::= '-' unary | power
///   power      ::= atom ('**' unary)?
///   atom       ::= NUMBER | 'x' | 'y' | 'r' | NAME '(' sum (',' sum)* ')'
///                | 'float' '(' sum COMPARISON sum ')' | '(' sum ')'
class Parser {
public:
  explicit Parser(std::string_view text) : text_(text) {}

  Formula parse() {
    Formula formula = sum();
    skipSpace();
    if (at_ != text_.size()) fail("unexpected '" + std::string(1, text_[at_]) + "'");
    return formula;
  }

private:
  [[noreturn]] void fail(const std::string& message) const {
    throw std::invalid_argument(message + " at column " + std::to_string(at_ + 1));
  }

  void skipSpace() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])))
      ++at_;
  }

  bool accept(std::string_view token) {
    skipSpace();
    if (text_.substr(at_, token.size()) != token) return false;
    at_ += token.size();
    return true;
  }

  void expect(std::string_view token) {
    if (!accept(token)) fail("expected '" + std::string(token) + "'");
  }

  static Formula unary(UnaryOp op, Formula operand) {
    Formula formula{Formula::Kind::Unary};
    formula.unaryOp = op;
    formula.args = {std::move(operand)};
    return formula;
  }

  static Formula binary(BinaryOp op, Formula left, Formula right) {
    Formula formula{Formula::Kind::Binary};
    formula.binaryOp = op;
    formula.args = {std::move(left), std::move(right)};
    return formula;
  }

  Formula sum() {
    Formula left = product();
    while (true) {
      if (accept("+")) {
        left = binary(BinaryOp::Add, std::move(left), product());
      } else if (accept("-")) {
        left = binary(BinaryOp::Sub, std::move(left), product());
      } else {
        return left;
      }
    }
  }

  Formula product() {
    Formula left = negation();
    while (true) {
      skipSpace();
      if (text_.substr(at_, 2) == "**") return left; // a power, handled below a negation
      if (accept("*")) {
        left = binary(BinaryOp::Mul, std::move(left), negation());
      } else if (accept("/")) {
        left = binary(BinaryOp::Div, std::move(left), negation());
      } else {
        return left;
      }
    }
  }

  Formula negation() {
    if (!accept("-")) return power();
    Formula operand = negation();
    if (operand.kind == Formula::Kind::Number) { // a negative literal
      operand.number = -operand.number;
      return operand;
    }
    return unary(UnaryOp::Neg, std::move(operand));
  }

  Formula power() {
    Formula base = atom();
    if (accept("**")) return binary(BinaryOp::Pow, std::move(base), negation());
    return base;
  }

  Formula atom() {
    skipSpace();
    if (at_ >= text_.size()) fail("unexpected end");
    char c = text_[at_];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::string rest(text_.substr(at_));
      char* end = nullptr;
      double value = std::strtod(rest.c_str(), &end);
      at_ += size_t(end - rest.c_str());
      Formula formula{Formula::Kind::Number};
      formula.number = value;
      return formula;
    }
    if (accept("(")) {
      Formula inner = sum();
      expect(")");
      return inner;
    }
    if (!std::isalpha(static_cast<unsigned char>(c)))
      fail("unexpected '" + std::string(1, c) + "'");
    size_t start = at_;
    while (at_ < text_.size() && std::isalnum(static_cast<unsigned char>(text_[at_])))
      ++at_;
    std::string name(text_.substr(start, at_ - start));
    if (name == "x" || name == "y") {
      Formula formula{Formula::Kind::Operand};
      formula.operand = name == "x" ? 0 : 1;
      return formula;
    }
    if (name == "r") return Formula{Formula::Kind::Result};
    expect("(");
    if (name == "float") return indicator();
    std::vector<Formula> args{sum()};
    while (accept(","))
      args.push_back(sum());
    expect(")");
    return call(name, std::move(args));
  }

  Formula indicator() {
    Formula left = sum();
    static const std::array<std::pair<const char*, BinaryOp>, 6> comparisons = {{
        {"==", BinaryOp::Eq},
        {"!=", BinaryOp::Ne},
        {"<=", BinaryOp::Le},
        {">=", BinaryOp::Ge},
        {"<", BinaryOp::Lt},
        {">", BinaryOp::Gt},
    }};
    for (const auto& [token, op] : comparisons) {
      if (!accept(token)) continue;
      Formula comparison = binary(op, std::move(left), sum());
      expect(")");
      Formula formula{Formula::Kind::Indicator};
      formula.args = {std::move(comparison)};
      return formula;
    }
    fail("float(...) needs a comparison");
  }

  /// A primitive applied by name: any primitive, not only the language's built-ins.
  Formula call(const std::string& name, std::vector<Formula> args) {
    for (size_t op = 0; op < kUnaryCount; ++op)
      if (name == info(UnaryOp(op)).name) {
        if (args.size() != 1) fail(name + " takes one argument");
        return unary(UnaryOp(op), std::move(args[0]));
      }
    for (size_t op = 0; op < kBinaryCount; ++op)
      if (name == info(BinaryOp(op)).name) {
        if (args.size() != 2) fail(name + " takes two arguments");
        return binary(BinaryOp(op), std::move(args[0]), std::move(args[1]));
      }
    fail("no primitive is named '" + name + "'");
  }

  std::string_view text_;
  size_t at_ = 0;
};

/// The parsed partials of every primitive, by operation and operand.
struct ParsedPartials {
  std::array<std::unique_ptr<Formula>, kUnaryCount> unary;
  std::array<std::array<std::unique_ptr<Formula>, 2>, kBinaryCount> binary;
};

const ParsedPartials& parsedPartials() {
  static ParsedPartials parsed;
  static std::once_flag once;
  std::call_once(once, [] {
    for (size_t op = 0; op < kUnaryCount; ++op) {
      const Derivative& derivative = info(UnaryOp(op)).derivative;
      if (derivative.kind == DerivativeKind::Formulas)
        parsed.unary[op] = std::make_unique<Formula>(parseFormula(derivative.partial[0]));
    }
    for (size_t op = 0; op < kBinaryCount; ++op) {
      const Derivative& derivative = info(BinaryOp(op)).derivative;
      if (derivative.kind != DerivativeKind::Formulas) continue;
      for (int i = 0; i < 2; ++i)
        parsed.binary[op][i] = std::make_unique<Formula>(parseFormula(derivative.partial[i]));
    }
  });
  return parsed;
}

const Formula& require(const std::unique_ptr<Formula>& formula, const char* name) {
  if (!formula) throw std::logic_error(std::string(name) + " has no derivative formula");
  return *formula;
}

} // namespace

Formula parseFormula(std::string_view text) {
  return Parser(text).parse();
}

namespace {

/// Checks one parsed formula: its variables exist for an operation of `arity` operands,
/// and every primitive it applies is differentiable on floats.
std::string checkFormula(const Formula& formula, size_t arity) {
  auto differentiable = [](Operands operands, DerivativeKind kind) {
    return accepts(operands, Elem::F64) && kind != DerivativeKind::Discrete;
  };
  switch (formula.kind) {
  case Formula::Kind::Number:
  case Formula::Kind::Result:
    return "";
  case Formula::Kind::Operand:
    return size_t(formula.operand) < arity ? ""
                                           : "it mentions y, but the operation has one operand";
  case Formula::Kind::Unary: {
    const UnaryInfo& called = info(formula.unaryOp);
    if (!differentiable(called.operands, called.derivative.kind))
      return std::string("it applies ") + called.name + ", which has no derivative on floats";
    break;
  }
  case Formula::Kind::Binary: {
    const BinaryInfo& called = info(formula.binaryOp);
    if (!differentiable(called.operands, called.derivative.kind))
      return std::string("it applies ") + called.name + ", which has no derivative on floats";
    break;
  }
  case Formula::Kind::Indicator:
    // The comparison under float(...) is discrete: only its operands are checked.
    for (const Formula& operand : formula.args.at(0).args)
      if (std::string problem = checkFormula(operand, arity); !problem.empty()) return problem;
    return "";
  }
  for (const Formula& arg : formula.args)
    if (std::string problem = checkFormula(arg, arity); !problem.empty()) return problem;
  return "";
}

} // namespace

std::string checkPartialFormula(std::string_view text, size_t arity) {
  try {
    return checkFormula(parseFormula(text), arity);
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
}

const Formula& partialDerivative(UnaryOp op) {
  return require(parsedPartials().unary[size_t(op)], toString(op));
}

const Formula& partialDerivative(BinaryOp op, int operand) {
  return require(parsedPartials().binary[size_t(op)].at(operand), toString(op));
}

} // namespace arr::prim
