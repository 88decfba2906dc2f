#include "ir/InterpreterOps.h"

#include "runtime/Abi.h"

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace arr::interp::ops {

using core::BinaryOp;
using core::UnaryOp;

// The float overloads of <cmath> (expf, powf, ...) are the f32 semantics; the
// conversions below rely on IEEE rounding and infinities.
static_assert(std::numeric_limits<double>::is_iec559 && std::numeric_limits<float>::is_iec559);

Dtype dtypeOf(core::Elem elem) {
  switch (elem) {
  case core::Elem::F64:
    return Dtype::F64;
  case core::Elem::F32:
    return Dtype::F32;
  case core::Elem::I64:
    return Dtype::I64;
  case core::Elem::Bool:
    return Dtype::Bool;
  }
  throw InterpError("internal error: unknown element type");
}

// ---- Scalar semantics ----------------------------------------------------------

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

// ---- Buffer kernels -------------------------------------------------------------

namespace {

/// Calls body(T{}) with T the C++ type of the dtype.
template <typename Body>
void withElementType(Dtype type, Body&& body) {
  switch (type) {
  case Dtype::F64:
    body(double{});
    return;
  case Dtype::F32:
    body(float{});
    return;
  case Dtype::I64:
    body(int64_t{});
    return;
  case Dtype::Bool:
    body(bool{});
    return;
  }
  throw InterpError("internal error: unknown element type");
}

[[noreturn]] void unsupported(const char* operation, Dtype type) {
  throw InterpError(std::string("internal error: the interpreter cannot apply ") + operation +
                    " to " + std::string(runtime::dtypeName(type)) + " elements");
}

template <typename In, typename Out, typename F>
void mapElements(const unsigned char* input, unsigned char* output, int64_t count, F f) {
  const In* in = reinterpret_cast<const In*>(input);
  Out* out = reinterpret_cast<Out*>(output);
  for (int64_t i = 0; i < count; ++i)
    out[i] = f(in[i]);
}

template <typename In, typename Out, typename F>
void zipElements(const unsigned char* left, const unsigned char* right, unsigned char* output,
                 int64_t count, F f) {
  const In* a = reinterpret_cast<const In*>(left);
  const In* b = reinterpret_cast<const In*>(right);
  Out* out = reinterpret_cast<Out*>(output);
  for (int64_t i = 0; i < count; ++i)
    out[i] = f(a[i], b[i]);
}

template <typename To, typename From>
To convertElement(From x) {
  if constexpr (std::is_same_v<To, bool>)
    return x != From(0); // NaN != 0, so NaN converts to true
  else if constexpr (std::is_same_v<To, int64_t> && std::is_floating_point_v<From>)
    return saturatingToI64(x);
  else
    return static_cast<To>(x); // i64 → f32 rounds once, directly
}

bool isConversion(UnaryOp op, Dtype& target) {
  switch (op) {
  case UnaryOp::ToF64:
    target = Dtype::F64;
    return true;
  case UnaryOp::ToF32:
    target = Dtype::F32;
    return true;
  case UnaryOp::ToI64:
    target = Dtype::I64;
    return true;
  case UnaryOp::ToBool:
    target = Dtype::Bool;
    return true;
  default:
    return false;
  }
}

template <typename T>
void floatUnary(UnaryOp op, const unsigned char* in, unsigned char* out, int64_t count) {
  auto apply = [&](auto f) { mapElements<T, T>(in, out, count, f); };
  // std:: functions called with T pick the float overloads (expf, ...) for f32.
  switch (op) {
  case UnaryOp::Neg:
    return apply([](T x) -> T { return -x; });
  case UnaryOp::Exp:
    return apply([](T x) -> T { return std::exp(x); });
  case UnaryOp::Log:
    return apply([](T x) -> T { return std::log(x); });
  case UnaryOp::Sqrt:
    return apply([](T x) -> T { return std::sqrt(x); });
  case UnaryOp::Sin:
    return apply([](T x) -> T { return std::sin(x); });
  case UnaryOp::Cos:
    return apply([](T x) -> T { return std::cos(x); });
  case UnaryOp::Tan:
    return apply([](T x) -> T { return std::tan(x); });
  case UnaryOp::Tanh:
    return apply([](T x) -> T { return std::tanh(x); });
  case UnaryOp::Abs:
    return apply([](T x) -> T { return std::fabs(x); });
  case UnaryOp::Floor:
    return apply([](T x) -> T { return std::floor(x); });
  case UnaryOp::Ceil:
    return apply([](T x) -> T { return std::ceil(x); });
  case UnaryOp::Sign:
    return apply([](T x) -> T { return floatSign(x); });
  case UnaryOp::Log1p:
    return apply([](T x) -> T { return std::log1p(x); });
  case UnaryOp::Expm1:
    return apply([](T x) -> T { return std::expm1(x); });
  case UnaryOp::Erf:
    return apply([](T x) -> T { return std::erf(x); });
  default:
    unsupported(core::toString(op), runtime::dtypeOf<T>());
  }
}

void integerUnary(UnaryOp op, const unsigned char* in, unsigned char* out, int64_t count) {
  auto apply = [&](auto f) { mapElements<int64_t, int64_t>(in, out, count, f); };
  switch (op) {
  case UnaryOp::Neg:
    return apply([](int64_t x) { return wrappingNeg(x); });
  case UnaryOp::Abs:
    return apply([](int64_t x) { return x < 0 ? wrappingNeg(x) : x; });
  case UnaryOp::Sign:
    return apply([](int64_t x) -> int64_t { return (x > 0) - (x < 0); });
  default:
    unsupported(core::toString(op), Dtype::I64);
  }
}

/// Comparisons of any element type; false when `op` is not a comparison.
template <typename T>
bool compare(BinaryOp op, const unsigned char* l, const unsigned char* r, unsigned char* out,
             int64_t count) {
  auto apply = [&](auto f) { zipElements<T, bool>(l, r, out, count, f); };
  switch (op) {
  case BinaryOp::Eq:
    apply([](T a, T b) { return a == b; });
    return true;
  case BinaryOp::Ne:
    apply([](T a, T b) { return a != b; });
    return true;
  case BinaryOp::Lt:
    apply([](T a, T b) { return a < b; });
    return true;
  case BinaryOp::Le:
    apply([](T a, T b) { return a <= b; });
    return true;
  case BinaryOp::Gt:
    apply([](T a, T b) { return a > b; });
    return true;
  case BinaryOp::Ge:
    apply([](T a, T b) { return a >= b; });
    return true;
  default:
    return false;
  }
}

template <typename T>
void floatBinary(BinaryOp op, const unsigned char* l, const unsigned char* r, unsigned char* out,
                 int64_t count) {
  if (compare<T>(op, l, r, out, count)) return;
  auto apply = [&](auto f) { zipElements<T, T>(l, r, out, count, f); };
  switch (op) {
  case BinaryOp::Add:
    return apply([](T a, T b) -> T { return a + b; });
  case BinaryOp::Sub:
    return apply([](T a, T b) -> T { return a - b; });
  case BinaryOp::Mul:
    return apply([](T a, T b) -> T { return a * b; });
  case BinaryOp::Div:
    return apply([](T a, T b) -> T { return a / b; });
  case BinaryOp::Mod:
    return apply([](T a, T b) -> T { return floatMod(a, b); });
  case BinaryOp::Pow:
    return apply([](T a, T b) -> T { return std::pow(a, b); });
  case BinaryOp::Max:
    return apply([](T a, T b) -> T { return maximum(a, b); });
  case BinaryOp::Min:
    return apply([](T a, T b) -> T { return minimum(a, b); });
  case BinaryOp::Atan2:
    return apply([](T a, T b) -> T { return std::atan2(a, b); });
  default:
    unsupported(core::toString(op), runtime::dtypeOf<T>());
  }
}

void integerBinary(BinaryOp op, const unsigned char* l, const unsigned char* r, unsigned char* out,
                   int64_t count) {
  if (compare<int64_t>(op, l, r, out, count)) return;
  auto apply = [&](auto f) { zipElements<int64_t, int64_t>(l, r, out, count, f); };
  switch (op) {
  case BinaryOp::Add:
    return apply(wrappingAdd);
  case BinaryOp::Sub:
    return apply(wrappingSub);
  case BinaryOp::Mul:
    return apply(wrappingMul);
  case BinaryOp::Div:
    return apply(floorDiv);
  case BinaryOp::Mod:
    return apply(floorMod);
  case BinaryOp::Pow:
    return apply(arrrt_pow_i64); // the runtime's, which native code calls too
  case BinaryOp::Max:
    return apply([](int64_t a, int64_t b) { return a > b ? a : b; });
  case BinaryOp::Min:
    return apply([](int64_t a, int64_t b) { return a < b ? a : b; });
  default:
    unsupported(core::toString(op), Dtype::I64);
  }
}

void boolBinary(BinaryOp op, const unsigned char* l, const unsigned char* r, unsigned char* out,
                int64_t count) {
  auto apply = [&](auto f) { zipElements<bool, bool>(l, r, out, count, f); };
  switch (op) {
  case BinaryOp::Eq:
    return apply([](bool a, bool b) { return a == b; });
  case BinaryOp::Ne:
    return apply([](bool a, bool b) { return a != b; });
  case BinaryOp::And:
    return apply([](bool a, bool b) { return a && b; });
  case BinaryOp::Or:
    return apply([](bool a, bool b) { return a || b; });
  default:
    unsupported(core::toString(op), Dtype::Bool);
  }
}

} // namespace

void unary(UnaryOp op, Dtype inType, const unsigned char* input, Dtype outType,
           unsigned char* output, int64_t count) {
  Dtype target;
  if (isConversion(op, target)) {
    if (target != outType) unsupported(core::toString(op), inType);
    withElementType(inType, [&](auto from) {
      withElementType(outType, [&](auto to) {
        using From = decltype(from);
        using To = decltype(to);
        mapElements<From, To>(input, output, count, convertElement<To, From>);
      });
    });
    return;
  }
  if (outType != inType) unsupported(core::toString(op), inType);
  switch (inType) {
  case Dtype::F64:
    return floatUnary<double>(op, input, output, count);
  case Dtype::F32:
    return floatUnary<float>(op, input, output, count);
  case Dtype::I64:
    return integerUnary(op, input, output, count);
  case Dtype::Bool:
    if (op != UnaryOp::Not) unsupported(core::toString(op), inType);
    return mapElements<bool, bool>(input, output, count, [](bool x) { return !x; });
  }
}

void binary(BinaryOp op, Dtype inType, const unsigned char* left, const unsigned char* right,
            unsigned char* output, int64_t count) {
  switch (inType) {
  case Dtype::F64:
    return floatBinary<double>(op, left, right, output, count);
  case Dtype::F32:
    return floatBinary<float>(op, left, right, output, count);
  case Dtype::I64:
    return integerBinary(op, left, right, output, count);
  case Dtype::Bool:
    return boolBinary(op, left, right, output, count);
  }
}

void addInto(Dtype type, unsigned char* accumulator, const unsigned char* addend, int64_t count) {
  withElementType(type, [&](auto tag) {
    using T = decltype(tag);
    T* acc = reinterpret_cast<T*>(accumulator);
    const T* x = reinterpret_cast<const T*>(addend);
    if constexpr (std::is_same_v<T, bool>) {
      unsupported("a sum", type);
    } else if constexpr (std::is_same_v<T, int64_t>) {
      for (int64_t i = 0; i < count; ++i)
        acc[i] = wrappingAdd(acc[i], x[i]);
    } else {
      for (int64_t i = 0; i < count; ++i)
        acc[i] = acc[i] + x[i];
    }
  });
}

void maximumInto(Dtype type, unsigned char* accumulator, const unsigned char* value,
                 int64_t count) {
  withElementType(type, [&](auto tag) {
    using T = decltype(tag);
    T* acc = reinterpret_cast<T*>(accumulator);
    const T* x = reinterpret_cast<const T*>(value);
    if constexpr (std::is_same_v<T, bool>) {
      unsupported("a maximum", type);
    } else if constexpr (std::is_same_v<T, int64_t>) {
      for (int64_t i = 0; i < count; ++i)
        acc[i] = acc[i] > x[i] ? acc[i] : x[i];
    } else {
      for (int64_t i = 0; i < count; ++i)
        acc[i] = maximum(acc[i], x[i]);
    }
  });
}

namespace {

/// Fills a numeric buffer with `valueOf(T())`, the identity of `operation` in T.
template <typename ValueOf>
void fillIdentity(Dtype type, unsigned char* output, int64_t count, const char* operation,
                  ValueOf valueOf) {
  withElementType(type, [&](auto tag) {
    using T = decltype(tag);
    T* out = reinterpret_cast<T*>(output);
    if constexpr (std::is_same_v<T, bool>) {
      unsupported(operation, type);
    } else {
      const T value = valueOf(tag);
      for (int64_t i = 0; i < count; ++i)
        out[i] = value;
    }
  });
}

} // namespace

void fillLowest(Dtype type, unsigned char* output, int64_t count) {
  fillIdentity(type, output, count, "a maximum", [](auto tag) {
    using T = decltype(tag);
    // -inf for floats, INT64_MIN for i64.
    return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<T>::infinity()
                                                : std::numeric_limits<T>::lowest();
  });
}

void fillOne(Dtype type, unsigned char* output, int64_t count) {
  fillIdentity(type, output, count, "a product", [](auto tag) { return decltype(tag)(1); });
}

void argmaxOuter(Dtype type, const unsigned char* input, int64_t rows, int64_t rowSize,
                 int64_t* output) {
  for (int64_t j = 0; j < rowSize; ++j)
    output[j] = 0;
  if (rows == 0) return;
  withElementType(type, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, bool>) {
      unsupported("argmaxOuter", type);
    } else {
      // Row by row (not column by column) so that memory is walked contiguously.
      const T* in = reinterpret_cast<const T*>(input);
      std::vector<T> best(in, in + rowSize);
      for (int64_t row = 1; row < rows; ++row) {
        const T* values = in + row * rowSize;
        for (int64_t j = 0; j < rowSize; ++j) {
          T x = values[j];
          bool better;
          if constexpr (std::is_floating_point_v<T>)
            // A NaN wins over everything but an earlier NaN; strict > keeps the
            // first of equal maxima (-0.0 and +0.0 count as equal).
            better = !std::isnan(best[j]) && (std::isnan(x) || x > best[j]);
          else
            better = x > best[j];
          if (better) {
            best[j] = x;
            output[j] = row;
          }
        }
      }
    }
  });
}

} // namespace arr::interp::ops
