#pragma once
// Element types, shared by every stage from the type checker to code generation
// (the front end calls them ElemKind). The lowest layer of the compiler: it
// includes nothing of the front end, the IRs or LLVM.

#include <cstdint>

namespace arr {
namespace runtime {
enum class Dtype : uint8_t; // runtime/ArrayValue.h
}

enum class Elem : uint8_t { F64, F32, I64, Bool };

/// "f64", "f32", "i64" or "bool": the spelling of LANGUAGE.md.
const char* toString(Elem elem);

/// The runtime's element type of the same name (the interpreters' arrays, the entries'
/// signatures).
runtime::Dtype dtypeOf(Elem elem);

constexpr bool isFloat(Elem elem) {
  return elem == Elem::F64 || elem == Elem::F32;
}

/// The bytes one element takes in memory (a bool takes one).
constexpr int elementBytes(Elem elem) {
  return elem == Elem::Bool ? 1 : elem == Elem::F32 ? 4 : 8;
}

/// f64, f32 and i64: the element types arithmetic applies to (bool is not a number).
constexpr bool isNumeric(Elem elem) {
  return elem != Elem::Bool;
}

} // namespace arr
