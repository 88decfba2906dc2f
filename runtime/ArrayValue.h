// The value representation shared by the reference interpreter and the native
// runtime: a dense, row-major array of one of Arr's four element types, plus
// the error type every I/O routine of the runtime throws.

#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arr::runtime {

/// Thrown for every input/output problem: unreadable files, malformed or
/// inconsistent data. The message is one line and meant for the end user.
class IoError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

enum class Dtype : uint8_t { F64, F32, I64, Bool };

/// "f64", "f32", "i64" or "bool", as written in Arr source.
std::string_view dtypeName(Dtype dtype);

/// Bytes per element; bool takes one byte holding 0 or 1.
size_t dtypeSize(Dtype dtype);

/// The C++ element type of each dtype: double, float, int64_t and bool.
template <typename T>
constexpr Dtype dtypeOf() {
  static_assert(sizeof(T) == 0, "no Arr element type for this C++ type");
  return Dtype::F64;
}
template <>
constexpr Dtype dtypeOf<double>() {
  return Dtype::F64;
}
template <>
constexpr Dtype dtypeOf<float>() {
  return Dtype::F32;
}
template <>
constexpr Dtype dtypeOf<int64_t>() {
  return Dtype::I64;
}
template <>
constexpr Dtype dtypeOf<bool>() {
  return Dtype::Bool;
}

/// A phrase for messages: "an f64 scalar", "a rank-2 i64 array".
std::string describeType(Dtype dtype, size_t rank);

/// Number of elements of a shape; 0 as soon as one dimension is 0. The
/// dimensions must be non-negative and their product must fit in int64_t
/// (use checkedElementCount for untrusted shapes).
int64_t shapeElementCount(const std::vector<int64_t>& shape);

/// Like shapeElementCount, but throws IoError for a negative dimension or
/// when the element count times the element size overflows int64_t.
int64_t checkedElementCount(const std::vector<int64_t>& shape, Dtype dtype);

/// "[2,0,3]": the compact shape notation of `empty(...)` and of messages.
std::string formatShape(const std::vector<int64_t>& shape);

/// Physical memory plus swap, in bytes: an array larger than this cannot be held, and the
/// interpreters refuse it before asking for it, because a sanitizer's operator new aborts
/// where the plain one throws std::bad_alloc.
size_t memoryCapacity();

/// Storage of `bytes` bytes for an array's elements, with huge pages for large
/// ones (HugePages.h); throws std::bad_alloc when there is no memory.
void* allocateArrayStorage(size_t bytes);
void freeArrayStorage(void* storage);

/// The allocator of ArrayValue's bytes (allocateArrayStorage).
template <typename T>
struct ArrayAllocator {
  using value_type = T;
  ArrayAllocator() = default;
  template <typename U>
  ArrayAllocator(const ArrayAllocator<U>&) {}
  T* allocate(size_t count) { return static_cast<T*>(allocateArrayStorage(count * sizeof(T))); }
  void deallocate(T* storage, size_t) { freeArrayStorage(storage); }
  friend bool operator==(const ArrayAllocator&, const ArrayAllocator&) { return true; }
};

using ArrayBytes = std::vector<unsigned char, ArrayAllocator<unsigned char>>;

struct ArrayValue {
  Dtype dtype = Dtype::F64;
  /// Outermost dimension first; empty for a scalar.
  std::vector<int64_t> shape;
  /// Elements in row-major (C) order, elementCount() * dtypeSize(dtype) bytes.
  ArrayBytes bytes;

  ArrayValue() = default;

  /// A zero-filled array (false for bool). Throws IoError for a negative
  /// dimension or a size that overflows.
  ArrayValue(Dtype elementType, std::vector<int64_t> dims);

  static ArrayValue zeros(Dtype elementType, std::vector<int64_t> dims) {
    return ArrayValue(elementType, std::move(dims));
  }

  template <typename T>
  static ArrayValue scalar(T value) {
    ArrayValue result(dtypeOf<T>(), {});
    result.data<T>()[0] = value;
    return result;
  }

  /// An array of the given shape holding `values` in row-major order; a
  /// std::vector<bool> works too.
  template <typename T, typename Container>
  static ArrayValue fromElements(std::vector<int64_t> dims, const Container& values) {
    ArrayValue result(dtypeOf<T>(), std::move(dims));
    if (static_cast<int64_t>(values.size()) != result.elementCount())
      throw IoError("fromElements: " + std::to_string(values.size()) +
                    " values do not fill shape " + formatShape(result.shape));
    T* out = result.data<T>();
    for (const auto& value : values)
      *out++ = static_cast<T>(value);
    return result;
  }

  size_t rank() const { return shape.size(); }
  int64_t elementCount() const { return shapeElementCount(shape); }

  /// Typed view of the elements; T must match dtype (bool for Dtype::Bool).
  /// The vector's storage comes from operator new, so it is suitably aligned.
  template <typename T>
  T* data() {
    assert(dtypeOf<T>() == dtype && "element type does not match the dtype");
    return reinterpret_cast<T*>(bytes.data());
  }
  template <typename T>
  const T* data() const {
    assert(dtypeOf<T>() == dtype && "element type does not match the dtype");
    return reinterpret_cast<const T*>(bytes.data());
  }

  /// Bitwise equality: NaNs with equal bits are equal, 0.0 and -0.0 are not.
  friend bool operator==(const ArrayValue&, const ArrayValue&) = default;
};

} // namespace arr::runtime
