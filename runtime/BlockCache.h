// Whether arrrt_free keeps released large blocks for the next scratch allocations
// (Memory.cpp). Not under AddressSanitizer: every block then goes back to malloc,
// which poisons it, so that a read after release is still found.

#pragma once

namespace arr::runtime {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kCacheBlocks = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kCacheBlocks = false;
#else
inline constexpr bool kCacheBlocks = true;
#endif
#else
inline constexpr bool kCacheBlocks = true;
#endif

} // namespace arr::runtime
