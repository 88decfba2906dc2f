// Baseline for tests/bench/dot.arr: the dot product of two f64 vectors,
// summed in index order (the order Arr's sequential sum fixes), and its
// hand-derived gradient (d/da = b, d/db = a: two copies into the results).
#include "bench_common.h"

namespace {

__attribute__((noinline)) double dot(const double* a, const double* b, int64_t n) {
  double sum = 0.0;
  for (int64_t i = 0; i < n; ++i)
    sum += a[i] * b[i];
  return sum;
}

__attribute__((noinline)) void dotGrad(const double* a, const double* b, int64_t n, double* da,
                                       double* db) {
  for (int64_t i = 0; i < n; ++i) {
    da[i] = b[i];
    db[i] = a[i];
  }
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 2);
  bench::Array<double> a = bench::loadF64(options.inputs[0]);
  bench::Array<double> b = bench::loadF64(options.inputs[1]);
  if (a.shape.size() != 1 || a.shape != b.shape) bench::fail("dot: expected two equal vectors");
  if (options.grad) {
    std::vector<bench::Result> gradient{bench::Result(a.shape), bench::Result(b.shape)};
    bench::timeRuns(options.runs, [&] {
      dotGrad(a.data.data(), b.data.data(), a.dim(0), gradient[0].data.data(),
              gradient[1].data.data());
      bench::escape(gradient[0].data.data());
      bench::escape(gradient[1].data.data());
    });
    bench::saveResults(options.out, gradient);
    return 0;
  }
  double result = 0.0;
  bench::timeRuns(options.runs, [&] {
    result = dot(a.data.data(), b.data.data(), a.dim(0));
    bench::escape(&result);
  });
  bench::saveF64(options.out, {}, {result});
  return 0;
}
