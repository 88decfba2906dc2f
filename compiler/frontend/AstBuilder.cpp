#include "frontend/AstBuilder.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace arr {

using P = grammar::ArrParser;

namespace {

/// Unwinds the builder after "nesting too deep" has been reported.
struct NestingTooDeep {};

/// Counts one level of nesting for as long as it lives; reports and unwinds past the limit.
class NestingLevel {
public:
  NestingLevel(size_t& depth, Diagnostics& diags, Loc at, bool& failed) : depth_(depth) {
    if (++depth_ > kMaxExprNesting) {
      --depth_;
      diags.error(at, "nesting too deep");
      failed = true;
      throw NestingTooDeep{};
    }
  }
  ~NestingLevel() { --depth_; }
  NestingLevel(const NestingLevel&) = delete;
  NestingLevel& operator=(const NestingLevel&) = delete;

private:
  size_t& depth_;
};

ast::BinaryOp binaryOp(size_t tokenType) {
  switch (tokenType) {
  case P::OR:
    return ast::BinaryOp::Or;
  case P::AND:
    return ast::BinaryOp::And;
  case P::EQ:
    return ast::BinaryOp::Eq;
  case P::NE:
    return ast::BinaryOp::Ne;
  case P::LT:
    return ast::BinaryOp::Lt;
  case P::LE:
    return ast::BinaryOp::Le;
  case P::GT:
    return ast::BinaryOp::Gt;
  case P::GE:
    return ast::BinaryOp::Ge;
  case P::PLUS:
    return ast::BinaryOp::Add;
  case P::MINUS:
    return ast::BinaryOp::Sub;
  case P::STAR:
    return ast::BinaryOp::Mul;
  case P::SLASH:
    return ast::BinaryOp::Div;
  case P::PERCENT:
    return ast::BinaryOp::Mod;
  default:
    return ast::BinaryOp::Pow;
  }
}

ast::ElemKind elemKind(size_t tokenType) {
  switch (tokenType) {
  case P::F32:
    return ast::ElemKind::F32;
  case P::I64:
    return ast::ElemKind::I64;
  case P::BOOL:
    return ast::ElemKind::Bool;
  default:
    return ast::ElemKind::F64;
  }
}

} // namespace

Loc tokenBegin(FileId file, const antlr4::Token* token) {
  return Loc{file, static_cast<uint32_t>(token->getLine()),
             static_cast<uint32_t>(token->getCharPositionInLine() + 1)};
}

Loc tokenEnd(FileId file, const antlr4::Token* token) {
  Loc end = tokenBegin(file, token);
  // Token indices count code points, as columns do; EOF has stop < start.
  if (token->getStopIndex() != INVALID_INDEX && token->getStopIndex() > token->getStartIndex())
    end.col += static_cast<uint32_t>(token->getStopIndex() - token->getStartIndex());
  return end;
}

Range tokenRange(FileId file, const antlr4::Token* token) {
  return Range{tokenBegin(file, token), tokenEnd(file, token)};
}

Range AstBuilder::range(antlr4::ParserRuleContext* ctx) const {
  return Range{tokenBegin(file_, ctx->getStart()), tokenEnd(file_, ctx->getStop())};
}

void AstBuilder::error(Loc loc, const std::string& message) {
  diags_.error(loc, message);
  failed_ = true;
}

int64_t AstBuilder::integerLiteral(antlr4::Token* token) {
  std::string text = token->getText();
  int64_t value = 0;
  auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (status != std::errc() || end != text.data() + text.size())
    error(loc(token), "integer literal out of range");
  return value;
}

// ---- Module and declarations ---------------------------------------------------------

std::optional<ast::Decl> AstBuilder::buildDecl(P::DeclContext* tree) {
  failed_ = false;
  depth_ = 0;
  try {
    ast::Decl built = decl(tree);
    if (!failed_) return built;
  } catch (const NestingTooDeep&) {
  }
  return std::nullopt;
}

ast::Decl AstBuilder::decl(P::DeclContext* ctx) {
  ast::Decl decl;
  decl.range = range(ctx);
  if (auto* import = dynamic_cast<P::ImportDeclContext*>(ctx)) {
    decl.kind = ast::Decl::Kind::Import;
    antlr4::Token* path = import->STRING()->getSymbol();
    std::string text = path->getText();
    decl.importPath = text.substr(1, text.size() - 2);
    decl.nameRange = tokenRange(file_, path);
    return decl;
  }
  auto setName = [&](antlr4::tree::TerminalNode* name) {
    decl.name = name->getText();
    decl.nameRange = tokenRange(file_, name->getSymbol());
  };
  if (auto* constant = dynamic_cast<P::ConstantDeclContext*>(ctx)) {
    decl.kind = ast::Decl::Kind::Constant;
    setName(constant->NAME());
    decl.body = expr(constant->expr());
  } else if (auto* function = dynamic_cast<P::FunctionDeclContext*>(ctx)) {
    decl.kind = ast::Decl::Kind::Function;
    setName(function->NAME());
    if (P::TypeParamsContext* typeParams = function->typeParams())
      for (antlr4::tree::TerminalNode* name : typeParams->NAME())
        decl.typeParams.push_back({name->getText(), tokenRange(file_, name->getSymbol())});
    decl.params = params(function->paramList());
    if (function->type()) decl.resultType = type(function->type());
    decl.body = expr(function->expr());
  } else if (auto* entry = dynamic_cast<P::EntryDeclContext*>(ctx)) {
    decl.kind = ast::Decl::Kind::Entry;
    setName(entry->NAME());
    decl.params = params(entry->paramList());
    if (entry->type()) decl.resultType = type(entry->type());
    decl.body = expr(entry->expr());
  }
  return decl;
}

std::vector<ast::Param> AstBuilder::params(P::ParamListContext* ctx) {
  std::vector<ast::Param> params;
  if (!ctx) return params;
  for (P::ParamContext* param : ctx->param()) {
    params.push_back(ast::Param{param->NAME()->getText(),
                                tokenRange(file_, param->NAME()->getSymbol()),
                                type(param->type())});
  }
  return params;
}

// ---- Types ---------------------------------------------------------------------------------

ast::TypeExprP AstBuilder::type(P::TypeContext* ctx) {
  NestingLevel level(depth_, diags_, loc(ctx->getStart()), failed_);
  ctx->accept(this);
  return std::move(typeResult_);
}

antlrcpp::Any AstBuilder::visitArrayType(P::ArrayTypeContext* ctx) {
  std::vector<ast::DimExprP> dims;
  if (P::DimListContext* list = ctx->dimList())
    for (P::DimContext* d : list->dim())
      dims.push_back(dim(d));
  ast::TypeExprP element = type(ctx->type());
  // `[n][m]t` and `[n]([m]t)` are the type `[n,m]t`: one Array with all the dims.
  if (element->kind == ast::TypeExpr::Kind::Array) {
    for (ast::DimExprP& inner : element->dims)
      dims.push_back(std::move(inner));
    element->dims = std::move(dims);
  } else if (!dims.empty()) {
    auto array = std::make_unique<ast::TypeExpr>();
    array->kind = ast::TypeExpr::Kind::Array;
    array->dims = std::move(dims);
    array->elements.push_back(std::move(element));
    element = std::move(array);
  }
  element->range = range(ctx);
  typeResult_ = std::move(element);
  return {};
}

antlrcpp::Any AstBuilder::visitFunctionType(P::FunctionTypeContext* ctx) {
  auto function = std::make_unique<ast::TypeExpr>();
  function->kind = ast::TypeExpr::Kind::Function;
  function->range = range(ctx);
  // `(A, B) -> C` takes two parameters; `((A, B)) -> C` takes one tuple.
  P::TypeContext* params = ctx->type(0);
  auto* list = dynamic_cast<P::ParenTypeContext*>(params);
  if (list && list->type().size() > 1) {
    for (P::TypeContext* param : list->type())
      function->elements.push_back(type(param));
  } else {
    function->elements.push_back(type(params));
  }
  function->result = type(ctx->type(1));
  typeResult_ = std::move(function);
  return {};
}

antlrcpp::Any AstBuilder::visitElemType(P::ElemTypeContext* ctx) {
  typeResult_ = std::make_unique<ast::TypeExpr>();
  typeResult_->kind = ast::TypeExpr::Kind::Elem;
  typeResult_->elem = elemKind(ctx->elem->getType());
  typeResult_->range = range(ctx);
  return {};
}

antlrcpp::Any AstBuilder::visitParenType(P::ParenTypeContext* ctx) {
  std::vector<P::TypeContext*> components = ctx->type();
  if (components.size() == 1) {
    typeResult_ = type(components[0]);
    return {};
  }
  auto tuple = std::make_unique<ast::TypeExpr>();
  tuple->kind = ast::TypeExpr::Kind::Tuple;
  tuple->range = range(ctx);
  for (P::TypeContext* component : components)
    tuple->elements.push_back(type(component));
  typeResult_ = std::move(tuple);
  return {};
}

antlrcpp::Any AstBuilder::visitTypeVar(P::TypeVarContext* ctx) {
  typeResult_ = std::make_unique<ast::TypeExpr>();
  typeResult_->kind = ast::TypeExpr::Kind::Name;
  typeResult_->name = ctx->NAME()->getText();
  typeResult_->range = range(ctx);
  return {};
}

// ---- Dimensions ------------------------------------------------------------------------------

ast::DimExprP AstBuilder::dim(P::DimContext* ctx) {
  NestingLevel level(depth_, diags_, loc(ctx->getStart()), failed_);
  ctx->accept(this);
  return std::move(dimResult_);
}

antlrcpp::Any AstBuilder::visitBinaryDim(P::BinaryDimContext* ctx) {
  auto binary = std::make_unique<ast::DimExpr>();
  binary->kind = ctx->op->getType() == P::STAR    ? ast::DimExpr::Kind::Mul
                 : ctx->op->getType() == P::MINUS ? ast::DimExpr::Kind::Sub
                                                  : ast::DimExpr::Kind::Add;
  binary->range = range(ctx);
  binary->lhs = dim(ctx->dim(0));
  binary->rhs = dim(ctx->dim(1));
  dimResult_ = std::move(binary);
  return {};
}

antlrcpp::Any AstBuilder::visitIntDim(P::IntDimContext* ctx) {
  dimResult_ = std::make_unique<ast::DimExpr>();
  dimResult_->kind = ast::DimExpr::Kind::Int;
  dimResult_->value = integerLiteral(ctx->INT()->getSymbol());
  dimResult_->range = range(ctx);
  return {};
}

antlrcpp::Any AstBuilder::visitNameDim(P::NameDimContext* ctx) {
  dimResult_ = std::make_unique<ast::DimExpr>();
  dimResult_->kind = ast::DimExpr::Kind::Name;
  dimResult_->name = ctx->NAME()->getText();
  dimResult_->range = range(ctx);
  return {};
}

antlrcpp::Any AstBuilder::visitParenDim(P::ParenDimContext* ctx) {
  dimResult_ = dim(ctx->dim());
  return {};
}

// ---- Patterns ----------------------------------------------------------------------------------

ast::Pattern AstBuilder::pattern(P::PatternContext* ctx) {
  // Patterns nest only through parentheses, which the bracket limit already bounds.
  ast::Pattern pattern;
  pattern.range = range(ctx);
  if (auto* name = dynamic_cast<P::NamePatternContext*>(ctx)) {
    pattern.name = name->NAME()->getText();
    pattern.kind = pattern.name == "_" ? ast::Pattern::Kind::Wildcard : ast::Pattern::Kind::Name;
    return pattern;
  }
  auto* tuple = static_cast<P::TuplePatternContext*>(ctx);
  std::vector<P::PatternContext*> components = tuple->pattern();
  if (components.size() == 1) return this->pattern(components[0]);
  pattern.kind = ast::Pattern::Kind::Tuple;
  for (P::PatternContext* component : components)
    pattern.elements.push_back(this->pattern(component));
  return pattern;
}

// ---- Expressions -------------------------------------------------------------------------------

ast::ExprP AstBuilder::expr(P::ExprContext* ctx) {
  NestingLevel level(depth_, diags_, loc(ctx->getStart()), failed_);
  ctx->accept(this);
  return std::move(exprResult_);
}

ast::ExprP AstBuilder::newExpr(ast::Expr::Kind kind, antlr4::ParserRuleContext* ctx) {
  auto expr = std::make_unique<ast::Expr>();
  expr->kind = kind;
  expr->range = range(ctx);
  return expr;
}

std::vector<ast::ExprP> AstBuilder::exprs(const std::vector<P::ExprContext*>& contexts,
                                          size_t first) {
  std::vector<ast::ExprP> result;
  result.reserve(contexts.size() - std::min(first, contexts.size()));
  for (size_t i = first; i < contexts.size(); ++i)
    result.push_back(expr(contexts[i]));
  return result;
}

antlrcpp::Any AstBuilder::visitCallExpr(P::CallExprContext* ctx) {
  ast::ExprP call = newExpr(ast::Expr::Kind::Call, ctx);
  call->opLoc = loc(ctx->LPAREN()->getSymbol());
  call->operands = exprs(ctx->expr());
  exprResult_ = std::move(call);
  return {};
}

antlrcpp::Any AstBuilder::visitIndexExpr(P::IndexExprContext* ctx) {
  ast::ExprP index = newExpr(ast::Expr::Kind::Index, ctx);
  index->opLoc = loc(ctx->LBRACK()->getSymbol());
  index->operands = exprs(ctx->expr());
  exprResult_ = std::move(index);
  return {};
}

antlrcpp::Any AstBuilder::visitProjectExpr(P::ProjectExprContext* ctx) {
  ast::ExprP project = newExpr(ast::Expr::Kind::Project, ctx);
  antlr4::Token* proj = ctx->PROJ()->getSymbol();
  project->opLoc = loc(proj);
  std::string digits = proj->getText().substr(1);
  auto [end, status] =
      std::from_chars(digits.data(), digits.data() + digits.size(), project->projIndex);
  if (status != std::errc()) error(project->opLoc, "tuple index out of range");
  project->operands.push_back(expr(ctx->expr()));
  exprResult_ = std::move(project);
  return {};
}

antlrcpp::Any AstBuilder::visitBinaryExpr(P::BinaryExprContext* ctx) {
  ast::ExprP binary = newExpr(ast::Expr::Kind::Binary, ctx);
  binary->binaryOp = binaryOp(ctx->op->getType());
  binary->opLoc = loc(ctx->op);
  binary->operands.push_back(expr(ctx->expr(0)));
  binary->operands.push_back(expr(ctx->expr(1)));
  exprResult_ = std::move(binary);
  return {};
}

antlrcpp::Any AstBuilder::visitUnaryExpr(P::UnaryExprContext* ctx) {
  ast::ExprP unary = newExpr(ast::Expr::Kind::Unary, ctx);
  unary->unaryOp = ctx->op->getType() == P::BANG ? ast::UnaryOp::Not : ast::UnaryOp::Neg;
  unary->opLoc = loc(ctx->op);
  unary->operands.push_back(expr(ctx->expr()));
  exprResult_ = std::move(unary);
  return {};
}

antlrcpp::Any AstBuilder::visitNameExpr(P::NameExprContext* ctx) {
  exprResult_ = newExpr(ast::Expr::Kind::Name, ctx);
  exprResult_->text = ctx->NAME()->getText();
  return {};
}

antlrcpp::Any AstBuilder::visitConversionNameExpr(P::ConversionNameExprContext* ctx) {
  // `f64(x)`: the type keyword names the conversion built-in.
  exprResult_ = newExpr(ast::Expr::Kind::Name, ctx);
  exprResult_->text = ctx->name->getText();
  return {};
}

antlrcpp::Any AstBuilder::visitIntExpr(P::IntExprContext* ctx) {
  exprResult_ = newExpr(ast::Expr::Kind::IntLit, ctx);
  exprResult_->text = ctx->INT()->getText();
  exprResult_->intValue = integerLiteral(ctx->INT()->getSymbol());
  return {};
}

antlrcpp::Any AstBuilder::visitFloatExpr(P::FloatExprContext* ctx) {
  ast::ExprP literal = newExpr(ast::Expr::Kind::FloatLit, ctx);
  literal->text = ctx->FLOAT()->getText();
  const char* begin = literal->text.c_str();
  auto [end, status] = std::from_chars(begin, begin + literal->text.size(), literal->floatValue);
  if (status != std::errc() || end != begin + literal->text.size()) {
    // from_chars leaves the value alone on underflow, which is not an error: 1e-400 is 0.
    literal->floatValue = std::strtod(begin, nullptr);
    if (std::isinf(literal->floatValue)) error(literal->range.begin, "float literal out of range");
  }
  exprResult_ = std::move(literal);
  return {};
}

antlrcpp::Any AstBuilder::visitBoolExpr(P::BoolExprContext* ctx) {
  exprResult_ = newExpr(ast::Expr::Kind::BoolLit, ctx);
  exprResult_->boolValue = ctx->value->getType() == P::TRUE;
  exprResult_->text = ctx->value->getText();
  return {};
}

antlrcpp::Any AstBuilder::visitParenExpr(P::ParenExprContext* ctx) {
  std::vector<P::ExprContext*> components = ctx->expr();
  if (components.size() == 1) {
    exprResult_ = expr(components[0]);
    return {};
  }
  ast::ExprP tuple = newExpr(ast::Expr::Kind::Tuple, ctx);
  tuple->operands = exprs(components);
  exprResult_ = std::move(tuple);
  return {};
}

antlrcpp::Any AstBuilder::visitArrayExpr(P::ArrayExprContext* ctx) {
  ast::ExprP array = newExpr(ast::Expr::Kind::ArrayLit, ctx);
  array->operands = exprs(ctx->expr());
  exprResult_ = std::move(array);
  return {};
}

antlrcpp::Any AstBuilder::visitLetExpr(P::LetExprContext* ctx) {
  ast::ExprP let = newExpr(ast::Expr::Kind::Let, ctx);
  std::vector<P::PatternContext*> patterns = ctx->pattern();
  std::vector<P::ExprContext*> values = ctx->expr(); // one per binding, then the body
  for (size_t i = 0; i < patterns.size(); ++i)
    let->bindings.push_back(ast::LetBinding{pattern(patterns[i]), expr(values[i])});
  let->operands.push_back(expr(values.back()));
  exprResult_ = std::move(let);
  return {};
}

antlrcpp::Any AstBuilder::visitIfExpr(P::IfExprContext* ctx) {
  ast::ExprP conditional = newExpr(ast::Expr::Kind::If, ctx);
  conditional->operands = exprs(ctx->expr());
  exprResult_ = std::move(conditional);
  return {};
}

antlrcpp::Any AstBuilder::visitLambdaExpr(P::LambdaExprContext* ctx) {
  ast::ExprP lambda = newExpr(ast::Expr::Kind::Lambda, ctx);
  for (antlr4::tree::TerminalNode* name : ctx->NAME())
    lambda->lambdaParams.push_back(
        ast::LambdaParam{name->getText(), tokenRange(file_, name->getSymbol()), nullptr});
  lambda->operands.push_back(expr(ctx->expr()));
  exprResult_ = std::move(lambda);
  return {};
}

} // namespace arr
