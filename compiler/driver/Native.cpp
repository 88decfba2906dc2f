#include "driver/Native.h"

#include "codegen/Artifacts.h"
#include "codegen/CodeGen.h"
#include "codegen/Description.h"
#include "codegen/SharedLibrary.h"
#include "driver/PassManager.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iostream>

namespace arr::driver {

namespace {

void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

/// prog.o → prog.h; the include guard from the file name.
std::string headerPath(const std::string& object) {
  llvm::SmallString<256> path(object);
  llvm::sys::path::replace_extension(path, "h");
  return std::string(path);
}

std::string includeGuard(const std::string& header) {
  std::string guard = "ARR_";
  for (char c : llvm::sys::path::filename(header).str())
    guard += std::isalnum(static_cast<unsigned char>(c)) ? char(std::toupper(c)) : '_';
  return guard;
}

/// Where -c (--shared) writes without -o: the input's name with .o (.so), in
/// the current directory.
std::string defaultOutputPath(const std::string& input, const char* extension) {
  llvm::SmallString<256> path(llvm::sys::path::filename(input));
  llvm::sys::path::replace_extension(path, extension);
  return std::string(path);
}

} // namespace

/// Whether the options ask for an executable (and not another artifact).
bool wantsExecutable(const Options& options) {
  return options.output && !options.objectOnly && !options.emitLlvm && !options.sharedLibrary;
}

bool needsLlvm(const Options& options) {
  return (options.output && !options.interpret) || options.objectOnly || options.emitLlvm ||
         options.sharedLibrary || wantsDump(options, "llvm");
}

std::unique_ptr<llvm::Module> generateLlvm(const Options& options, const loops::Program& loops,
                                           llvm::LLVMContext& context) {
  bool executable = wantsExecutable(options);
  codegen::TargetOptions target{options.optLevel, options.targetCpu};
  std::vector<codegen::EntryInterface> entries;
  for (const loops::Function& function : loops.functions)
    entries.push_back({function.name, runtime::encodeSignature(function.signature)});
  std::unique_ptr<llvm::Module> module =
      codegen::generateModule(loops, entries, executable, target, context);
  if (options.sharedLibrary) codegen::addDescribeFunction(*module, codegen::describeEntries(loops));
  codegen::optimiseModule(*module, target);
  return module;
}

void emitArtifacts(const Options& options, const loops::Program& loops, llvm::Module& module) {
  bool executable = wantsExecutable(options);
  codegen::TargetOptions target{options.optLevel, options.targetCpu};
  try {
    if (options.emitLlvm) {
      std::string text = codegen::printModule(module);
      if (options.output)
        writeText(*options.output, text);
      else if (!wantsDump(options, "llvm"))
        std::cout << text;
      return;
    }
    if (options.objectOnly) {
      codegen::requireDistinctCNames(loops);
      std::string object = options.output.value_or(defaultOutputPath(options.input, "o"));
      codegen::writeObject(module, target, object);
      std::string header = headerPath(object);
      writeText(header, codegen::cHeader(loops, includeGuard(header)));
      return;
    }
    if (options.sharedLibrary) {
      codegen::requireDistinctCNames(loops);
      codegen::writeSharedLibrary(module, target,
                                  options.output.value_or(defaultOutputPath(options.input, "so")));
      return;
    }
    if (!executable) return;
    llvm::SmallString<256> object;
    if (std::error_code error = llvm::sys::fs::createTemporaryFile("arrc", "o", object))
      throw std::runtime_error("cannot create a temporary file: " + error.message());
    struct Remove {
      std::string path;
      ~Remove() { llvm::sys::fs::remove(path); }
    } remove{std::string(object)};
    codegen::writeObject(module, target, std::string(object));
    codegen::linkExecutable(std::string(object), *options.output);
  } catch (const std::runtime_error& error) {
    // Unwritable outputs, failed links, unknown CPUs: the user's to fix.
    throw UserError(error.what());
  }
}

} // namespace arr::driver
