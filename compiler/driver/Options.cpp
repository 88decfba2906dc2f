#include "driver/Options.h"

#include "driver/Pipeline.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>

namespace arr::driver {

std::vector<std::string> passNames() {
  std::vector<std::string> names;
  for (const PassInfo& pass : pipelinePasses())
    if (pass.name != "emit") names.push_back(pass.name); // it writes files: nothing to print
  return names;
}

bool wantsDump(const Options& options, const std::string& pass) {
  return std::find(options.dumpAfter.begin(), options.dumpAfter.end(), pass) !=
         options.dumpAfter.end();
}

std::string helpText() {
  std::string text =
      R"(arrc - the Arr compiler: a functional array language with automatic differentiation

Usage:
  arrc prog.arr -o prog               compile to a native executable
  arrc -c prog.arr -o prog.o          compile to an object file with the C ABI, plus prog.h
  arrc --shared prog.arr -o prog.so   compile to a shared library with the C ABI (for Python)
  arrc --interpret prog.arr [INPUT..] run an entry point with the reference interpreter
  arrc prog.arr                       check the program (parse and type-check) only

Options:
  -o FILE               output file
  -c                    write an object file and a C header instead of an executable
  --shared              write a shared library exporting the C ABI, arrrt_set_threads, and
                        arrrt_describe(): the entries' interfaces as JSON (default: prog.so)
  --interpret           run with the reference interpreter; INPUTs are .npy or text files,
                        or text on standard input when none is given
  --entry NAME          the entry point to run (default: main, or the only one)
  --interpret-after=STAGE  interpret the IR as it is after STAGE (core, bot or
                        simplify, or loops or a loop pass, run by the loop IR's
                        interpreter; default: the last core stage), to test the passes
  --interpret-loops     interpret the loop IR that code generation would compile
  --check-loop-passes   with a loop stage: interpret the loop IR after `loops` and after
                        every loop pass up to it, and fail when a pass changes the results
                        (exactly with --strict-fp, else beyond what reassociation explains)
  --print-tolerances    with a loop stage: print, for each result element, how much another
                        order of floating-point operations (reassociated sums, fused
                        multiply-adds, threads) may change it, instead of the result (0 for
                        integers; booleans as they are); for testing
  -D NAME=VALUE         override the constant NAME (def NAME = ...)
  -O0 | -O1 | -O2 | -O3 optimisation level (default -O2)
  --strict-fp           floating point exactly as the interpreter computes it, bit for
                        bit on one thread (no reassociated sums, no fused multiply-add)
  --target-cpu=CPU      the CPU to generate code for (default: the host's)
  --loop-checkpoints=RULE  the states that the gradient of a fold, scan, mapAccum or
                        iterate keeps: 'auto' (default: as 'all' when the loops' states,
                        steps times state bytes, fit the checkpoint budget when the program
                        runs, else as 'sqrt'; both versions are compiled), 'all' (one per
                        step, the fastest), 'sqrt' (one per segment of ~sqrt(n) steps,
                        recomputing each segment's states when its derivative runs: about
                        2*sqrt(n) states, and the steps run twice), or K (segments of K
                        steps: n/K + K states); with 'all' and 'auto', a loop
                        differentiated inside another loop's step also keeps the values
                        its reverse reads, freed after each step. The budget: the
                        environment variable ARR_CHECKPOINT_BUDGET (bytes, or with a
                        suffix K, M, G or T: 512M, 2G) where the program runs, else a
                        quarter of the memory the process may still use (physical memory,
                        or less under a memory cgroup, RLIMIT_AS or RLIMIT_DATA)
  --emit-llvm           write LLVM IR instead of an object file
  --print-link-flags    print the flags a C program needs to link an object from arrc -c
  --print-stdlib-dir    print the directory of the standard library (imports, the prelude)
  --help                show this help
  --version             show the version

Inspecting the compiler:
  --dump-after=PASS     print the program after PASS (repeatable; 'all' for every pass)
  --disable-pass=PASS   skip an optional pass (repeatable; marked * below)
  --time-passes         print the time and IR size of every pass on stderr
  --print-stats         print the size of the IR after every pass on stderr
  --memory-report       print on stderr, per entry, the arrays it receives and returns and
                        every array its loop nests allocate, with their shapes in the
                        entry's sizes (after the last loop pass)
  --verify-ir           re-check the IR after every pass (for testing the compiler)
  --bot-all             apply the bulk-operation transform to the whole program
  --debug-internal-error=PASS  fail in PASS as a broken invariant would (tests the report)
  --debug-miscompile=PASS  after the loop pass PASS, add 1 to every float value stored into
                        a result
                        (tests that --check-loop-passes finds a wrong transformation)
  --segment-size=N      cut an entry's code into functions of about N statements and
                        expression nodes (default 1000: LLVM's time grows faster than
                        a function's size); small values test the cutting

Passes, in pipeline order:
)";
  for (const PassInfo& pass : pipelinePasses())
    text += "  " + pass.name + std::string(pass.name.size() < 13 ? 13 - pass.name.size() : 1, ' ') +
            (pass.optional ? "* " : "  ") + pass.description + "\n";
  text += "\nExit status: 0 on success, 1 on a compile error, 2 on bad usage.\n";
  return text;
}

ParseResult parseOptions(int argc, const char* const* argv) {
  ParseResult result;
  Options& options = result.options;
  auto fail = [&](std::string message) {
    result.error = std::move(message);
    return result;
  };
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const std::string& flag) -> std::optional<std::string> {
      if (arg.size() > flag.size() && arg.compare(0, flag.size() + 1, flag + "=") == 0)
        return arg.substr(flag.size() + 1);
      if (arg == flag && i + 1 < argc) return std::string(argv[++i]);
      return std::nullopt;
    };
    if (arg == "--help" || arg == "-h") {
      options.help = true;
    } else if (arg == "--version") {
      options.version = true;
    } else if (arg == "-c") {
      options.objectOnly = true;
    } else if (arg == "--shared") {
      options.sharedLibrary = true;
    } else if (arg == "--strict-fp") {
      options.strictFp = true;
    } else if (arg == "--print-stdlib-dir") {
      options.printStdlibDir = true;
    } else if (arg == "--interpret") {
      options.interpret = true;
    } else if (arg == "--emit-llvm") {
      options.emitLlvm = true;
    } else if (arg == "--print-link-flags") {
      options.printLinkFlags = true;
    } else if (arg == "--bot-all") {
      options.botAll = true;
    } else if (arg == "--memory-report") {
      options.memoryReport = true;
    } else if (arg == "--print-stats") {
      options.printStats = true;
    } else if (arg == "--verify-ir") {
      options.verifyIr = true;
    } else if (arg == "--time-passes") {
      options.timePasses = true;
    } else if (arg == "-O0" || arg == "-O1" || arg == "-O2" || arg == "-O3") {
      options.optLevel = arg[2] - '0';
    } else if (arg == "-o") {
      if (i + 1 >= argc) return fail("-o needs a file name");
      options.output = argv[++i];
      if (options.output->empty()) return fail("-o needs a file name, not an empty one");
    } else if (arg.rfind("-D", 0) == 0) {
      std::string define = arg.size() > 2 ? arg.substr(2) : (i + 1 < argc ? argv[++i] : "");
      size_t equals = define.find('=');
      if (equals == std::string::npos || equals == 0 || equals + 1 == define.size())
        return fail("-D needs NAME=VALUE, got '" + define + "'");
      options.defines[define.substr(0, equals)] = define.substr(equals + 1);
    } else if (arg.rfind("--dump-after", 0) == 0) {
      auto pass = value("--dump-after");
      if (!pass) return fail("--dump-after needs a pass name");
      const auto& names = passNames();
      if (*pass == "all") {
        options.dumpAfter = names;
      } else if (std::find(names.begin(), names.end(), *pass) == names.end()) {
        std::string valid;
        for (const auto& name : names)
          valid += (valid.empty() ? "" : ", ") + name;
        return fail("unknown pass '" + *pass + "' for --dump-after; the passes are " + valid +
                    ", or all");
      } else if (std::find(options.dumpAfter.begin(), options.dumpAfter.end(), *pass) ==
                 options.dumpAfter.end()) {
        options.dumpAfter.push_back(*pass);
      }
    } else if (arg.rfind("--disable-pass", 0) == 0) {
      auto pass = value("--disable-pass");
      if (!pass) return fail("--disable-pass needs a pass name");
      const auto& all = pipelinePasses();
      auto found = std::find_if(all.begin(), all.end(),
                                [&](const PassInfo& info) { return info.name == *pass; });
      if (found == all.end() || !found->optional) {
        std::string valid;
        for (const auto& info : all)
          if (info.optional) valid += (valid.empty() ? "" : ", ") + info.name;
        return fail((found == all.end() ? "unknown pass '" : "pass '") + *pass +
                    (found == all.end() ? "'" : "' cannot be disabled") +
                    " for --disable-pass; the optional passes are " + valid);
      }
      options.disabledPasses.push_back(*pass);
    } else if (arg.rfind("--debug-miscompile", 0) == 0) {
      auto pass = value("--debug-miscompile");
      if (!pass || !isLoopStage(*pass)) return fail("--debug-miscompile needs a loop pass");
      options.injectMiscompile = *pass;
    } else if (arg.rfind("--debug-internal-error", 0) == 0) {
      auto pass = value("--debug-internal-error");
      if (!pass) return fail("--debug-internal-error needs a pass name");
      options.injectInternalError = *pass;
    } else if (arg.rfind("--loop-checkpoints", 0) == 0) {
      auto rule = value("--loop-checkpoints");
      auto policy = rule ? ad::LoopCheckpoints::parse(*rule) : std::nullopt;
      if (!policy)
        return fail(
            "--loop-checkpoints needs 'auto', 'all', 'sqrt' or a number of steps of at least 2");
      options.loopCheckpoints = *policy;
    } else if (arg.rfind("--segment-size", 0) == 0) {
      auto size = value("--segment-size");
      char* end = nullptr;
      long long parsed = size ? std::strtoll(size->c_str(), &end, 10) : 0;
      if (!size || size->empty() || *end != '\0' || parsed < 1)
        return fail("--segment-size needs a positive number");
      options.segmentSize = parsed;
    } else if (arg.rfind("--target-cpu", 0) == 0) {
      auto cpu = value("--target-cpu");
      if (!cpu) return fail("--target-cpu needs a CPU name");
      options.targetCpu = *cpu;
    } else if (arg.rfind("--interpret-after", 0) == 0) {
      auto stage = value("--interpret-after");
      if (!stage ||
          (*stage != "core" && *stage != "bot" && *stage != "simplify" && !isLoopStage(*stage))) {
        std::string loopStages;
        for (const PassInfo& pass : pipelinePasses())
          if (pass.loopIr) loopStages += ", " + pass.name;
        return fail("--interpret-after needs one of core, bot, simplify" + loopStages);
      }
      options.interpretAfter = *stage;
      options.interpret = true;
    } else if (arg == "--interpret-loops") {
      options.interpretAfter = lastLoopStage();
      options.interpret = true;
    } else if (arg == "--check-loop-passes") {
      options.checkLoopPasses = true;
    } else if (arg == "--print-tolerances") {
      options.printTolerances = true;
    } else if (arg.rfind("--entry", 0) == 0) {
      auto entry = value("--entry");
      if (!entry) return fail("--entry needs an entry point name");
      options.entry = *entry;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return fail("unknown option '" + arg + "' (see arrc --help)");
    } else {
      positional.push_back(arg);
    }
  }
  // Keep --dump-after output in pipeline order whatever the order on the command line.
  std::vector<std::string> ordered;
  for (const auto& name : passNames())
    if (std::find(options.dumpAfter.begin(), options.dumpAfter.end(), name) !=
        options.dumpAfter.end())
      ordered.push_back(name);
  options.dumpAfter = ordered;
  if (options.help || options.version || options.printLinkFlags || options.printStdlibDir)
    return result;
  if (options.sharedLibrary && (options.objectOnly || options.emitLlvm))
    return fail("--shared writes a library; it cannot be combined with -c or --emit-llvm");
  if (positional.empty()) return fail("no input file (see arrc --help)");
  options.input = positional[0];
  options.programInputs.assign(positional.begin() + 1, positional.end());
  if (options.printTolerances && !isLoopStage(options.interpretAfter))
    return fail("--print-tolerances needs --interpret-loops or --interpret-after=STAGE with a "
                "loop stage");
  if (options.checkLoopPasses && !isLoopStage(options.interpretAfter))
    return fail("--check-loop-passes needs --interpret-loops or --interpret-after=STAGE with a "
                "loop stage");
  if (!options.interpret && !options.programInputs.empty())
    return fail("more than one input file: '" + positional[1] +
                "' (program inputs are only read with --interpret)");
  return result;
}

} // namespace arr::driver
