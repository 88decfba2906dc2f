#include "runtime/ArrayValue.h"

#include "runtime/HugePages.h"

#include <sys/sysinfo.h>

#include <cstdlib>
#include <limits>
#include <new>

namespace arr::runtime {

std::string_view dtypeName(Dtype dtype) {
  switch (dtype) {
  case Dtype::F64:
    return "f64";
  case Dtype::F32:
    return "f32";
  case Dtype::I64:
    return "i64";
  case Dtype::Bool:
    return "bool";
  }
  return "?";
}

size_t dtypeSize(Dtype dtype) {
  switch (dtype) {
  case Dtype::F64:
  case Dtype::I64:
    return 8;
  case Dtype::F32:
    return 4;
  case Dtype::Bool:
    return 1;
  }
  return 1;
}

std::string describeType(Dtype dtype, size_t rank) {
  std::string name(dtypeName(dtype));
  if (rank > 0) return "a rank-" + std::to_string(rank) + " " + name + " array";
  // "f64", "f32" and "i64" are read letter by letter ("an eff sixty-four").
  return (dtype == Dtype::Bool ? "a " : "an ") + name + " scalar";
}

int64_t shapeElementCount(const std::vector<int64_t>& shape) {
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (dim == 0) return 0; // Checked first so that a huge prefix before a 0 cannot overflow.
  }
  for (int64_t dim : shape)
    count *= dim;
  return count;
}

int64_t checkedElementCount(const std::vector<int64_t>& shape, Dtype dtype) {
  bool hasZero = false;
  for (int64_t dim : shape) {
    if (dim < 0) throw IoError("invalid shape " + formatShape(shape) + ": negative dimension");
    hasZero |= dim == 0;
  }
  if (hasZero) return 0;
  // Divide instead of multiplying so that the check itself cannot overflow;
  // the limit keeps the byte count representable too.
  int64_t limit = std::numeric_limits<int64_t>::max() / static_cast<int64_t>(dtypeSize(dtype));
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (count > limit / dim)
      throw IoError("invalid shape " + formatShape(shape) + ": too many elements");
    count *= dim;
  }
  return count;
}

std::string formatShape(const std::vector<int64_t>& shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i > 0) text += ',';
    text += std::to_string(shape[i]);
  }
  return text + "]";
}

size_t memoryCapacity() {
  static const size_t capacity = [] {
    struct sysinfo info {};
    if (sysinfo(&info) != 0) return std::numeric_limits<size_t>::max();
    return static_cast<size_t>(info.totalram + info.totalswap) * info.mem_unit;
  }();
  return capacity;
}

void* allocateArrayStorage(size_t bytes) {
  void* storage = nullptr;
  if (bytes >= kHugePagesFrom) {
    constexpr size_t kHugePage = size_t(2) << 20;
    size_t whole = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    if (whole < bytes) throw std::bad_alloc();
    storage = std::aligned_alloc(kHugePage, whole);
    if (storage) adviseHugePages(storage, whole);
  } else {
    storage = std::malloc(bytes == 0 ? 1 : bytes);
  }
  if (!storage) throw std::bad_alloc();
  return storage;
}

void freeArrayStorage(void* storage) {
  std::free(storage);
}

ArrayValue::ArrayValue(Dtype elementType, std::vector<int64_t> dims)
    : dtype(elementType), shape(std::move(dims)) {
  int64_t count = checkedElementCount(shape, dtype);
  size_t byteCount = static_cast<size_t>(count) * dtypeSize(dtype);
  if (byteCount > memoryCapacity()) throw std::bad_alloc();
  bytes.assign(byteCount, 0);
}

} // namespace arr::runtime
