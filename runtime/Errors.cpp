// The last error of an entry point call, kept per thread so that concurrent
// callers of object-file entry points each see their own message.

#include "runtime/Abi.h"

#include <string>

namespace {

thread_local std::string lastError;

} // namespace

extern "C" {

const char* arr_last_error(void) {
  return lastError.c_str();
}

void arrrt_set_error(const char* message) {
  lastError = message ? message : "";
}

void arrrt_set_negative_dimension_error(const char* dimension, int64_t value) {
  // The interpreter's wording (Evaluator::evaluateDim), so that the native
  // code and the reference interpreter fail alike.
  lastError = std::string("the dimension ") + (dimension ? dimension : "?") + " evaluates to " +
              std::to_string(value) + ", a negative size";
}

void arrrt_set_dimension_overflow_error(const char* dimension) {
  lastError = std::string("the dimension ") + (dimension ? dimension : "?") + " overflows i64";
}

} // extern "C"
