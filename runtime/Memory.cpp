// Aligned buffers for arrays: zero-filled ones (arrrt_alloc, calloc provides the
// zeroes) and scratch ones whose contents are undefined (arrrt_alloc_scratch, for
// the loop IR's allocations, which write every element before reading it). Each
// block is over-allocated by the alignment; the pointer malloc returned and the
// block's usable size are kept just below the aligned pointer for arrrt_free.
// A failure is reported, never fatal: the caller frees what it holds and returns
// an error (Abi.h). Large blocks ask for huge pages (HugePages.h).
//
// Released large blocks are kept for the next scratch allocations (BlockCache):
// malloc returns a freed block of megabytes to the kernel, so the next call of an
// entry faulted every page of its temporaries in again (12% of a 512 x 512 product
// loss, 10% of a perceptron's gradient), where a caching allocator such as
// PyTorch's reuses them.

#include "runtime/Abi.h"
#include "runtime/BlockCache.h"
#include "runtime/HugePages.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>
#include <vector>

#include <sys/mman.h>

namespace {

constexpr int64_t kAlignment = 64; // a cache line, and enough for any vector register

/// The states a gradient keeps of a long loop are the usual cause.
constexpr const char* kLoopStatesHint =
    " (the gradient of a long loop keeps fewer of its states when compiled with "
    "arrc --loop-checkpoints=sqrt)";

void* outOfMemory(int64_t count, int64_t elementSize) {
  std::string what =
      count < 0 ? "an array whose element count overflows i64"
                : std::to_string(count) + " elements of " + std::to_string(elementSize) + " bytes";
  arrrt_set_error(("out of memory: cannot allocate " + what + kLoopStatesHint).c_str());
  return nullptr;
}

/// What sits just below an aligned pointer: malloc's pointer and the usable bytes.
/// malloc's pointers are aligned to 16 bytes, so rounding up past one leaves 16 to 64
/// bytes below the aligned pointer: room for both.
struct Header {
  void* raw;
  size_t capacity;
};
static_assert(sizeof(Header) <= 16 && alignof(std::max_align_t) >= 16);

Header& headerOf(void* aligned) {
  return static_cast<Header*>(aligned)[-1];
}

using arr::runtime::kCacheBlocks;

/// Released blocks of at least kFrom bytes, at most kLimit bytes in all (a block of
/// more than a quarter of that is not kept), handed to scratch requests that need
/// between half of a block's size and all of it (so that a small request does not pin
/// a large block). The oldest blocks go first when full.
class BlockCache {
public:
  static constexpr size_t kFrom = size_t(256) << 10;
  static constexpr size_t kLimit = size_t(256) << 20;

  /// A cached block of at least `bytes` usable bytes, as its aligned pointer, or null.
  void* take(size_t bytes) {
    if (!kCacheBlocks || bytes < kFrom) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    size_t best = blocks_.size();
    for (size_t b = 0; b < blocks_.size(); ++b) {
      size_t capacity = blocks_[b].capacity;
      if (capacity >= bytes && capacity / 2 <= bytes &&
          (best == blocks_.size() || capacity < blocks_[best].capacity))
        best = b;
    }
    if (best == blocks_.size()) return nullptr;
    Header block = blocks_[best];
    blocks_.erase(blocks_.begin() + long(best));
    cached_ -= block.capacity;
    return alignedOf(block);
  }

  /// Keeps a released block; false when it is not kept (the caller frees it).
  bool keep(const Header& block) {
    if (!kCacheBlocks || block.capacity < kFrom || block.capacity > kLimit / 4) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    while (cached_ + block.capacity > kLimit) {
      std::free(blocks_.front().raw);
      cached_ -= blocks_.front().capacity;
      blocks_.erase(blocks_.begin());
    }
    blocks_.push_back(block);
    cached_ += block.capacity;
    return true;
  }

  static void* alignedOf(const Header& block) {
    uintptr_t aligned =
        (reinterpret_cast<uintptr_t>(block.raw) + kAlignment) & ~uintptr_t(kAlignment - 1);
    return reinterpret_cast<void*>(aligned);
  }

private:
  std::mutex mutex_;
  std::vector<Header> blocks_;
  size_t cached_ = 0;
};

/// Never destroyed: a static array's destructor may release its block after the
/// cache's own would have run.
BlockCache& blockCache() {
  static auto* cache = new BlockCache;
  return *cache;
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
  if (!zeroed)
    if (void* cached = blockCache().take(static_cast<size_t>(bytes))) return cached;
  size_t total = static_cast<size_t>(bytes + kAlignment);
  void* raw = zeroed ? std::calloc(1, total) : std::malloc(total);
  if (!raw) return outOfMemory(count, elementSize);
  // A large block's fresh pages are untouched until written, so the advice comes
  // before the first page is faulted in.
  if (static_cast<size_t>(bytes) >= arr::runtime::kHugePagesFrom)
    arr::runtime::adviseHugePages(raw, total);
  Header header{raw, static_cast<size_t>(bytes)};
  void* aligned = BlockCache::alignedOf(header);
  headerOf(aligned) = header;
  return aligned;
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
  Header header = headerOf(pointer);
  if (!blockCache().keep(header)) std::free(header.raw);
}

} // extern "C"
