// Baseline for tests/bench/selfconv.arr: sum_i a[i] * a[n-1-i] in index order,
// and its hand-derived gradient, d/da[j] = 2 a[n-1-j].
#include "bench_common.h"

namespace {

__attribute__((noinline)) double selfConv(const double* a, int64_t n) {
  double sum = 0.0;
  for (int64_t i = 0; i < n; ++i)
    sum += a[i] * a[n - 1 - i];
  return sum;
}

__attribute__((noinline)) void selfConvGrad(const double* a, int64_t n, double* gradient) {
  for (int64_t j = 0; j < n; ++j)
    gradient[j] = 2.0 * a[n - 1 - j];
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 1);
  bench::Array<double> a = bench::loadF64(options.inputs[0]);
  if (a.shape.size() != 1) bench::fail("selfconv: expected a vector");
  if (options.grad) {
    std::vector<bench::Result> gradient{bench::Result(a.shape)};
    bench::timeRuns(options.runs, [&] {
      selfConvGrad(a.data.data(), a.dim(0), gradient[0].data.data());
      bench::escape(gradient[0].data.data());
    });
    bench::saveResults(options.out, gradient);
    return 0;
  }
  double result = 0.0;
  bench::timeRuns(options.runs, [&] {
    result = selfConv(a.data.data(), a.dim(0));
    bench::escape(&result);
  });
  bench::saveF64(options.out, {}, {result});
  return 0;
}
