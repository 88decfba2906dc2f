#include "driver/Pipeline.h"

#include "codegen/CodeGen.h"
#include "driver/Native.h"
#include "driver/PassManager.h"
#include "driver/RunEntry.h"
#include "frontend/Diagnostics.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "ir/Visitor.h"
#include "loops/Accumulate.h"
#include "loops/Collapse.h"
#include "loops/Contract.h"
#include "loops/Fuse.h"
#include "loops/InPlace.h"
#include "loops/Interchange.h"
#include "loops/Interpreter.h"
#include "loops/Jam.h"
#include "loops/LowerToLoops.h"
#include "loops/MemoryReport.h"
#include "loops/Pad.h"
#include "loops/Prefetch.h"
#include "loops/Release.h"
#include "loops/Split.h"
#include "loops/Tabulate.h"
#include "loops/Tile.h"
#include "loops/Trim.h"
#include "loops/Unroll.h"
#include "loops/Vectorise.h"
#include "loops/Version.h"
#include "lower/LowerToCore.h"
#include "passes/Bot.h"
#include "passes/Simplify.h"
#include "passes/ad/Checkpoint.h"
#include "passes/ad/CustomDerivatives.h"
#include "passes/ad/Differentiate.h"
#include "passes/ad/Unshare.h"
#include "runtime/EntryIo.h"
#include "runtime/Files.h"
#include "sema/Modules.h"
#include "sema/TypeChecker.h"

#include <llvm/IR/Module.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <set>

#ifndef ARR_STDLIB_DIR
#define ARR_STDLIB_DIR "stdlib"
#endif

namespace arr::driver {

const std::vector<PassInfo>& pipelinePasses() {
  static const std::vector<PassInfo> passes = {
      {"parse", "read the program and its imports into the surface AST", false},
      {"typecheck", "names, types, sizes and instantiations", false},
      {"core", "the core IR: calls inlined, tuples split, sugar removed", false},
      {"checkpoint", "loops under reverse mode split into segments (--loop-checkpoints)", false},
      {"bot", "bulk-operation transform of differentiated functions", false},
      {"simplify", "algebraic simplification and CSE", false},
      {"ad", "forward pass: primal bindings and a symbolic Delta term", false},
      {"hoist", "replicated axes hoisted out of the Delta terms", true},
      {"transpose", "derivative programs: reverse pass or forward evaluation", false},
      {"unshare", "sharing of derivative terms bound as let", false},
      {"optimize", "simplification of the differentiated program", false},
      {"loops", "fused loop nests (loop IR)", false, true},
      {"pad", "arrays read under range checks many times read a copy with zero margins", true,
       true},
      {"collapse", "sums of sums collapsed into one sum, its rows walked contiguously", true, true},
      {"tile", "register tiles of products over packed panels of columns", true, true},
      {"interchange", "reductions over rows interchanged with the loops inside them", true, true},
      {"accumulate", "reductions of a temporary accumulated where its elements are produced", true,
       true},
      {"inplace", "states of sequential loops updated in place, sparse additions where they happen",
       true, true},
      {"unroll", "short loops unrolled and jammed into the loop nest inside them", true, true},
      {"fuse", "sibling loops over the same range fused", true, true},
      {"contract", "temporaries passed between loops one row per iteration shrunk to the row", true,
       true},
      {"release", "buffers released after their last use, hoisted out of loops", true, true},
      {"trim", "sums masked by their index trimmed to the indices the masks keep", true, true},
      {"tabulate", "sums over moving ranges of invariant terms read from tables of partial sums",
       true, true},
      {"split", "index-set splitting of loops with range-checked reads", true, true},
      {"jam", "unroll-and-jam of loops around an inner loop", true, true},
      {"version", "versions of guarded inner loops without their range tests", true, true},
      {"vectorise", "sums over loop nests accumulated in vector lanes, combined after the nest",
       true, true},
      {"prefetch", "software prefetch of rows walked a plane apart", true, true},
      {"llvm", "LLVM IR, optimised", false},
      {"emit", "the object file, header, executable or LLVM text", false},
  };
  return passes;
}

bool isLoopStage(const std::string& name) {
  for (const PassInfo& pass : pipelinePasses())
    if (pass.name == name) return pass.loopIr;
  return false;
}

std::string lastLoopStage() {
  std::string last;
  for (const PassInfo& pass : pipelinePasses())
    if (pass.loopIr) last = pass.name;
  return last;
}

/// The last loop stage that runs: the loop IR code generation compiles is final after it.
std::string lastRunLoopStage(const Options& options) {
  std::string last;
  for (const PassInfo& pass : pipelinePasses())
    if (pass.loopIr && !(pass.optional && std::count(options.disabledPasses.begin(),
                                                     options.disabledPasses.end(), pass.name)))
      last = pass.name;
  return last;
}

std::string stdlibDir() {
  if (const char* dir = std::getenv("ARR_STDLIB")) return dir;
  // An installed arrc's (share/arr/stdlib beside bin/), else the source tree's.
  static const std::string dir = runtime::installedOr("share/arr/stdlib", ARR_STDLIB_DIR);
  return dir;
}

namespace {

/// The program as it goes through the pipeline: each stage's IR, kept until the
/// pipeline ends.
struct Compilation {
  explicit Compilation(const Options& options) : options(options), diags(sources, std::cerr) {}

  const Options& options;
  SourceManager sources;
  Diagnostics diags;
  std::unique_ptr<sema::Program> parsed;
  std::unique_ptr<sema::CheckedProgram> checked;
  core::Program core;
  ad::DualProgram dual;
  loops::Program loops;
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
};

size_t nodeCount(const core::Program& program) {
  size_t count = 0;
  for (const auto& entry : program.entries)
    count += core::countNodes(entry.function.body);
  return count;
}

size_t statementCount(const loops::Block& block) {
  size_t count = 0;
  for (const loops::StmtP& statement : block)
    count += 1 + statementCount(statement->body);
  return count;
}

size_t instructionCount(const llvm::Module& module) {
  size_t count = 0;
  for (const llvm::Function& function : module)
    count += function.getInstructionCount();
  return count;
}

/// The BOT's normal form holds in differentiated functions (everywhere with --bot-all).
std::string botNormalFormProblem(const core::Program& program, bool everywhere) {
  std::string problem;
  for (const auto& entry : program.entries) {
    if (everywhere) {
      problem = passes::checkBotNormalForm(*entry.function.body);
    } else {
      // The functions this round differentiates: an outer one waits for a later round
      // (its BOT too) while it contains a Diff, such as the vjp of a loop's step.
      core::forEachNode(entry.function.body, [&](const core::Node& node) {
        if (problem.empty() && node.kind == core::Node::Kind::Diff &&
            !core::containsDiff(node.function->body))
          problem = passes::checkBotNormalForm(*node.function->body);
      });
    }
    if (!problem.empty()) return "entry " + entry.name + ": " + problem;
  }
  return "";
}

/// The name of the last pass the options need: after it the pipeline stops.
std::string lastNeededPass(const Options& options) {
  if (options.interpret)
    return options.interpretAfter.empty() ? "optimize" : options.interpretAfter;
  if (needsLlvm(options)) return "emit";
  std::string last = "typecheck";
  for (const PassInfo& pass : pipelinePasses())
    if (wantsDump(options, pass.name) ||
        (options.memoryReport && pass.name == lastRunLoopStage(options)))
      last = pass.name;
  return last;
}

class Pipeline {
public:
  explicit Pipeline(const Options& options)
      : c_(options),
        manager_(Instrumentation{options.dumpAfter, options.verifyIr, options.printStats,
                                 options.timePasses, options.disabledPasses,
                                 options.injectInternalError}) {}

  int run() {
    const Options& options = c_.options;
    stopAfter_ = lastNeededPass(options);
    // A dump inside the differentiation rounds waits for their end: a later round has
    // dumps of its own. (--interpret-after stops in the first round.)
    for (const char* inRounds :
         {"checkpoint", "bot", "simplify", "ad", "hoist", "transpose", "unshare"})
      if (stopAfter_ == inRounds && options.interpretAfter.empty()) stopAfter_ = "optimize";
    manager_.afterEachPass([this](const std::string& pass) {
      if (pass == c_.options.injectMiscompile) miscompile();
      if (c_.options.checkLoopPasses && isLoopStage(pass)) checkLoopStage(pass);
      if (c_.options.memoryReport && pass == lastRunLoopStage(c_.options))
        std::cerr << loops::memoryReport(c_.loops);
      if (pass == stopAfter_) stop();
    });

    add(
        "parse",
        [&] {
          c_.parsed = sema::loadProgram(c_.sources, options.input, stdlibDir(), c_.diags);
          // Every source is known now: no output may overwrite one.
          if (!c_.parsed || !outputsSpareInputs(options, c_.sources, c_.diags))
            throw StopPipeline{1};
        },
        [&] { return astView(); });
    add(
        "typecheck",
        [&] {
          c_.checked = sema::typeCheck(std::move(c_.parsed), options.defines, c_.diags);
          if (c_.diags.hasErrors()) throw StopPipeline{1};
          // Entries exported with C names (objects and shared libraries) need distinct
          // ones, apart from the runtime's public arr_last_error.
          bool exported = (options.objectOnly || options.sharedLibrary) && !options.interpret;
          if (exported && !exportableEntries(*c_.checked, c_.diags)) throw StopPipeline{1};
        },
        [&] { return typedView(); });
    add(
        "core", [&] { c_.core = lower::lowerToCore(*c_.checked); }, [&] { return coreView(); });
    // Differentiation, innermost first: each round differentiates the Diff nodes whose
    // functions contain no other one (the first round always runs: the BOT of --bot-all,
    // simplify and unshare apply to programs without derivatives too).
    int round = 0;
    manager_.addRepeated(
        {pass(
             "checkpoint",
             [&] { c_.core = ad::checkpointLoops(c_.core, options.loopCheckpoints, round == 1); },
             [&] { return coreView(); }),
         pass(
             "bot",
             [&] {
               c_.core = ad::removeUnusedCustomDerivatives(c_.core);
               c_.core = options.botAll ? passes::bulkOperationTransformAll(c_.core)
                                        : passes::bulkOperationTransform(c_.core);
             },
             [&] { return botView(); }),
         pass(
             "simplify", [&] { c_.core = passes::simplify(c_.core); }, [&] { return coreView(); }),
         pass(
             "ad",
             [&] {
               // With checkpoints, a segment's steps keep only their states (auto: only
               // in the segmented version, Differentiate.cpp).
               auto rule = options.loopCheckpoints.rule;
               bool keep = rule == ad::LoopCheckpoints::Rule::EveryStep ||
                           rule == ad::LoopCheckpoints::Rule::Auto;
               c_.dual = ad::forwardPasses(c_.core, keep);
             },
             [&] { return dualView(); }),
         pass(
             "hoist", [&] { c_.dual = ad::hoistReplicateAxes(std::move(c_.dual)); },
             [&] { return dualView(); }),
         pass(
             "transpose", [&] { c_.core = ad::transposeDerivatives(c_.dual); },
             [&] { return coreView(); }),
         pass(
             "unshare", [&] { c_.core = ad::unshare(c_.core); }, [&] { return coreView(); })},
        [&] { return ++round == 1 || ad::hasDifferentiation(c_.core); });
    add(
        "optimize", [&] { c_.core = passes::simplify(c_.core); }, [&] { return coreView(); });
    add(
        "loops", [&] { c_.loops = loops::lowerToLoops(c_.core, options.strictFp); },
        [&] { return loopsView(); });
    addLoopPass("pad", loops::padGuardedReads);
    addLoopPass("collapse", loops::collapseSumNests);
    addTargetLoopPass("tile", loops::tileProducts);
    addLoopPass("interchange", loops::interchangeReductions);
    addLoopPass("accumulate", loops::accumulateIntoProducers);
    addLoopPass("inplace", loops::updateStatesInPlace);
    addLoopPass("unroll", loops::unrollShortLoops);
    addLoopPass("fuse", loops::fuseSiblingLoops);
    addLoopPass("contract", loops::contractTemporaries);
    addLoopPass("release", loops::placeAllocations);
    addLoopPass("trim", loops::trimMaskedSums);
    addLoopPass("tabulate", loops::tabulateRangeSums);
    addLoopPass("split", loops::splitGuardedLoops);
    addLoopPass("jam", loops::jamReductions);
    addLoopPass("version", loops::versionGuardedLoops);
    addTargetLoopPass("vectorise", loops::vectoriseNestReductions);
    addLoopPass("prefetch", loops::prefetchStridedRows);
    add(
        "llvm",
        [&] {
          try {
            c_.module = generateLlvm(options, c_.loops, c_.context);
          } catch (const std::runtime_error& error) {
            throw UserError(error.what()); // an unknown CPU
          }
        },
        [&] { return llvmView(); });
    add(
        "emit", [&] { emitArtifacts(options, c_.loops, *c_.module); }, nullptr);
    return manager_.run();
  }

private:
  using Action = std::function<void()>;
  using View = std::function<IRView()>;

  /// A pass of the pipeline, with its description from pipelinePasses(). An error with a
  /// source location that a pass finds (a size known only once calls are inlined) is
  /// reported like the type checker's, with its line and notes.
  Pass pass(const std::string& name, Action run, View view) {
    const auto& all = pipelinePasses();
    auto info =
        std::find_if(all.begin(), all.end(), [&](const PassInfo& p) { return p.name == name; });
    Action reporting = [this, run = std::move(run)] {
      try {
        run();
      } catch (const CompileError& error) {
        c_.diags.report(error);
        throw StopPipeline{1};
      }
    };
    return Pass{name, info->description, info->optional, std::move(reporting), std::move(view)};
  }

  void add(const std::string& name, Action run, View view) {
    manager_.add(pass(name, std::move(run), std::move(view)));
  }

  void addLoopPass(const std::string& name,
                   std::function<void(loops::Function&, loops::ExprBuilder&)> transform) {
    add(
        name,
        [this, transform = std::move(transform)] {
          for (loops::Function& function : c_.loops.functions)
            transform(function, *function.exprs);
        },
        [this] { return loopsView(); });
  }

  /// A loop pass sized by the target's vector registers.
  void addTargetLoopPass(const std::string& name,
                         void (*transform)(loops::Function&, loops::ExprBuilder&,
                                           const loops::VectorRegisters&)) {
    addLoopPass(name, [this, transform](loops::Function& function, loops::ExprBuilder& exprs) {
      transform(function, exprs, vectorRegisters());
    });
  }

  /// The target's vector registers, which tiles and vector accumulators are sized by: read
  /// from a target machine once.
  const loops::VectorRegisters& vectorRegisters() {
    if (!vectorRegisters_) {
      vectorRegisters_.emplace();
      try {
        vectorRegisters_ = codegen::vectorRegisters(
            {c_.options.optLevel, c_.options.targetCpu, c_.options.segmentSize});
      } catch (const std::runtime_error&) {
        // An unknown CPU: the llvm pass reports it.
      }
    }
    return *vectorRegisters_;
  }

  /// Ends the pipeline once the last pass the options need has run: with the
  /// interpreter's status when it runs the program.
  void stop() {
    if (!c_.options.interpret) throw StopPipeline{0};
    std::cout.flush();
    RunRequest request{c_.options.entry, c_.options.programInputs, c_.options.output.value_or("")};
    if (isLoopStage(c_.options.interpretAfter)) {
      if (c_.options.checkLoopPasses) { // run already: print what the last stage computed
        try {
          runtime::writeResults(c_.options.printTolerances ? toleranceOf(loopRuns_.lastMagnitudes)
                                                           : loopRuns_.last,
                                request.output);
        } catch (const std::runtime_error& error) {
          std::cerr << "error: " << error.what() << "\n";
          throw StopPipeline{1};
        }
        throw StopPipeline{0};
      }
      try {
        throw StopPipeline{interpretLoops(c_.loops, request, c_.options.printTolerances)};
      } catch (const std::logic_error& error) {
        std::cerr << "arrc: internal compiler error: " << error.what() << " after pass "
                  << c_.options.interpretAfter << "\n";
        throw StopPipeline{1};
      }
    }
    throw StopPipeline{interpretEntry(c_.core, request)};
  }

  /// --debug-miscompile: every float store into a result stores one more (a store into a
  /// temporary, such as a packed panel, might not change any result).
  void miscompile() {
    for (loops::Function& function : c_.loops.functions) {
      std::set<uint32_t> results;
      for (const loops::BufferP& result : function.results)
        results.insert(result->memory().id);
      std::function<void(loops::Block&)> visit = [&](loops::Block& block) {
        for (loops::StmtP& statement : block) {
          bool stores = statement->kind == loops::Stmt::Kind::Store ||
                        statement->kind == loops::Stmt::Kind::Update;
          if (stores && isFloat(statement->buffer->type) &&
              results.count(statement->buffer->memory().id)) {
            auto changed = std::make_shared<loops::Stmt>(*statement);
            loops::ExprBuilder& exprs = *function.exprs;
            changed->value =
                exprs.binary(loops::BinaryOp::Add, statement->value,
                             exprs.constant(1.0, statement->buffer->type, statement->value->lanes));
            statement = changed;
          }
          visit(statement->body);
          visit(statement->orElse);
        }
      };
      visit(function.body);
    }
  }

  /// --check-loop-passes: the loop IR after `pass` computes what it did after `loops`.
  void checkLoopStage(const std::string& pass) {
    RunRequest request{c_.options.entry, c_.options.programInputs, c_.options.output.value_or("")};
    LoopRun run;
    try {
      run = runLoops(c_.loops, request, loopRuns_.inputs);
    } catch (const std::logic_error& error) {
      std::cerr << "arrc: internal compiler error: " << error.what() << " after pass " << pass
                << "\n";
      throw StopPipeline{1};
    }
    if (!run.error.empty()) {
      // The program's own error (bad input, a negative size) is the same after every pass.
      if (pass == "loops") {
        loopRuns_.error = run.error;
      } else if (run.error != loopRuns_.error) {
        std::cerr << "arrc: internal compiler error: the loop IR after pass " << pass
                  << " fails with '" << run.error << "' where after loops it "
                  << (loopRuns_.error.empty() ? "succeeds" : "fails with '" + loopRuns_.error + "'")
                  << "\n";
        throw StopPipeline{1};
      }
      if (pass == stopAfter_) {
        std::cerr << "error: " << run.error << "\n";
        throw StopPipeline{1};
      }
      return;
    }
    if (pass == "loops") {
      loopRuns_.reference = run;
    } else if (std::string difference =
                   compareLoopRuns(loopRuns_.reference, run, c_.options.strictFp);
               !difference.empty()) {
      std::cerr << "arrc: internal compiler error: pass " << pass
                << " changed the results of the loop IR: " << difference << "\n";
      throw StopPipeline{1};
    }
    loopRuns_.last = run.results;
    loopRuns_.lastMagnitudes = run.magnitudes;
  }

  IRView astView() {
    return {[this] { return ast::toString(c_.parsed->main->ast); }, nullptr,
            [this] { return std::to_string(c_.parsed->modules.size()) + " modules"; }};
  }
  IRView typedView() {
    return {[this] { return sema::printTypedProgram(*c_.checked); }, nullptr,
            [this] { return std::to_string(c_.checked->instances.size()) + " instances"; }};
  }
  IRView coreView() {
    return {[this] { return core::print(c_.core); }, [this] { return core::verify(c_.core); },
            [this] { return std::to_string(nodeCount(c_.core)) + " nodes"; }};
  }
  IRView botView() {
    IRView view = coreView();
    view.verify = [this] {
      std::string problem = core::verify(c_.core);
      if (!problem.empty()) return problem;
      problem = botNormalFormProblem(c_.core, c_.options.botAll);
      return problem.empty() ? "" : "the BOT's output is not in normal form: " + problem;
    };
    return view;
  }
  IRView dualView() {
    return {[this] { return ad::print(c_.dual); }, nullptr,
            [this] { return std::to_string(c_.dual.sites.size()) + " derivatives"; }};
  }
  IRView loopsView() {
    return {[this] { return loops::print(c_.loops); }, [this] { return loops::verify(c_.loops); },
            [this] {
              size_t count = 0;
              for (const loops::Function& function : c_.loops.functions)
                count += statementCount(function.body);
              return std::to_string(count) + " statements";
            }};
  }
  IRView llvmView() {
    return {[this] { return codegen::printModule(*c_.module); }, nullptr,
            [this] { return std::to_string(instructionCount(*c_.module)) + " instructions"; }};
  }

  Compilation c_;
  PassManager manager_;
  std::string stopAfter_;
  struct {
    std::vector<runtime::ArrayValue> inputs; // read once, for every run
    LoopRun reference;                       // after `loops`
    std::string error;                       // the program's error after `loops`, if any
    std::vector<runtime::ArrayValue> last, lastMagnitudes;
  } loopRuns_;
  std::optional<loops::VectorRegisters> vectorRegisters_;
};

} // namespace

int runPipeline(const Options& options) {
  Pipeline pipeline(options);
  return pipeline.run();
}

} // namespace arr::driver
