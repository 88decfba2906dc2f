#pragma once
// The reference interpreter of the core IR: the oracle every pass and the
// native code are checked against. It implements LANGUAGE.md §5–§7 exactly
// (totality included); speed is secondary, but arrays of ~10^6 elements run in
// reasonable time: scalars never allocate, loop-invariant and shared
// sub-expressions are evaluated once (see Interpreter.cpp).
//
// Semantic choices LANGUAGE.md leaves open (the native code must follow them):
// - Reductions and scatter accumulate sequentially in index order, in the
//   element type (f32 in float). sumOuter starts from the first row, so the
//   sum of [-0.0] is -0.0; the sum of an empty dimension is +0.0.
// - max/min on floats follow IEEE 754-2019 maximum/minimum (LLVM's
//   llvm.maximum/llvm.minimum): NaN if either operand is NaN, and
//   max(-0.0, +0.0) = +0.0, min(-0.0, +0.0) = -0.0. maxOuter folds with max, so
//   it is NaN when any element is NaN.
// - argmaxOuter returns the first maximal index with -0.0 == +0.0, or the
//   index of the first NaN; 0 for an empty dimension.
// - i64: + - * and unary - wrap; abs(INT64_MIN) = INT64_MIN; x / -1 wraps;
//   x % -1 = 0; pow with a negative exponent is 0 except for bases 1 and -1.
// - Conversions: i64(float) truncates, NaN → 0, saturates out of range;
//   f32(i64) rounds once (not through f64); sign(±0.0) = +0.0, sign(NaN) = NaN.
// - Float `%` is x - y*floor(x/y) with each step rounded (never fused), so
//   5.0 % inf is NaN and x % 0.0 is NaN.
// - Dimensions are evaluated once, before evaluation starts: one that is
//   negative, overflows i64 (or mentions a size variable without a value) is
//   an InterpError even in code that would not run (the body of a build of
//   size 0). A size value (`SizeValue`) is a number and may be negative.
// - Diff nodes throw InterpError (AD is not implemented here yet); with the
//   strict cond this happens even in the branch that is not selected.

#include "ir/Core.h"
#include "runtime/ArrayValue.h"

#include <cstdint>
#include <map>
#include <stdexcept>
#include <vector>

namespace arr::interp {

struct InterpError : std::runtime_error {
  using runtime_error::runtime_error;
};

/// Size variable values, by SizeVar id.
using SizeValues = std::map<uint32_t, int64_t>;

/// Binds an entry's size variables from the shapes of its (flattened)
/// arguments. Throws InterpError naming the parameters and both shapes when
/// they disagree ("parameters 'a' and 'b' disagree on size n: a has shape [3]
/// but b has shape [4]"), when an argument's rank or element type does not
/// match its parameter, or when a constant dimension differs ("parameter 'a'
/// must have shape [3], got [4]"). Component c of a tuple parameter `p` is
/// named "p.c". A dimension such as n+1 or 2*n binds n when it is the only
/// unknown.
SizeValues bindSizes(const core::Entry& entry, const std::vector<runtime::ArrayValue>& args);

/// Runs an entry point; returns its results (flattened: one per component of
/// the root tuple). First checks the sizes that calls bind (Entry::sizeBindings).
std::vector<runtime::ArrayValue> run(const core::Entry& entry,
                                     const std::vector<runtime::ArrayValue>& args);

/// Evaluates a closed function body (params bound to args) with the given
/// size variable values — used by tests and passes. Checks that every
/// argument has its parameter's type.
std::vector<runtime::ArrayValue> evaluate(const core::Function& function,
                                          const std::vector<runtime::ArrayValue>& args,
                                          const SizeValues& sizes);

} // namespace arr::interp
