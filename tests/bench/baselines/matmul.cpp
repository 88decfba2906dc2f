// Baseline for tests/bench/matmul.arr: sum((A B - C)^2) for row-major f64 matrices,
// computed as the program is written: the product P = A B in i-k-j order (the
// innermost loop walks rows of B and P contiguously; each P[i][j] is still
// summed over k in index order), then the sum of the squared differences.
//
// The gradient is the hand-derived backward pass of a matrix product for the
// upstream cotangent G = 2 (A B - C): dA = G B^T and dB = A^T G, two more matrix
// products, as a layer's backward pass computes them, both with a contiguous
// innermost loop (B^T is transposed into a buffer first).
#include "bench_common.h"

#include <algorithm>

namespace {

std::vector<double> product(const double* a, const double* b, int64_t n, int64_t k, int64_t m) {
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

__attribute__((noinline)) double matmulLoss(const double* a, const double* b, const double* c,
                                            int64_t n, int64_t k, int64_t m) {
  std::vector<double> p = product(a, b, n, k, m);
  double sum = 0.0;
  for (size_t i = 0; i < p.size(); ++i)
    sum += (p[i] - c[i]) * (p[i] - c[i]);
  return sum;
}

__attribute__((noinline)) void matmulLossGrad(const double* a, const double* b, const double* c,
                                              int64_t n, int64_t k, int64_t m, double* da,
                                              double* db) {
  std::vector<double> g = product(a, b, n, k, m);
  for (size_t i = 0; i < g.size(); ++i)
    g[i] = 2.0 * (g[i] - c[i]);
  // dA = G B^T, in i-j-l order over the transpose of B.
  std::vector<double> bt(size_t(m * k));
  for (int64_t l = 0; l < k; ++l)
    for (int64_t j = 0; j < m; ++j)
      bt[size_t(j * k + l)] = b[l * m + j];
  std::fill(da, da + n * k, 0.0);
  for (int64_t i = 0; i < n; ++i) {
    double* row = da + i * k;
    for (int64_t j = 0; j < m; ++j) {
      const double factor = g[size_t(i * m + j)];
      const double* btrow = bt.data() + j * k;
      for (int64_t l = 0; l < k; ++l)
        row[l] += factor * btrow[l];
    }
  }
  // dB[l][j] = sum_i A[i][l] G[i][j], accumulated row by row of G.
  std::fill(db, db + k * m, 0.0);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t l = 0; l < k; ++l) {
      const double factor = a[i * k + l];
      const double* grow = g.data() + i * m;
      double* row = db + l * m;
      for (int64_t j = 0; j < m; ++j)
        row[j] += factor * grow[j];
    }
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 3);
  bench::Array<double> a = bench::loadF64(options.inputs[0]);
  bench::Array<double> b = bench::loadF64(options.inputs[1]);
  bench::Array<double> c = bench::loadF64(options.inputs[2]);
  if (a.shape.size() != 2 || b.shape.size() != 2 || c.shape.size() != 2 || a.dim(1) != b.dim(0) ||
      c.dim(0) != a.dim(0) || c.dim(1) != b.dim(1))
    bench::fail("matmul: expected [n,k], [k,m] and [n,m] matrices");
  const int64_t n = a.dim(0), k = a.dim(1), m = b.dim(1);
  if (options.grad) {
    std::vector<bench::Result> gradient{bench::Result({n, k}), bench::Result({k, m})};
    bench::timeRuns(options.runs, [&] {
      matmulLossGrad(a.data.data(), b.data.data(), c.data.data(), n, k, m, gradient[0].data.data(),
                     gradient[1].data.data());
      bench::escape(gradient[0].data.data());
    });
    bench::saveResults(options.out, gradient);
    return 0;
  }
  double result = 0.0;
  bench::timeRuns(options.runs, [&] {
    result = matmulLoss(a.data.data(), b.data.data(), c.data.data(), n, k, m);
    bench::escape(&result);
  });
  bench::saveF64(options.out, {}, {result});
  return 0;
}
