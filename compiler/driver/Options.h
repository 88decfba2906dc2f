#pragma once
// The arrc command line.

#include "passes/ad/Checkpoint.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace arr::driver {

/// The passes whose output --dump-after can print, in pipeline order.
std::vector<std::string> passNames();

struct Options {
  std::string input;                          // the .arr file
  std::vector<std::string> programInputs;     // --interpret: the entry's inputs
  std::optional<std::string> output;          // -o
  bool objectOnly = false;                    // -c
  bool sharedLibrary = false;                 // --shared
  bool interpret = false;                     // --interpret
  bool emitLlvm = false;                      // --emit-llvm
  bool printLinkFlags = false;                // --print-link-flags
  bool printStdlibDir = false;                // --print-stdlib-dir
  bool botAll = false;                        // --bot-all
  bool memoryReport = false;                  // --memory-report: the arrays of each entry
  bool printStats = false;                    // --print-stats: IR sizes after each stage, on stderr
  bool verifyIr = false;                      // --verify-ir: run the IR verifier after each stage
  bool timePasses = false;                    // --time-passes: time and IR size per pass
  bool strictFp = false;                      // --strict-fp: exactly the interpreter's arithmetic
  ad::LoopCheckpoints loopCheckpoints;        // --loop-checkpoints
  std::vector<std::string> dumpAfter;         // pass names, in pipeline order
  std::vector<std::string> disabledPasses;    // --disable-pass
  std::string injectInternalError;            // --debug-internal-error=PASS
  std::string injectMiscompile;               // --debug-miscompile=PASS (a loop pass)
  std::map<std::string, std::string> defines; // -D NAME=VALUE
  int optLevel = 2;                           // -O0 .. -O3
  std::string targetCpu = "native";           // --target-cpu
  int64_t segmentSize = 1000;                 // --segment-size: code per outlined segment
  std::string entry;                          // --entry
  std::string interpretAfter;                 // --interpret-after: run the IR of this stage
  bool checkLoopPasses = false; // --check-loop-passes: each loop pass keeps the results
  bool printTolerances = false; // --print-tolerances: what reordering may change in each result
  bool help = false;
  bool version = false;
};

/// Whether --dump-after names `pass`.
bool wantsDump(const Options& options, const std::string& pass);

struct ParseResult {
  Options options;
  std::string error; // a usage error, when not empty
};

ParseResult parseOptions(int argc, const char* const* argv);

std::string helpText();

} // namespace arr::driver
