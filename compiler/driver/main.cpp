// arrc: the Arr compiler driver.

#include "base/Primitives.h"
#include "codegen/Artifacts.h"
#include "driver/Options.h"
#include "driver/Pipeline.h"
#include "runtime/Files.h"

#include <pthread.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <new>

#ifndef ARR_VERSION
#define ARR_VERSION "0.0.0"
#endif

namespace {

using arr::driver::Options;

struct Job {
  const Options* options;
  int status = 1;
};

void* runJob(void* raw) {
  auto* job = static_cast<Job*>(raw);
  try {
    job->status = arr::driver::runPipeline(*job->options);
  } catch (const std::bad_alloc&) {
    // The interpreter computes every intermediate array in full.
    std::cerr << "arrc: error: out of memory\n";
    job->status = 1;
  } catch (const std::exception& error) {
    std::cerr << "arrc: internal compiler error: " << error.what() << "\n";
    job->status = 1;
  }
  return nullptr;
}

/// Deeply nested programs recurse deeply in every stage; a large stack (mostly
/// untouched, so cheap) lets them through instead of overflowing.
int runWithLargeStack(const Options& options) {
  Job job{&options};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, size_t(1) << 30);
  pthread_t thread;
  if (pthread_create(&thread, &attributes, runJob, &job) != 0) {
    runJob(&job);
  } else {
    pthread_join(thread, nullptr);
  }
  pthread_attr_destroy(&attributes);
  return job.status;
}

} // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  auto parsed = arr::driver::parseOptions(argc, argv);
  if (!parsed.error.empty()) {
    std::cerr << "arrc: error: " << parsed.error << "\n";
    return 2;
  }
  // The primitive table's derivative formulas are text: a broken one is the compiler's
  // fault, found before any program depends on it.
  if (std::string problem = arr::prim::validatePrimitives(); !problem.empty()) {
    std::cerr << "arrc: internal compiler error: the primitive table is inconsistent: " << problem
              << "\n";
    return 1;
  }
  const Options& options = parsed.options;
  if (options.help) {
    std::cout << arr::driver::helpText();
    return 0;
  }
  if (options.version) {
    std::cout << "arrc " << ARR_VERSION << "\n";
    return 0;
  }
  if (options.printLinkFlags) {
    std::cout << arr::codegen::linkFlags() << "\n";
    return 0;
  }
  if (options.printStdlibDir) {
    std::cout << arr::driver::stdlibDir() << "\n";
    return 0;
  }
  // An interrupted compilation leaves no temporary object file and no half-linked output.
  arr::runtime::cleanUpOnInterrupt();
  int status = runWithLargeStack(options);
  std::cout.flush();
  return status;
}
