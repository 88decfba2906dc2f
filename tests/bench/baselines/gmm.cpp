// Baseline for the ADBench GMM objective (samples/gmm/gmm.arr, entry
// `objective`), written the way ADBench's C++ reference computes it: exp(q)
// and sum(q) once per component, Q_k (x_i - mu_k) with the strictly lower
// triangle walked column by column, a log-sum-exp over components per point,
// and the Wishart prior. Inputs are those of samples/gmm/convert.py:
// alphas [k], means [k,d], qs [k,d], ls [k,d(d-1)/2], x [n,d], gamma, m, lgsum.
#include "bench_common.h"

#include <algorithm>
#include <cmath>

namespace {

struct Problem {
  int64_t k, d, n;
  bench::Array<double> alphas, means, qs, ls, x;
  double gamma, lgsum;
  int64_t m;
};

double logSumExp(const double* values, int64_t count) {
  double largest = *std::max_element(values, values + count);
  double sum = 0.0;
  for (int64_t i = 0; i < count; ++i)
    sum += std::exp(values[i] - largest);
  return largest + std::log(sum);
}

__attribute__((noinline)) double objective(const Problem& p) {
  const int64_t k = p.k, d = p.d, n = p.n, l = d * (d - 1) / 2;
  std::vector<double> expQs(size_t(k * d)), sumQs(size_t(k), 0.0);
  for (int64_t j = 0; j < k; ++j)
    for (int64_t r = 0; r < d; ++r) {
      expQs[size_t(j * d + r)] = std::exp(p.qs.data[size_t(j * d + r)]);
      sumQs[size_t(j)] += p.qs.data[size_t(j * d + r)];
    }

  std::vector<double> centred(static_cast<size_t>(d)), qx(static_cast<size_t>(d));
  std::vector<double> mains(static_cast<size_t>(k));
  double slse = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    const double* point = p.x.data.data() + i * d;
    for (int64_t j = 0; j < k; ++j) {
      const double* mean = p.means.data.data() + j * d;
      const double* expQ = expQs.data() + j * d;
      const double* lower = p.ls.data.data() + j * l;
      for (int64_t r = 0; r < d; ++r) {
        centred[size_t(r)] = point[r] - mean[r];
        qx[size_t(r)] = expQ[r] * centred[size_t(r)];
      }
      int64_t index = 0;
      for (int64_t c = 0; c < d; ++c)
        for (int64_t r = c + 1; r < d; ++r)
          qx[size_t(r)] += lower[index++] * centred[size_t(c)];
      double squares = 0.0;
      for (int64_t r = 0; r < d; ++r)
        squares += qx[size_t(r)] * qx[size_t(r)];
      mains[size_t(j)] = p.alphas.data[size_t(j)] + sumQs[size_t(j)] - 0.5 * squares;
    }
    slse += logSumExp(mains.data(), k);
  }

  const double pi = 3.141592653589793;
  const double fn = double(n), fd = double(d), fm = double(p.m);
  const double constant = -fn * fd * 0.5 * std::log(2.0 * pi);
  const double nw = fd + fm + 1.0;
  const double c = nw * fd * (std::log(p.gamma) - 0.5 * std::log(2.0)) -
                   (0.25 * fd * (fd - 1.0) * std::log(pi) + p.lgsum);
  double prior = 0.0;
  for (int64_t j = 0; j < k; ++j) {
    double frobenius = 0.0;
    for (int64_t r = 0; r < d; ++r)
      frobenius += expQs[size_t(j * d + r)] * expQs[size_t(j * d + r)];
    for (int64_t e = 0; e < l; ++e)
      frobenius += p.ls.data[size_t(j * l + e)] * p.ls.data[size_t(j * l + e)];
    prior += 0.5 * p.gamma * p.gamma * frobenius - fm * sumQs[size_t(j)];
  }
  prior -= double(k) * c;
  return constant + slse - fn * logSumExp(p.alphas.data.data(), k) + prior;
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 8);
  Problem p;
  p.alphas = bench::loadF64(options.inputs[0]);
  p.means = bench::loadF64(options.inputs[1]);
  p.qs = bench::loadF64(options.inputs[2]);
  p.ls = bench::loadF64(options.inputs[3]);
  p.x = bench::loadF64(options.inputs[4]);
  p.gamma = bench::loadF64(options.inputs[5]).data.at(0);
  p.m = bench::loadI64(options.inputs[6]).data.at(0);
  p.lgsum = bench::loadF64(options.inputs[7]).data.at(0);
  p.k = p.alphas.dim(0);
  p.d = p.means.dim(1);
  p.n = p.x.dim(0);
  if (p.x.dim(1) != p.d || p.ls.dim(1) != p.d * (p.d - 1) / 2) bench::fail("gmm: bad shapes");
  double result = 0.0;
  bench::timeRuns(options.runs, [&] {
    result = objective(p);
    bench::escape(&result);
  });
  bench::saveF64(options.out, {}, {result});
  return 0;
}
