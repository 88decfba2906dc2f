// Aligned buffers for arrays: zero-filled ones (arrrt_alloc, calloc provides the
// zeroes) and scratch ones whose contents are undefined (arrrt_alloc_scratch, for
// the loop IR's allocations, which write every element before reading it: a block
// reused from the heap is then not cleared again). The block is over-allocated by
// the alignment and the pointer malloc returned is kept just below the aligned one
// for arrrt_free. A failure is reported, never
// fatal: the caller frees what it holds and returns an error (Abi.h).
// Large blocks ask for huge pages (HugePages.h).

#include "runtime/Abi.h"
#include "runtime/HugePages.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <sys/mman.h>

namespace {

constexpr int64_t kAlignment = 64; // a cache line, and enough for any vector register

void* outOfMemory(int64_t count, int64_t elementSize) {
  std::string what =
      count < 0 ? "an array whose element count overflows i64"
                : std::to_string(count) + " elements of " + std::to_string(elementSize) + " bytes";
  arrrt_set_error(("out of memory: cannot allocate " + what).c_str());
  return nullptr;
}

} // namespace

namespace arr::runtime {

void adviseHugePages(void* begin, size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr uintptr_t kHugePage = uintptr_t(2) << 20;
  uintptr_t first = (reinterpret_cast<uintptr_t>(begin) + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(begin) + bytes) & ~(kHugePage - 1);
  if (first < end) madvise(reinterpret_cast<void*>(first), end - first, MADV_HUGEPAGE);
#else
  (void)begin;
  (void)bytes;
#endif
}

} // namespace arr::runtime

namespace {

void* allocate(int64_t count, int64_t elementSize, bool zeroed) {
  int64_t bytes = 0;
  if (count < 0 || elementSize <= 0 || __builtin_mul_overflow(count, elementSize, &bytes) ||
      bytes > INT64_MAX - kAlignment)
    return outOfMemory(count, elementSize);
  // malloc's and calloc's pointers are aligned to at least 16 bytes, so rounding up
  // past raw leaves 16 to 64 bytes below the aligned pointer: room for raw itself.
  static_assert(alignof(std::max_align_t) >= sizeof(void*));
  size_t total = static_cast<size_t>(bytes + kAlignment);
  void* raw = zeroed ? std::calloc(1, total) : std::malloc(total);
  if (!raw) return outOfMemory(count, elementSize);
  // A large block's fresh pages are untouched until written, so the advice comes
  // before the first page is faulted in.
  if (static_cast<size_t>(bytes) >= arr::runtime::kHugePagesFrom)
    arr::runtime::adviseHugePages(raw, total);
  uintptr_t aligned = (reinterpret_cast<uintptr_t>(raw) + kAlignment) & ~uintptr_t(kAlignment - 1);
  reinterpret_cast<void**>(aligned)[-1] = raw;
  return reinterpret_cast<void*>(aligned);
}

} // namespace

extern "C" {

void* arrrt_alloc(int64_t count, int64_t element_size) {
  return allocate(count, element_size, true);
}

void* arrrt_alloc_scratch(int64_t count, int64_t element_size) {
  return allocate(count, element_size, false);
}

void arrrt_free(void* pointer) {
  if (!pointer) return;
  std::free(static_cast<void**>(pointer)[-1]);
}

} // extern "C"
