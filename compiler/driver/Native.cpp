#include "driver/Native.h"

#include "codegen/Artifacts.h"
#include "codegen/CodeGen.h"
#include "ir/EntrySignature.h"
#include "runtime/Files.h"

#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
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

/// Where -c writes without -o: the input's name with .o, in the current directory.
std::string defaultObjectPath(const std::string& input) {
  llvm::SmallString<256> path(llvm::sys::path::filename(input));
  llvm::sys::path::replace_extension(path, "o");
  return std::string(path);
}

} // namespace

bool exportableEntries(const sema::CheckedProgram& program, Diagnostics& diags) {
  std::vector<std::string> names;
  for (const sema::FunctionInstance* entry : program.entries)
    names.push_back(entry->decl->name);
  auto problems = codegen::cNameProblems(names);
  for (const auto& [index, message] : problems)
    diags.error(program.entries[index]->decl->nameRange.begin, message);
  return problems.empty();
}

std::vector<std::string> outputFiles(const Options& options) {
  if (options.interpret || options.emitLlvm)
    return options.output ? std::vector<std::string>{*options.output} : std::vector<std::string>{};
  if (options.objectOnly) {
    std::string object = options.output.value_or(defaultObjectPath(options.input));
    return {object, headerPath(object)};
  }
  return options.output ? std::vector<std::string>{*options.output} : std::vector<std::string>{};
}

bool outputsSpareInputs(const Options& options, const SourceManager& sources, Diagnostics& diags) {
  namespace fs = std::filesystem;
  std::vector<std::string> outputs = outputFiles(options);
  // The same file, or the same path for files that do not exist yet.
  auto same = [](const std::string& a, const std::string& b) {
    std::error_code error;
    if (fs::equivalent(a, b, error)) return true;
    fs::path first = fs::weakly_canonical(a, error);
    if (error) return false;
    fs::path second = fs::weakly_canonical(b, error);
    return !error && first == second;
  };
  bool spared = true;
  if (options.objectOnly && !options.emitLlvm && !options.interpret &&
      same(outputs[0], outputs[1])) {
    diags.error({}, "the object file '" + outputs[0] +
                        "' and its header would be the same file; give the object file "
                        "another name, e.g. -o " +
                        std::string(llvm::sys::path::stem(outputs[0])) + ".o");
    spared = false;
  }
  for (const std::string& output : outputs)
    for (size_t file = 0; file < sources.fileCount(); ++file)
      if (same(output, sources.file(FileId(file)).path)) {
        diags.error({}, "the output '" + output + "' would overwrite the input file '" +
                            sources.file(FileId(file)).path + "'");
        spared = false;
      }
  return spared;
}

int buildNative(const Options& options, const core::Program& core, const loops::Program& loops) {
  bool executable = options.output && !options.objectOnly && !options.emitLlvm;
  if (!executable && !options.objectOnly && !options.emitLlvm && !wantsDump(options, "llvm"))
    return 0;
  codegen::TargetOptions target{options.optLevel, options.targetCpu};
  std::vector<codegen::EntryInterface> entries;
  for (const core::Entry& entry : core.entries)
    entries.push_back({entry.name, core::encodeSignature(entry)});
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module =
      codegen::generateModule(loops, entries, executable, target, context);
  codegen::optimiseModule(*module, target);
  if (startDump(options, "llvm")) std::cout << codegen::printModule(*module);
  if (!options.emitLlvm && !options.objectOnly && !executable) return 0;
  if (options.emitLlvm && !options.output) {
    if (!wantsDump(options, "llvm")) std::cout << codegen::printModule(*module);
    return 0;
  }
  // Every file under a temporary name first: a failure (a full disk, a failed link)
  // leaves none of the outputs half-written or out of step with the others.
  runtime::StagedOutputs staged;
  try {
    if (options.emitLlvm) {
      writeText(staged.add(*options.output), codegen::printModule(*module));
    } else if (options.objectOnly) {
      std::string object = options.output.value_or(defaultObjectPath(options.input));
      std::string header = headerPath(object);
      std::string stagedObject = staged.add(object);
      std::string stagedHeader = staged.add(header);
      codegen::writeObject(*module, target, stagedObject);
      writeText(stagedHeader, codegen::cHeader(core, includeGuard(header)));
    } else {
      llvm::SmallString<256> object;
      if (std::error_code error = llvm::sys::fs::createTemporaryFile("arrc", "o", object))
        throw std::runtime_error("cannot create a temporary file: " + error.message());
      struct Remove {
        std::string path;
        ~Remove() { llvm::sys::fs::remove(path); }
      } remove{std::string(object)};
      codegen::writeObject(*module, target, std::string(object));
      codegen::linkExecutable(std::string(object), staged.add(*options.output));
    }
    staged.commit();
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(staged.describe(error.what()));
  }
  return 0;
}

} // namespace arr::driver
