// Baseline for tests/bench/mlp.arr: the mean softmax cross-entropy of a 3-layer
// perceptron on a batch, logits = relu(relu(x W1 + b1) W2 + b2) W3 + b3, with
// weights stored [in, out] and integer labels; and its hand-derived gradient
// with respect to the weights and biases (backpropagation: the softmax minus
// the one-hot label, divided by the batch size, then each layer's
// dW = a^T g, db = sum of g's rows, g_prev = (g W^T) where the pre-activation > 0).
// Each forward layer is an i-k-j matrix product into a buffer initialised with zeros.
#include "bench_common.h"

#include <algorithm>
#include <cmath>

namespace {

using Params = std::vector<bench::Array<double>>;

/// z[r][j] = b[j] + sum_i x[r][i] w[i][j] for a [batch, in] x and an [in, out] w.
std::vector<double> layer(const std::vector<double>& x, const bench::Array<double>& w,
                          const bench::Array<double>& b, int64_t batch) {
  const int64_t in = w.dim(0), out = w.dim(1);
  std::vector<double> z(size_t(batch * out), 0.0);
  for (int64_t r = 0; r < batch; ++r) {
    double* row = z.data() + r * out;
    for (int64_t i = 0; i < in; ++i) {
      const double factor = x[size_t(r * in + i)];
      const double* wrow = w.data.data() + i * out;
      for (int64_t j = 0; j < out; ++j)
        row[j] += factor * wrow[j];
    }
    for (int64_t j = 0; j < out; ++j)
      row[j] += b.data[size_t(j)];
  }
  return z;
}

std::vector<double> relu(std::vector<double> z) {
  for (double& value : z)
    value = std::max(value, 0.0);
  return z;
}

double logSumExp(const double* values, int64_t count) {
  double largest = *std::max_element(values, values + count);
  double sum = 0.0;
  for (int64_t i = 0; i < count; ++i)
    sum += std::exp(values[i] - largest);
  return largest + std::log(sum);
}

struct Forward {
  std::vector<double> z1, a1, z2, a2, z3;
};

Forward forward(const Params& p, const bench::Array<double>& x) {
  const int64_t batch = x.dim(0);
  Forward f;
  f.z1 = layer(x.data, p[0], p[1], batch);
  f.a1 = relu(f.z1);
  f.z2 = layer(f.a1, p[2], p[3], batch);
  f.a2 = relu(f.z2);
  f.z3 = layer(f.a2, p[4], p[5], batch);
  return f;
}

__attribute__((noinline)) double loss(const Params& p, const bench::Array<double>& x,
                                      const bench::Array<int64_t>& labels) {
  const int64_t batch = x.dim(0), classes = p[4].dim(1);
  Forward f = forward(p, x);
  double sum = 0.0;
  for (int64_t r = 0; r < batch; ++r) {
    const double* logits = f.z3.data() + r * classes;
    sum += logSumExp(logits, classes) - logits[labels.data[size_t(r)]];
  }
  return sum / double(batch);
}

/// Given g = dLoss/dz of a layer z = a W + b: dW = a^T g, db = column sums of g,
/// and (when wanted) dLoss/da = g W^T, through a transposed copy of W so that
/// every innermost loop is contiguous.
void layerBackward(const std::vector<double>& a, const bench::Array<double>& w,
                   const std::vector<double>& g, int64_t batch, bench::Result& dw,
                   bench::Result& db, std::vector<double>* da) {
  const int64_t in = w.dim(0), out = w.dim(1);
  std::fill(dw.data.begin(), dw.data.end(), 0.0);
  std::fill(db.data.begin(), db.data.end(), 0.0);
  for (int64_t r = 0; r < batch; ++r) {
    const double* grow = g.data() + r * out;
    for (int64_t i = 0; i < in; ++i) {
      const double factor = a[size_t(r * in + i)];
      double* dwrow = dw.data.data() + i * out;
      for (int64_t j = 0; j < out; ++j)
        dwrow[j] += factor * grow[j];
    }
    for (int64_t j = 0; j < out; ++j)
      db.data[size_t(j)] += grow[j];
  }
  if (!da) return;
  std::vector<double> wt(size_t(out * in));
  for (int64_t i = 0; i < in; ++i)
    for (int64_t j = 0; j < out; ++j)
      wt[size_t(j * in + i)] = w.data[size_t(i * out + j)];
  da->assign(size_t(batch * in), 0.0);
  for (int64_t r = 0; r < batch; ++r) {
    double* row = da->data() + r * in;
    for (int64_t j = 0; j < out; ++j) {
      const double factor = g[size_t(r * out + j)];
      const double* wtrow = wt.data() + j * in;
      for (int64_t i = 0; i < in; ++i)
        row[i] += factor * wtrow[i];
    }
  }
}

/// Multiplies g by the derivative of relu at the pre-activation z.
void reluBackward(std::vector<double>& g, const std::vector<double>& z) {
  for (size_t i = 0; i < g.size(); ++i)
    if (!(z[i] > 0.0)) g[i] = 0.0;
}

/// Writes the gradient with respect to W1, b1, W2, b2, W3, b3 into `gradient`.
__attribute__((noinline)) void lossGrad(const Params& p, const bench::Array<double>& x,
                                        const bench::Array<int64_t>& labels,
                                        std::vector<bench::Result>& gradient) {
  const int64_t batch = x.dim(0), classes = p[4].dim(1);
  Forward f = forward(p, x);
  std::vector<double> g3(size_t(batch * classes));
  for (int64_t r = 0; r < batch; ++r) {
    const double* logits = f.z3.data() + r * classes;
    const double lse = logSumExp(logits, classes);
    for (int64_t j = 0; j < classes; ++j)
      g3[size_t(r * classes + j)] = std::exp(logits[j] - lse) / double(batch);
    g3[size_t(r * classes + labels.data[size_t(r)])] -= 1.0 / double(batch);
  }
  std::vector<double> g2, g1;
  layerBackward(f.a2, p[4], g3, batch, gradient[4], gradient[5], &g2);
  reluBackward(g2, f.z2);
  layerBackward(f.a1, p[2], g2, batch, gradient[2], gradient[3], &g1);
  reluBackward(g1, f.z1);
  layerBackward(x.data, p[0], g1, batch, gradient[0], gradient[1], nullptr);
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 8);
  Params params;
  for (int i = 0; i < 6; ++i)
    params.push_back(bench::loadF64(options.inputs[size_t(i)]));
  bench::Array<double> x = bench::loadF64(options.inputs[6]);
  bench::Array<int64_t> labels = bench::loadI64(options.inputs[7]);
  for (int64_t label : labels.data)
    if (label < 0 || label >= params[4].dim(1)) bench::fail("mlp: label out of range");
  if (options.grad) {
    std::vector<bench::Result> gradient;
    for (const bench::Array<double>& param : params)
      gradient.emplace_back(param.shape);
    bench::timeRuns(options.runs, [&] {
      lossGrad(params, x, labels, gradient);
      bench::escape(gradient[0].data.data());
    });
    bench::saveResults(options.out, gradient);
    return 0;
  }
  double result = 0.0;
  bench::timeRuns(options.runs, [&] {
    result = loss(params, x, labels);
    bench::escape(&result);
  });
  bench::saveF64(options.out, {}, {result});
  return 0;
}
