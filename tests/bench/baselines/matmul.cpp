// Baseline for tests/bench/matmul.arr: C = A B for row-major f64 matrices, in
// i-k-j order so the innermost loop walks rows of B and C contiguously. Each
// C[i][j] is still summed over k in index order.
#include "bench_common.h"

namespace {

__attribute__((noinline)) std::vector<double> matmul(const double* a, const double* b, int64_t n,
                                                     int64_t k, int64_t m) {
  std::vector<double> c(size_t(n * m), 0.0);
  for (int64_t i = 0; i < n; ++i) {
    double* row = c.data() + i * m;
    for (int64_t l = 0; l < k; ++l) {
      const double factor = a[i * k + l];
      const double* brow = b + l * m;
      for (int64_t j = 0; j < m; ++j)
        row[j] += factor * brow[j];
    }
  }
  return c;
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 2);
  bench::Array<double> a = bench::loadF64(options.inputs[0]);
  bench::Array<double> b = bench::loadF64(options.inputs[1]);
  if (a.shape.size() != 2 || b.shape.size() != 2 || a.dim(1) != b.dim(0))
    bench::fail("matmul: expected [n,k] and [k,m] matrices");
  std::vector<double> c;
  bench::timeRuns(options.runs, [&] {
    c = matmul(a.data.data(), b.data.data(), a.dim(0), a.dim(1), b.dim(1));
    bench::escape(c.data());
  });
  bench::saveF64(options.out, {a.dim(0), b.dim(1)}, c);
  return 0;
}
