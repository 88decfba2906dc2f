/* Calls the entries of pointers.arr through the C ABI of `arrc -c` (LANGUAGE.md §9)
 * with NULL pointers and with overlapping arguments: a NULL array with elements is
 * refused with a message, a NULL array without elements is fine, a result may overlap
 * a parameter (wholly or in part) and is then computed as if it did not, and two
 * overlapping results are refused.
 *
 * Prints one line per check ("ok ..." or "FAIL ...") and a final
 * "N passed, M failed"; exits 1 if any check failed. */
#define _GNU_SOURCE
#include "pointers.h"

#include <malloc.h>
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

static bool equal(const double* values, const double* expected, int count) {
  for (int i = 0; i < count; ++i)
    if (values[i] != expected[i]) return false;
  return true;
}

static void test_null(void) {
  double x[4] = {1, 2, 3, 4}, out[4] = {0}, value = -1;
  check_fails(arr_rev(4, x, NULL), "the result out0 ([n]f64) is NULL, but it has 4 elements",
              "rev with a NULL result");
  check_fails(arr_rev(4, NULL, out), "the parameter x ([n]f64) is NULL, but it has 4 elements",
              "rev with a NULL parameter");
  check_fails(arr_rev(1, NULL, NULL), "the parameter x ([n]f64) is NULL, but it has 1 element",
              "rev of one element, both NULL");
  check_fails(arr_total(3, x, NULL), "the result out0 (f64) is NULL, but it has 1 element",
              "total with a NULL scalar result");
  check_fails(arr_total(0, x, NULL), "the result out0 (f64) is NULL",
              "total of nothing with a NULL scalar result");
  check_fails(arr_mm(2, x, NULL, out), "the parameter b ([n,n]f64) is NULL, but it has 4 elements",
              "mm with a NULL second parameter");
  check_fails(arr_two(2, x, out, NULL), "the result out1 ([n]f64) is NULL",
              "two with its second result NULL");
  /* The dimensions are checked first: a negative n is not a NULL problem. */
  check_fails(arr_rev(-1, NULL, NULL), "negative size", "rev with n = -1 and NULL pointers");

  check(arr_rev(0, NULL, NULL) == 0, "rev of no elements with NULL pointers");
  check(arr_mm(0, NULL, NULL, NULL) == 0, "mm of 0x0 matrices with NULL pointers");
  check(arr_two(0, NULL, NULL, NULL) == 0, "two of no elements with NULL pointers");
  check(arr_total(0, NULL, &value) == 0 && value == 0.0, "total of a NULL empty array is 0");
  out[0] = out[1] = 0;
  check(arr_scaled(2, 0, x, NULL, out) == 0 && out[0] == 1 && out[1] == 2,
        "scaled with an empty NULL parameter");
  check_fails(arr_scaled(2, 3, x, NULL, out), "the parameter y ([k]f64) is NULL, but it has 3",
              "scaled with a non-empty NULL parameter");
  check(arr_rev(4, x, out) == 0 && equal(out, (double[]){4, 3, 2, 1}, 4),
        "rev works after the failures");
}

static void test_overlap(void) {
  double x[4] = {1, 2, 3, 4};
  check(arr_rev(4, x, x) == 0 && equal(x, (double[]){4, 3, 2, 1}, 4),
        "rev in place (the result is the parameter)");

  double buffer[5] = {1, 2, 3, 4, 5};
  check(arr_rev(4, buffer, buffer + 1) == 0 && equal(buffer, (double[]){1, 4, 3, 2, 1}, 5),
        "rev into the parameter shifted by one element");
  double back[5] = {1, 2, 3, 4, 5};
  check(arr_rev(4, back + 1, back) == 0 && equal(back, (double[]){5, 4, 3, 2, 5}, 5),
        "rev into the parameter shifted back by one element");
  /* Misaligned by half an element: the bytes overlap, no element coincides. */
  double storage[9] = {0};
  double* source = storage;
  double* target = (double*)((char*)storage + 4);
  double ones[4] = {1, 2, 3, 4}, expected[4] = {4, 3, 2, 1}, copy[4];
  memcpy(source, ones, sizeof ones);
  /* Read back through a char pointer: a misaligned double * is only handed to the entry. */
  check(arr_rev(4, source, target) == 0 && (memcpy(copy, (char*)storage + 4, sizeof copy), 1) &&
            equal(copy, expected, 4),
        "rev into the parameter shifted by half an element");

  double a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  check(arr_mm(2, a, b, a) == 0 && equal(a, (double[]){19, 22, 43, 50}, 4),
        "mm into its first parameter");
  double c[4] = {1, 2, 3, 4}, d[4] = {5, 6, 7, 8};
  check(arr_mm(2, c, d, d) == 0 && equal(d, (double[]){19, 22, 43, 50}, 4),
        "mm into its second parameter");
  double e[4] = {1, 2, 3, 4};
  check(arr_mm(2, e, e, e) == 0 && equal(e, (double[]){7, 10, 15, 22}, 4), "mm squaring in place");
  /* The result covers part of a and part of b. */
  double both[6] = {1, 2, 3, 4, 0, 0};
  /* a = {1, 2, 3, 4} and b = {3, 4, 0, 0} as the call reads them. */
  check(arr_mm(2, both, both + 2, both + 1) == 0 && equal(both + 1, (double[]){3, 4, 9, 12}, 4) &&
            both[0] == 1 && both[5] == 0,
        "mm into memory straddling both parameters");

  double y[3] = {1, 2, 3}, second[3];
  check(arr_two(3, y, y, second) == 0 && equal(y, (double[]){2, 3, 4}, 3) &&
            equal(second, (double[]){2, 4, 6}, 3),
        "two with its first result in its parameter");
  double z[3] = {1, 2, 3}, first[3];
  check(arr_two(3, z, first, z) == 0 && equal(first, (double[]){2, 3, 4}, 3) &&
            equal(z, (double[]){2, 4, 6}, 3),
        "two with its second result in its parameter");

  double w[3] = {1, 2, 3}, shared[4] = {0};
  check_fails(arr_two(3, w, shared, shared), "the result out0 ([n]f64) and the result out1",
              "two with both results in the same memory");
  check_fails(arr_two(3, w, shared + 1, shared), "overlap", "two with results overlapping in part");
  check_fails(arr_two(3, w, w, w), "overlap", "two with both results in its parameter");
  check(arr_two(0, w, shared, shared) == 0, "two of no elements with results in the same place");
  double sum = 0;
  check(arr_total(3, w, &sum) == 0 && sum == 6, "total after the refused calls");
  /* A scalar result inside its parameter. */
  double v[3] = {1, 2, 3};
  check(arr_total(3, v, v + 2) == 0 && v[2] == 6 && v[0] == 1,
        "total into its parameter's last element");
}

/* Bytes the C library holds for the program: the heap in use and mmapped blocks. */
static size_t bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

static void test_temporaries_released(void) {
  enum { n = 1000 };
  static double x[n];
  for (int i = 0; i < n; ++i)
    x[i] = i;
  /* The first calls may leave blocks the allocator keeps; later ones must not add more. */
  for (int call = 0; call < 10; ++call)
    arr_rev(n, x, x);
  size_t before = bytes_in_use();
  bool ok = true;
  for (int call = 0; call < 10000; ++call)
    ok = ok && arr_rev(n, x, x) == 0;
  size_t after = bytes_in_use();
  printf("  10000 calls of rev in place: %zu bytes in use before, %zu after\n", before, after);
  check(ok && after < before + 64 * 1024 && x[0] == 0 && x[n - 1] == n - 1,
        "10000 calls of rev in place release their temporaries");

  /* The body fails after the temporary for the result in x was made: the call fails,
     the temporary is released, and x is left as it was (nothing copied back). */
  double y[4] = {1, 2, 3, 4}, unused[1] = {0};
  before = bytes_in_use();
  check_fails(arr_failing(4, INT64_C(1) << 61, 0, y, unused, y), "out of memory",
              "failing with its result in its parameter");
  after = bytes_in_use();
  check(equal(y, (double[]){1, 2, 3, 4}, 4),
        "a failed call leaves the overlapping result as it was");
  check(after < before + 64 * 1024, "a failed call releases the temporary");
  check(arr_failing(4, 2, 0, y, unused, y) == 0 && equal(y, (double[]){5, 4, 3, 2}, 4),
        "failing with m = 2 works in place");
}

int main(void) {
  test_null();
  test_overlap();
  test_temporaries_released();
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
