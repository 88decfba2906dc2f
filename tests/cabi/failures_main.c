/* Calls the failing entry points of failures.arr through the C ABI of `arrc -c`
 * (LANGUAGE.md sections 3 and 9): every failure must return non-zero with a
 * message naming the problem, leave this host running, free what the call had
 * allocated, and leave later calls working.
 *
 * Prints one line per check ("ok ..." or "FAIL ...") and a final
 * "N passed, M failed"; exits 1 if any check failed. */
#define _GNU_SOURCE
#include "failures.h"

#include <malloc.h>
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
  fflush(stdout);
}

/* A failed call: non-zero, and arr_last_error() contains `expected`. */
static void check_fails(int code, const char* expected, const char* what) {
  const char* message = arr_last_error();
  printf("  %s: code %d, arr_last_error() = \"%s\"\n", what, code, message ? message : "(null)");
  char label[256];
  snprintf(label, sizeof label, "%s fails with \"%s\"", what, expected);
  check(code != 0 && message != NULL && strstr(message, expected) != NULL, label);
}

/* Bytes the C library holds for the program: the heap in use and mmapped blocks. */
static size_t bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

static double unused[8];

static void test_allocation_failures(void) {
  double value = 0.0;
  check(arr_halves(4, 0, unused, &value) == 0 && value == 3.0, "halves with n = 4 is 3");
  /* n*8 bytes past i64; then more than any machine has. */
  check_fails(arr_halves(INT64_C(1) << 61, 0, unused, &value), "out of memory",
              "halves with n = 2^61");
  check_fails(arr_halves(INT64_C(1) << 62, 0, unused, &value), "out of memory",
              "halves with n = 2^62");
  check_fails(arr_halves(INT64_MAX, 0, unused, &value), "out of memory", "halves with n = 2^63-1");
  check_fails(arr_halves(INT64_C(1) << 40, 0, unused, &value), "out of memory",
              "halves with n = 2^40 (8 TB)");
  check(arr_halves(4, 0, unused, &value) == 0 && value == 3.0, "halves with n = 4 after failures");
}

/* a (k = 10^5 elements, 800 kB) is allocated before t fails: it must be freed. */
static void test_no_leak(void) {
  enum { K = 100000, CALLS = 200 };
  double* y = calloc(K, sizeof(double));
  double value = 0.0;
  check_fails(arr_two(INT64_C(1) << 40, 0, K, unused, y, &value), "out of memory",
              "two with n = 2^40");
  size_t before = bytes_in_use();
  int failures = 0;
  for (int call = 0; call < CALLS; call++)
    failures += arr_two(INT64_C(1) << 40, 0, K, unused, y, &value) != 0;
  size_t after = bytes_in_use();
  printf("  bytes in use before %zu, after %d failed calls %zu\n", before, CALLS, after);
  check(failures == CALLS, "two with n = 2^40 fails every time");
  /* A leak would be 800 kB per call, 160 MB in all. */
  check(after < before + 1000000, "failed calls of two free the buffer allocated before");
  double small[2] = {1.0, 2.0};
  check(arr_two(3, 0, 2, unused, small, &value) == 0 && value == 26.0, "two with n = 3, k = 2");
  free(y);
}

/* The allocation inside a parallel loop fails in every chunk. */
static void test_parallel_failure(void) {
  double out[64];
  size_t before = bytes_in_use();
  for (int call = 0; call < 20; call++)
    if (arr_rows(64, 0, INT64_C(1) << 40, 0, unused, unused, out) == 0) break;
  check_fails(arr_rows(64, 0, INT64_C(1) << 40, 0, unused, unused, out), "out of memory",
              "rows with rows of 2^40 elements");
  check_fails(arr_rows(64, 0, INT64_C(1) << 61, 0, unused, unused, out), "out of memory",
              "rows with rows of 2^61 elements");
  check(bytes_in_use() < before + 1000000, "failed calls of rows leak nothing");
  check(arr_rows(3, 0, 4, 0, unused, unused, out) == 0 && out[0] == 6.0 && out[1] == 8.0 &&
            out[2] == 10.0,
        "rows with p = 3, n = 4");
}

static void test_size_overflow(void) {
  double ones[9];
  int64_t count = 0;
  double value = 0.0;
  check_fails(arr_square(INT64_C(1) << 32, 0, unused, ones), "the dimension n*n overflows i64",
              "square with n = 2^32");
  check(arr_square(3, 0, unused, ones) == 0 && ones[0] == 1.0 && ones[8] == 1.0,
        "square with n = 3");
  check_fails(arr_countSquare((INT64_C(1) << 32) + 1, 0, unused, &count), "overflows i64",
              "countSquare with n = 2^32+1");
  check(arr_countSquare(5, 0, unused, &count) == 0 && count == 25, "countSquare with n = 5");
  double y[4] = {1.0, 2.0, 3.0, 4.0};
  check_fails(arr_pair(INT64_MAX, 0, unused, y, &value), "the dimension n*n overflows i64",
              "pair with n = 2^63-1");
  check_fails(arr_pair(3037000500, 0, unused, y, &value), "the dimension n*n overflows i64",
              "pair with n = 3037000500");
  check(arr_pair(2, 0, unused, y, &value) == 0 && value == 10.0, "pair with n = 2");
}

static void test_negative_sizes(void) {
  double x[4] = {1.0, 4.0, 9.0, 16.0};
  double out[3] = {0.0, 0.0, 0.0};
  int64_t count = 0;
  check_fails(arr_first3(2, x, out), "the dimension n-3 (size m of take) evaluates to -1",
              "first3 of 2 elements");
  check(arr_first3(4, x, out) == 0 && out[0] == 1.0 && out[2] == 9.0, "first3 of 4 elements");
  check_fails(arr_rest3(2, x, &count), "the dimension n-3 (size m of rest) evaluates to -1",
              "rest3 of 2 elements");
  check(arr_rest3(4, x, &count) == 0 && count == 1, "rest3 of 4 elements");
  check_fails(arr_diff(0, x, out), "the dimension n-1 evaluates to -1, a negative size",
              "diff of no elements");
  check(arr_diff(3, x, out) == 0 && out[0] == 3.0 && out[1] == 5.0, "diff of 3 elements");
}

static void test_broadcasting(void) {
  double a[6] = {1.0, 2.0, 3.0, 4.0, 5.0, 6.0};
  double v[3] = {10.0, 20.0, 30.0};
  double out[6];
  check(arr_bias(2, 3, a, v, out) == 0 && out[0] == 11.0 && out[2] == 33.0 && out[3] == 14.0 &&
            out[5] == 36.0,
        "bias adds v to every row of a");
}

int main(void) {
  test_allocation_failures();
  test_no_leak();
  test_parallel_failure();
  test_size_overflow();
  test_negative_sizes();
  test_broadcasting();
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
