// The `main` of executables made by arrc (LANGUAGE.md §9, "The executable"):
//
//   prog [--entry NAME] [INPUT..] [-o OUT.npy] [--runs N] [--threads N]
//
// It picks an entry point from the table arrc generates (Abi.h), reads its
// inputs exactly as `arrc --interpret` does, binds the sizes, calls the
// compiled function and prints or saves the results. Every failure is one
// line "error: ..." on standard error and exit status 1.

#include "runtime/Abi.h"
#include "runtime/CheckpointBudget.h"
#include "runtime/EntryIo.h"
#include "runtime/Files.h"
#include "runtime/Parallel.h"
#include "runtime/SizeBinding.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <new>
#include <optional>

namespace {

using arr::runtime::ArrayValue;
using arr::runtime::IoError;
using arr::runtime::Signature;

struct Options {
  std::string entry;               // --entry; empty: the default entry point
  std::vector<std::string> inputs; // files; none: text on standard input
  std::string output;              // -o
  int64_t runs = 1;
  bool timed = false;  // --runs given: report the time of each run
  int64_t threads = 0; // 0: OpenMP's default
  bool help = false;
};

int64_t positiveCount(const std::string& flag, const std::string& text) {
  int64_t value = 0;
  size_t used = 0;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != text.size() || value < 1)
    throw IoError(flag + " needs a positive integer, got '" + text + "'");
  return value;
}

Options parseOptions(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    // "--flag VALUE" or "--flag=VALUE", as arrc accepts them.
    auto value = [&](const std::string& flag,
                     const std::string& missing) -> std::optional<std::string> {
      std::optional<std::string> found;
      if (arg.size() > flag.size() && arg.compare(0, flag.size() + 1, flag + "=") == 0)
        found = arg.substr(flag.size() + 1);
      else if (arg == flag && i + 1 < argc)
        found = argv[++i];
      else if (arg == flag)
        found = "";
      if (found && found->empty()) throw IoError(flag + " needs " + missing);
      return found;
    };
    if (arg == "--help" || arg == "-h") {
      options.help = true;
    } else if (arg == "-o") {
      if (i + 1 >= argc) throw IoError("-o needs a file name");
      options.output = argv[++i];
      if (options.output.empty()) throw IoError("-o needs a file name, not an empty one");
    } else if (auto entry = value("--entry", "an entry point name")) {
      options.entry = *entry;
    } else if (auto runs = value("--runs", "a number of runs")) {
      options.runs = positiveCount("--runs", *runs);
      options.timed = true;
    } else if (auto threads = value("--threads", "a number of threads")) {
      options.threads = positiveCount("--threads", *threads);
    } else if (arg.size() > 1 && arg[0] == '-') {
      throw IoError("unknown option '" + arg + "' (see " + argv[0] + " --help)");
    } else {
      options.inputs.push_back(arg);
    }
  }
  return options;
}

std::vector<std::string> entryNames() {
  std::vector<std::string> names;
  for (int64_t i = 0; i < arrrt_entry_count; ++i)
    names.push_back(arrrt_entry_table[i].name);
  return names;
}

void printHelp(const char* program) {
  std::cout << "Usage: " << program
            << " [--entry NAME] [INPUT..] [-o OUT.npy] [--runs N] [--threads N]\n\n"
               "Runs an entry point of this program compiled by arrc. Each INPUT is an .npy or\n"
               "text file, one per parameter; with none, the inputs are read as text from\n"
               "standard input in parameter order. The results are printed as text, one per\n"
               "line, or written with -o as OUT.npy (tuples as OUT_0.npy, OUT_1.npy, ...).\n\n"
               "Options:\n"
               "  --entry NAME   the entry point to run (default: main, or the only one)\n"
               "  -o OUT.npy     write the results as .npy files instead of printing them\n"
               "  --runs N       run N times and print the time of each run on stderr\n"
               "  --threads N    the number of threads of parallel loops\n"
               "  --help         show this help\n\n"
               "Environment:\n"
               "  ARR_CHECKPOINT_BUDGET=BYTES  the memory a gradient may spend keeping every\n"
               "                 state of its loops (512M, 2G; default: a quarter of the memory\n"
               "                 the process may use), beyond which it keeps one per segment\n"
               "                 of sqrt(n) steps (programs compiled with the default\n"
               "                 --loop-checkpoints=auto)\n\n"
               "Entry points:\n";
  for (int64_t i = 0; i < arrrt_entry_count; ++i) {
    const arrrt_entry_descriptor& entry = arrrt_entry_table[i];
    std::cout << "  " << entry.name;
    try {
      Signature signature = arr::runtime::parseSignature(entry.signature);
      std::string results;
      for (size_t r = 0; r < signature.results.size(); ++r)
        results +=
            (r ? ", " : "") + arr::runtime::formatType(signature.results[r], signature.sizes);
      if (signature.results.size() > 1) results = "(" + results + ")";
      std::cout << "(" << arr::runtime::formatParams(signature) << "): " << results;
    } catch (const IoError&) {
      std::cout << " (unreadable signature)";
    }
    std::cout << "\n";
  }
}

/// Aligned, zero-filled storage from arrrt_alloc, released on every path.
struct Buffer {
  void* data;
  Buffer(int64_t count, int64_t elementSize) : data(arrrt_alloc(count, elementSize)) {
    if (!data) throw IoError(arr_last_error());
  }
  ~Buffer() { arrrt_free(data); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
};

/// The address of the first element, or of some unused storage for an empty
/// vector (whose data() may be null), so that every pointer passed is valid.
template <typename T, typename Allocator>
T* address(std::vector<T, Allocator>& items) {
  alignas(64) static T unused[8]{};
  return items.empty() ? unused : items.data();
}

/// Runs the selected entry point; returns the exit status.
int runEntry(const Options& options) {
  // Checked before libomp reads it, which would abort.
  std::string threadsProblem = arr::runtime::threadsEnvironmentProblem();
  if (!threadsProblem.empty()) throw IoError(threadsProblem);
  // Checked before a gradient reads it, which could only warn.
  std::string budgetProblem = arr::runtime::checkpointBudgetProblem();
  if (!budgetProblem.empty()) throw IoError(budgetProblem);
  if (options.threads > 0) arrrt_set_threads(options.threads);
  const arrrt_entry_descriptor& entry =
      arrrt_entry_table[arr::runtime::selectEntry(entryNames(), options.entry)];
  Signature signature = arr::runtime::parseSignature(entry.signature);
  std::vector<ArrayValue> inputs = arr::runtime::readInputs(entry.name, signature, options.inputs);
  std::vector<int64_t> sizes = arr::runtime::bindSizes(signature, entry.name, inputs);

  // Scalars and arrays alike are passed by the address of their first
  // element. Empty arrays and lists still get a valid (unused) address.
  std::vector<void*> params;
  for (ArrayValue& input : inputs)
    params.push_back(address(input.bytes));

  std::vector<std::vector<int64_t>> shapes;
  std::vector<int64_t> bytes;
  std::vector<std::unique_ptr<Buffer>> storage;
  std::vector<void*> resultPointers;
  // A negative result dimension, or one that overflows, is left for the entry
  // function to report: it checks the dimensions of its body in the
  // interpreter's order, so the first one named is the one the interpreter
  // names. Its storage is empty.
  std::string negativeDimension;
  for (const auto& type : signature.results) {
    std::vector<int64_t> shape;
    try {
      shape = arr::runtime::evaluateShape(type, signature.sizes, sizes);
    } catch (const IoError& error) {
      if (negativeDimension.empty()) negativeDimension = error.what();
    }
    // A count that overflows is -1 for arrrt_alloc, which reports it as native code's arrays.
    int64_t count = 1;
    if (std::find(shape.begin(), shape.end(), 0) != shape.end())
      count = 0;
    else
      for (size_t d = 0; d < shape.size() && count >= 0; ++d)
        if (__builtin_mul_overflow(count, shape[d], &count)) count = -1;
    int64_t elementSize = static_cast<int64_t>(arr::runtime::dtypeSize(type.dtype));
    storage.push_back(std::make_unique<Buffer>(count, elementSize));
    bytes.push_back(count * elementSize); // arrrt_alloc checked that it fits
    shapes.push_back(std::move(shape));
    resultPointers.push_back(storage.back()->data);
  }

  // A read-only -o fails now, not after the computation it would throw away.
  arr::runtime::checkResultsWritable(signature.results.size(), options.output);
  for (int64_t run = 1; run <= options.runs; ++run) {
    // Every run starts from the zeroed storage arrrt_alloc gives the first one.
    if (run > 1)
      for (size_t r = 0; r < storage.size(); ++r)
        std::memset(resultPointers[r], 0, static_cast<size_t>(bytes[r]));
    arrrt_set_error("");
    auto start = std::chrono::steady_clock::now();
    int status = entry.function(address(sizes), address(params), address(resultPointers));
    auto end = std::chrono::steady_clock::now();
    if (status != 0) {
      std::string message = arr_last_error();
      if (message.empty())
        message =
            "entry '" + std::string(entry.name) + "' failed with status " + std::to_string(status);
      throw IoError(message);
    }
    if (!negativeDimension.empty()) throw IoError(negativeDimension);
    if (options.timed) {
      char line[64];
      std::snprintf(line, sizeof line, "run %lld: %.3f ms", static_cast<long long>(run),
                    std::chrono::duration<double, std::milli>(end - start).count());
      std::cerr << line << std::endl;
    }
  }

  std::vector<ArrayValue> results;
  for (size_t r = 0; r < storage.size(); ++r) {
    results.emplace_back(signature.results[r].dtype, shapes[r]);
    if (bytes[r] > 0) std::memcpy(results.back().bytes.data(), resultPointers[r], bytes[r]);
    storage[r].reset(); // at most one result held twice
  }
  arr::runtime::writeResults(results, options.output);
  std::cout.flush();
  if (!std::cout) throw IoError("cannot write the results to standard output");
  return 0;
}

} // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // An interrupted -o leaves no temporary file beside OUT.npy.
  arr::runtime::cleanUpOnInterrupt();
  try {
    Options options = parseOptions(argc, argv);
    if (options.help) {
      printHelp(argv[0]);
      return 0;
    }
    return runEntry(options);
  } catch (const std::bad_alloc&) {
    std::cerr << "error: out of memory\n";
  } catch (const std::exception& error) {
    std::cerr << "error: " << error.what() << "\n";
  } catch (...) {
    std::cerr << "error: an unknown failure\n";
  }
  return 1;
}
