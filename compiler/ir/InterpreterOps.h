#pragma once
// Element-level semantics of the interpreter (LANGUAGE.md §5–§7) and the
// kernels that apply them to whole row-major buffers. Internal to the
// interpreter; the scalar functions are exposed so that tests (and whoever
// writes the native runtime) can check single cases directly.
//
// Buffers are raw bytes holding elements of the given dtype (bool: one byte,
// 0 or 1), exactly the layout of runtime::ArrayValue.

#include "ir/Core.h"
#include "ir/Interpreter.h"
#include "runtime/ArrayValue.h"

#include <cstdint>

namespace arr::interp::ops {

using runtime::Dtype;

/// The runtime element type of a core element type (the enums correspond).
Dtype dtypeOf(core::Elem elem);

// ---- Scalar semantics ----------------------------------------------------------

/// Two's complement arithmetic: computed in uint64_t, so overflow wraps
/// instead of being undefined behaviour.
int64_t wrappingAdd(int64_t a, int64_t b);
int64_t wrappingSub(int64_t a, int64_t b);
int64_t wrappingMul(int64_t a, int64_t b);
int64_t wrappingNeg(int64_t a);

/// Floor division: -7 / 2 == -4. Division by zero gives 0 and
/// INT64_MIN / -1 wraps to INT64_MIN.
int64_t floorDiv(int64_t a, int64_t b);
/// The remainder of floorDiv: its sign is the divisor's; x % 0 == 0.
int64_t floorMod(int64_t a, int64_t b);
// Integer pow is the runtime's arrrt_pow_i64 (runtime/Abi.h), shared with native code.

/// Truncation toward zero; NaN gives 0 and out-of-range values saturate.
int64_t saturatingToI64(double x);
int64_t saturatingToI64(float x);

/// x - y * floor(x / y), each operation rounded in the element type.
double floatMod(double x, double y);
float floatMod(float x, float y);

/// IEEE 754-2019 maximum/minimum: NaN-propagating, -0.0 < +0.0.
double maximum(double a, double b);
float maximum(float a, float b);
double minimum(double a, double b);
float minimum(float a, float b);

/// -1, 0 or 1 (+0.0 for both zeros); NaN stays NaN.
double floatSign(double x);
float floatSign(float x);

// ---- Buffer kernels -------------------------------------------------------------
// `count` elements each. Every kernel throws InterpError for an operation that
// the element type does not support (the builder never makes one).

/// output[i] = op(input[i]); `outType` is the result's element type (it differs
/// from `inType` only for conversions).
void unary(core::UnaryOp op, Dtype inType, const unsigned char* input, Dtype outType,
           unsigned char* output, int64_t count);

/// output[i] = op(left[i], right[i]); comparisons write bool.
void binary(core::BinaryOp op, Dtype inType, const unsigned char* left, const unsigned char* right,
            unsigned char* output, int64_t count);

/// accumulator[i] += addend[i] (wrapping for i64).
void addInto(Dtype type, unsigned char* accumulator, const unsigned char* addend, int64_t count);

/// accumulator[i] = maximum(accumulator[i], value[i]).
void maximumInto(Dtype type, unsigned char* accumulator, const unsigned char* value, int64_t count);

/// Fills with the identity of maximum: -inf, or INT64_MIN for i64.
void fillLowest(Dtype type, unsigned char* output, int64_t count);

/// Fills with the identity of the product: 1.
void fillOne(Dtype type, unsigned char* output, int64_t count);

/// For an input of `rows` rows of `rowSize` elements, output[j] is the index
/// of the first row whose element j is maximal (or NaN); 0 when rows == 0.
void argmaxOuter(Dtype type, const unsigned char* input, int64_t rows, int64_t rowSize,
                 int64_t* output);

} // namespace arr::interp::ops
