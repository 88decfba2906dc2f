#pragma once
// Loop IR to LLVM IR, and LLVM IR to optimised object code for the host (or
// a chosen) CPU (ARCHITECTURE.md §1, codegen/).

#include "loops/LoopIR.h"
#include "loops/Tile.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class TargetMachine;
}

namespace arr::codegen {

struct TargetOptions {
  int optLevel = 2;           // 0..3
  std::string cpu = "native"; // "native": the host's CPU and features
  /// About how much code (statements and expression nodes) one function gets: a longer
  /// entry body is cut into segment functions (Segments.cpp).
  int64_t segmentSize = 1000;
};

struct EntryInterface {
  std::string name;      // the entry point's name in the source
  std::string signature; // runtime/Abi.h's format, for the executable's entry table
};

/// One LLVM module with, per entry point, `int arr_NAME(...)` following the C
/// ABI of LANGUAGE.md §9 and, when `entryTable` is set (executables), the
/// table runtime/Abi.h describes for the `main` harness. Throws
/// std::logic_error when the module does not verify (a compiler bug).
std::unique_ptr<llvm::Module> generateModule(const loops::Program& program,
                                             const std::vector<EntryInterface>& entries,
                                             bool entryTable, const TargetOptions& target,
                                             llvm::LLVMContext& context);

/// The machine code generates for: the host's CPU and features unless asked otherwise.
std::unique_ptr<llvm::TargetMachine> makeTargetMachine(const TargetOptions& options);

/// The target's vector registers, which the loop passes size register tiles by. Throws
/// std::runtime_error for an unknown CPU, like makeTargetMachine.
loops::VectorRegisters vectorRegisters(const TargetOptions& options);

/// Runs the new pass manager's default pipeline for the optimisation level.
void optimiseModule(llvm::Module& module, const TargetOptions& target);

/// Writes a position-independent object file; throws std::runtime_error with
/// a message when the file cannot be written.
void writeObject(llvm::Module& module, const TargetOptions& target, const std::string& path);

std::string printModule(const llvm::Module& module);

/// The C name of an entry point's function: arr_ and the name, with any `'`
/// (valid in Arr identifiers, not in C) spelled `_q`.
std::string cName(const std::string& arrName);

} // namespace arr::codegen
