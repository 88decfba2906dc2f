// Scalar operations too long to inline in generated code. The reference
// interpreter calls these same functions, so both agree by construction.

#include "runtime/Abi.h"

extern "C" {

int64_t arrrt_pow_i64(int64_t base, int64_t exponent) {
  if (exponent < 0) {
    if (base == 1) return 1;
    if (base == -1) return (exponent & 1) ? -1 : 1;
    return 0; // 1 / base^|exponent| truncates to 0 (and 0^-k has no value: total, so 0)
  }
  // Repeated squaring in uint64_t: overflow wraps instead of being undefined.
  uint64_t result = 1;
  uint64_t power = static_cast<uint64_t>(base);
  for (uint64_t remaining = static_cast<uint64_t>(exponent); remaining != 0; remaining >>= 1) {
    if (remaining & 1) result *= power;
    power *= power;
  }
  return static_cast<int64_t>(result);
}

} // extern "C"
