// Unit tests of the parser (frontend/Parser.h) through the AST printer: precedence and
// associativity, every construct, source ranges, syntax error messages and positions,
// and robustness on hostile input.

#include "frontend/Parser.h"
#include "frontend/Ast.h"
#include "frontend/Diagnostics.h"
#include "frontend/Source.h"

#include <gtest/gtest.h>
#include <pthread.h>

#include <functional>
#include <random>
#include <sstream>
#include <string>

namespace arr {
namespace {

struct Parsed {
  std::optional<ast::Module> module;
  std::string diagnostics;
  int errors = 0;
};

Parsed parse(const std::string& text) {
  SourceManager sources;
  FileId file = sources.addFile("test.arr", text);
  std::ostringstream out;
  Diagnostics diags(sources, out);
  Parsed parsed;
  parsed.module = parseModule(sources, file, diags);
  parsed.diagnostics = out.str();
  parsed.errors = diags.errorCount();
  return parsed;
}

/// The body of `def x = <text>`, or the diagnostics when it does not parse.
std::string printExpr(const std::string& text) {
  Parsed parsed = parse("def x = " + text);
  if (!parsed.module) return "error: " + parsed.diagnostics;
  return ast::toString(*parsed.module->decls.at(0).body);
}

/// The type of the parameter in `def f(x: <text>) = x`.
std::string printType(const std::string& text) {
  Parsed parsed = parse("def f(x: " + text + ") = x");
  if (!parsed.module) return "error: " + parsed.diagnostics;
  return ast::toString(*parsed.module->decls.at(0).params.at(0).type);
}

/// The first line of the diagnostics, e.g. `test.arr:1:5: error: syntax error: ...`.
std::string firstError(const std::string& text) {
  Parsed parsed = parse(text);
  EXPECT_FALSE(parsed.module) << text;
  return parsed.diagnostics.substr(0, parsed.diagnostics.find('\n'));
}

ast::ExprP parseExpr(const std::string& text) {
  Parsed parsed = parse("def x = " + text);
  if (!parsed.module) {
    ADD_FAILURE() << parsed.diagnostics;
    return nullptr;
  }
  return std::move(parsed.module->decls.at(0).body);
}

/// Runs `body` on a thread with a 512 MiB stack: the driver parses on a large stack, and
/// the deep inputs below need one.
void withLargeStack(const std::function<void()>& body) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, size_t{512} << 20);
  pthread_t thread;
  auto run = +[](void* argument) -> void* {
    (*static_cast<const std::function<void()>*>(argument))();
    return nullptr;
  };
  int status = pthread_create(&thread, &attributes, run, const_cast<std::function<void()>*>(&body));
  pthread_attr_destroy(&attributes);
  ASSERT_EQ(status, 0);
  pthread_join(thread, nullptr);
}

std::string repeat(const std::string& text, size_t count) {
  std::string result;
  result.reserve(text.size() * count);
  for (size_t i = 0; i < count; ++i)
    result += text;
  return result;
}

// ---- Precedence and associativity ---------------------------------------------------------

TEST(ParserPrecedence, ArithmeticLevelsAndLeftAssociativity) {
  EXPECT_EQ(printExpr("1 + 2 * 3"), "(1 + (2 * 3))");
  EXPECT_EQ(printExpr("1 * 2 + 3"), "((1 * 2) + 3)");
  EXPECT_EQ(printExpr("a - b / c % d"), "(a - ((b / c) % d))");
  EXPECT_EQ(printExpr("(1 + 2) * 3"), "((1 + 2) * 3)");
  // Every binary operator but ** is left-associative.
  EXPECT_EQ(printExpr("1 - 2 - 3"), "((1 - 2) - 3)");
  EXPECT_EQ(printExpr("8 / 4 / 2"), "((8 / 4) / 2)");
  EXPECT_EQ(printExpr("7 % 3 * 2"), "((7 % 3) * 2)");
  EXPECT_EQ(printExpr("a < b == c"), "((a < b) == c)");
  EXPECT_EQ(printExpr("a && b && c"), "((a && b) && c)");
  EXPECT_EQ(printExpr("a || b || c"), "((a || b) || c)");
}

TEST(ParserPrecedence, PowerIsRightAssociativeAndBindsTighterThanUnaryMinus) {
  EXPECT_EQ(printExpr("2 ** 3 ** 4"), "(2 ** (3 ** 4))");
  EXPECT_EQ(printExpr("-x ** 2"), "(-(x ** 2))");
  EXPECT_EQ(printExpr("2 ** -1"), "(2 ** (-1))");
  EXPECT_EQ(printExpr("2 ** -1 + 3"), "((2 ** (-1)) + 3)");
  EXPECT_EQ(printExpr("a * b ** c"), "(a * (b ** c))");
  EXPECT_EQ(printExpr("x.0 ** f(y)[1]"), "(x.0 ** f(y)[1])");
}

TEST(ParserPrecedence, UnaryOperators) {
  EXPECT_EQ(printExpr("-x * y"), "((-x) * y)");
  EXPECT_EQ(printExpr("- -x"), "(-(-x))");
  EXPECT_EQ(printExpr("!a && b"), "((!a) && b)");
  EXPECT_EQ(printExpr("-f(x)[0].1"), "(-f(x)[0].1)");
}

TEST(ParserPrecedence, LogicalAndComparisonLevels) {
  EXPECT_EQ(printExpr("a || b && c"), "(a || (b && c))");
  EXPECT_EQ(printExpr("a == b + 1 && c"), "((a == (b + 1)) && c)");
  EXPECT_EQ(printExpr("a != b || c < d && e <= f"), "((a != b) || ((c < d) && (e <= f)))");
  EXPECT_EQ(printExpr("a > b && c >= d"), "((a > b) && (c >= d))");
}

TEST(ParserPrecedence, PrefixFormsExtendAsFarRightAsPossible) {
  EXPECT_EQ(printExpr("1 + if c then a else b + 2"), "(1 + (if c then a else (b + 2)))");
  EXPECT_EQ(printExpr("if c then 1 else 2 * 3"), "if c then 1 else (2 * 3)");
  EXPECT_EQ(printExpr("1 + let a = 2 in a * 3"), "(1 + (let a = 2\nin (a * 3)))");
  EXPECT_EQ(printExpr("x * \\y -> y + 1"), "(x * (\\y -> (y + 1)))");
  EXPECT_EQ(printExpr("(if c then a else b) + 1"), "((if c then a else b) + 1)");
  EXPECT_EQ(printExpr("\\x -> \\y -> x + y"), "\\x -> \\y -> (x + y)");
  EXPECT_EQ(printExpr("if a < b then a else b"), "if (a < b) then a else b");
  EXPECT_EQ(printExpr("if a then if b then 1 else 2 else 3"),
            "if a then if b then 1 else 2 else 3");
  ast::ExprP e = parseExpr("if c then 1 else 2");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ast::Expr::Kind::If);
  EXPECT_EQ(e->operands.size(), 3u);
}

// ---- Postfix forms ----------------------------------------------------------------------------

TEST(ParserPostfix, ProjectionChainsAreTwoProjections) {
  EXPECT_EQ(printExpr("t.0.1"), "t.0.1");
  ast::ExprP e = parseExpr("t.0.12");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->kind, ast::Expr::Kind::Project);
  EXPECT_EQ(e->projIndex, 12);
  ASSERT_EQ(e->operand(0).kind, ast::Expr::Kind::Project);
  EXPECT_EQ(e->operand(0).projIndex, 0);
  EXPECT_EQ(e->operand(0).operand(0).name(), "t");
  EXPECT_EQ(printExpr("f(x).1 + (a, b).0"), "(f(x).1 + (a, b).0)");
}

TEST(ParserPostfix, CallsAndIndexingApplyToAnyExpression) {
  EXPECT_EQ(printExpr("grad(f)(x, y)"), "grad(f)(x, y)");
  ast::ExprP e = parseExpr("grad(f)(x, y)");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->kind, ast::Expr::Kind::Call);
  ASSERT_EQ(e->operands.size(), 3u);
  EXPECT_EQ(e->operand(0).kind, ast::Expr::Kind::Call);
  EXPECT_EQ(e->operand(0).operand(0).name(), "grad");
  EXPECT_EQ(printExpr("f()"), "f()");
  EXPECT_EQ(printExpr("(\\x -> x)(3)"), "(\\x -> x)(3)");
  EXPECT_EQ(printExpr("vjp(f)(x, ct).0"), "vjp(f)(x, ct).0");
  EXPECT_EQ(printExpr("a[i, j]"), "a[i, j]");
  EXPECT_EQ(printExpr("a[i][j + 1]"), "a[i][(j + 1)]");
  ast::ExprP index = parseExpr("a[i, j]");
  ASSERT_TRUE(index);
  EXPECT_EQ(index->kind, ast::Expr::Kind::Index);
  EXPECT_EQ(index->operands.size(), 3u);
}

TEST(ParserPostfix, TypeKeywordsAreConversionFunctionsInExpressions) {
  EXPECT_EQ(printExpr("f64(x) + f32(y) + i64(n) + bool(b)"),
            "(((f64(x) + f32(y)) + i64(n)) + bool(b))");
  ast::ExprP e = parseExpr("f64(x)");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->kind, ast::Expr::Kind::Call);
  EXPECT_EQ(e->operand(0).kind, ast::Expr::Kind::Name);
  EXPECT_EQ(e->operand(0).name(), "f64");
}

// ---- Atoms -----------------------------------------------------------------------------------

TEST(ParserAtoms, ParenthesesMakeNoNode) {
  ast::ExprP e = parseExpr("((x))");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ast::Expr::Kind::Name);
  EXPECT_EQ(e->range.begin.col, 11u); // the inner range
  EXPECT_EQ(e->range.end.col, 11u);
}

TEST(ParserAtoms, TuplesAndArrayLiterals) {
  EXPECT_EQ(printExpr("(1, 2.5, true)"), "(1, 2.5, true)");
  EXPECT_EQ(printExpr("((a, b), c)"), "((a, b), c)");
  EXPECT_EQ(printExpr("[[1, 2], [3, 4]]"), "[[1, 2], [3, 4]]");
  EXPECT_EQ(printExpr("[x]"), "[x]");
  ast::ExprP tuple = parseExpr("(a, b)");
  ASSERT_TRUE(tuple);
  EXPECT_EQ(tuple->kind, ast::Expr::Kind::Tuple);
  ast::ExprP array = parseExpr("[a]");
  ASSERT_TRUE(array);
  EXPECT_EQ(array->kind, ast::Expr::Kind::ArrayLit);
}

TEST(ParserAtoms, LiteralsKeepTheirSpelling) {
  EXPECT_EQ(printExpr("[42, 1.5, 1e-3, 2., 1.5e+3, 0.5E2, 7e2, true, false]"),
            "[42, 1.5, 1e-3, 2., 1.5e+3, 0.5E2, 7e2, true, false]");
  EXPECT_EQ(printExpr("x * 2.+1."), "((x * 2.) + 1.)");
  ast::ExprP e = parseExpr("(9223372036854775807, 1.5e+3, 2., false)");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->operand(0).kind, ast::Expr::Kind::IntLit);
  EXPECT_EQ(e->operand(0).intValue, INT64_MAX);
  EXPECT_EQ(e->operand(1).kind, ast::Expr::Kind::FloatLit);
  EXPECT_DOUBLE_EQ(e->operand(1).floatValue, 1500.0);
  EXPECT_DOUBLE_EQ(e->operand(2).floatValue, 2.0);
  EXPECT_EQ(e->operand(3).kind, ast::Expr::Kind::BoolLit);
  EXPECT_FALSE(e->operand(3).boolValue);
}

TEST(ParserAtoms, IdentifiersMayStartWithKeywordsAndContainPrimes) {
  EXPECT_EQ(printExpr("in' + let' + f'' + iff + _x1 + define + F64"),
            "((((((in' + let') + f'') + iff) + _x1) + define) + F64)");
}

TEST(ParserAtoms, CommentsRunToTheEndOfTheLine) {
  EXPECT_EQ(printExpr("x--no space needed\n  + 1 -- trailing"), "(x + 1)");
  EXPECT_EQ(printExpr("- -x"), "(-(-x))");
}

// ---- Lambdas and let ---------------------------------------------------------------------------

TEST(ParserBinding, Lambdas) {
  EXPECT_EQ(printExpr("\\i j -> a[i] * b[j]"), "\\i j -> (a[i] * b[j])");
  EXPECT_EQ(printExpr("build([n], \\i -> a[i] + 1)"), "build([n], \\i -> (a[i] + 1))");
  EXPECT_EQ(printExpr("gather([n], a, \\i -> [i, 0])"), "gather([n], a, \\i -> [i, 0])");
  ast::ExprP e = parseExpr("\\x y' -> x");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->kind, ast::Expr::Kind::Lambda);
  ASSERT_EQ(e->lambdaParams.size(), 2u);
  EXPECT_EQ(e->lambdaParams[1].name, "y'");
  EXPECT_EQ(e->lambdaParams[1].range.begin.col, 12u);
  EXPECT_EQ(e->lambdaParams[1].range.end.col, 13u);
}

TEST(ParserBinding, MultipleBindingsShareOneLet) {
  ast::ExprP e = parseExpr("let a = 1 let (b, _, (c, d)) = t in a + b");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->kind, ast::Expr::Kind::Let);
  ASSERT_EQ(e->bindings.size(), 2u);
  const ast::Pattern& pattern = e->bindings[1].pattern;
  ASSERT_EQ(pattern.kind, ast::Pattern::Kind::Tuple);
  EXPECT_EQ(pattern.elements[1].kind, ast::Pattern::Kind::Wildcard);
  EXPECT_EQ(pattern.elements[2].kind, ast::Pattern::Kind::Tuple);
  EXPECT_EQ(ast::toString(pattern), "(b, _, (c, d))");
  EXPECT_EQ(printExpr("let a = 1 let (b, _) = (2, 3) in a + b"),
            "let a = 1\nlet (b, _) = (2, 3)\nin (a + b)");
}

TEST(ParserBinding, NestedLetsAreIndented) {
  EXPECT_EQ(printExpr("let a = let b = 1 in b in a"), "let a =\n  let b = 1\n  in b\nin a");
  EXPECT_EQ(printExpr("let a = 1 in let b = a in b"), "let a = 1\nin let b = a\nin b");
  Parsed parsed = parse("def f(x: f64): f64 =\n  let y = x\n  in y");
  ASSERT_TRUE(parsed.module);
  EXPECT_EQ(ast::toString(parsed.module->decls[0]), "def f(x: f64): f64 =\n  let y = x\n  in y");
}

// ---- Types -----------------------------------------------------------------------------------

TEST(ParserTypes, ArraysTuplesAndVariables) {
  EXPECT_EQ(printType("[n][m]f64"), "[n,m]f64");
  EXPECT_EQ(printType("[n, m]f64"), "[n,m]f64");
  EXPECT_EQ(printType("[n]([m]f64)"), "[n,m]f64");
  EXPECT_EQ(printType("[]f64"), "f64");
  Parsed parsed = parse("def f(x: [n][m]f64) = x");
  ASSERT_TRUE(parsed.module);
  const ast::TypeExpr& type = *parsed.module->decls[0].params[0].type;
  ASSERT_EQ(type.kind, ast::TypeExpr::Kind::Array);
  ASSERT_EQ(type.dims.size(), 2u);
  EXPECT_EQ(type.elements.at(0)->kind, ast::TypeExpr::Kind::Elem);
  EXPECT_EQ(type.range.begin.col, 10u);
  EXPECT_EQ(type.range.end.col, 18u);
  EXPECT_EQ(printType("(f64, [n]i64)"), "(f64, [n]i64)");
  EXPECT_EQ(printType("[n](f64, bool)"), "[n](f64, bool)");
  EXPECT_EQ(printType("[n]T"), "[n]T");
  EXPECT_EQ(printType("(f32)"), "f32");
}

TEST(ParserTypes, DimensionArithmetic) {
  EXPECT_EQ(printType("[n+1,2*m]f64"), "[n+1,2*m]f64");
  EXPECT_EQ(printType("[(n+1)*m]f64"), "[(n+1)*m]f64");
  EXPECT_EQ(printType("[n * m + 1]i64"), "[n*m+1]i64");
  EXPECT_EQ(printType("[n + m * 2]i64"), "[n+m*2]i64");
  EXPECT_EQ(printType("[n + (m + 1)]i64"), "[n+(m+1)]i64");
  EXPECT_EQ(printType("[(n * m)]bool"), "[n*m]bool");
  Parsed parsed = parse("def f(x: [2*n+1]f32) = x");
  ASSERT_TRUE(parsed.module);
  const ast::DimExpr& dim = *parsed.module->decls[0].params[0].type->dims.at(0);
  ASSERT_EQ(dim.kind, ast::DimExpr::Kind::Add);
  EXPECT_EQ(dim.lhs->kind, ast::DimExpr::Kind::Mul);
  EXPECT_EQ(dim.lhs->lhs->value, 2);
  EXPECT_EQ(dim.rhs->value, 1);
}

TEST(ParserTypes, FunctionTypes) {
  EXPECT_EQ(printType("f64 -> f64"), "f64 -> f64");
  EXPECT_EQ(printType("(f64, f64) -> f64"), "(f64, f64) -> f64");
  EXPECT_EQ(printType("((f64, f64)) -> f64"), "((f64, f64)) -> f64");
  EXPECT_EQ(printType("[n]f64 -> [n]f64"), "[n]f64 -> [n]f64");
  EXPECT_EQ(printType("f64 -> f64 -> f64"), "f64 -> f64 -> f64");
  EXPECT_EQ(printType("(f64 -> f64) -> f64"), "(f64 -> f64) -> f64");
  EXPECT_EQ(printType("[n](f64 -> f64)"), "[n](f64 -> f64)");

  Parsed parsed = parse("def f(g: (f64, [n]f64) -> f64, h: ((f64, f64)) -> f64) = g");
  ASSERT_TRUE(parsed.module);
  const ast::TypeExpr& two = *parsed.module->decls[0].params[0].type;
  ASSERT_EQ(two.kind, ast::TypeExpr::Kind::Function);
  EXPECT_EQ(two.elements.size(), 2u);
  EXPECT_EQ(two.result->kind, ast::TypeExpr::Kind::Elem);
  const ast::TypeExpr& tuple = *parsed.module->decls[0].params[1].type;
  ASSERT_EQ(tuple.elements.size(), 1u);
  EXPECT_EQ(tuple.elements[0]->kind, ast::TypeExpr::Kind::Tuple);
}

// ---- Declarations -------------------------------------------------------------------------------

TEST(ParserDecls, EveryKindOfDeclaration) {
  Parsed parsed = parse("import \"lib/x.arr\"\n"
                        "def n = 100\n"
                        "def f<T, U>(x: [n]f64, g: f64 -> f64): [n]f64 = g(x)\n"
                        "def h() = 1\n"
                        "entry main(a: [n]f64): f64 = sum(a)\n");
  ASSERT_TRUE(parsed.module) << parsed.diagnostics;
  const std::vector<ast::Decl>& decls = parsed.module->decls;
  ASSERT_EQ(decls.size(), 5u);
  EXPECT_EQ(decls[0].kind, ast::Decl::Kind::Import);
  EXPECT_EQ(decls[0].importPath, "lib/x.arr");
  EXPECT_EQ(decls[1].kind, ast::Decl::Kind::Constant);
  EXPECT_EQ(decls[2].kind, ast::Decl::Kind::Function);
  ASSERT_EQ(decls[2].typeParams.size(), 2u);
  EXPECT_EQ(decls[2].typeParams[1].name, "U");
  EXPECT_EQ(decls[3].params.size(), 0u);
  EXPECT_EQ(decls[3].resultType, nullptr);
  EXPECT_EQ(decls[4].kind, ast::Decl::Kind::Entry);
  EXPECT_EQ(ast::toString(*parsed.module), "import \"lib/x.arr\"\n\n"
                                           "def n = 100\n\n"
                                           "def f<T, U>(x: [n]f64, g: f64 -> f64): [n]f64 =\n"
                                           "  g(x)\n\n"
                                           "def h() =\n  1\n\n"
                                           "entry main(a: [n]f64): f64 =\n  sum(a)\n");
}

TEST(ParserDecls, EmptyFilesAreEmptyModules) {
  for (const char* text : {"", "\n\n", "-- only a comment", "  \t\r\n-- x\n"}) {
    Parsed parsed = parse(text);
    ASSERT_TRUE(parsed.module) << parsed.diagnostics;
    EXPECT_TRUE(parsed.module->decls.empty());
    EXPECT_EQ(parsed.diagnostics, "");
  }
}

// ---- Source ranges
// --------------------------------------------------------------------------------

TEST(ParserRanges, NodesPointAtTheirTokens) {
  ast::ExprP e = parseExpr("a + bb * f(x)[i].0");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->range.begin.line, 1u);
  EXPECT_EQ(e->range.begin.col, 9u);
  EXPECT_EQ(e->range.end.col, 26u); // the last character, the 0 of `.0`
  EXPECT_EQ(e->opLoc.col, 11u);
  const ast::Expr& product = e->operand(1);
  EXPECT_EQ(product.opLoc.col, 16u);
  EXPECT_EQ(product.range.begin.col, 13u);
  const ast::Expr& project = product.operand(1);
  EXPECT_EQ(project.kind, ast::Expr::Kind::Project);
  EXPECT_EQ(project.opLoc.col, 25u);
  const ast::Expr& index = project.operand(0);
  EXPECT_EQ(index.opLoc.col, 22u);
  EXPECT_EQ(index.operand(0).opLoc.col, 19u); // the call's '('
}

TEST(ParserRanges, DeclarationsLinesAndCodePointColumns) {
  Parsed parsed = parse("-- comment\nentry main(x: f64): f64 =\n  -x\n");
  ASSERT_TRUE(parsed.module);
  const ast::Decl& decl = parsed.module->decls.at(0);
  EXPECT_EQ(decl.range.begin.line, 2u);
  EXPECT_EQ(decl.range.begin.col, 1u);
  EXPECT_EQ(decl.range.end.line, 3u);
  EXPECT_EQ(decl.range.end.col, 4u);
  EXPECT_EQ(decl.nameRange.begin.col, 7u);
  EXPECT_EQ(decl.nameRange.end.col, 10u);
  EXPECT_EQ(decl.params.at(0).range.begin.col, 12u);
  EXPECT_EQ(decl.body->opLoc.line, 3u);
  EXPECT_EQ(decl.body->opLoc.col, 3u);
  EXPECT_EQ(decl.body->opLoc.file, 0u);
  // Columns count code points, not bytes.
  Parsed unicode = parse("import \"\xC3\xA9\xC3\xA9.arr\" def x = y");
  ASSERT_TRUE(unicode.module);
  EXPECT_EQ(unicode.module->decls[0].importPath, "\xC3\xA9\xC3\xA9.arr");
  EXPECT_EQ(unicode.module->decls[0].nameRange.end.col, 15u);
  EXPECT_EQ(unicode.module->decls[1].body->range.begin.col, 25u);
}

// ---- Syntax errors
// ---------------------------------------------------------------------------------

TEST(ParserErrors, UnexpectedTokenAtItsPosition) {
  EXPECT_EQ(firstError("def f(x: f64): f64 = x + )"),
            "test.arr:1:26: error: syntax error: unexpected ')'");
  EXPECT_EQ(firstError("def f(x: f64): f64 = if x a else b"),
            "test.arr:1:27: error: syntax error: unexpected 'a', expected 'then'");
  EXPECT_EQ(firstError("def f(x) = 1"),
            "test.arr:1:8: error: syntax error: unexpected ')', expected ':'");
  EXPECT_EQ(firstError("entry main(x: f64): f64 = (x + 1.0]"),
            "test.arr:1:35: error: syntax error: unexpected ']', expected ',' or ')'");
  EXPECT_EQ(firstError("def then(x: f64): f64 = x"),
            "test.arr:1:5: error: syntax error: unexpected 'then'");
}

TEST(ParserErrors, IncompleteDeclarationPointsAtTheNextOne) {
  EXPECT_EQ(firstError("def f(x: f64): f64\nentry main() = 1"),
            "test.arr:2:1: error: syntax error: unexpected 'entry', expected '='");
  EXPECT_EQ(firstError("entry main(c: bool): f64 = if c then 1.0\nentry other(): f64 = 2.0"),
            "test.arr:2:1: error: syntax error: unexpected 'entry', expected 'else'");
}

TEST(ParserErrors, UnexpectedEndOfFile) {
  EXPECT_EQ(firstError("def x = (1 +"),
            "test.arr:1:13: error: syntax error: unexpected end of file");
  EXPECT_EQ(firstError("def f(x: f64): f64 = let x = 1 in"),
            "test.arr:1:34: error: syntax error: unexpected end of file");
  EXPECT_EQ(firstError("def x = (1, 2"),
            "test.arr:1:14: error: syntax error: unexpected end of file, expected ',' or ')'");
}

TEST(ParserErrors, LexicalErrors) {
  EXPECT_EQ(firstError("def x = 1 $ 2"),
            "test.arr:1:11: error: syntax error: unexpected character '$'");
  EXPECT_EQ(firstError("def x = 1 \x01"),
            "test.arr:1:11: error: syntax error: unexpected character '\\x01'");
  EXPECT_EQ(firstError("def x = \xC3\xA9"),
            "test.arr:1:9: error: syntax error: unexpected character '\xC3\xA9' (U+00E9)");
  EXPECT_EQ(firstError("def x = t . 0"),
            "test.arr:1:11: error: syntax error: unexpected character '.'");
  EXPECT_EQ(firstError("import \"abc\ndef x = 1"),
            "test.arr:1:8: error: syntax error: unterminated string");
}

TEST(ParserErrors, EveryErrorIsReportedOnce) {
  Parsed parsed = parse("def a = )\ndef b = 1\ndef c = (\ndef d = 1 $\n");
  EXPECT_FALSE(parsed.module);
  EXPECT_EQ(parsed.errors, 3);
  EXPECT_NE(parsed.diagnostics.find("test.arr:1:9: error: syntax error: unexpected ')'"),
            std::string::npos);
  EXPECT_NE(parsed.diagnostics.find("test.arr:4:1: error: syntax error: unexpected 'def'"),
            std::string::npos);
  EXPECT_NE(parsed.diagnostics.find("test.arr:4:11: error: syntax error: unexpected character"),
            std::string::npos);
}

TEST(ParserErrors, ManyErrorsStopAtTheCap) {
  Parsed parsed = parse(repeat("def a = )\n", 1000));
  EXPECT_FALSE(parsed.module);
  EXPECT_GT(parsed.errors, Diagnostics::kMaxReported);
  EXPECT_NE(parsed.diagnostics.find("too many errors"), std::string::npos);
}

TEST(ParserErrors, LiteralsOutOfRange) {
  EXPECT_EQ(firstError("def x = 1 + 9223372036854775808"),
            "test.arr:1:13: error: integer literal out of range");
  EXPECT_EQ(firstError("def f(x: [99999999999999999999]f64) = x"),
            "test.arr:1:11: error: integer literal out of range");
  EXPECT_EQ(firstError("def x = 1e999"), "test.arr:1:9: error: float literal out of range");
  EXPECT_EQ(firstError("def x = t.99999999999"), "test.arr:1:10: error: tuple index out of range");
  EXPECT_EQ(printExpr("1e-400"), "1e-400"); // underflow is zero, not an error
}

TEST(ParserErrors, InvalidUtf8IsReportedAtTheBadByte) {
  EXPECT_EQ(firstError("def x = 1\n  \xFF"), "test.arr:2:3: error: invalid UTF-8 byte");
  EXPECT_EQ(firstError("-- \xC3\xA9\xFF"), "test.arr:1:5: error: invalid UTF-8 byte");
  EXPECT_EQ(firstError("def x = \xC0\x80"), "test.arr:1:9: error: invalid UTF-8 byte");
  EXPECT_EQ(firstError("def x = \xED\xA0\x80"), "test.arr:1:9: error: invalid UTF-8 byte");
  EXPECT_EQ(firstError("def x = \xF4\x90\x80\x80"), "test.arr:1:9: error: invalid UTF-8 byte");
  EXPECT_EQ(firstError("def x = 1 \xE2\x82"), "test.arr:1:11: error: invalid UTF-8 byte");
}

// ---- Robustness --------------------------------------------------------------------------------

TEST(ParserRobustness, UnterminatedConstructs) {
  for (const char* text :
       {"def f(x: f64 = (1 +", "import \"x", "let x = 1 in", "def x = let x = 1 in", "def",
        "entry main(", "def f<T", "def x = [1, 2", "def x = \\", "def x = if", "def f(x: [n",
        "def f(x: (f64,", ")))", "def x = t."}) {
    Parsed parsed = parse(text);
    EXPECT_FALSE(parsed.module) << text;
    EXPECT_GE(parsed.errors, 1) << text;
    EXPECT_NE(parsed.diagnostics.find("error: "), std::string::npos) << text;
  }
}

TEST(ParserRobustness, RandomInputNeverCrashes) {
  std::mt19937 random(12345);
  for (int round = 0; round < 20; ++round) {
    std::string text(20000, '\0');
    for (char& c : text)
      c = static_cast<char>(random() & 0xFF);
    Parsed parsed = parse(text);
    EXPECT_FALSE(parsed.module);
  }
  const std::string alphabet = "()[]+-*/%<>=!&|\\.,:\"_ \n\tabcdefilnt0123456789e";
  for (int round = 0; round < 20; ++round) {
    std::string text;
    for (int i = 0; i < 20000; ++i)
      text += alphabet[random() % alphabet.size()];
    parse(text); // must return, with or without a module
  }
  const std::vector<std::string> tokens = {
      "def", "entry", "import", "let", "in",  "if", "then", "else",  "(", ")",
      "[",   "]",     "+",      "-",   "**",  "\\", "->",   "x",     "1", "2.5",
      ".0",  ",",     "=",      ":",   "f64", "<",  ">",    "\"s\"", "!"};
  for (int round = 0; round < 200; ++round) {
    std::string text;
    for (int i = 0; i < 60; ++i)
      text += tokens[random() % tokens.size()] + " ";
    parse(text);
  }
}

TEST(ParserRobustness, TenThousandNestedParentheses) {
  withLargeStack([] {
    Parsed parsed = parse("def x = " + repeat("(", 10000) + "1.0" + repeat(")", 10000));
    ASSERT_TRUE(parsed.module) << parsed.diagnostics.substr(0, 500);
    const ast::Expr& body = *parsed.module->decls.at(0).body;
    EXPECT_EQ(body.kind, ast::Expr::Kind::FloatLit);
    EXPECT_EQ(body.text, "1.0");

    Parsed arrays = parse("def x = " + repeat("[", 10000) + "1" + repeat("]", 10000));
    ASSERT_TRUE(arrays.module) << arrays.diagnostics.substr(0, 500);
    EXPECT_EQ(arrays.module->decls.at(0).body->kind, ast::Expr::Kind::ArrayLit);

    // Recovery from an error this deep would take quadratic time: one error is reported.
    Parsed unclosed = parse("def x = " + repeat("(", 10000) + "1.0");
    EXPECT_FALSE(unclosed.module);
    EXPECT_EQ(unclosed.errors, 1);
    EXPECT_EQ(unclosed.diagnostics.substr(0, unclosed.diagnostics.find('\n')),
              "test.arr:1:10012: error: syntax error: unexpected end of file, expected ',' or ')'");
  });
}

TEST(ParserRobustness, TooDeepBracketNestingIsAnError) {
  withLargeStack([] {
    // `def x = ` is 8 columns; the 50,001st parenthesis is at column 9 + 50,000.
    Parsed parsed = parse("def x = " + repeat("(", 50001) + "1" + repeat(")", 50001));
    EXPECT_FALSE(parsed.module);
    EXPECT_EQ(parsed.errors, 1);
    EXPECT_EQ(parsed.diagnostics.substr(0, parsed.diagnostics.find('\n')),
              "test.arr:1:50009: error: nesting too deep");
    Parsed unclosed = parse("def x = " + repeat("[", 60000));
    EXPECT_FALSE(unclosed.module);
    EXPECT_NE(unclosed.diagnostics.find("nesting too deep"), std::string::npos);
  });
}

TEST(ParserRobustness, TooDeepExpressionsAreAnError) {
  withLargeStack([] {
    std::string calls = "f";
    calls += repeat("(x)", 101000);
    for (const std::string& text : {repeat("- ", 101000) + "x", repeat("\\x -> ", 101000) + "x",
                                    repeat("x + ", 101000) + "x", calls}) {
      Parsed parsed = parse("def x = " + text);
      EXPECT_FALSE(parsed.module) << text.substr(0, 20);
      EXPECT_NE(parsed.diagnostics.find("error: nesting too deep"), std::string::npos)
          << text.substr(0, 20);
    }
    Parsed types = parse("def f(x: " + repeat("[1]", 101000) + "f64) = x");
    EXPECT_NE(types.diagnostics.find("error: nesting too deep"), std::string::npos);
    Parsed deepButFine = parse("def x = " + repeat("- ", 20000) + repeat("x + ", 20000) + "x");
    EXPECT_TRUE(deepButFine.module) << deepButFine.diagnostics.substr(0, 500);
  });
}

TEST(ParserRobustness, TenThousandElementArrayLiteral) {
  std::string text = "def x = [";
  for (int i = 0; i < 10000; ++i)
    text += (i ? ", " : "") + std::to_string(i) + ".5";
  text += "]";
  Parsed parsed = parse(text);
  ASSERT_TRUE(parsed.module) << parsed.diagnostics.substr(0, 500);
  const ast::Expr& body = *parsed.module->decls.at(0).body;
  ASSERT_EQ(body.kind, ast::Expr::Kind::ArrayLit);
  ASSERT_EQ(body.operands.size(), 10000u);
  EXPECT_EQ(body.operands[9999]->text, "9999.5");
}

TEST(ParserRobustness, ManyDeclarations) {
  std::string text;
  for (int i = 0; i < 2000; ++i)
    text +=
        "def fn" + std::to_string(i) + "(a: [n]f64): f64 = sum(a) * " + std::to_string(i) + ".0\n";
  Parsed parsed = parse(text);
  ASSERT_TRUE(parsed.module) << parsed.diagnostics.substr(0, 500);
  EXPECT_EQ(parsed.module->decls.size(), 2000u);
  EXPECT_EQ(parsed.module->decls[1999].name, "fn1999");
  EXPECT_EQ(parsed.module->decls[1999].range.begin.line, 2000u);
}

// ---- Clone and printer hooks
// ----------------------------------------------------------------------

/// A stand-in for a type checker annotation: only its identity matters here.
std::shared_ptr<const sema::Type> fakeType() {
  static auto owner = std::make_shared<int>(0);
  return std::shared_ptr<const sema::Type>(owner, reinterpret_cast<const sema::Type*>(owner.get()));
}

struct TypeHooks : ast::PrintHooks {
  std::string afterBinding(const std::shared_ptr<const sema::Type>& type) const override {
    return type ? ": T" : "";
  }
};

TEST(ParserAst, CloneIsDeepAndDropsAnnotations) {
  ast::ExprP e = parseExpr("let (a, _) = t in \\i -> a[i] + 1");
  ASSERT_TRUE(e);
  e->type = fakeType();
  e->bindings[0].pattern.elements[0].type = fakeType();
  e->operand(0).lambdaParams[0].type = fakeType();
  ast::ExprP copy = e->clone();
  EXPECT_EQ(ast::toString(*copy), ast::toString(*e, ast::PrintHooks{}));
  EXPECT_EQ(copy->type, nullptr);
  EXPECT_EQ(copy->bindings[0].pattern.elements[0].type, nullptr);
  EXPECT_EQ(copy->operand(0).lambdaParams[0].type, nullptr);
  EXPECT_NE(&copy->operand(0), &e->operand(0));
  EXPECT_EQ(copy->operand(0).range.begin.col, e->operand(0).range.begin.col);

  Parsed parsed = parse("def f(x: [n+1][m](f64, T) -> f64) = x");
  ASSERT_TRUE(parsed.module);
  ast::TypeExprP type = parsed.module->decls[0].params[0].type->clone();
  EXPECT_EQ(ast::toString(*type), "[n+1,m](f64, T) -> f64");
}

TEST(ParserAst, HooksAnnotateBindings) {
  ast::ExprP e = parseExpr("let (a, _) = t let b = 1 in \\i j -> a[i, j]");
  ASSERT_TRUE(e);
  e->bindings[0].pattern.elements[0].type = fakeType();
  ast::Expr& lambda = e->operand(0);
  lambda.lambdaParams[0].type = fakeType();
  lambda.lambdaParams[1].type = fakeType();
  EXPECT_EQ(ast::toString(*e, TypeHooks{}),
            "let (a: T, _) = t\nlet b = 1\nin \\(i: T, j: T) -> a[i, j]");
  EXPECT_EQ(ast::toString(*e, TypeHooks{}, 2),
            "let (a: T, _) = t\n    let b = 1\n    in \\(i: T, j: T) -> a[i, j]");
}

} // namespace
} // namespace arr
