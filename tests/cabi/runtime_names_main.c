/* Calls the entries of runtime_names.arr, whose C names arr_alloc, arr_free,
 * arr_set_threads, ... were the runtime's own, through the object file of
 * `arrc -c`, and checks every result against the same computation done here.
 * The runtime's arr_last_error is called too, after a call that fails.
 *
 * Prints one line per check ("ok ..." or "FAIL ...") and a final
 * "N passed, M failed"; exits 1 if any check failed. */
#include "runtime_names.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

static bool close_to(double actual, double expected, double tolerance) {
  if (actual == expected) return true;
  double scale = fabs(expected) > fabs(actual) ? fabs(expected) : fabs(actual);
  return fabs(actual - expected) <= tolerance * scale;
}

enum { N = 100000 }; /* large enough for the loops to run in parallel */

static const double table[16] = {0.5, 1.5, 2.5,  3.5,  4.5,  5.5,  6.5,  7.5,
                                 8.5, 9.5, 10.5, 11.5, 12.5, 13.5, 14.5, 15.5};

static void test_alloc_and_free(const double* x) {
  double* mapped = malloc(N * sizeof(double));
  double* expected = malloc(N * sizeof(double));
  double dot = 0.0, expected_dot = 0.0;
  int code = arr_alloc(N, x, &dot, mapped);
  check(code == 0, "arr_alloc (an entry) returns 0");
  bool same = true;
  for (int64_t i = 0; i < N; i++) {
    expected_dot += x[i] * table[i % 16];
    same = same && mapped[i] == table[(i * 7) % 16] + x[i];
  }
  check(close_to(dot, expected_dot, 1e-12), "arr_alloc: the sum of x times a constant table");
  check(same, "arr_alloc: the table gathered and added elementwise");

  code = arr_free(N, x, mapped);
  check(code == 0, "arr_free (an entry) returns 0");
  for (int64_t i = 0; i < N; i++)
    expected[i] = exp(x[i] * 0.001);
  same = true;
  for (int64_t i = 0; i < N; i++) {
    double want = expected[i] + expected[(i + 1) % N] + expected[(i + N - 1) % N];
    same = same && close_to(mapped[i], want, 1e-12);
  }
  check(same, "arr_free: a stored intermediate read at three shifts");
  free(mapped);
  free(expected);
}

static void test_scalars(const double* x) {
  int64_t i = 0;
  check(arr_set_threads(5, &i) == 0 && i == 11, "arr_set_threads(5) is 11");
  check(arr_parallel_for(3, 4, &i) == 0 && i == 81, "arr_parallel_for(3, 4) is 3 ** 4 = 81");
  int64_t a[3] = {1, -2, 3};
  check(arr_pow_i64(3, a, &i) == 0 && i == 14, "arr_pow_i64 sums the squares: 14");
  check(arr_entry_count(&i) == 0 && i == 7, "arr_entry_count() is 7");
  double d = 0.0;
  check(arr_entry_table(1.5, &d) == 0 && d == 2.5, "arr_entry_table(1.5) is 2.5");
  double most = x[0], total = 0.0;
  for (int64_t k = 0; k < N; k++) {
    most = x[k] > most ? x[k] : most;
    total += x[k];
  }
  check(arr_parallel_max_chunks(N, x, &d) == 0 && d == most,
        "arr_parallel_max_chunks: the maximum");
  check(arr_set_negative_dimension_error(N, x, &d) == 0 && close_to(d, total, 1e-12),
        "arr_set_negative_dimension_error: the sum");

  /* 30 levels of doubled calls, the same operations in the same order. */
  double v = 2.0000001 * 0.5 + 1.0;
  for (int level = 0; level < 30; level++)
    v = v * v * 0.5;
  check(arr_call_main(2.0000001, &d) == 0 && close_to(d, v, 1e-9),
        "arr_call_main: thirty levels of doubled calls");
}

static void test_errors(const double* x) {
  double tail[2] = {0.0, 0.0};
  int code = arr_set_error(5, x, tail);
  check(code == 0 && tail[0] == x[3] && tail[1] == x[4], "arr_set_error(5 elements) drops 3");
  code = arr_set_error(2, x, tail);
  const char* message = arr_last_error();
  printf("  arr_set_error(2 elements): code %d, arr_last_error() = \"%s\"\n", code,
         message ? message : "(null)");
  check(code != 0, "arr_set_error(2 elements) fails: the dimension n-3 is negative");
  check(message != NULL && strstr(message, "negative") != NULL,
        "arr_last_error() (the runtime's) describes the negative dimension");
}

int main(void) {
  double* x = malloc(N * sizeof(double));
  for (int64_t i = 0; i < N; i++)
    x[i] = (double)((i * 37) % 101) * 0.25 - 12.5;
  test_alloc_and_free(x);
  test_scalars(x);
  test_errors(x);
  free(x);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
