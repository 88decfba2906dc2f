// Baseline for the ADBench LSTM objective (samples/lstm/lstm.arr, entries `objective`
// and `objective_grad`): the loop over characters and stacked layers the way ADBench's
// C++ reference computes it (diagonal weights, state carried from one character to
// the next, log(2 + sum exp) as the log-sum-exp), and a hand-derived gradient with
// respect to the main and extra parameters. One change to ADBench's loop: each layer
// runs over its units twice, the gates and new cell state first, then the output gate
// and hidden state; the shorter dependency chain per iteration lets the processor
// overlap more exp and tanh calls (1.26 instead of 1.8 ms for lstm_l2_c1024 here).
//
// The gradient's forward sweep stores, for every character and layer, the four gate
// activations, the new cell state and its tanh, and the new hidden state (so nothing
// is recomputed); the reverse sweep walks characters and layers backwards, carrying
// the cotangents of each layer's hidden and cell state to the previous character:
//   do = dh' tanh(c'),  dc' += dh' o (1 - tanh(c')^2),
//   df = dc' c,  di = dc' g,  dg = dc' i,  dc = dc' f,
//   pre-activations dz = df f (1 - f), di i (1 - i), do o (1 - o), dg (1 - g^2),
//   weight += dz * (x or h), bias += dz, dx = dzf wf + dzo wo, dh = dzi wi + dzg wg.
// Inputs are those of samples/lstm/convert.py: main [l,2,4,b], extra [3,b],
// state [l,2,b], sequence [c,b].
#include "bench_common.h"

#include <cmath>

namespace {

struct Problem {
  int64_t l, c, b;
  bench::Array<double> main, extra, state, sequence;

  // Layer k's weight (part 0) or bias (part 1) of gate g (forget, input, output, change).
  const double* param(int64_t k, int64_t part, int64_t g) const {
    return main.data.data() + ((k * 2 + part) * 4 + g) * b;
  }
};

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

// log(2 + sum exp(v)), ADBench's log-sum-exp.
double adbenchLogSumExp(const double* v, int64_t b) {
  double sum = 0.0;
  for (int64_t i = 0; i < b; ++i)
    sum += std::exp(v[i]);
  return std::log(sum + 2.0);
}

__attribute__((noinline)) double objective(const Problem& p) {
  const int64_t l = p.l, b = p.b;
  std::vector<double> state = p.state.data; // a copy: hidden then cell, per layer
  std::vector<double> input(static_cast<size_t>(b)), ypred(static_cast<size_t>(b));
  const double* inWeight = p.extra.data.data();
  const double* outWeight = inWeight + b;
  const double* outBias = outWeight + b;
  double total = 0.0;
  for (int64_t t = 0; t + 1 < p.c; ++t) {
    const double* character = p.sequence.data.data() + t * b;
    for (int64_t i = 0; i < b; ++i)
      input[size_t(i)] = character[i] * inWeight[i];
    const double* x = input.data();
    for (int64_t k = 0; k < l; ++k) {
      double* hidden = state.data() + 2 * k * b;
      double* cell = hidden + b;
      for (int64_t i = 0; i < b; ++i) {
        double forget = sigmoid(x[i] * p.param(k, 0, 0)[i] + p.param(k, 1, 0)[i]);
        double ingate = sigmoid(hidden[i] * p.param(k, 0, 1)[i] + p.param(k, 1, 1)[i]);
        double change = std::tanh(hidden[i] * p.param(k, 0, 3)[i] + p.param(k, 1, 3)[i]);
        cell[i] = cell[i] * forget + ingate * change;
      }
      for (int64_t i = 0; i < b; ++i) {
        double outgate = sigmoid(x[i] * p.param(k, 0, 2)[i] + p.param(k, 1, 2)[i]);
        hidden[i] = outgate * std::tanh(cell[i]);
      }
      x = hidden;
    }
    for (int64_t i = 0; i < b; ++i)
      ypred[size_t(i)] = x[i] * outWeight[i] + outBias[i];
    double lse = adbenchLogSumExp(ypred.data(), b);
    const double* target = character + b;
    for (int64_t i = 0; i < b; ++i)
      total += target[i] * (ypred[size_t(i)] - lse);
  }
  return -total / double((p.c - 1) * b);
}

// What the forward sweep keeps of one layer at one character, b values each.
enum Kept { Forget, Ingate, Outgate, Change, Cell, CellTanh, Hidden, KeptCount };

struct Gradient {
  std::vector<double> main, extra;
  // Work space, allocated once: the kept values [c-1][l][KeptCount][b], the predictions'
  // top hidden states are in them.
  std::vector<double> kept;
};

__attribute__((noinline)) void gradient(const Problem& p, Gradient& g) {
  const int64_t l = p.l, b = p.b, steps = p.c - 1;
  const double* inWeight = p.extra.data.data();
  const double* outWeight = inWeight + b;
  const double* outBias = outWeight + b;
  auto at = [&](int64_t t, int64_t k, Kept what) {
    return g.kept.data() + ((t * l + k) * KeptCount + what) * b;
  };
  std::vector<double> input(static_cast<size_t>(b)), ypred(static_cast<size_t>(b));

  // Forward sweep.
  for (int64_t t = 0; t < steps; ++t) {
    const double* character = p.sequence.data.data() + t * b;
    for (int64_t i = 0; i < b; ++i)
      input[size_t(i)] = character[i] * inWeight[i];
    const double* x = input.data();
    for (int64_t k = 0; k < l; ++k) {
      const double* hidden = t > 0 ? at(t - 1, k, Hidden) : p.state.data.data() + 2 * k * b;
      const double* cell = t > 0 ? at(t - 1, k, Cell) : p.state.data.data() + (2 * k + 1) * b;
      double *forget = at(t, k, Forget), *ingate = at(t, k, Ingate), *outgate = at(t, k, Outgate);
      double *change = at(t, k, Change), *cellOut = at(t, k, Cell), *cellTanh = at(t, k, CellTanh);
      double* hiddenOut = at(t, k, Hidden);
      for (int64_t i = 0; i < b; ++i) {
        forget[i] = sigmoid(x[i] * p.param(k, 0, 0)[i] + p.param(k, 1, 0)[i]);
        ingate[i] = sigmoid(hidden[i] * p.param(k, 0, 1)[i] + p.param(k, 1, 1)[i]);
        change[i] = std::tanh(hidden[i] * p.param(k, 0, 3)[i] + p.param(k, 1, 3)[i]);
        cellOut[i] = cell[i] * forget[i] + ingate[i] * change[i];
      }
      for (int64_t i = 0; i < b; ++i) {
        outgate[i] = sigmoid(x[i] * p.param(k, 0, 2)[i] + p.param(k, 1, 2)[i]);
        cellTanh[i] = std::tanh(cellOut[i]);
        hiddenOut[i] = outgate[i] * cellTanh[i];
      }
      x = hiddenOut;
    }
  }

  // Reverse sweep. dHidden/dCell: cotangents of each layer's state after step t,
  // arriving from step t + 1.
  std::fill(g.main.begin(), g.main.end(), 0.0);
  std::fill(g.extra.begin(), g.extra.end(), 0.0);
  double* dInWeight = g.extra.data();
  double* dOutWeight = dInWeight + b;
  double* dOutBias = dOutWeight + b;
  std::vector<double> dHidden(size_t(l * b), 0.0), dCell(size_t(l * b), 0.0);
  std::vector<double> dx(static_cast<size_t>(b));
  const double dTotal = -1.0 / double(steps * b);
  for (int64_t t = steps - 1; t >= 0; --t) {
    const double* character = p.sequence.data.data() + t * b;
    const double* target = character + b;
    const double* top = at(t, l - 1, Hidden);
    double sumExp = 0.0, targetSum = 0.0;
    for (int64_t i = 0; i < b; ++i) {
      ypred[size_t(i)] = std::exp(top[i] * outWeight[i] + outBias[i]);
      sumExp += ypred[size_t(i)];
      targetSum += target[i];
    }
    for (int64_t i = 0; i < b; ++i) {
      double d = dTotal * (target[i] - targetSum * ypred[size_t(i)] / (sumExp + 2.0));
      dOutWeight[i] += d * top[i];
      dOutBias[i] += d;
      dx[size_t(i)] = d * outWeight[i];
    }
    for (int64_t k = l - 1; k >= 0; --k) {
      const double* x = k > 0 ? at(t, k - 1, Hidden) : nullptr;
      const double* hidden = t > 0 ? at(t - 1, k, Hidden) : p.state.data.data() + 2 * k * b;
      const double* cell = t > 0 ? at(t - 1, k, Cell) : p.state.data.data() + (2 * k + 1) * b;
      const double *forget = at(t, k, Forget), *ingate = at(t, k, Ingate);
      const double *outgate = at(t, k, Outgate), *change = at(t, k, Change);
      const double* cellTanh = at(t, k, CellTanh);
      double* dh = dHidden.data() + k * b;
      double* dc = dCell.data() + k * b;
      double* dw[4];
      double* db[4];
      for (int64_t gate = 0; gate < 4; ++gate) {
        dw[gate] = g.main.data() + ((k * 2 + 0) * 4 + gate) * b;
        db[gate] = g.main.data() + ((k * 2 + 1) * 4 + gate) * b;
      }
      for (int64_t i = 0; i < b; ++i) {
        double xi = k > 0 ? x[i] : character[i] * inWeight[i];
        double dHiddenOut = dx[size_t(i)] + dh[i];
        double dOut = dHiddenOut * cellTanh[i];
        double dCellOut = dc[i] + dHiddenOut * outgate[i] * (1.0 - cellTanh[i] * cellTanh[i]);
        double zf = dCellOut * cell[i] * forget[i] * (1.0 - forget[i]);
        double zi = dCellOut * change[i] * ingate[i] * (1.0 - ingate[i]);
        double zo = dOut * outgate[i] * (1.0 - outgate[i]);
        double zg = dCellOut * ingate[i] * (1.0 - change[i] * change[i]);
        dw[0][i] += zf * xi;
        db[0][i] += zf;
        dw[1][i] += zi * hidden[i];
        db[1][i] += zi;
        dw[2][i] += zo * xi;
        db[2][i] += zo;
        dw[3][i] += zg * hidden[i];
        db[3][i] += zg;
        dc[i] = dCellOut * forget[i];
        dh[i] = zi * p.param(k, 0, 1)[i] + zg * p.param(k, 0, 3)[i];
        double dInput = zf * p.param(k, 0, 0)[i] + zo * p.param(k, 0, 2)[i];
        if (k > 0)
          dx[size_t(i)] = dInput;
        else
          dInWeight[i] += dInput * character[i];
      }
    }
  }
}

} // namespace

int main(int argc, char** argv) {
  bench::Options options = bench::parseOptions(argc, argv, 4);
  Problem p;
  p.main = bench::loadF64(options.inputs[0]);
  p.extra = bench::loadF64(options.inputs[1]);
  p.state = bench::loadF64(options.inputs[2]);
  p.sequence = bench::loadF64(options.inputs[3]);
  if (p.main.shape.size() != 4 || p.sequence.shape.size() != 2) bench::fail("lstm: bad ranks");
  p.l = p.main.dim(0);
  p.b = p.main.dim(3);
  p.c = p.sequence.dim(0);
  if (p.main.dim(1) != 2 || p.main.dim(2) != 4 || p.extra.shape != std::vector<int64_t>{3, p.b} ||
      p.state.shape != std::vector<int64_t>{p.l, 2, p.b} || p.sequence.dim(1) != p.b || p.c < 2)
    bench::fail("lstm: bad shapes");
  if (!options.grad) {
    double result = 0.0;
    bench::timeRuns(options.runs, [&] {
      result = objective(p);
      bench::escape(&result);
    });
    bench::saveF64(options.out, {}, {result});
    return 0;
  }
  std::vector<bench::Result> results{bench::Result(p.main.shape), bench::Result(p.extra.shape)};
  Gradient g;
  g.main.resize(results[0].data.size());
  g.extra.resize(results[1].data.size());
  g.kept.resize(size_t((p.c - 1) * p.l * KeptCount * p.b));
  bench::timeRuns(options.runs, [&] {
    gradient(p, g);
    bench::escape(g.main.data());
    bench::escape(g.extra.data());
  });
  results[0].data = g.main;
  results[1].data = g.extra;
  bench::saveResults(options.out, results);
  return 0;
}
