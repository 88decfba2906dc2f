// The parallel-for of generated code, on OpenMP. This file alone is compiled
// with the C++ compiler's -fopenmp; GCC's code calls the GOMP_* entry points,
// which LLVM's libomp also exports, so executables link libomp only (never
// libgomp: two OpenMP runtimes in one process would each start a thread pool).

#include "runtime/Parallel.h"

#include "runtime/Abi.h"

#include <omp.h>
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <string>
#include <thread>

namespace arr::runtime {

std::string threadsEnvironmentProblem() {
  const char* value = std::getenv("OMP_NUM_THREADS");
  if (!value) return "";
  constexpr long kMaxListed = long{1} << 20; // libomp runs out of memory past ~10^8
  std::string text = value;
  auto skipSpaces = [&](size_t& at) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
      ++at;
  };
  bool valid = true;
  for (size_t at = 0; valid;) {
    skipSpaces(at);
    size_t digits = at;
    long number = 0;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) &&
           number <= kMaxListed)
      number = number * 10 + (text[at++] - '0');
    valid = at > digits && number >= 1 && number <= kMaxListed;
    skipSpaces(at);
    if (at == text.size()) break;
    valid = valid && text[at++] == ',';
  }
  if (valid) return "";
  return "OMP_NUM_THREADS='" + text +
         "' is not a positive number of threads (or a comma-separated list of them)";
}

} // namespace arr::runtime

namespace {

/// An upper bound on the number of threads, and on the number of chunks, so that
/// per-chunk partial results stay small whatever OMP_NUM_THREADS or --threads say.
constexpr int64_t kMaxThreads = 256;
constexpr int64_t kMaxChunks = 256;

/// Threads per core past which more threads only cost: libomp sizes its tables by
/// OMP_NUM_THREADS (2^20 of them took 900 MB and 2 s before the first loop). Small
/// machines still allow kMinThreadLimit, which costs little.
constexpr int64_t kThreadsPerCore = 8;
constexpr int64_t kMinThreadLimit = 64;

/// The most threads parallel loops use: kThreadsPerCore per core, within
/// [kMinThreadLimit, kMaxThreads].
int64_t threadLimit() {
  static const int64_t limit = [] {
    int64_t cores = std::max<int64_t>(std::thread::hardware_concurrency(), 1);
    return std::clamp(cores * kThreadsPerCore, kMinThreadLimit, kMaxThreads);
  }();
  return limit;
}

/// Says once on standard error that `asked` (the setting, in words) was capped.
void warnCapped(const std::string& asked) {
  static std::atomic<bool> warned{false};
  if (warned.exchange(true)) return;
  std::fprintf(stderr,
               "arr: warning: %s is more threads than this machine's limit of %lld (%lld per "
               "core, at least %lld, at most %lld); using %lld\n",
               asked.c_str(), static_cast<long long>(threadLimit()),
               static_cast<long long>(kThreadsPerCore), static_cast<long long>(kMinThreadLimit),
               static_cast<long long>(kMaxThreads), static_cast<long long>(threadLimit()));
}

/// OMP_NUM_THREADS with every count capped at threadLimit(), or "" when none exceeds it
/// (the value is valid: threadsEnvironmentProblem() found nothing).
std::string cappedThreadsEnvironment(const std::string& text) {
  std::string capped;
  bool changed = false;
  for (size_t at = 0; at <= text.size();) {
    size_t comma = std::min(text.find(',', at), text.size());
    long long count = std::atoll(text.substr(at, comma - at).c_str());
    changed = changed || count > threadLimit();
    capped += std::to_string(std::min<long long>(count, threadLimit()));
    if (comma < text.size()) capped += ',';
    at = comma + 1;
  }
  return changed ? capped : "";
}

/// libomp aborts the process when it reads a bad OMP_NUM_THREADS, which an executable
/// reports before (Harness.cpp) but a program calling object-file entries may not: the
/// variable is then removed, with a warning, before the first call into libomp. Counts
/// past threadLimit() are capped there, with a warning, before libomp allocates for them.
void ignoreBadThreadsEnvironment() {
  static std::once_flag checked;
  std::call_once(checked, [] {
    std::string problem = arr::runtime::threadsEnvironmentProblem();
    if (!problem.empty()) {
      std::fprintf(stderr, "arr: warning: %s; using the default number of threads\n",
                   problem.c_str());
      unsetenv("OMP_NUM_THREADS");
      return;
    }
    const char* value = std::getenv("OMP_NUM_THREADS");
    if (!value) return;
    std::string text = value;
    std::string capped = cappedThreadsEnvironment(text);
    if (capped.empty()) return;
    warnCapped("OMP_NUM_THREADS='" + text + "'");
    setenv("OMP_NUM_THREADS", capped.c_str(), 1);
  });
}

/// Loops with less work than this (iterations times the work of one
/// iteration, roughly in simple operations) run serially: below it, waking
/// the thread pool costs more than it saves.
constexpr int64_t kSerialWorkThreshold = int64_t{1} << 15;

/// Chunks per thread: threads take the next chunk when they finish one, so a loop
/// whose iterations cost more as they go (a triangle, a range trimmed per row) or a
/// thread slowed by other work ends balanced, to within a chunk. Each chunk still has
/// at least kSerialWorkThreshold of work, so that taking one costs little.
constexpr int64_t kChunksPerThread = 4;

bool interrupted() {
  return std::atomic_ref<int32_t>(arrrt_interrupt_requested).load(std::memory_order_relaxed) != 0;
}

/// What SIGINT did before arrrt_catch_interrupts: run after the request.
struct sigaction hostInterruptAction;

void requestInterrupt(int signal, siginfo_t* info, void* context) {
  std::atomic_ref<int32_t>(arrrt_interrupt_requested).store(1, std::memory_order_relaxed);
  if (hostInterruptAction.sa_flags & SA_SIGINFO)
    hostInterruptAction.sa_sigaction(signal, info, context);
  else if (hostInterruptAction.sa_handler != SIG_DFL && hostInterruptAction.sa_handler != SIG_IGN)
    hostInterruptAction.sa_handler(signal);
}

/// The number of threads set by arrrt_set_threads; 0 until then.
std::atomic<int64_t> configuredThreads{0};

int64_t clampThreads(int64_t threads) {
  return std::clamp<int64_t>(threads, 1, threadLimit());
}

/// OpenMP's default (OMP_NUM_THREADS, else the number of cores), read once so
/// that arrrt_parallel_max_chunks gives every caller the same answer.
int64_t defaultThreads() {
  ignoreBadThreadsEnvironment();
  static const int64_t threads = clampThreads(omp_get_max_threads());
  return threads;
}

int64_t currentThreads() {
  int64_t configured = configuredThreads.load(std::memory_order_relaxed);
  return configured > 0 ? configured : defaultThreads();
}

bool smallLoop(int64_t extent, int64_t workPerIteration) {
  int64_t work = std::max<int64_t>(workPerIteration, 1);
  return extent < kSerialWorkThreshold / work + (kSerialWorkThreshold % work != 0);
}

int64_t maxChunks(int64_t threads) {
  if (threads == 1) return 1;
  return std::max(threads, std::min(threads * kChunksPerThread, kMaxChunks));
}

/// The number of chunks of a parallel loop: a function of the thread count and the
/// loop alone, so that partial results are combined the same way on every run.
int64_t chunkCount(int64_t threads, int64_t extent, int64_t workPerIteration) {
  int64_t work = std::max<int64_t>(workPerIteration, 1);
  int64_t worthChunks = extent > std::numeric_limits<int64_t>::max() / work
                            ? extent
                            : extent * work / kSerialWorkThreshold;
  return std::min({extent, maxChunks(threads), std::max(threads, worthChunks)});
}

} // namespace

extern "C" {

// Aligned for the atomic_ref of generated code and of this file.
alignas(std::atomic_ref<int32_t>::required_alignment) int32_t arrrt_interrupt_requested = 0;

void arrrt_request_interrupt(int32_t requested) {
  std::atomic_ref<int32_t>(arrrt_interrupt_requested)
      .store(requested != 0, std::memory_order_relaxed);
}

void arrrt_set_interrupted_error(void) {
  arrrt_set_error("interrupted");
}

int32_t arrrt_catch_interrupts(void) {
  static std::mutex installing;
  std::lock_guard<std::mutex> lock(installing);
  struct sigaction current {};
  if (sigaction(SIGINT, nullptr, &current) != 0) return 0;
  bool ours = (current.sa_flags & SA_SIGINFO) && current.sa_sigaction == requestInterrupt;
  if (ours) return 1;
  if (!(current.sa_flags & SA_SIGINFO) &&
      (current.sa_handler == SIG_DFL || current.sa_handler == SIG_IGN))
    return 0; // the process ends on Ctrl-C, or ignores it: nothing to interrupt
  struct sigaction chained = current;
  chained.sa_flags = (current.sa_flags | SA_SIGINFO) & ~SA_RESETHAND;
  chained.sa_sigaction = requestInterrupt;
  hostInterruptAction = current;
  return sigaction(SIGINT, &chained, nullptr) == 0 ? 1 : 0;
}

int64_t arrrt_parallel_max_chunks(void) {
  return maxChunks(currentThreads());
}

int64_t arrrt_threads(void) {
  return currentThreads();
}

void arrrt_set_threads(int64_t threads) {
  ignoreBadThreadsEnvironment();
  if (threads > threadLimit()) warnCapped("a thread count of " + std::to_string(threads));
  int64_t clamped = clampThreads(threads);
  configuredThreads.store(clamped, std::memory_order_relaxed);
  // Parallel regions that generated code opens itself follow the setting too.
  omp_set_num_threads(static_cast<int>(clamped));
}

int64_t arrrt_parallel_for(int64_t extent, int64_t work_per_iteration,
                           arrrt_chunk_function function, void* context) {
  if (interrupted()) {
    arrrt_set_interrupted_error();
    return -1;
  }
  int64_t threads = currentThreads();
  if (threads == 1 || extent <= 1 || smallLoop(extent, work_per_iteration) || omp_in_parallel())
    return function(context, 0, extent, 0) == 0 ? 1 : -1;
  // Chunk c is [c*q + min(c, r), (c+1)*q + min(c+1, r)): consecutive ranges
  // whose lengths differ by at most one, computed without overflow.
  const int64_t chunks = chunkCount(threads, extent, work_per_iteration);
  const int64_t quotient = extent / chunks;
  const int64_t remainder = extent % chunks;
  auto begin = [&](int64_t chunk) { return chunk * quotient + std::min(chunk, remainder); };
  std::atomic<int64_t> next{0};
  std::atomic<bool> failed{false};
  // The first failure's message, taken on the thread that failed (errors are per thread).
  std::mutex failure;
  std::string message;
#pragma omp parallel num_threads(static_cast <int>(std::min(threads, chunks)))
  {
    // Whatever the team's size (OMP_DYNAMIC and thread limits can make it smaller than
    // asked), every chunk runs exactly once, unless one fails.
    for (int64_t chunk = next++; chunk < chunks && !failed; chunk = next++)
      if (interrupted()) {
        arrrt_set_interrupted_error();
        std::lock_guard<std::mutex> lock(failure);
        if (!failed) message = arr_last_error();
        failed = true;
        break;
      } else if (function(context, begin(chunk), begin(chunk + 1), chunk) != 0) {
        std::lock_guard<std::mutex> lock(failure);
        if (!failed) message = arr_last_error();
        failed = true;
        break;
      }
  }
  if (failed) {
    arrrt_set_error(message.c_str());
    return -1;
  }
  return chunks;
}

} // extern "C"
