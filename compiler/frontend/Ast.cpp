#include "frontend/Ast.h"

namespace arr::ast {

const char* toString(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg:
    return "-";
  case UnaryOp::Not:
    return "!";
  }
  return "?";
}

const char* toString(BinaryOp op) {
  switch (op) {
  case BinaryOp::Or:
    return "||";
  case BinaryOp::And:
    return "&&";
  case BinaryOp::Eq:
    return "==";
  case BinaryOp::Ne:
    return "!=";
  case BinaryOp::Lt:
    return "<";
  case BinaryOp::Le:
    return "<=";
  case BinaryOp::Gt:
    return ">";
  case BinaryOp::Ge:
    return ">=";
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::Mod:
    return "%";
  case BinaryOp::Pow:
    return "**";
  }
  return "?";
}

DimExprP DimExpr::clone() const {
  auto copy = std::make_unique<DimExpr>();
  copy->kind = kind;
  copy->value = value;
  copy->name = name;
  copy->range = range;
  if (lhs) copy->lhs = lhs->clone();
  if (rhs) copy->rhs = rhs->clone();
  return copy;
}

TypeExprP TypeExpr::clone() const {
  auto copy = std::make_unique<TypeExpr>();
  copy->kind = kind;
  copy->elem = elem;
  for (const DimExprP& dim : dims)
    copy->dims.push_back(dim->clone());
  for (const TypeExprP& element : elements)
    copy->elements.push_back(element->clone());
  if (result) copy->result = result->clone();
  copy->name = name;
  copy->range = range;
  return copy;
}

namespace {

Pattern clonePattern(const Pattern& pattern) {
  Pattern copy;
  copy.kind = pattern.kind;
  copy.name = pattern.name;
  copy.range = pattern.range;
  for (const Pattern& element : pattern.elements)
    copy.elements.push_back(clonePattern(element));
  return copy; // without the type checker's `type`
}

} // namespace

ExprP Expr::clone() const {
  auto copy = std::make_unique<Expr>();
  copy->kind = kind;
  copy->range = range;
  copy->opLoc = opLoc;
  copy->intValue = intValue;
  copy->floatValue = floatValue;
  copy->boolValue = boolValue;
  copy->text = text;
  copy->unaryOp = unaryOp;
  copy->binaryOp = binaryOp;
  copy->projIndex = projIndex;
  copy->operands.reserve(operands.size());
  for (const ExprP& operand : operands)
    copy->operands.push_back(operand ? operand->clone() : nullptr);
  for (const LambdaParam& param : lambdaParams)
    copy->lambdaParams.push_back(LambdaParam{param.name, param.range, nullptr});
  for (const LetBinding& binding : bindings)
    copy->bindings.push_back(LetBinding{clonePattern(binding.pattern),
                                        binding.value ? binding.value->clone() : nullptr});
  return copy;
}

} // namespace arr::ast
