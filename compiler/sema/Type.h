#pragma once
// Semantic types. An array of tuples is kept as the tuple of arrays, so
// `[n](f64, i64)` and `([n]f64, [n]i64)` are one and the same value.

#include "base/Dim.h"
#include "frontend/Ast.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arr::sema {

using ElemKind = ast::ElemKind;
using BinaryOp = ast::BinaryOp;
using ast::toString;

struct Type;
using TypeP = std::shared_ptr<const Type>;

struct Type {
  enum class Kind {
    Array,    // dims + element (a scalar is an array of rank 0)
    Tuple,    // two or more components
    Function, // parameter types -> result; only for function parameters
  };
  Kind kind = Kind::Array;
  std::vector<Dim> dims; // Array
  ElemKind elem = ElemKind::F64;
  std::string typeVar;         // Array: when not empty, the element is this type variable
  std::vector<TypeP> elements; // Tuple components; Function parameters
  TypeP result;                // Function
  /// How many arrays the type holds, counting each occurrence (a function's parameters and
  /// result included), saturated at SIZE_MAX; what the limit on a type's size counts.
  size_t arrays = 1;

  bool isArray() const { return kind == Kind::Array; }
  bool isTuple() const { return kind == Kind::Tuple; }
  bool isFunction() const { return kind == Kind::Function; }
  bool isScalar() const { return isArray() && dims.empty() && typeVar.empty(); }
  size_t rank() const { return dims.size(); }
};

/// The most arrays one type may hold (README, "Compile-time limits"): a generic function
/// that doubles its argument, f<T>(x: T) = g((x, x)), would otherwise build types that grow
/// exponentially with the depth of the calls.
constexpr size_t kTypeArrayLimit = 10000;

TypeP scalarType(ElemKind elem);
TypeP arrayType(std::vector<Dim> dims, ElemKind elem);
TypeP typeVariable(std::string name, std::vector<Dim> dims = {});
/// A tuple of the given components; a single component is returned as it is.
TypeP tupleType(std::vector<TypeP> components);
TypeP functionType(std::vector<TypeP> params, TypeP result);

/// `[dims] t`, distributed over the components of a tuple.
TypeP prependDims(const std::vector<Dim>& dims, const TypeP& type);
/// Whether every array in `type` has rank at least `count` and they agree on
/// their first `count` dimensions (so that the value can be indexed `count` times).
bool hasCommonOuterDims(const TypeP& type, size_t count);
/// The first `count` dimensions (requires hasCommonOuterDims).
std::vector<Dim> outerDims(const TypeP& type, size_t count);
/// The type with its first `count` dimensions removed (requires hasCommonOuterDims).
TypeP dropOuterDims(const TypeP& type, size_t count);
/// The same structure with every element type replaced.
TypeP withElem(const TypeP& type, ElemKind elem);

/// The shape of an elementwise operation on operands of shapes `a` and `b` (LANGUAGE.md §5):
/// the longer one when the shorter is a suffix of it (a scalar's empty shape included), the
/// operand shorter by k dimensions being replicated along the other's first k. Otherwise
/// nothing, and `problem` says why ("dimension n differs from m").
std::optional<std::vector<Dim>> broadcastShape(const std::vector<Dim>& a, const std::vector<Dim>& b,
                                               std::string& problem);

using arr::isFloat;
using arr::isNumeric;
bool containsTypeVariable(const TypeP& type);
bool containsFunction(const TypeP& type);
/// The float components of `type` (in order), as a tuple, a single type or null.
TypeP floatPart(const TypeP& type);
/// The array components of a type, depth-first.
std::vector<TypeP> flatten(const TypeP& type);

bool equal(const TypeP& a, const TypeP& b);
std::string toString(const TypeP& type);

/// What a call binds: size variables to dimensions and type variables to types.
struct Substitution {
  std::map<uint32_t, Dim> dims;
  std::map<std::string, TypeP> types;
};
TypeP substitute(const TypeP& type, const Substitution& substitution);

/// Collects the ids of the size variables a type mentions.
void collectSizeVariables(const TypeP& type, std::set<uint32_t>& ids);

} // namespace arr::sema
