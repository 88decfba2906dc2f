#include "base/ScalarSemantics.h"

#include <cmath>
#include <limits>

namespace arr {

int64_t wrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t wrappingSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
int64_t wrappingMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t wrappingNeg(int64_t a) {
  return static_cast<int64_t>(0 - static_cast<uint64_t>(a));
}

int64_t floorDiv(int64_t a, int64_t b) {
  if (b == 0) return 0;
  if (b == -1) return wrappingNeg(a); // INT64_MIN / -1 would trap in hardware
  int64_t quotient = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --quotient; // C++ truncates; round down instead
  return quotient;
}

int64_t floorMod(int64_t a, int64_t b) {
  if (b == 0 || b == -1) return 0; // INT64_MIN % -1 would trap in hardware
  int64_t remainder = a % b;
  if (remainder != 0 && ((remainder < 0) != (b < 0))) remainder += b;
  return remainder;
}

template <typename T>
static int64_t saturatingToI64Impl(T x) {
  // 2^63 is exact in both float and double; every value strictly between the
  // two bounds truncates to a representable int64_t.
  const T bound = std::ldexp(T(1), 63);
  if (std::isnan(x)) return 0;
  if (x >= bound) return std::numeric_limits<int64_t>::max();
  if (x < -bound) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(x);
}
int64_t saturatingToI64(double x) {
  return saturatingToI64Impl(x);
}
int64_t saturatingToI64(float x) {
  return saturatingToI64Impl(x);
}

template <typename T>
static T floatModImpl(T x, T y) {
  // Separate statements so that no compiler contracts y*q and the subtraction
  // into one fused multiply-add (clang's default -ffp-contract=on does so within
  // an expression); the native code must round each step the same way.
  T quotient = std::floor(x / y);
  T product = y * quotient;
  return x - product;
}
double floatMod(double x, double y) {
  return floatModImpl(x, y);
}
float floatMod(float x, float y) {
  return floatModImpl(x, y);
}

template <typename T>
static T maximumImpl(T a, T b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a != b) return a > b ? a : b;
  return std::signbit(a) ? b : a; // equal: only the sign of a zero can differ
}
template <typename T>
static T minimumImpl(T a, T b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a != b) return a < b ? a : b;
  return std::signbit(a) ? a : b;
}
double maximum(double a, double b) {
  return maximumImpl(a, b);
}
float maximum(float a, float b) {
  return maximumImpl(a, b);
}
double minimum(double a, double b) {
  return minimumImpl(a, b);
}
float minimum(float a, float b) {
  return minimumImpl(a, b);
}

template <typename T>
static T floatSignImpl(T x) {
  if (std::isnan(x)) return x;
  if (x > 0) return T(1);
  if (x < 0) return T(-1);
  return T(0);
}
double floatSign(double x) {
  return floatSignImpl(x);
}
float floatSign(float x) {
  return floatSignImpl(x);
}

} // namespace arr
