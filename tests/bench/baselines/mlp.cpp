// Baseline for tests/bench/mlp.arr: a 3-layer perceptron's forward pass on a
// batch, relu(relu(x W1 + b1) W2 + b2) W3 + b3, weights stored [in, out].
// Each layer is an i-k-j matrix product into a buffer initialised with the bias.
#include "bench_common.h"

#include <algorithm>

namespace {

/// y[r][j] = b[j] + sum_i x[r][i] w[i][j] for a [batch, in] x and an [in, out] w.
std::vector<double> layer(const std::vector<double>& x, const bench::Array<double>& w,
                          const bench::Array<double>& b, int64_t batch, bool relu) {
  const int64_t in = w.dim(0), out = w.dim(1);
  std::vector<double> y(size_t(batch * out));
  for (int64_t r = 0; r < batch; ++r) {
    double* row = y.data() + r * out;
    std::fill(row, row + out, 0.0);
    for (int64_t i = 0; i < in; ++i) {
      const double factor = x[size_t(r * in + i)];
      const double* wrow = w.data.data() + i * out;
      for (int64_t j = 0; j < out; ++j)
        row[j] += factor * wrow[j];
    }
    for (int64_t j = 0; j < out; ++j) {
      row[j] += b.data[size_t(j)];
      if (relu) row[j] = std::max(row[j], 0.0);
    }
  }
  return y;
}

__attribute__((noinline)) std::vector<double> forward(const std::vector<bench::Array<double>>& p,
                                                      const bench::Array<double>& x) {
  const int64_t batch = x.dim(0);
  std::vector<double> h1 = layer(x.data, p[0], p[1], batch, true);
  std::vector<double> h2 = layer(h1, p[2], p[3], batch, true);
  return layer(h2, p[4], p[5], batch, false);
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 7);
  std::vector<bench::Array<double>> params;
  for (int i = 0; i < 6; ++i)
    params.push_back(bench::loadF64(options.inputs[size_t(i)]));
  bench::Array<double> x = bench::loadF64(options.inputs[6]);
  std::vector<double> y;
  bench::timeRuns(options.runs, [&] {
    y = forward(params, x);
    bench::escape(y.data());
  });
  bench::saveF64(options.out, {x.dim(0), params[4].dim(1)}, y);
  return 0;
}
