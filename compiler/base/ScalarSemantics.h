#pragma once
// The element-level semantics of LANGUAGE.md §5–§7 that C++ operators do not give
// directly: wrapping integer arithmetic, floor division, saturating conversion,
// IEEE maximum and minimum, the float remainder. The primitive table evaluates
// with these, and code generation produces the same values instruction by
// instruction.

#include <cstdint>
#include <type_traits>

namespace arr {

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

/// The conversions f64(x), f32(x), i64(x) and bool(x) between element types.
template <typename To, typename From>
To convertElement(From x) {
  if constexpr (std::is_same_v<To, bool>)
    return x != From(0); // NaN != 0, so NaN converts to true
  else if constexpr (std::is_same_v<To, int64_t> && std::is_floating_point_v<From>)
    return saturatingToI64(x);
  else
    return static_cast<To>(x); // i64 → f32 rounds once, directly
}

} // namespace arr
