#include "driver/Native.h"

#include "codegen/Artifacts.h"
#include "codegen/CodeGen.h"
#include "codegen/Description.h"
#include "codegen/SharedLibrary.h"
#include "driver/PassManager.h"
#include "runtime/Files.h"

#include <llvm/ADT/SmallString.h>
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

/// Where -c (--shared) writes without -o: the input's name with .o (.so), in
/// the current directory.
std::string defaultOutputPath(const std::string& input, const char* extension) {
  llvm::SmallString<256> path(llvm::sys::path::filename(input));
  llvm::sys::path::replace_extension(path, extension);
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
  if (options.sharedLibrary && !options.interpret)
    return {options.output.value_or(defaultOutputPath(options.input, "so"))};
  if (options.interpret || options.emitLlvm)
    return options.output ? std::vector<std::string>{*options.output} : std::vector<std::string>{};
  if (options.objectOnly) {
    std::string object = options.output.value_or(defaultOutputPath(options.input, "o"));
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
  codegen::TargetOptions target{options.optLevel, options.targetCpu, options.segmentSize};
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
  codegen::TargetOptions target{options.optLevel, options.targetCpu, options.segmentSize};
  if (options.emitLlvm && !options.output) {
    if (!wantsDump(options, "llvm")) std::cout << codegen::printModule(module);
    return;
  }
  if (!options.emitLlvm && !options.objectOnly && !options.sharedLibrary && !executable) return;
  // Every file under a temporary name first: a failure (a full disk, a failed link)
  // leaves none of the outputs half-written or out of step with the others.
  runtime::StagedOutputs staged;
  try {
    if (options.emitLlvm) {
      writeText(staged.add(*options.output), codegen::printModule(module));
    } else if (options.objectOnly) {
      std::string object = options.output.value_or(defaultOutputPath(options.input, "o"));
      std::string header = headerPath(object);
      std::string stagedObject = staged.add(object);
      std::string stagedHeader = staged.add(header);
      codegen::writeObject(module, target, stagedObject);
      writeText(stagedHeader, codegen::cHeader(loops, includeGuard(header)));
    } else if (options.sharedLibrary) {
      std::string library = options.output.value_or(defaultOutputPath(options.input, "so"));
      codegen::writeSharedLibrary(module, target, staged.add(library, true));
    } else {
      // Checked before the work: an output that may not be written fails at once.
      std::string executable = staged.add(*options.output, true);
      runtime::TemporaryFile object("arrc", "o");
      codegen::writeObject(module, target, object.path());
      codegen::linkExecutable(object.path(), executable);
    }
    staged.commit();
  } catch (const std::runtime_error& error) {
    // Unwritable outputs, failed links: the user's to fix.
    throw UserError(staged.describe(error.what()));
  }
}

} // namespace arr::driver
