// The special functions of LANGUAGE.md §6 that C's libm lacks or defines with
// global state: lgamma without `signgam`, digamma, and the polygamma
// functions that the derivatives of digamma need (trigamma and beyond). The
// reference interpreter calls these same functions, so native code and the
// interpreter agree bit for bit. f32 versions compute in f64 and round once.
//
// Accuracy: about 1e-15 relative in f64 away from the zeros of the functions,
// from the recurrence psi(x) = psi(x + 1) - 1/x up to x >= 10 (or 20 + 2n for
// the n-th derivative), then the asymptotic (Bernoulli) series. Near the
// positive zero of digamma a Taylor series around the zero keeps the error
// relative. Negative arguments use the reflection formula where one is known.

#include "runtime/Abi.h"

#include <cmath>
#include <iterator>
#include <limits>

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// B_2k / (2k) for k = 1..7: the coefficients of digamma's asymptotic series.
constexpr double kDigammaSeries[] = {1.0 / 12,  -1.0 / 120,     1.0 / 252, -1.0 / 240,
                                     1.0 / 132, -691.0 / 32760, 1.0 / 12};

/// The Bernoulli numbers B_2k for k = 1..10.
constexpr double kBernoulli[] = {1.0 / 6,         -1.0 / 30,      1.0 / 42, -1.0 / 30,
                                 5.0 / 66,        -691.0 / 2730,  7.0 / 6,  -3617.0 / 510,
                                 43867.0 / 798.0, -174611.0 / 330};

/// The positive zero of digamma as a sum of two doubles (mpmath, 40 digits:
/// 1.461632144968362341262659542325721328468).
constexpr double kDigammaZeroHigh = 1.4616321449683622;
constexpr double kDigammaZeroLow = 9.549995429965697e-17;

bool isNonPositiveInteger(double x) {
  return x <= 0 && x == std::floor(x);
}

/// digamma for x >= 0 away from its zero (x finite, not 0).
double digammaByRecurrence(double x) {
  double result = 0;
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  double inverseSquare = 1 / (x * x);
  double series = 0;
  for (int k = std::size(kDigammaSeries); k-- > 0;)
    series = (series + kDigammaSeries[k]) * inverseSquare;
  return result + std::log(x) - 0.5 / x - series;
}

double factorial(int n) {
  double result = 1;
  for (int k = 2; k <= n; ++k)
    result *= k;
  return result;
}

/// The n-th derivative of digamma (n >= 1) for x > 0, without the sign (-1)^(n+1).
double polygammaMagnitude(int n, double x) {
  // psi_n(x) = (-1)^(n+1) n! sum_k 1/(x+k)^(n+1); the tail beyond the shift
  // is the asymptotic series (n-1)!/z^n + n!/(2 z^(n+1)) + sum B_2k (2k+n-1)!/((2k)! z^(2k+n)).
  const double shift = 20 + 2.0 * n;
  double sum = 0;
  while (x < shift) {
    sum += std::pow(x, -(n + 1));
    x += 1;
  }
  double nFactorial = factorial(n);
  double tail = factorial(n - 1) * std::pow(x, -n) + nFactorial * 0.5 * std::pow(x, -(n + 1));
  // (2k+n-1)!/(2k)! built up term by term.
  double ratio = factorial(n + 1) / 2; // k = 1: (n+1)!/2!
  for (int k = 1; k <= int(std::size(kBernoulli)); ++k) {
    if (k > 1) ratio *= double(2 * k + n - 2) * (2 * k + n - 1) / ((2.0 * k - 1) * (2 * k));
    tail += kBernoulli[k - 1] * ratio * std::pow(x, -(2 * k + n));
  }
  return nFactorial * sum + tail;
}

/// Taylor coefficients psi_k(x0) / k! of digamma around its positive zero x0, for
/// k = 1..24 (mpmath, 40 digits, rounded to doubles).
constexpr double kDigammaTaylor[] = {
    0.9676722454476212,     -0.4427631689835921,     0.258499760955651,     -0.16394270544240652,
    0.10782405069126237,    -0.07219956125645471,    0.04880428816414311,   -0.03316112647484736,
    0.022597648232218104,   -0.01542476590494896,    0.010538791616612175,  -0.007204534386356869,
    0.004926781395729853,   -0.003369801655439328,   0.002305126326734928,  -0.0015769367714301972,
    0.0010788252019162967,  -0.0007380709389960052,  0.000504953265834602,  -0.0003454680251063077,
    0.00023635601564027053, -0.00016170622091974803, 0.0001106337276874741, -7.569179582195066e-05};

double digamma(double x) {
  if (std::isnan(x)) return x;
  if (x == 0) return std::copysign(kInfinity, -x); // as SciPy: -inf at +0, +inf at -0
  if (isNonPositiveInteger(x)) return kNaN;        // the other poles, and -inf
  if (std::isinf(x)) return x;
  if (x < 0) {
    // Reflection: psi(x) = psi(1 - x) - pi / tan(pi x); tan has period pi, and the
    // fractional part is exact, so the argument of tan loses nothing.
    double fraction = x - std::floor(x);
    return digamma(1 - x) - kPi / std::tan(kPi * fraction);
  }
  double offset = (x - kDigammaZeroHigh) - kDigammaZeroLow;
  if (std::fabs(offset) < 0.25) {
    double sum = 0;
    for (size_t k = std::size(kDigammaTaylor); k-- > 0;)
      sum = (sum + kDigammaTaylor[k]) * offset;
    return sum;
  }
  return digammaByRecurrence(x);
}

double polygamma(double order, double x) {
  if (std::isnan(order) || std::isnan(x)) return kNaN;
  if (order < 0 || order != std::floor(order) || order > 100) return kNaN;
  int n = int(order);
  if (n == 0) return digamma(x);
  bool odd = n % 2 == 1;
  if (isNonPositiveInteger(x)) return odd ? kInfinity : kNaN; // poles: +inf from both sides
  if (std::isinf(x)) return x > 0 ? 0.0 : kNaN;
  if (x < 0) {
    if (n == 1) {
      // Reflection: psi_1(x) = pi^2 / sin^2(pi x) - psi_1(1 - x).
      double s = std::sin(kPi * (x - std::floor(x)));
      return kPi * kPi / (s * s) - polygamma(1, 1 - x);
    }
    // No reflection formula here: shift up by the recurrence, which costs one term
    // per unit of |x|; beyond a million units the result is not computed.
    if (x < -1e6) return kNaN;
    double nFactorial = factorial(n);
    double sum = 0;
    while (x < 1) {
      sum += std::pow(x, -(n + 1));
      x += 1;
    }
    double sign = odd ? 1 : -1;
    return sign * (nFactorial * sum + polygammaMagnitude(n, x));
  }
  return (odd ? 1 : -1) * polygammaMagnitude(n, x);
}

} // namespace

extern "C" {

double arrrt_lgamma(double x) {
  int sign;
  return lgamma_r(x, &sign);
}
float arrrt_lgammaf(float x) {
  return float(arrrt_lgamma(x));
}
double arrrt_digamma(double x) {
  return digamma(x);
}
float arrrt_digammaf(float x) {
  return float(digamma(x));
}
double arrrt_trigamma(double x) {
  return polygamma(1, x);
}
float arrrt_trigammaf(float x) {
  return float(polygamma(1, x));
}
double arrrt_polygamma(double order, double x) {
  return polygamma(order, x);
}
float arrrt_polygammaf(float order, float x) {
  return float(polygamma(order, x));
}

} // extern "C"
