// The target machine: host CPU by default, the new pass manager's pipelines,
// and object emission with Reloc::PIC_ (executables are PIE).

#include "codegen/CodeGen.h"

#include <llvm/IR/LegacyPassManager.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetOptions.h>
#include <llvm/TargetParser/Host.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <unordered_map>

namespace arr::codegen {

namespace {

std::string hostFeatures() {
  std::string features;
  for (const auto& feature : llvm::sys::getHostCPUFeatures())
    features += (features.empty() ? "" : ",") + std::string(feature.getValue() ? "+" : "-") +
                feature.getKey().str();
  return features;
}

/// LLVM 19's ConstraintElimination keeps a system of the conditions that dominate each
/// point and eliminates variables Fourier-Motzkin style, in time that grows much faster
/// than a function's comparisons: an entry with 1000 size variables (a few comparisons
/// each for its shape checks) spent 20 of 26 s there, 800 of them 2.6 of 3.2 s. Functions
/// with more comparisons than this are optimised without it; the loops it helps are small.
constexpr size_t kMostComparisonsForConstraints = 250;

/// LLVM 19's machine scheduler collects, per instruction, the uses of each register it
/// reads within the scheduling region by scanning the uses recorded so far, which is
/// quadratic in a register's uses within one basic block (ScheduleDAGMILive::
/// collectVRegUses): a chain of 40000 lets each reading one parameter spent 22 of 33 s
/// there. A module with a basic block longer than this is emitted without that scheduler.
constexpr size_t kLongestScheduledBlock = 4000;

/// SelectionDAG instruction selection, which works a basic block at a time, grows faster
/// than linearly with the block (a chain of 25000 lets, one block of 50000 instructions:
/// 3.7 of 4.1 s of emission). A module with a block longer than this selects instructions
/// with FastISel, which falls back to SelectionDAG only for what it does not handle.
constexpr size_t kLongestSelectedBlock = 10000;

size_t comparisons(const llvm::Function& function) {
  size_t count = 0;
  for (const llvm::BasicBlock& block : function)
    for (const llvm::Instruction& instruction : block)
      count += llvm::isa<llvm::CmpInst>(instruction);
  return count;
}

size_t longestBlock(const llvm::Module& module) {
  size_t longest = 0;
  for (const llvm::Function& function : module)
    for (const llvm::BasicBlock& block : function)
      longest = std::max(longest, block.size());
  return longest;
}

/// Sets LLVM's boolean option `name` for as long as it lives, then restores its value.
class ScopedLlvmFlag {
public:
  ScopedLlvmFlag(const char* name, bool value) {
    option_ = static_cast<llvm::cl::opt<bool>*>(llvm::cl::getRegisteredOptions().lookup(name));
    if (!option_) return;
    previous_ = option_->getValue();
    option_->addOccurrence(0, name, value ? "true" : "false");
  }
  ~ScopedLlvmFlag() {
    if (option_) option_->setValue(previous_);
  }
  ScopedLlvmFlag(const ScopedLlvmFlag&) = delete;
  ScopedLlvmFlag& operator=(const ScopedLlvmFlag&) = delete;

private:
  llvm::cl::opt<bool>* option_ = nullptr;
  bool previous_ = true;
};

} // namespace

std::unique_ptr<llvm::TargetMachine> makeTargetMachine(const TargetOptions& options) {
  static bool initialised = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    // Loops here often run a few dozen iterations (a stencil's row, a dimension d of 10 to
    // 64): the remainder of a loop vectorised 8 wide and interleaved 4 times is worth
    // vectorising too, which LLVM by default does only from 16 elements per iteration.
    // LLVM 19's X86 domain reassignment (moving bit operations into AVX-512 mask
    // registers) takes time quadratic in a function's size: 7 of 7.5 s for a chain of 4000
    // nested reads x[x[..]]. LLVM 20 fixes it (llvm-project PR 108108); until then it is off.
    // ARR_LLVM_FLAGS adds LLVM options, for experiments.
    const char* argv[] = {"arrc", "-epilogue-vectorization-minimum-VF=4",
                          "-disable-x86-domain-reassignment"};
    llvm::cl::ParseCommandLineOptions(3, argv, "", nullptr, "ARR_LLVM_FLAGS");
    return true;
  }();
  (void)initialised;
  std::string triple = llvm::sys::getDefaultTargetTriple();
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) throw std::runtime_error("no LLVM target for " + triple + ": " + error);
  bool native = options.cpu == "native";
  std::string cpu = native ? llvm::sys::getHostCPUName().str() : options.cpu;
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(target->createMCSubtargetInfo(triple, "", ""));
  if (!native && subtarget && !subtarget->isCPUStringValid(cpu))
    throw std::runtime_error("--target-cpu: '" + cpu + "' is not a CPU of " + triple +
                             " (llc-19 -mcpu=help lists them)");
  std::string features = native ? hostFeatures() : "";
  llvm::CodeGenOptLevel level = options.optLevel == 0   ? llvm::CodeGenOptLevel::None
                                : options.optLevel == 1 ? llvm::CodeGenOptLevel::Less
                                : options.optLevel == 2 ? llvm::CodeGenOptLevel::Default
                                                        : llvm::CodeGenOptLevel::Aggressive;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, llvm::TargetOptions(), llvm::Reloc::PIC_, std::nullopt, level));
  if (!machine) throw std::runtime_error("cannot make a target machine for CPU '" + cpu + "'");
  return machine;
}

loops::VectorRegisters vectorRegisters(const TargetOptions& options) {
  std::unique_ptr<llvm::TargetMachine> machine = makeTargetMachine(options);
  const llvm::MCSubtargetInfo* subtarget = machine->getMCSubtargetInfo();
  if (subtarget->checkFeatures("+avx512f")) return {64, 32};
  if (subtarget->checkFeatures("+avx")) return {32, 16};
  return {16, 16};
}

void optimiseModule(llvm::Module& module, const TargetOptions& target) {
  std::unique_ptr<llvm::TargetMachine> machine = makeTargetMachine(target);
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager modules;
  // Calls through function pointers, which CalledValuePropagation annotates, are the
  // runtime's, compiled apart; and it takes time quadratic in a call's pointer arguments
  // (the entry table's call of an entry with a tuple of thousands of results).
  llvm::PassInstrumentationCallbacks instrumentation;
  std::unordered_map<const llvm::Function*, size_t> comparisonCounts;
  instrumentation.registerShouldRunOptionalPassCallback([&](llvm::StringRef pass, llvm::Any unit) {
    if (pass == "CalledValuePropagationPass") return false;
    if (pass != "ConstraintEliminationPass") return true;
    const auto* function = llvm::any_cast<const llvm::Function*>(&unit);
    if (!function) return true;
    // Counted once: the count only bounds the pass's cost.
    auto [it, added] = comparisonCounts.try_emplace(*function, 0);
    if (added) it->second = comparisons(**function);
    return it->second <= kMostComparisonsForConstraints;
  });
  llvm::PassBuilder builder(machine.get(), llvm::PipelineTuningOptions(), std::nullopt,
                            &instrumentation);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgscc);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgscc, modules);
  llvm::OptimizationLevel level = target.optLevel <= 0   ? llvm::OptimizationLevel::O0
                                  : target.optLevel == 1 ? llvm::OptimizationLevel::O1
                                  : target.optLevel == 2 ? llvm::OptimizationLevel::O2
                                                         : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager pipeline = target.optLevel <= 0
                                         ? builder.buildO0DefaultPipeline(level)
                                         : builder.buildPerModuleDefaultPipeline(level);
  pipeline.run(module, modules);
}

void writeObject(llvm::Module& module, const TargetOptions& target, const std::string& path) {
  std::unique_ptr<llvm::TargetMachine> machine = makeTargetMachine(target);
  std::error_code error;
  llvm::raw_fd_ostream out(path, error, llvm::sys::fs::OF_None);
  if (error) throw std::runtime_error("cannot write " + path + ": " + error.message());
  size_t longest = longestBlock(module);
  if (longest > kLongestSelectedBlock) machine->setFastISel(true);
  llvm::legacy::PassManager passes;
  if (machine->addPassesToEmitFile(passes, out, nullptr, llvm::CodeGenFileType::ObjectFile))
    throw std::runtime_error("the target cannot emit object files");
  std::optional<ScopedLlvmFlag> withoutScheduler;
  if (longest > kLongestScheduledBlock) withoutScheduler.emplace("enable-misched", false);
  passes.run(module);
  out.flush();
  if (out.has_error()) throw std::runtime_error("cannot write " + path);
}

std::string printModule(const llvm::Module& module) {
  std::string text;
  llvm::raw_string_ostream out(text);
  module.print(out, nullptr);
  return text;
}

} // namespace arr::codegen
