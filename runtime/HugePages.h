// Transparent huge pages for large arrays (as NumPy asks for its own): a loop
// streaming through tens of megabytes otherwise takes a TLB miss every 4 KB,
// and the hardware prefetcher stops at every 4 KB page boundary. Measured on
// a dot product of two 80 MB vectors: 6.5 instead of 7.6 ms.

#pragma once

#include <cstddef>

namespace arr::runtime {

/// Blocks from this size on get the advice (NumPy's threshold).
constexpr size_t kHugePagesFrom = size_t(4) << 20;

/// Asks the kernel to back the whole 2 MB pages inside [begin, begin + bytes)
/// with huge pages when they are first touched. Only advice: where it is
/// refused, the memory works as it is.
void adviseHugePages(void* begin, size_t bytes);

} // namespace arr::runtime
