// The interface of an entry point as the runtime sees it: its size variables,
// its flattened parameters and its results, with shapes as polynomials over
// the size variables. Parsed from the signature string of an executable's
// entry table (Abi.h); the compiler produces the same structure from its IR
// (ir/EntrySignature.h), so the interpreter and executables bind sizes and
// word their messages identically.

#pragma once

#include "runtime/ArrayValue.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arr::runtime {

/// coefficient * v[i] * v[j] * ...: size variables by their index in
/// Signature::sizes, ascending, repeated for powers (n*n is {0, 0}).
struct SizeTerm {
  int64_t coefficient = 0;
  std::vector<size_t> variables;
  bool operator==(const SizeTerm&) const = default;
};

/// A dimension: a polynomial over the size variables. Normalised (see
/// normalise()): no zero coefficients, no two terms with the same variables,
/// terms ordered by their variable lists (the constant first). Empty is 0.
struct SizePolynomial {
  std::vector<SizeTerm> terms;

  static SizePolynomial constant(int64_t value);
  static SizePolynomial variable(size_t index);
  /// Combines like terms (wrapping), drops zeros and sorts.
  void normalise();
  /// The variable when this is exactly one variable with coefficient 1.
  bool isVariable(size_t& index) const;
  bool mentions(size_t index) const;
  /// The value for the given (non-negative) values of the variables; nothing when a
  /// term (a product with no zero factor) or the sum does not fit in int64_t. Like
  /// sema::Dim::evaluate, so the interpreter and executables agree.
  std::optional<int64_t> evaluate(const std::vector<int64_t>& values) const;
  bool operator==(const SizePolynomial&) const = default;
};

/// An array type: the element type and one polynomial per dimension.
struct SignatureType {
  Dtype dtype = Dtype::F64;
  std::vector<SizePolynomial> shape; // empty for a scalar
  size_t rank() const { return shape.size(); }
};

struct SignatureParam {
  std::string name; // as in messages: "x", or "p.0" for a tuple's component
  SignatureType type;
};

struct Signature {
  std::vector<std::string> sizes; // size variable names, in ABI order
  std::vector<SignatureParam> params;
  std::vector<SignatureType> results;
};

/// Parses the signature string format of Abi.h. Names are Arr identifiers,
/// optionally followed by ".INDEX" components. Throws IoError naming the
/// problem and its position for anything else ("malformed entry signature").
Signature parseSignature(std::string_view text);

/// The signature string of Abi.h; parseSignature reads it back.
std::string encodeSignature(const Signature& signature);

/// A dimension in the notation of the compiler's messages (sema::Dim::toString):
/// products before sums, higher degree first, names alphabetically ("n*m+2*n-1"), except
/// that a positive term comes first ("5-n").
std::string formatDimension(const SizePolynomial& dimension, const std::vector<std::string>& names);

/// A type as the compiler prints it: "[n,m+1]f64", or "f64" for a scalar.
std::string formatType(const SignatureType& type, const std::vector<std::string>& names);

/// "[n,m+1]": the shape part of formatType (also for scalars: "[]").
std::string formatShapeOf(const SignatureType& type, const std::vector<std::string>& names);

/// "x: [n]f64, count: i64": the parameters, for messages about the inputs.
std::string formatParams(const Signature& signature);

} // namespace arr::runtime
