// Aligned, zero-filled buffers for arrays. calloc provides the zeroes (large
// blocks come straight from fresh pages, so zeroing them costs nothing); the
// block is over-allocated by the alignment and the pointer calloc returned is
// kept just below the aligned one for arrrt_free. A failure is reported, never
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

extern "C" {

void* arrrt_alloc(int64_t count, int64_t element_size) {
  int64_t bytes = 0;
  if (count < 0 || element_size <= 0 || __builtin_mul_overflow(count, element_size, &bytes) ||
      bytes > INT64_MAX - kAlignment)
    return outOfMemory(count, element_size);
  // calloc's pointers are aligned to at least 16 bytes, so rounding up past
  // raw leaves 16 to 64 bytes below the aligned pointer: room for raw itself.
  static_assert(alignof(std::max_align_t) >= sizeof(void*));
  void* raw = std::calloc(1, static_cast<size_t>(bytes + kAlignment));
  if (!raw) return outOfMemory(count, element_size);
  // calloc leaves a large block's fresh pages untouched, so the advice comes
  // before the first page is faulted in.
  if (static_cast<size_t>(bytes) >= arr::runtime::kHugePagesFrom)
    arr::runtime::adviseHugePages(raw, static_cast<size_t>(bytes + kAlignment));
  uintptr_t aligned = (reinterpret_cast<uintptr_t>(raw) + kAlignment) & ~uintptr_t(kAlignment - 1);
  reinterpret_cast<void**>(aligned)[-1] = raw;
  return reinterpret_cast<void*>(aligned);
}

void arrrt_free(void* pointer) {
  if (!pointer) return;
  std::free(static_cast<void**>(pointer)[-1]);
}

} // extern "C"
