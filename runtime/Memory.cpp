// Aligned, zero-filled buffers for arrays. calloc provides the zeroes (large
// blocks come straight from fresh pages, so zeroing them costs nothing); the
// block is over-allocated by the alignment and the pointer calloc returned is
// kept just below the aligned one for arrrt_free.

#include "runtime/Abi.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr uintptr_t kAlignment = 64; // a cache line, and enough for any vector register

[[noreturn]] void outOfMemory(int64_t bytes) {
  std::fprintf(stderr, "error: out of memory (cannot allocate %lld bytes)\n",
               static_cast<long long>(bytes));
  std::fflush(stderr);
  std::abort();
}

} // namespace

extern "C" {

void* arrrt_alloc(int64_t bytes) {
  if (bytes < 0) {
    std::fprintf(stderr, "error: arrrt_alloc called with a negative size (%lld bytes)\n",
                 static_cast<long long>(bytes));
    std::fflush(stderr);
    std::abort();
  }
  // calloc's pointers are aligned to at least 16 bytes, so rounding up past
  // raw leaves 16 to 64 bytes below the aligned pointer: room for raw itself.
  static_assert(alignof(std::max_align_t) >= sizeof(void*));
  void* raw = std::calloc(1, static_cast<size_t>(bytes) + kAlignment);
  if (!raw) outOfMemory(bytes);
  uintptr_t aligned = (reinterpret_cast<uintptr_t>(raw) + kAlignment) & ~(kAlignment - 1);
  reinterpret_cast<void**>(aligned)[-1] = raw;
  return reinterpret_cast<void*>(aligned);
}

void arrrt_free(void* pointer) {
  if (!pointer) return;
  std::free(static_cast<void**>(pointer)[-1]);
}

} // extern "C"
