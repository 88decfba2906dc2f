/* Calls the entry points of cabi.arr through the C ABI of `arrc -c` (LANGUAGE.md
 * section 9) and checks every result against the same computation done here.
 *
 * Prints one line per check ("ok ..." or "FAIL ...") and a final
 * "N passed, M failed"; exits 1 if any check failed.
 *
 * Inputs are small multiples of 1/4, so every floating-point sum is exact
 * whatever the order of evaluation; results are still compared with a relative
 * tolerance of 1e-12 in case the compiled code evaluates differently.
 *
 * The C type of bool arrays is not fixed by the specification (bool or
 * uint8_t are both one byte holding 0 or 1): they are passed through void
 * pointers, which convert to either. */
#include "cabi.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int passed = 0;
static int failed = 0;

static void check(bool ok, const char* what) {
  if (ok) {
    passed++;
    printf("ok %s\n", what);
  } else {
    failed++;
    printf("FAIL %s\n", what);
  }
}

static bool close_to(double actual, double expected) {
  if (actual == expected) return true;
  double scale = fabs(expected) > fabs(actual) ? fabs(expected) : fabs(actual);
  return fabs(actual - expected) <= 1e-12 * scale;
}

static bool all_close(const double* actual, const double* expected, int64_t count) {
  for (int64_t i = 0; i < count; i++)
    if (!close_to(actual[i], expected[i])) {
      printf("  element %lld: %.17g, expected %.17g\n", (long long)i, actual[i], expected[i]);
      return false;
    }
  return true;
}

/* A failed call: non-zero return code and a non-empty message. */
static void check_rejected(int code, const char* what) {
  const char* message = arr_last_error();
  bool has_message = message != NULL && message[0] != '\0';
  printf("  %s: code %d, arr_last_error() = \"%s\"\n", what, code,
         message != NULL ? message : "(null)");
  char label[256];
  snprintf(label, sizeof label, "%s returns non-zero", what);
  check(code != 0, label);
  snprintf(label, sizeof label, "%s sets a non-empty arr_last_error()", what);
  check(has_message, label);
}

/* Floor remainder, as Arr's % on integers. */
static int64_t floor_mod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

/* ---- entry f(x: [n, m]f64, k: i64, y: [m]f32): ([n]f64, f64) ---------------- */

enum { F_N = 5, F_M = 7 };

static void test_f(void) {
  double x[F_N * F_M];
  float y[F_M];
  for (int i = 0; i < F_N * F_M; i++)
    x[i] = (double)((i * 7) % 11 - 5) * 0.25;
  for (int j = 0; j < F_M; j++)
    y[j] = (float)((j * 3) % 5 - 2) * 0.5f;
  int64_t k = 3;

  double expected0[F_N];
  double total = 0.0;
  for (int i = 0; i < F_N; i++) {
    double row = 0.0;
    for (int j = 0; j < F_M; j++) {
      row += x[i * F_M + j] * (double)y[j];
      total += x[i * F_M + j];
    }
    expected0[i] = row + (double)k;
  }
  double expected1 = total * (double)k;

  double out0[F_N];
  double out1 = -1.0;
  memset(out0, 0xff, sizeof out0);
  int code = arr_f(F_N, F_M, x, k, y, out0, &out1);
  check(code == 0, "f returns 0");
  check(all_close(out0, expected0, F_N), "f: first result (row dot products plus k)");
  check(close_to(out1, expected1), "f: second result (a scalar)");

  /* The same call again: no state carried over between calls. */
  double again0[F_N];
  double again1 = -1.0;
  code = arr_f(F_N, F_M, x, k, y, again0, &again1);
  check(code == 0 && all_close(again0, expected0, F_N) && close_to(again1, expected1),
        "f: a second identical call gives the same results");

  /* A sub-matrix: the first 2 rows, with another k. */
  code = arr_f(2, F_M, x, -1, y, out0, &out1);
  double sub_total = 0.0;
  bool rows_ok = true;
  for (int i = 0; i < 2; i++) {
    double row = 0.0;
    for (int j = 0; j < F_M; j++) {
      row += x[i * F_M + j] * (double)y[j];
      sub_total += x[i * F_M + j];
    }
    rows_ok = rows_ok && close_to(out0[i], row - 1.0);
  }
  check(code == 0 && rows_ok && close_to(out1, -sub_total), "f with n = 2, k = -1");

  /* Empty sizes: n = 0 gives an empty first result and a zero sum. */
  out1 = -1.0;
  code = arr_f(0, F_M, x, k, y, out0, &out1);
  check(code == 0 && out1 == 0.0, "f with n = 0");
  code = arr_f(F_N, 0, x, k, y, out0, &out1);
  bool all_k = true;
  for (int i = 0; i < F_N; i++)
    all_k = all_k && out0[i] == (double)k;
  check(code == 0 && all_k && out1 == 0.0, "f with m = 0");

  /* Inconsistent calls: negative size variables. */
  check_rejected(arr_f(-1, F_M, x, k, y, out0, &out1), "f with n = -1");
  check_rejected(arr_f(F_N, -5, x, k, y, out0, &out1), "f with m = -5");
  check_rejected(arr_f(INT64_MIN, F_M, x, k, y, out0, &out1), "f with n = INT64_MIN");
}

/* ---- entry sizes(s: [q]i64, t: [p, q]f64, u: [p + 1]f64, w: [r]f32)
 *            : ([p, q]f64, [r]f32, i64) ------------------------------------------ */

enum { S_Q = 4, S_P = 3, S_R = 6 };

static void test_sizes(void) {
  int64_t s[S_Q] = {2, -1, 0, 5};
  double t[S_P * S_Q];
  double u[S_P + 1];
  float w[S_R];
  for (int i = 0; i < S_P * S_Q; i++)
    t[i] = (double)(i - 6) * 0.75;
  for (int i = 0; i < S_P + 1; i++)
    u[i] = (double)(10 * i) + 0.5;
  for (int i = 0; i < S_R; i++)
    w[i] = (float)(i * i) * 0.125f - 1.0f;

  double expected0[S_P * S_Q];
  for (int i = 0; i < S_P; i++)
    for (int j = 0; j < S_Q; j++)
      expected0[i * S_Q + j] = t[i * S_Q + j] * (double)s[j] + u[i + 1];

  double out0[S_P * S_Q];
  float out1[S_R];
  int64_t out2 = -1;
  /* Size variables in order of first appearance: q, p, r. */
  int code = arr_sizes(S_Q, S_P, S_R, s, t, u, w, out0, out1, &out2);
  check(code == 0, "sizes returns 0");
  check(all_close(out0, expected0, S_P * S_Q), "sizes: [p, q]f64 result");
  bool floats_ok = true;
  for (int i = 0; i < S_R; i++)
    if (out1[i] != w[i] * 2.0f - 1.0f) {
      printf("  element %d: %.9g, expected %.9g\n", i, (double)out1[i],
             (double)(w[i] * 2.0f - 1.0f));
      floats_ok = false;
    }
  check(floats_ok, "sizes: [r]f32 result");
  check(out2 == S_P * 100 + S_Q * 10 + S_R, "sizes: sizes as values (p*100 + q*10 + r)");

  check_rejected(arr_sizes(S_Q, -1, S_R, s, t, u, w, out0, out1, &out2),
                 "sizes with p = -1 (u still has p + 1 = 0 elements)");
  check_rejected(arr_sizes(S_Q, S_P, -2, s, t, u, w, out0, out1, &out2), "sizes with r = -2");
}

/* ---- entry masks(v: [n]i64, keep: [n]bool, flip: bool): ([n]i64, [n]bool, i64) ---- */

enum { M_N = 9 };

static void test_masks(void) {
  /* Large values, but no sum of them in any order overflows. */
  int64_t v[M_N] = {3, -4, 5, -6, 0, 7, -9, 4000000000000000001, -4000000000000000002};
  bool keep[M_N] = {true, false, true, true, false, false, true, true, false};
  for (int flip = 0; flip <= 1; flip++) {
    int64_t chosen[M_N];
    bool divisible[M_N];
    int64_t total = 0;
    int64_t expected[M_N];
    bool expected_divisible[M_N];
    int64_t expected_total = 0;
    for (int i = 0; i < M_N; i++) {
      expected[i] = keep[i] != (bool)flip ? v[i] : 0;
      expected_divisible[i] = floor_mod(v[i], 3) == 0;
      expected_total += expected[i];
    }
    memset(divisible, 2, sizeof divisible);
    int code = arr_masks(M_N, v, (void*)keep, flip, chosen, (void*)divisible, &total);
    char label[128];
    snprintf(label, sizeof label, "masks (flip = %d) returns 0", flip);
    check(code == 0, label);
    bool ints_ok = true;
    bool bools_ok = true;
    for (int i = 0; i < M_N; i++) {
      ints_ok = ints_ok && chosen[i] == expected[i];
      unsigned char byte;
      memcpy(&byte, &divisible[i], 1);
      bools_ok = bools_ok && byte == (unsigned char)expected_divisible[i];
    }
    snprintf(label, sizeof label, "masks (flip = %d): [n]i64 result", flip);
    check(ints_ok, label);
    snprintf(label, sizeof label, "masks (flip = %d): [n]bool result, bytes 0 or 1", flip);
    check(bools_ok, label);
    snprintf(label, sizeof label, "masks (flip = %d): i64 sum", flip);
    check(total == expected_total, label);
  }
  int64_t chosen[M_N];
  bool divisible[M_N];
  int64_t total = 0;
  check_rejected(arr_masks(-3, v, (void*)keep, 0, chosen, (void*)divisible, &total),
                 "masks with n = -3");
}

/* ---- entry norm2(v: [n]f64): f64, entry answer(): i64 ------------------------- */

static void test_scalars(void) {
  double v[4] = {3.0, -4.0, 12.0, 0.0};
  double result = -1.0;
  int code = arr_norm2(4, v, &result);
  check(code == 0 && result == 13.0, "norm2 of [3, -4, 12, 0] is 13");
  code = arr_norm2(0, v, &result);
  check(code == 0 && result == 0.0, "norm2 of an empty vector is 0");
  check_rejected(arr_norm2(-1, v, &result), "norm2 with n = -1");

  int64_t answer = 0;
  code = arr_answer(&answer);
  check(code == 0 && answer == 42, "answer() with no parameters is 42");
}

/* ---- entry tail3(x: [n]f64): [n-3]f64 ---------------------------------------- */

static void test_tail3(void) {
  double x[6] = {1.0, 2.0, 3.0, 4.5, 5.5, 6.5};
  double out[3] = {0.0, 0.0, 0.0};
  int code = arr_tail3(6, x, out);
  check(code == 0 && out[0] == 4.5 && out[1] == 5.5 && out[2] == 6.5, "tail3 of 6 elements");
  code = arr_tail3(3, x, out);
  check(code == 0, "tail3 of 3 elements (an empty result)");
  /* n = 2: the result's dimension n-3 evaluates to -1. */
  check_rejected(arr_tail3(2, x, out), "tail3 with n = 2 (a negative result dimension)");
  check_rejected(arr_tail3(-7, x, out), "tail3 with n = -7");
  /* A consistent call after failed ones still works. */
  code = arr_tail3(4, x, out);
  check(code == 0 && out[0] == 4.5, "tail3 of 4 elements after failed calls");
}

/* ---- entry dnorm2(v: [n]f64), entry vgnorm2(v: [n]f64, s: f64) -------------- */

static void test_gradients(void) {
  double v[4] = {3.0, -4.0, 12.0, 0.0};
  double gradient[4] = {0.0, 0.0, 0.0, 0.0};
  double expected[4] = {3.0 / 13.0, -4.0 / 13.0, 12.0 / 13.0, 0.0};
  int code = arr_dnorm2(4, v, gradient);
  check(code == 0 && all_close(gradient, expected, 4), "dnorm2 of [3, -4, 12, 0] is v / 13");
  check_rejected(arr_dnorm2(-1, v, gradient), "dnorm2 with n = -1");

  double value = 0.0, scale = 0.0;
  double scaled[4] = {0.0, 0.0, 0.0, 0.0};
  double twice[4] = {6.0 / 13.0, -8.0 / 13.0, 24.0 / 13.0, 0.0};
  code = arr_vgnorm2(4, v, 2.0, &value, scaled, &scale);
  check(code == 0 && close_to(value, 26.0) && all_close(scaled, twice, 4) && close_to(scale, 13.0),
        "vgnorm2(v, 2) is (26, 2 v / 13, 13)");
}

int main(void) {
  test_f();
  test_sizes();
  test_masks();
  test_scalars();
  test_tail3();
  test_gradients();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
