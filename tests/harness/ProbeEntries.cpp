// A hand-written entry table for testing the executable harness
// (runtime/Harness.cpp) without the code generator: each entry does in C++
// what the same entry of probe.arr does in Arr, following the calling
// convention of runtime/Abi.h. harness_test.py runs both and compares.

#include "runtime/Abi.h"

#include <cstring>

namespace {

struct AddContext {
  const double* a;
  const double* b;
  double* out;
};

int addChunk(void* raw, int64_t begin, int64_t end, int64_t) {
  auto* context = static_cast<AddContext*>(raw);
  for (int64_t i = begin; i < end; ++i)
    context->out[i] = context->a[i] + context->b[i];
  return 0;
}

// main(a: [n]f64, b: [n]f64): [n]f64 = a + b, as a parallel loop.
int add(const int64_t* sizes, void* const* params, void* const* results) {
  AddContext context{static_cast<const double*>(params[0]), static_cast<const double*>(params[1]),
                     static_cast<double*>(results[0])};
  arrrt_parallel_for(sizes[0], 1, addChunk, &context);
  return 0;
}

// tuple(x: [n]i64): (f64, [n]i64, [n]bool) = (f64(sum(x)), -x, x > 0)
int tuple(const int64_t* sizes, void* const* params, void* const* results) {
  const auto* x = static_cast<const int64_t*>(params[0]);
  int64_t sum = 0;
  for (int64_t i = 0; i < sizes[0]; ++i) {
    sum += x[i];
    static_cast<int64_t*>(results[1])[i] = -x[i];
    static_cast<bool*>(results[2])[i] = x[i] > 0;
  }
  *static_cast<double*>(results[0]) = static_cast<double>(sum);
  return 0;
}

// pick(p: ([n]f64, i64)): f64 = p.0[p.1]  (out of range reads 0)
int pick(const int64_t* sizes, void* const* params, void* const* results) {
  int64_t index = *static_cast<const int64_t*>(params[1]);
  *static_cast<double*>(results[0]) =
      index >= 0 && index < sizes[0] ? static_cast<const double*>(params[0])[index] : 0.0;
  return 0;
}

// tail(x: [n]f64) = drop(3, x)
int tail(const int64_t* sizes, void* const* params, void* const* results) {
  if (sizes[0] - 3 < 0) {
    arrrt_set_negative_dimension_error("n-3 (size m of drop)", sizes[0] - 3);
    return 1;
  }
  std::memcpy(results[0], static_cast<const double*>(params[0]) + 3,
              sizeof(double) * static_cast<size_t>(sizes[0] - 3));
  return 0;
}

// square(m: [n, n]f64): i64 = n
int square(const int64_t* sizes, void* const*, void* const* results) {
  *static_cast<int64_t*>(results[0]) = sizes[0];
  return 0;
}

// fixed(t: [3]i64): i64 = sum(t)
int fixed(const int64_t*, void* const* params, void* const* results) {
  const auto* t = static_cast<const int64_t*>(params[0]);
  *static_cast<int64_t*>(results[0]) = t[0] + t[1] + t[2];
  return 0;
}

// Entries without an Arr counterpart, for the harness's own behaviour.

// threads(): i64, the number of threads parallel loops use (--threads).
int threads(const int64_t*, void* const*, void* const* results) {
  *static_cast<int64_t*>(results[0]) = arrrt_threads();
  return 0;
}

// fails(k: i64): i64 fails with a message for k < 0, without one for k == 1,
// and counts its calls otherwise (so --runs shows every run starts afresh).
int fails(const int64_t*, void* const* params, void* const* results) {
  int64_t k = *static_cast<const int64_t*>(params[0]);
  if (k < 0) {
    arrrt_set_error("k must not be negative");
    return 3;
  }
  if (k == 1) return 2;
  *static_cast<int64_t*>(results[0]) += k;
  return 0;
}

} // namespace

extern "C" {

const arrrt_entry_descriptor arrrt_entry_table[] = {
    {"main", "n;a:f64[1*v0],b:f64[1*v0];f64[1*v0]", add},
    {"tuple", "n;x:i64[1*v0];f64[],i64[1*v0],bool[1*v0]", tuple},
    {"pick", "n;p.0:f64[1*v0],p.1:i64[];f64[]", pick},
    {"tail", "n;x:f64[1*v0];f64[-3+1*v0]", tail},
    {"square", "n;m:f64[1*v0|1*v0];i64[]", square},
    {"fixed", ";t:i64[3];i64[]", fixed},
    {"threads", ";;i64[]", threads},
    {"fails", ";k:i64[];i64[]", fails},
};
const int64_t arrrt_entry_count = sizeof(arrrt_entry_table) / sizeof(arrrt_entry_table[0]);

} // extern "C"
