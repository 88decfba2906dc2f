#include "ir/InterpreterOps.h"

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace arr::interp::ops {

using core::BinaryOp;
using core::UnaryOp;
using namespace arr; // the scalar semantics (base/ScalarSemantics.h)

// The float overloads of <cmath> (expf, powf, ...) are the f32 semantics; the
// conversions below rely on IEEE rounding and infinities.
static_assert(std::numeric_limits<double>::is_iec559 && std::numeric_limits<float>::is_iec559);

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

template <typename T>
constexpr core::Elem elemOf() {
  if constexpr (std::is_same_v<T, double>)
    return core::Elem::F64;
  else if constexpr (std::is_same_v<T, float>)
    return core::Elem::F32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return core::Elem::I64;
  else
    return core::Elem::Bool;
}

/// The function for element type T of a table entry's evaluation.
template <typename T, typename Evaluation>
auto functionFor(const Evaluation& evaluation) {
  if constexpr (std::is_same_v<T, double>)
    return evaluation.f64;
  else if constexpr (std::is_same_v<T, float>)
    return evaluation.f32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return evaluation.i64;
  else
    return evaluation.boolean;
}

} // namespace

void unary(UnaryOp op, Dtype inType, const unsigned char* input, Dtype outType,
           unsigned char* output, int64_t count) {
  const prim::UnaryInfo& entry = prim::info(op);
  withElementType(inType, [&](auto from) {
    using From = decltype(from);
    std::optional<core::Elem> result = prim::resultType(op, elemOf<From>());
    if (!result || dtypeOf(*result) != outType) unsupported(entry.name, inType);
    if (prim::isConversionResult(entry.result) && entry.operands == prim::Operands::Any) {
      withElementType(outType, [&](auto to) {
        using To = decltype(to);
        mapElements<From, To>(input, output, count, convertElement<To, From>);
      });
      return;
    }
    auto function = functionFor<From>(entry.evaluate);
    if (!function) unsupported(entry.name, inType);
    if constexpr (std::is_same_v<From, bool>) {
      mapElements<bool, bool>(input, output, count, function);
    } else {
      mapElements<From, From>(input, output, count, function);
    }
  });
}

void binary(BinaryOp op, Dtype inType, const unsigned char* left, const unsigned char* right,
            unsigned char* output, int64_t count) {
  const prim::BinaryInfo& entry = prim::info(op);
  withElementType(inType, [&](auto tag) {
    using T = decltype(tag);
    if (!prim::resultType(op, elemOf<T>())) unsupported(entry.name, inType);
    if (entry.result == prim::Result::Bool) {
      auto function = functionFor<T>(entry.predicate);
      if (!function) unsupported(entry.name, inType);
      zipElements<T, bool>(left, right, output, count, function);
      return;
    }
    auto function = functionFor<T>(entry.evaluate);
    if (!function) unsupported(entry.name, inType);
    zipElements<T, T>(left, right, output, count, function);
  });
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
