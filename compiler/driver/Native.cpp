#include "driver/Native.h"

#include "codegen/Artifacts.h"
#include "codegen/CodeGen.h"
#include "codegen/Description.h"
#include "codegen/SharedLibrary.h"
#include "ir/EntrySignature.h"

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

int buildNative(const Options& options, const core::Program& core, const loops::Program& loops) {
  bool executable =
      options.output && !options.objectOnly && !options.emitLlvm && !options.sharedLibrary;
  if (!executable && !options.objectOnly && !options.emitLlvm && !options.sharedLibrary &&
      !wantsDump(options, "llvm"))
    return 0;
  codegen::TargetOptions target{options.optLevel, options.targetCpu};
  std::vector<codegen::EntryInterface> entries;
  for (const core::Entry& entry : core.entries)
    entries.push_back({entry.name, core::encodeSignature(entry)});
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      codegen::generateModule(loops, entries, executable, target, context);
  if (options.sharedLibrary) codegen::addDescribeFunction(*module, codegen::describeEntries(core));
  codegen::optimiseModule(*module, target);
  if (startDump(options, "llvm")) std::cout << codegen::printModule(*module);
  if (options.emitLlvm) {
    std::string text = codegen::printModule(*module);
    if (options.output)
      writeText(*options.output, text);
    else if (!wantsDump(options, "llvm"))
      std::cout << text;
    return 0;
  }
  if (options.objectOnly) {
    codegen::requireDistinctCNames(core);
    std::string object = options.output.value_or(defaultOutputPath(options.input, "o"));
    codegen::writeObject(*module, target, object);
    std::string header = headerPath(object);
    writeText(header, codegen::cHeader(core, includeGuard(header)));
    return 0;
  }
  if (options.sharedLibrary) {
    codegen::requireDistinctCNames(core);
    codegen::writeSharedLibrary(*module, target,
                                options.output.value_or(defaultOutputPath(options.input, "so")));
    return 0;
  }
  if (!executable) return 0;
  llvm::SmallString<256> object;
  if (std::error_code error = llvm::sys::fs::createTemporaryFile("arrc", "o", object))
    throw std::runtime_error("cannot create a temporary file: " + error.message());
  struct Remove {
    std::string path;
    ~Remove() { llvm::sys::fs::remove(path); }
  } remove{std::string(object)};
  codegen::writeObject(*module, target, std::string(object));
  codegen::linkExecutable(std::string(object), *options.output);
  return 0;
}

} // namespace arr::driver
