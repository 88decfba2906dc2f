#pragma once
// Internal interface between the parts of the type checker (expressions, calls,
// built-ins). Not for use outside sema/.

#include "sema/NameResolution.h"
#include "sema/TypeChecker.h"

#include <functional>
#include <optional>
#include <set>
#include <unordered_map>

namespace arr::sema {

using Hint = std::optional<ElemKind>;

/// A declaration's signature before instantiation.
struct Signature {
  std::vector<std::string> typeParams;
  std::vector<SizeVarP> sizeVars;
  std::map<std::string, SizeVarP> sizeVarByName;
  std::vector<TypeP> params; // may contain type variables
  std::vector<bool> isSizeParam;
  TypeP declaredResult; // null when not written
};

class ProgramChecker;

/// A call argument: an expression still to check, or (for a function passed to
/// grad and friends) an already known type.
struct Argument {
  ast::Expr* expr = nullptr;
  TypeP knownType;
  Loc loc;
};

/// Checks one function body (or a constant's value) in its scopes.
class FunctionChecker {
public:
  struct Local {
    TypeP type;       // a Function type for function parameters
    SizeVarP sizeVar; // set when the name is a size variable (an i64 value)
    /// Counts the uses of a let-bound name whose literal type its uses may decide.
    size_t* uses = nullptr;
  };

  FunctionChecker(ProgramChecker& program, const ModuleInfo& module)
      : program_(program), module_(module) {}

  void pushScope() { scopes_.emplace_back(); }
  void popScope();
  void popScopes(size_t depth) {
    while (scopes_.size() > depth)
      popScope();
  }
  void bind(const std::string& name, Local local);

  TypeP check(ast::Expr& expr, Hint hint = std::nullopt);
  /// Checks `expr` where a value of type `expected` is wanted: literals take
  /// their element types from it, also inside tuple expressions. The caller
  /// still compares the result with `expected`.
  TypeP checkExpected(ast::Expr& expr, const TypeP& expected);

private:
  TypeP checkKind(ast::Expr& expr, Hint hint);
  const Local* lookupLocal(const std::string& name) const;
  TypeP checkName(ast::Expr& expr);
  TypeP checkUnary(ast::Expr& expr, Hint hint);
  TypeP checkBinary(ast::Expr& expr, Hint hint);
  TypeP checkIndex(ast::Expr& expr);
  TypeP checkProject(ast::Expr& expr);
  TypeP checkArrayLiteral(ast::Expr& expr, Hint hint);
  TypeP checkLet(ast::Expr& expr, Hint hint);
  /// The bindings of a let from `index` on, then its body.
  TypeP checkBindings(ast::Expr& expr, size_t index, Hint hint);
  TypeP checkIf(ast::Expr& expr, Hint hint);
  void bindPattern(ast::Pattern& pattern, const TypeP& type, size_t* uses = nullptr);

  // Calls (CheckCalls.cpp)
  TypeP checkCall(ast::Expr& expr, Hint hint);
  TypeP checkUserCall(ast::Expr& call, const TopLevel& callee);
  TypeP instantiate(const TopLevel& callee, std::vector<Argument>& args, Loc calleeLoc,
                    Resolution& resolution);
  TypeP checkFunctionParamCall(ast::Expr& call, const std::string& name, const TypeP& type);
  TypeP checkLambdaCall(ast::Expr& call);
  /// Resolves a function passed as an argument, given its parameter types;
  /// returns its result type.
  TypeP checkFunctionArgument(ast::Expr& expr, const std::vector<TypeP>& paramTypes,
                              const std::string& context);
  TypeP checkLambda(ast::Expr& lambda, const std::vector<TypeP>& paramTypes,
                    const std::string& context);
  TypeP checkDifferentiation(ast::Expr& call, Builtin op, ast::Expr& function);
  size_t functionArity(ast::Expr& function, const std::string& context);
  /// Whether `expr` is the function value customVjp(f, rule) or customJvp(f, rule).
  bool isCustomDerivativeForm(const ast::Expr& expr);
  /// Checks customVjp(f, rule) or customJvp(f, rule) as a function of `paramTypes`: f, then
  /// the rule against f's type. Returns f's result type.
  TypeP checkCustomDerivative(ast::Expr& form, const std::vector<TypeP>& paramTypes,
                              const std::string& context);

  // Built-ins (CheckBuiltins.cpp)
  TypeP checkBuiltinCall(ast::Expr& call, Builtin builtin, Hint hint);
  TypeP elementwiseType(Builtin builtin, const std::vector<TypeP>& args, Loc loc);
  std::vector<Dim> shapeArgument(ast::Expr& shape, const char* builtin);
  TypeP checkIndexLambda(ast::Expr& lambda, size_t arity, const char* builtin, size_t& count);
  TypeP checkWhile(ast::Expr& call, Hint hint);

  // Literals typed by their uses (CheckLiterals.cpp)
  /// Checks `values` and their uses: attempt(nullptr, checked) checks the values (setting
  /// checked[i] to each one's type) and the code using them; attempt(&forced, ...) uses the
  /// value types `forced` (null where it must check the value itself), the values having been
  /// checked at those types. When the first attempt fails, or its result is not `preferred`,
  /// the literal parts of the values are tried at the other types a literal may take.
  using LiteralAttempt =
      std::function<TypeP(const std::vector<TypeP>* forced, std::vector<TypeP>& checked)>;
  /// `used`, when given, says after the first attempt failed whether the values were used
  /// before the failure: when not, their types cannot have caused it.
  TypeP checkLiteralsByUse(const std::vector<ast::Expr*>& values, const LiteralAttempt& attempt,
                           const std::function<bool(const TypeP&)>& preferred = nullptr,
                           const std::function<bool()>& used = nullptr);
  /// Which arrays of `value`'s type (flattened) are made of literals, so could take another
  /// element type.
  std::vector<bool> literalLeaves(ast::Expr& value, const TypeP& type);
  /// Whether a value may be made of literals whose type later uses decide.
  bool mayBeLiteral(const ast::Expr& value, const TypeP& type);

public:
  /// The dimension an expression denotes, when it is a size: a constant, a size
  /// variable, or +, - and * of them.
  std::optional<Dim> asDim(ast::Expr& expr);
  /// asDim for an expression used as a size (a shape, a count, a size argument): a
  /// negative constant is an error.
  std::optional<Dim> asSize(ast::Expr& expr);
  TypeP binaryResult(BinaryOp op, const TypeP& left, const TypeP& right, Loc opLoc);

  /// Whether an expression is built from literals only, so that its element type
  /// should follow the other operand's.
  bool isLiteralLike(const ast::Expr& expr) { return literalClass(expr) != Literal::None; }
  /// The element type for literal-like expressions checked together (the operands of 1 + 2.5,
  /// the elements of [1, 2.5]): f64 when one holds a float literal, so that an integer
  /// literal where a float is expected is that float (LANGUAGE.md §2); else `hint`.
  Hint jointLiteralHint(Hint hint, std::initializer_list<const ast::Expr*> operands);

private:
  enum class Literal : uint8_t { None, Integer, Float }; // Float: holds a float literal
  /// Memoised: every operator of a chain a + b + c + ... asks about its whole left operand,
  /// which would make a chain of n operators cost n² without it.
  Literal literalClass(const ast::Expr& expr);

  ProgramChecker& program_;
  const ModuleInfo& module_;
  std::vector<std::map<std::string, Local>> scopes_;
  /// Per name, its bindings in scopes_ from the outermost to the innermost: a lookup does
  /// not walk every scope (a chain of n lets opens n of them).
  std::unordered_map<std::string, std::vector<Local*>> visible_;
  std::unordered_map<const ast::Expr*, Literal> literalClasses_;
  /// How many more combinations of literal types this checker may try: values nested in
  /// each other's uses multiply them.
  size_t literalAttempts_ = 1024;
  /// How many expressions check() has begun: how far an attempt got before it failed.
  size_t checksStarted_ = 0;
};

/// The most instances of one generic function (README, "Compile-time limits"): generic
/// functions that call the next with two different types, g<T>(x: T) = (h((x, 1)), h((x, 1.0))),
/// would otherwise make exponentially many small instances.
constexpr size_t kInstanceLimit = 1000;

class ProgramChecker {
public:
  ProgramChecker(CheckedProgram& result, const std::map<std::string, std::string>& overrides,
                 Diagnostics& diags)
      : result_(result), overrides_(overrides), diags_(diags) {}

  void run();

  const Program& program() const { return *result_.program; }
  bool isBroken(const ast::Decl* decl) const { return broken_.count(decl) != 0; }
  int reportedErrors() const { return diags_.errorCount(); }
  const Signature& signature(const TopLevel& function);
  ConstantInfo& constant(const TopLevel& constant);
  /// The instance of a function for the given type arguments, checked.
  /// A new instance at `use` beyond kInstanceLimit of one function is a LimitError.
  FunctionInstance& instance(const TopLevel& function,
                             const std::vector<std::pair<std::string, TypeP>>& typeArgs, Loc use);
  /// Converts a written type; dimension names are size variables or constants.
  TypeP convertType(const ast::TypeExpr& type, const ModuleInfo& module,
                    const std::map<std::string, SizeVarP>& sizeVars,
                    const std::vector<std::string>& typeParams, bool inEntry);
  Dim convertDim(const ast::DimExpr& dim, const ModuleInfo& module,
                 const std::map<std::string, SizeVarP>& sizeVars);
  /// The compile-time integer value of a constant used as a size.
  int64_t constantSize(const TopLevel& constant, Loc use);

private:
  Signature buildSignature(const TopLevel& function);
  void checkInstanceBody(FunctionInstance& instance);
  void checkEntry(FunctionInstance& instance);
  void applyOverrides();

  CheckedProgram& result_;
  const std::map<std::string, std::string>& overrides_;
  Diagnostics& diags_;
  std::set<const ast::Decl*> broken_;
  std::map<const ast::Decl*, Signature> signatures_;
  std::map<std::pair<const ast::Decl*, std::string>, FunctionInstance*> instances_;
  std::map<const ast::Decl*, size_t> instanceCounts_;
};

/// A silent error: the real one was reported where it happened.
CompileError alreadyReported();
/// An error that a compile-time limit was crossed (README, "Compile-time limits"). It is
/// reported where the limit was crossed, as it is: the calls that led there are not
/// retold in its message as for other errors inside generic instances, since their types
/// are as large as the limit.
struct LimitError : CompileError {
  using CompileError::CompileError;
};
/// Throws a LimitError at `loc` when `type` is larger than kTypeArrayLimit.
void requireWithinTypeLimit(const TypeP& type, Loc loc);
std::string describe(BinaryOp op);
/// Evaluates a typed scalar expression at compile time when it is made of
/// literals, constants and arithmetic.
std::optional<ScalarValue> evaluateConstant(const ast::Expr& expr, const CheckedProgram& program);

} // namespace arr::sema
