// arrc: the Arr compiler driver.

#include "codegen/Artifacts.h"
#include "driver/Native.h"
#include "driver/Options.h"
#include "driver/RunEntry.h"
#include "frontend/Diagnostics.h"
#include "ir/Builder.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "ir/Visitor.h"
#include "loops/LowerToLoops.h"
#include "lower/LowerToCore.h"
#include "passes/Bot.h"
#include "passes/Simplify.h"
#include "passes/ad/Differentiate.h"
#include "sema/Modules.h"
#include "sema/TypeChecker.h"

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

std::string stdlibDir() {
  if (const char* dir = std::getenv("ARR_STDLIB")) return dir;
  return ARR_STDLIB_DIR;
}

size_t nodeCount(const arr::core::Program& program) {
  size_t count = 0;
  for (const auto& entry : program.entries)
    count += arr::core::countNodes(entry.function.body);
  return count;
}

bool verified(const Options& options, const arr::core::Program& program, const char* stage) {
  if (options.printStats)
    std::cerr << "stats: " << stage << ": " << nodeCount(program) << " nodes\n";
  if (!options.verifyIr) return true;
  std::string problem = arr::core::verify(program);
  if (problem.empty()) return true;
  std::cerr << "arrc: internal error: the IR after '" << stage << "' is malformed: " << problem
            << "\n";
  return false;
}

/// The BOT's normal form holds in differentiated functions (everywhere with --bot-all).
std::string botNormalFormProblem(const arr::core::Program& program, bool everywhere) {
  std::string problem;
  for (const auto& entry : program.entries) {
    if (everywhere) {
      problem = arr::passes::checkBotNormalForm(*entry.function.body);
    } else {
      arr::core::forEachNode(entry.function.body, [&](const arr::core::Node& node) {
        if (problem.empty() && node.kind == arr::core::Node::Kind::Diff)
          problem = arr::passes::checkBotNormalForm(*node.function->body);
      });
    }
    if (!problem.empty()) return "entry " + entry.name + ": " + problem;
  }
  return "";
}

int interpret(const Options& options, const arr::core::Program& program) {
  std::cout.flush();
  return arr::driver::interpretEntry(
      program, {options.entry, options.programInputs, options.output.value_or("")});
}

int compile(const Options& options) {
  arr::SourceManager sources;
  arr::Diagnostics diags(sources, std::cerr);
  auto program = arr::sema::loadProgram(sources, options.input, stdlibDir(), diags);
  if (!program || !arr::driver::outputsSpareInputs(options, sources, diags)) return 1;
  if (startDump(options, "parse")) std::cout << arr::ast::toString(program->main->ast);
  auto checked = arr::sema::typeCheck(std::move(program), options.defines, diags);
  if (diags.hasErrors()) return 1;
  if (startDump(options, "typecheck")) std::cout << arr::sema::printTypedProgram(*checked);
  if (options.objectOnly && !arr::driver::exportableEntries(*checked, diags)) return 1;

  bool needsCore = options.interpret;
  for (const auto& pass : options.dumpAfter)
    needsCore |= pass != "parse" && pass != "typecheck";
  if (!needsCore && !options.output && !options.objectOnly && !options.emitLlvm) return 0;

  arr::core::Program core = arr::lower::lowerToCore(*checked);
  if (!verified(options, core, "core")) return 1;
  if (startDump(options, "core")) std::cout << arr::core::print(core);
  if (options.interpretAfter == "core") return interpret(options, core);

  core = options.botAll ? arr::passes::bulkOperationTransformAll(core)
                        : arr::passes::bulkOperationTransform(core);
  if (!verified(options, core, "bot")) return 1;
  if (options.verifyIr) {
    std::string problem = botNormalFormProblem(core, options.botAll);
    if (!problem.empty()) {
      std::cerr << "arrc: internal error: the BOT's output is not in normal form: " << problem
                << "\n";
      return 1;
    }
  }
  if (startDump(options, "bot")) std::cout << arr::core::print(core);
  if (options.interpretAfter == "bot") return interpret(options, core);

  core = arr::passes::simplify(core);
  if (!verified(options, core, "simplify")) return 1;
  if (startDump(options, "simplify")) std::cout << arr::core::print(core);
  if (options.interpretAfter == "simplify") return interpret(options, core);

  arr::ad::DifferentiationDumps dumps;
  core = arr::ad::differentiate(core, wantsDump(options, "ad") ? &dumps : nullptr);
  if (startDump(options, "ad")) std::cout << dumps.ad;
  if (!verified(options, core, "transpose")) return 1;
  if (startDump(options, "transpose")) std::cout << arr::core::print(core);
  core = arr::ad::unshare(core);
  if (!verified(options, core, "unshare")) return 1;
  if (startDump(options, "unshare")) std::cout << arr::core::print(core);
  core = arr::passes::simplify(core);
  if (!verified(options, core, "optimize")) return 1;
  if (startDump(options, "optimize")) std::cout << arr::core::print(core);
  if (options.interpret) return interpret(options, core);

  arr::loops::Program loops = arr::loops::lowerToLoops(core);
  if (startDump(options, "loops")) std::cout << arr::loops::print(loops);
  try {
    return arr::driver::buildNative(options, core, loops);
  } catch (const std::runtime_error& error) {
    // Unwritable outputs, failed links, unknown CPUs: the user's to fix.
    std::cerr << "arrc: error: " << error.what() << "\n";
    return 1;
  }
}

struct Job {
  const Options* options;
  int status = 1;
};

void* runJob(void* raw) {
  auto* job = static_cast<Job*>(raw);
  try {
    job->status = compile(*job->options);
  } catch (const arr::core::IRError& error) {
    std::cerr << "arrc: error: " << error.what() << "\n";
    job->status = 1;
  } catch (const std::bad_alloc&) {
    // The interpreter computes every intermediate array in full.
    std::cerr << "arrc: error: out of memory\n";
    job->status = 1;
  } catch (const std::exception& error) {
    std::cerr << "arrc: internal error: " << error.what() << "\n";
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
  int status = runWithLargeStack(options);
  std::cout.flush();
  return status;
}
