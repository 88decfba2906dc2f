#pragma once
// Element-level semantics of the interpreter (LANGUAGE.md §5–§7) and the
// kernels that apply them to whole row-major buffers. Internal to the
// interpreter; the scalar functions are exposed so that tests (and whoever
// writes the native runtime) can check single cases directly.
//
// Buffers are raw bytes holding elements of the given dtype (bool: one byte,
// 0 or 1), exactly the layout of runtime::ArrayValue.

#include "base/ScalarSemantics.h"
#include "ir/Core.h"
#include "ir/Interpreter.h"
#include "runtime/ArrayValue.h"

#include <cstdint>

namespace arr::interp::ops {

using runtime::Dtype;

using arr::dtypeOf; // base/Elem.h

// ---- Scalar semantics (base/ScalarSemantics.h), for tests that check single cases --
using arr::floatMod;
using arr::floatSign;
using arr::floorDiv;
using arr::floorMod;
using arr::maximum;
using arr::minimum;
using arr::saturatingToI64;
using arr::wrappingAdd;
using arr::wrappingMul;
using arr::wrappingNeg;
using arr::wrappingSub;

// ---- Buffer kernels -------------------------------------------------------------
// `count` elements each. Every kernel throws InterpError for an operation that
// the element type does not support (the builder never makes one).

/// output[i] = op(input[i]) with the primitive table's evaluation; `outType` is the
/// result's element type (it differs from `inType` for conversions and `!`).
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
