#pragma once
// The arrc command line.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace arr::driver {

/// The stages whose output --dump-after can print, in pipeline order.
const std::vector<std::string>& passNames();

struct Options {
  std::string input;                          // the .arr file
  std::vector<std::string> programInputs;     // --interpret: the entry's inputs
  std::optional<std::string> output;          // -o
  bool objectOnly = false;                    // -c
  bool sharedLibrary = false;                 // --shared
  bool strictFp = false;                      // --strict-fp
  bool interpret = false;                     // --interpret
  bool emitLlvm = false;                      // --emit-llvm
  bool printLinkFlags = false;                // --print-link-flags
  bool printStdlibDir = false;                // --print-stdlib-dir
  bool botAll = false;                        // --bot-all
  bool printStats = false;                    // --print-stats: IR sizes after each stage, on stderr
  bool verifyIr = false;                      // --verify-ir: run the IR verifier after each stage
  std::vector<std::string> dumpAfter;         // pass names, in pipeline order
  std::map<std::string, std::string> defines; // -D NAME=VALUE
  int optLevel = 2;                           // -O0 .. -O3
  std::string targetCpu = "native";           // --target-cpu
  std::string entry;                          // --entry
  std::string interpretAfter;                 // --interpret-after: run the IR of this stage
  bool help = false;
  bool version = false;
};

/// Whether --dump-after names `pass`.
bool wantsDump(const Options& options, const std::string& pass);
/// Whether to print the IR after `pass`; when several passes are dumped, first prints a
/// line "-- after PASS".
bool startDump(const Options& options, const std::string& pass);

struct ParseResult {
  Options options;
  std::string error; // a usage error, when not empty
};

ParseResult parseOptions(int argc, const char* const* argv);

std::string helpText();

} // namespace arr::driver
