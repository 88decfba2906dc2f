// The budget of --loop-checkpoints=auto (CheckpointBudget.h). It is worked out once,
// at the first gradient that asks, so that every loop of a run is judged by the same
// number and asking costs nothing after that.

#include "runtime/CheckpointBudget.h"

#include "runtime/Abi.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <mutex>
#include <sstream>

#include <sys/resource.h>
#include <unistd.h>

namespace arr::runtime {

namespace {

constexpr int64_t kUnlimited = std::numeric_limits<int64_t>::max();

/// The part of the available memory that the states of a loop may take: the rest is
/// left to the loop's other arrays, the derivative's own and the rest of the program.
constexpr int64_t kBudgetShare = 4;

std::optional<int64_t> readNumber(const std::string& path) {
  std::ifstream file(path);
  std::string text;
  if (!(file >> text)) return std::nullopt;
  if (text == "max") return kUnlimited;
  return parseByteCount(text);
}

/// What a cgroup directory and its parents up to `root` leave to this process: the
/// least of limit - usage over the levels that have a limit.
int64_t cgroupHeadroom(const std::string& root, std::string path, const char* limitFile,
                       const char* usageFile) {
  int64_t least = kUnlimited;
  while (true) {
    std::string dir = root + (path == "/" ? "" : path);
    std::optional<int64_t> limit = readNumber(dir + "/" + limitFile);
    // cgroup v1 writes "no limit" as a page-rounded 2^63 - 1.
    if (limit && *limit < (int64_t(1) << 62)) {
      int64_t usage = readNumber(dir + "/" + usageFile).value_or(0);
      least = std::min(least, std::max<int64_t>(0, *limit - usage));
    }
    if (path.empty() || path == "/") break;
    size_t slash = path.rfind('/');
    path = slash == 0 || slash == std::string::npos ? "/" : path.substr(0, slash);
  }
  return least;
}

/// The memory cgroup's headroom (v2 or v1), from /proc/self/cgroup.
int64_t cgroupHeadroom() {
  std::ifstream file("/proc/self/cgroup");
  std::string line;
  int64_t least = kUnlimited;
  while (std::getline(file, line)) {
    size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    std::string controllers = line.substr(first + 1, second - first - 1);
    std::string path = line.substr(second + 1);
    if (controllers.empty())
      least =
          std::min(least, cgroupHeadroom("/sys/fs/cgroup", path, "memory.max", "memory.current"));
    std::stringstream list(controllers);
    for (std::string controller; std::getline(list, controller, ',');)
      if (controller == "memory")
        least = std::min(least, cgroupHeadroom("/sys/fs/cgroup/memory", path,
                                               "memory.limit_in_bytes", "memory.usage_in_bytes"));
  }
  return least;
}

/// The headroom under a resource limit, given what the process uses of it now.
int64_t limitHeadroom(int resource, int64_t used) {
  rlimit limit{};
  if (getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return kUnlimited;
  int64_t bound = limit.rlim_cur > rlim_t(kUnlimited) ? kUnlimited : int64_t(limit.rlim_cur);
  return std::max<int64_t>(0, bound - used);
}

int64_t computeBudget() {
  if (const char* text = std::getenv(kCheckpointBudgetVariable); text && *text) {
    if (std::optional<int64_t> bytes = parseByteCount(text)) return *bytes;
    // An executable reports this before it runs (Harness.cpp); a library cannot fail
    // here, in the middle of a computation, so it warns and goes on.
    std::fprintf(stderr, "arr: warning: %s; using the default budget\n",
                 checkpointBudgetProblem().c_str());
  }
  return memoryAvailable() / kBudgetShare;
}

} // namespace

std::optional<int64_t> parseByteCount(const std::string& text) {
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])))
    ++digits;
  if (digits == 0) return std::nullopt;
  std::string suffix;
  for (char c : text.substr(digits))
    suffix += char(std::toupper(static_cast<unsigned char>(c)));
  int shift = 0;
  if (!suffix.empty() && suffix != "B") {
    const std::string units = "KMGT";
    size_t unit = units.find(suffix[0]);
    std::string rest = suffix.substr(1);
    if (unit == std::string::npos || !(rest.empty() || rest == "B" || rest == "IB"))
      return std::nullopt;
    shift = 10 * int(unit + 1);
  }
  int64_t value = 0;
  for (size_t i = 0; i < digits; ++i)
    if (__builtin_mul_overflow(value, 10, &value) ||
        __builtin_add_overflow(value, text[i] - '0', &value))
      return std::nullopt;
  if (shift > 0 && value > (kUnlimited >> shift)) return std::nullopt;
  return value << shift;
}

std::string checkpointBudgetProblem() {
  const char* text = std::getenv(kCheckpointBudgetVariable);
  if (!text || !*text || parseByteCount(text)) return ""; // empty: unset
  return std::string(kCheckpointBudgetVariable) + "='" + text +
         "' is not a number of bytes (digits, optionally followed by K, M, G or T)";
}

int64_t memoryAvailable() {
  int64_t page = sysconf(_SC_PAGESIZE);
  int64_t pages = sysconf(_SC_PHYS_PAGES);
  int64_t least = page > 0 && pages > 0 && pages < kUnlimited / page ? page * pages : kUnlimited;
  least = std::min(least, cgroupHeadroom());
  // /proc/self/statm: the pages mapped, resident, shared, of code, of libraries (0), of
  // data and stack.
  std::ifstream statm("/proc/self/statm");
  int64_t mapped = 0, resident = 0, shared = 0, code = 0, libraries = 0, data = 0;
  statm >> mapped >> resident >> shared >> code >> libraries >> data;
  least = std::min(least, limitHeadroom(RLIMIT_AS, mapped * page));
  least = std::min(least, limitHeadroom(RLIMIT_DATA, data * page));
  return least;
}

} // namespace arr::runtime

extern "C" {

int64_t arrrt_checkpoint_budget(void) {
  static std::once_flag computed;
  static int64_t bytes = 0;
  std::call_once(computed, [] { bytes = arr::runtime::computeBudget(); });
  return bytes;
}

double arrrt_checkpoint_fits(double bytes) {
  return bytes >= 0 && bytes <= double(arrrt_checkpoint_budget()) ? 1.0 : 0.0;
}

float arrrt_checkpoint_fitsf(float bytes) {
  return float(arrrt_checkpoint_fits(double(bytes)));
}

} // extern "C"
