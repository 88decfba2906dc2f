#pragma once
// The surface AST: the program as written, every node with its source range.
// The type checker annotates a copy of each function body per instantiation
// (the `type` and `resolution` fields), which makes the typed AST.

#include "base/Elem.h"
#include "base/Indentation.h"
#include "frontend/Source.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arr::sema {
struct Type;
struct Resolution;
} // namespace arr::sema

namespace arr::ast {

using ElemKind = arr::Elem;
using arr::toString;

// ---- Types as written -------------------------------------------------------

struct DimExpr;
using DimExprP = std::unique_ptr<DimExpr>;

/// dim ::= INT | NAME | dim '+' dim | dim '-' dim | dim '*' dim | '(' dim ')'
struct DimExpr {
  enum class Kind { Int, Name, Add, Sub, Mul };
  Kind kind = Kind::Int;
  int64_t value = 0; // Int
  std::string name;  // Name
  DimExprP lhs, rhs; // Add, Sub, Mul
  Range range;
  DimExprP clone() const;
};

struct TypeExpr;
using TypeExprP = std::unique_ptr<TypeExpr>;

struct TypeExpr {
  enum class Kind {
    Elem,     // f64 f32 i64 bool
    Array,    // '[' dims ']' element   (dims may be empty: []f64 is f64)
    Tuple,    // '(' t1, t2, ... ')'
    Name,     // a type variable
    Function, // params -> result (params has one element for `A -> B`)
  };
  Kind kind = Kind::Elem;
  ElemKind elem = ElemKind::F64;   // Elem
  std::vector<DimExprP> dims;      // Array
  std::vector<TypeExprP> elements; // Array: one (the element type); Tuple: components;
                                   // Function: the parameter types
  TypeExprP result;                // Function
  std::string name;                // Name
  Range range;
  TypeExprP clone() const;
};

// ---- Expressions -------------------------------------------------------------

enum class UnaryOp { Neg, Not };
enum class BinaryOp { Or, And, Eq, Ne, Lt, Le, Gt, Ge, Add, Sub, Mul, Div, Mod, Pow };
const char* toString(UnaryOp op);
const char* toString(BinaryOp op);

struct Expr;
using ExprP = std::unique_ptr<Expr>;

/// pat ::= NAME | '_' | '(' pat (',' pat)+ ')'
struct Pattern {
  enum class Kind { Name, Wildcard, Tuple };
  Kind kind = Kind::Name;
  std::string name;              // Name
  std::vector<Pattern> elements; // Tuple
  Range range;
  /// Set by the type checker on Name patterns: the type bound to the name.
  std::shared_ptr<const sema::Type> type;
};

struct LetBinding {
  Pattern pattern;
  ExprP value;
};

struct LambdaParam {
  std::string name;
  Range range;
  std::shared_ptr<const sema::Type> type; // set by the type checker
};

struct Expr {
  enum class Kind {
    IntLit,   // intValue, text
    FloatLit, // floatValue, text
    BoolLit,  // boolValue
    Name,     // name
    Unary,    // unaryOp, operands[0]
    Binary,   // binaryOp, operands[0..1]; opLoc is the operator
    Call,     // operands[0] is the callee, operands[1..] the arguments
    Index,    // operands[0] is the array, operands[1..] the indices
    Project,  // operands[0], projIndex
    Tuple,    // operands
    ArrayLit, // operands (one or more elements)
    Lambda,   // lambdaParams, operands[0] is the body
    Let,      // bindings, operands[0] is the body
    If,       // operands: condition, then, else
  };

  Kind kind = Kind::IntLit;
  Range range; // the whole expression
  Loc opLoc;   // Binary/Unary: the operator; Call/Index: the opening bracket; Project: the '.'

  int64_t intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
  std::string text; // literal spelling, or the name of a Name
  UnaryOp unaryOp = UnaryOp::Neg;
  BinaryOp binaryOp = BinaryOp::Add;
  int projIndex = 0;
  std::vector<ExprP> operands;
  std::vector<LambdaParam> lambdaParams;
  std::vector<LetBinding> bindings;

  // Annotations of the type checker (empty in the parse tree).
  std::shared_ptr<const sema::Type> type;
  std::shared_ptr<const sema::Resolution> resolution;

  const std::string& name() const { return text; }
  Expr& operand(size_t i) const { return *operands.at(i); }
  /// A deep copy without the type checker's annotations.
  ExprP clone() const;
};

// ---- Declarations --------------------------------------------------------------

struct Param {
  std::string name;
  Range range; // of the name
  TypeExprP type;
};

struct TypeParam {
  std::string name;
  Range range;
};

struct Decl {
  enum class Kind { Import, Constant, Function, Entry };
  Kind kind = Kind::Function;
  std::string name;       // Constant, Function, Entry
  Range nameRange;        // the name (Import: the string)
  Range range;            // the whole declaration
  std::string importPath; // Import, without quotes
  std::vector<TypeParam> typeParams;
  std::vector<Param> params;
  TypeExprP resultType; // may be null
  ExprP body;           // Constant: the value
};

struct Module {
  FileId file = 0;
  std::string path;
  std::vector<Decl> decls;
};

// ---- Printing ----------------------------------------------------------------

/// Prints types and expressions in the notation of LANGUAGE.md. Binary and unary
/// operations are fully parenthesised so the dump shows how the program parsed.
std::string toString(const DimExpr& dim);
std::string toString(const TypeExpr& type);
std::string toString(const Pattern& pattern);

/// Hooks that let the type checker's dump add types to the printed program.
struct PrintHooks {
  /// Text after a bound name (a let pattern name or a lambda parameter), e.g. ": [n]f64".
  virtual std::string afterBinding(const std::shared_ptr<const sema::Type>& type) const {
    return "";
  }
  virtual ~PrintHooks() = default;
};

std::string toString(const Expr& expr, const PrintHooks& hooks = PrintHooks{}, int indent = 0);

using arr::indentation;
using arr::kMaxIndentLevels;
std::string toString(const Decl& decl);
std::string toString(const Module& module);

} // namespace arr::ast
