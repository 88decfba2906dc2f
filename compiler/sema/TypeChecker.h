#pragma once
// The type checker (LANGUAGE.md §3–§8). It checks every function body once per
// instantiation of its type variables, like a C++ template, and produces the
// typed AST: a copy of each body whose nodes carry their types and what their
// names and calls resolve to.

#include "sema/Builtins.h"
#include "sema/Modules.h"
#include "sema/Type.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace arr::sema {

struct FunctionInstance;

/// What a Name or Call node of the typed AST refers to.
struct Resolution {
  enum class Kind {
    Local,    // a parameter, let binding or lambda parameter (resolve by scope)
    SizeVar,  // a size variable used as an i64 value
    Constant, // a top-level constant
    Function, // a top-level function instance (a call, or a function argument)
    Builtin,  // a built-in operation (a call, or an elementwise built-in passed as a function)
    Lambda,   // a call whose callee is a lambda
  };
  Kind kind = Kind::Local;
  SizeVarP sizeVar;
  const ast::Decl* constant = nullptr;
  FunctionInstance* instance = nullptr;
  Builtin builtin = Builtin::Build;
  /// Function calls: the callee's size variables, by id, as dimensions of the caller.
  Substitution bindings;
  /// build/gather/scatter/reshape: the shape; replicate/iota: the count.
  std::vector<Dim> shape;
  /// tr: the permutation.
  std::vector<int> permutation;
  /// grad/valueAndGrad/vjp/jvp: how many of the arguments are primal inputs.
  size_t primalArity = 0;
};

using ScalarValue = std::variant<int64_t, double, bool>;

struct ConstantInfo {
  const ast::Decl* decl = nullptr;
  const ModuleInfo* module = nullptr;
  TypeP type;
  ast::ExprP body;                  // typed copy of the value expression
  std::optional<ScalarValue> value; // when computable at compile time (or set by -D)
  bool overridden = false;
  bool failed = false;
};

struct FunctionInstance {
  const ast::Decl* decl = nullptr;
  const ModuleInfo* module = nullptr;
  std::vector<std::pair<std::string, TypeP>> typeArgs; // in declaration order
  std::vector<SizeVarP> sizeVars;                      // in order of first appearance
  std::vector<bool> isSizeParam; // parameter i is a static size (an i64 named in a dimension)
  std::vector<TypeP> paramTypes; // type variables substituted; size variables rigid
  TypeP resultType;
  ast::ExprP body; // the typed copy of the declaration's body
  bool checked = false;
  bool inProgress = false;
  bool failed = false;
  std::string failure; // the first error inside the body, for instantiation messages
  Loc failureLoc;
  bool failedAtLimit = false; // the failure is a compile-time limit (sema::LimitError)
};

struct CheckedProgram {
  std::unique_ptr<Program> program;
  std::vector<std::unique_ptr<FunctionInstance>> instances; // in creation order
  std::map<const ast::Decl*, std::unique_ptr<ConstantInfo>> constants;
  std::vector<FunctionInstance*> entries; // the main module's entry points, in source order
};

/// Checks the program. `overrides` are the -D NAME=VALUE settings. Reports every
/// error to `diags`; the result is usable only when no error was reported.
std::unique_ptr<CheckedProgram> typeCheck(std::unique_ptr<Program> program,
                                          const std::map<std::string, std::string>& overrides,
                                          Diagnostics& diags);

/// The `--dump-after=typecheck` text: the main module with every binding's type.
std::string printTypedProgram(const CheckedProgram& checked);

} // namespace arr::sema
