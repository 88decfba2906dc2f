#pragma once
// Internal to the frontend: turns an ANTLR parse tree without syntax errors into the
// surface AST. Used only by Parser.cpp.

#include "frontend/Ast.h"
#include "frontend/Diagnostics.h"

#include "ArrBaseVisitor.h"
#include "ArrParser.h"

#include <cstddef>
#include <optional>
#include <string>

namespace arr {

/// Limits that keep every later stage's recursion within the parser thread's stack.
inline constexpr int kMaxBracketNesting = 50'000;
/// Nested expression, type or dimension levels, whether nested through brackets, prefix
/// operators, let/if/lambda, or long left-associative operator chains (`a+a+...+a`).
inline constexpr size_t kMaxExprNesting = 100'000;

Loc tokenBegin(FileId file, const antlr4::Token* token);
/// The last character of the token (tokens never span lines).
Loc tokenEnd(FileId file, const antlr4::Token* token);
Range tokenRange(FileId file, const antlr4::Token* token);

class AstBuilder : private grammar::ArrBaseVisitor {
public:
  AstBuilder(FileId file, Diagnostics& diags) : file_(file), diags_(diags) {}

  /// The declaration, or std::nullopt after reporting an out-of-range literal or too
  /// deep nesting in it.
  std::optional<ast::Decl> buildDecl(grammar::ArrParser::DeclContext* tree);

private:
  using P = grammar::ArrParser;

  ast::Decl decl(P::DeclContext* ctx);
  std::vector<ast::Param> params(P::ParamListContext* ctx);
  ast::TypeExprP type(P::TypeContext* ctx);
  ast::DimExprP dim(P::DimContext* ctx);
  ast::ExprP expr(P::ExprContext* ctx);
  ast::Pattern pattern(P::PatternContext* ctx);

  ast::ExprP newExpr(ast::Expr::Kind kind, antlr4::ParserRuleContext* ctx);
  std::vector<ast::ExprP> exprs(const std::vector<P::ExprContext*>& contexts, size_t first = 0);
  int64_t integerLiteral(antlr4::Token* token);
  Range range(antlr4::ParserRuleContext* ctx) const;
  Loc loc(antlr4::Token* token) const { return tokenBegin(file_, token); }
  void error(Loc loc, const std::string& message);

  // Type alternatives.
  antlrcpp::Any visitArrayType(P::ArrayTypeContext* ctx) override;
  antlrcpp::Any visitFunctionType(P::FunctionTypeContext* ctx) override;
  antlrcpp::Any visitElemType(P::ElemTypeContext* ctx) override;
  antlrcpp::Any visitParenType(P::ParenTypeContext* ctx) override;
  antlrcpp::Any visitTypeVar(P::TypeVarContext* ctx) override;

  // Dimension alternatives.
  antlrcpp::Any visitBinaryDim(P::BinaryDimContext* ctx) override;
  antlrcpp::Any visitIntDim(P::IntDimContext* ctx) override;
  antlrcpp::Any visitNameDim(P::NameDimContext* ctx) override;
  antlrcpp::Any visitParenDim(P::ParenDimContext* ctx) override;

  // Expression alternatives.
  antlrcpp::Any visitCallExpr(P::CallExprContext* ctx) override;
  antlrcpp::Any visitIndexExpr(P::IndexExprContext* ctx) override;
  antlrcpp::Any visitProjectExpr(P::ProjectExprContext* ctx) override;
  antlrcpp::Any visitBinaryExpr(P::BinaryExprContext* ctx) override;
  antlrcpp::Any visitUnaryExpr(P::UnaryExprContext* ctx) override;
  antlrcpp::Any visitNameExpr(P::NameExprContext* ctx) override;
  antlrcpp::Any visitConversionNameExpr(P::ConversionNameExprContext* ctx) override;
  antlrcpp::Any visitIntExpr(P::IntExprContext* ctx) override;
  antlrcpp::Any visitFloatExpr(P::FloatExprContext* ctx) override;
  antlrcpp::Any visitBoolExpr(P::BoolExprContext* ctx) override;
  antlrcpp::Any visitParenExpr(P::ParenExprContext* ctx) override;
  antlrcpp::Any visitArrayExpr(P::ArrayExprContext* ctx) override;
  antlrcpp::Any visitLetExpr(P::LetExprContext* ctx) override;
  antlrcpp::Any visitIfExpr(P::IfExprContext* ctx) override;
  antlrcpp::Any visitLambdaExpr(P::LambdaExprContext* ctx) override;

  FileId file_;
  Diagnostics& diags_;
  bool failed_ = false;
  size_t depth_ = 0;
  // The visit methods return their node through these (antlrcpp::Any cannot hold a
  // unique_ptr); type(), dim() and expr() move it out right after the visit.
  ast::TypeExprP typeResult_;
  ast::DimExprP dimResult_;
  ast::ExprP exprResult_;
};

} // namespace arr
