// The checks a C host's arguments get before an entry point runs (LANGUAGE.md §9): no
// NULL where there are elements, no two results in the same memory, and a temporary
// for each result that overlaps a parameter, since the entry's code reads its
// parameters while it writes its results. Sorting keeps this O(n log n) in the
// number of arrays, which may be thousands for an entry taking a large tuple.

#include "runtime/Abi.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace {

/// The bytes [begin, end) an argument occupies; `end` saturates where the size does not
/// fit the address space (such an argument overlaps everything after it).
struct Span {
  uintptr_t begin;
  uintptr_t end;
  int64_t index;
};

Span spanOf(const arrrt_argument& argument, int64_t index) {
  uintptr_t begin = reinterpret_cast<uintptr_t>(argument.data);
  uintptr_t bytes = 0, end = 0;
  bool overflows =
      argument.count < 0 ||
      __builtin_mul_overflow(uintptr_t(argument.count), uintptr_t(argument.element_size), &bytes) ||
      __builtin_add_overflow(begin, bytes, &end);
  return {begin, overflows ? UINTPTR_MAX : end, index};
}

bool isEmpty(const arrrt_argument& argument) {
  return argument.count == 0;
}

std::string described(const arrrt_argument& argument) {
  return argument.description ? argument.description : "an argument";
}

/// Fails when an argument with elements is NULL.
bool reportNull(const arrrt_argument* arguments, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    const arrrt_argument& argument = arguments[i];
    if (argument.data || isEmpty(argument)) continue;
    std::string message = described(argument) + " is NULL, but ";
    message += argument.count < 0 ? std::string("its element count overflows i64")
                                  : "it has " + std::to_string(argument.count) + " element" +
                                        (argument.count == 1 ? "" : "s");
    arrrt_set_error(message.c_str());
    return true;
  }
  return false;
}

/// The non-empty arguments' spans, sorted by where they begin.
std::vector<Span> sortedSpans(const arrrt_argument* arguments, int64_t count) {
  std::vector<Span> spans;
  for (int64_t i = 0; i < count; ++i)
    if (!isEmpty(arguments[i])) spans.push_back(spanOf(arguments[i], i));
  std::sort(spans.begin(), spans.end(),
            [](const Span& a, const Span& b) { return a.begin < b.begin; });
  return spans;
}

/// Fails when two results share a byte: the entry would write both.
bool reportOverlappingResults(const arrrt_argument* results, int64_t count) {
  std::vector<Span> spans = sortedSpans(results, count);
  // The span reaching furthest so far: any later one that begins before its end overlaps it.
  size_t furthest = 0;
  for (size_t i = 1; i < spans.size(); ++i) {
    if (spans[i].begin < spans[furthest].end) {
      int64_t first = std::min(spans[i].index, spans[furthest].index);
      int64_t second = std::max(spans[i].index, spans[furthest].index);
      std::string message = described(results[first]) + " and " + described(results[second]) +
                            " overlap: each result needs storage of its own";
      arrrt_set_error(message.c_str());
      return true;
    }
    if (spans[i].end > spans[furthest].end) furthest = i;
  }
  return false;
}

} // namespace

extern "C" {

int arrrt_prepare_call(const arrrt_argument* params, int64_t param_count,
                       const arrrt_argument* results, int64_t result_count, void** storage) {
  if (reportNull(params, param_count) || reportNull(results, result_count) ||
      reportOverlappingResults(results, result_count))
    return 1;
  // The parameters' memory as disjoint sorted spans, to look each result up in.
  std::vector<Span> read;
  for (const Span& span : sortedSpans(params, param_count)) {
    if (!read.empty() && span.begin <= read.back().end)
      read.back().end = std::max(read.back().end, span.end);
    else
      read.push_back(span);
  }
  for (int64_t i = 0; i < result_count; ++i) {
    storage[i] = results[i].data;
    if (isEmpty(results[i])) continue;
    Span written = spanOf(results[i], i);
    // The first parameter span ending after the result begins: the only one that may overlap.
    auto candidate =
        std::upper_bound(read.begin(), read.end(), written.begin,
                         [](uintptr_t address, const Span& span) { return address < span.end; });
    if (candidate == read.end() || candidate->begin >= written.end) continue;
    storage[i] = arrrt_alloc_scratch(results[i].count, results[i].element_size);
    if (!storage[i]) {
      for (int64_t j = 0; j < i; ++j)
        if (storage[j] != results[j].data) arrrt_free(storage[j]);
      return 1;
    }
  }
  return 0;
}

int arrrt_finish_call(const arrrt_argument* results, int64_t result_count, void** storage,
                      int status) {
  for (int64_t i = 0; i < result_count; ++i) {
    if (storage[i] == results[i].data) continue;
    if (status == 0)
      std::memcpy(results[i].data, storage[i],
                  size_t(results[i].count) * size_t(results[i].element_size));
    arrrt_free(storage[i]);
  }
  return status;
}

} // extern "C"
