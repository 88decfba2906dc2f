// Baseline for tests/bench/conv2d.arr: a 2-D convolution layer with zero
// padding ("same" size) and 3 x 3 kernels, y = conv(w, b, x), and the loss
// sum(y * y); the hand-derived gradient is g = 2 y, dw[o][i][p][q] =
// sum_{r,c} g[o][r][c] x[i][r+p-1][c+q-1] and db[o] = sum_{r,c} g[o][r][c].
// Shapes: w [co, ci, 3, 3], b [co], x [ci, h, v]. The loops run over the
// output row (r) and column (c) innermost, restricted to the rows and columns
// whose input pixel is inside the image, so the inner loop is contiguous; the
// sums of dw are kept per column (a 9 x v buffer) so that loop is not a
// sequential reduction, and the columns are added at the end.
#include "bench_common.h"

#include <algorithm>

namespace {

struct Conv {
  int64_t co, ci, h, v;
};

std::vector<double> convolve(const Conv& s, const double* w, const double* b, const double* x) {
  std::vector<double> y(size_t(s.co * s.h * s.v));
  for (int64_t o = 0; o < s.co; ++o) {
    double* plane = y.data() + o * s.h * s.v;
    std::fill(plane, plane + s.h * s.v, b[o]);
    for (int64_t i = 0; i < s.ci; ++i)
      for (int64_t p = 0; p < 3; ++p)
        for (int64_t q = 0; q < 3; ++q) {
          const double weight = w[((o * s.ci + i) * 3 + p) * 3 + q];
          const int64_t r0 = std::max<int64_t>(0, 1 - p), r1 = std::min(s.h, s.h + 1 - p);
          const int64_t c0 = std::max<int64_t>(0, 1 - q), c1 = std::min(s.v, s.v + 1 - q);
          for (int64_t r = r0; r < r1; ++r) {
            const double* in = x + (i * s.h + r + p - 1) * s.v + (q - 1);
            double* out = plane + r * s.v;
            for (int64_t c = c0; c < c1; ++c)
              out[c] += weight * in[c];
          }
        }
  }
  return y;
}

__attribute__((noinline)) double loss(const Conv& s, const double* w, const double* b,
                                      const double* x) {
  std::vector<double> y = convolve(s, w, b, x);
  double sum = 0.0;
  for (double value : y)
    sum += value * value;
  return sum;
}

__attribute__((noinline)) void lossGrad(const Conv& s, const double* w, const double* b,
                                        const double* x, double* dw, double* db) {
  std::vector<double> g = convolve(s, w, b, x);
  for (double& value : g)
    value *= 2.0;
  std::vector<double> columns(size_t(9 * s.v));
  for (int64_t o = 0; o < s.co; ++o) {
    const double* plane = g.data() + o * s.h * s.v;
    db[o] = 0.0;
    for (int64_t e = 0; e < s.h * s.v; ++e)
      db[o] += plane[e];
    for (int64_t i = 0; i < s.ci; ++i) {
      std::fill(columns.begin(), columns.end(), 0.0);
      for (int64_t p = 0; p < 3; ++p)
        for (int64_t q = 0; q < 3; ++q) {
          const int64_t r0 = std::max<int64_t>(0, 1 - p), r1 = std::min(s.h, s.h + 1 - p);
          const int64_t c0 = std::max<int64_t>(0, 1 - q), c1 = std::min(s.v, s.v + 1 - q);
          double* column = columns.data() + (p * 3 + q) * s.v;
          for (int64_t r = r0; r < r1; ++r) {
            const double* in = x + (i * s.h + r + p - 1) * s.v + (q - 1);
            const double* grow = plane + r * s.v;
            for (int64_t c = c0; c < c1; ++c)
              column[c] += grow[c] * in[c];
          }
        }
      for (int64_t e = 0; e < 9; ++e) {
        double sum = 0.0;
        for (int64_t c = 0; c < s.v; ++c)
          sum += columns[size_t(e * s.v + c)];
        dw[(o * s.ci + i) * 9 + e] = sum;
      }
    }
  }
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 3);
  bench::Array<double> w = bench::loadF64(options.inputs[0]);
  bench::Array<double> b = bench::loadF64(options.inputs[1]);
  bench::Array<double> x = bench::loadF64(options.inputs[2]);
  if (w.shape.size() != 4 || w.dim(2) != 3 || w.dim(3) != 3 || b.shape.size() != 1 ||
      b.dim(0) != w.dim(0) || x.shape.size() != 3 || x.dim(0) != w.dim(1))
    bench::fail("conv2d: expected w [co, ci, 3, 3], b [co], x [ci, h, v]");
  const Conv s{w.dim(0), w.dim(1), x.dim(1), x.dim(2)};
  if (options.grad) {
    std::vector<bench::Result> gradient{bench::Result(w.shape), bench::Result(b.shape)};
    bench::timeRuns(options.runs, [&] {
      lossGrad(s, w.data.data(), b.data.data(), x.data.data(), gradient[0].data.data(),
               gradient[1].data.data());
      bench::escape(gradient[0].data.data());
    });
    bench::saveResults(options.out, gradient);
    return 0;
  }
  double result = 0.0;
  bench::timeRuns(options.runs, [&] {
    result = loss(s, w.data.data(), b.data.data(), x.data.data());
    bench::escape(&result);
  });
  bench::saveF64(options.out, {}, {result});
  return 0;
}
