#include "sema/Modules.h"

#include "frontend/Parser.h"
#include "sema/Builtins.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace arr::sema {

namespace fs = std::filesystem;

std::optional<std::string> readFile(const std::string& path, std::string& reason) {
  std::error_code error;
  if (fs::is_directory(path, error)) {
    reason = "is a directory";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    reason = std::strerror(errno);
    return std::nullopt;
  }
  // Read in pieces up to the limit: the path may be a device or a pipe that never ends
  // (/dev/zero).
  std::string text;
  char piece[1 << 16];
  while (in.read(piece, sizeof piece) || in.gcount() > 0) {
    text.append(piece, size_t(in.gcount()));
    if (text.size() > kMaxSourceBytes) {
      reason = "larger than " + std::to_string(kMaxSourceBytes >> 20) +
               " MiB, the largest source file arrc reads";
      return std::nullopt;
    }
  }
  if (in.bad()) {
    reason = "read error";
    return std::nullopt;
  }
  return text;
}

std::optional<TopLevel> Program::lookup(const ModuleInfo& from, const std::string& name) const {
  if (auto own = from.decls.find(name); own != from.decls.end())
    return TopLevel{own->second, &from};
  for (const ModuleInfo* imported : from.imports)
    if (auto it = imported->decls.find(name); it != imported->decls.end())
      return TopLevel{it->second, imported};
  if (prelude && &from != prelude)
    if (auto it = prelude->decls.find(name); it != prelude->decls.end())
      return TopLevel{it->second, prelude};
  return std::nullopt;
}

namespace {

class Loader {
public:
  Loader(SourceManager& sources, std::string stdlibDir, Diagnostics& diags)
      : sources_(sources), stdlibDir_(std::move(stdlibDir)), diags_(diags) {}

  std::unique_ptr<Program> load(const std::string& path) {
    program_ = std::make_unique<Program>();
    std::string reason;
    auto text = readFile(path, reason);
    if (!text) {
      diags_.error({}, "cannot read '" + path + "': " + reason);
      return nullptr;
    }
    ModuleInfo* main = parse(path, std::move(*text));
    if (!main) return nullptr;
    main->isMain = true;
    program_->main = main;
    std::string preludePath = (fs::path(stdlibDir_) / "prelude.arr").string();
    if (fs::exists(preludePath) && canonical(preludePath) != canonical(path)) {
      auto preludeText = readFile(preludePath, reason);
      if (!preludeText) {
        diags_.error({}, "cannot read the prelude '" + preludePath + "': " + reason);
        return nullptr;
      }
      program_->prelude = parse(preludePath, std::move(*preludeText));
      if (program_->prelude) program_->prelude->isPrelude = true;
    }
    resolveImports(main, path);
    if (diags_.hasErrors()) return nullptr;
    return std::move(program_);
  }

private:
  static std::string canonical(const std::string& path) {
    std::error_code error;
    fs::path result = fs::weakly_canonical(path, error);
    return error ? path : result.string();
  }

  ModuleInfo* parse(const std::string& path, std::string text) {
    FileId file = sources_.addFile(path, std::move(text));
    auto parsed = parseModule(sources_, file, diags_);
    if (!parsed) return nullptr;
    auto module = std::make_unique<ModuleInfo>();
    module->ast = std::move(*parsed);
    collectDecls(*module);
    loaded_[canonical(path)] = module.get();
    program_->modules.push_back(std::move(module));
    return program_->modules.back().get();
  }

  void collectDecls(ModuleInfo& module) {
    for (const ast::Decl& decl : module.ast.decls) {
      if (decl.kind == ast::Decl::Kind::Import) continue;
      if (isBuiltinName(decl.name)) {
        diags_.error(decl.nameRange.begin, "cannot redefine built-in '" + decl.name + "'");
        continue;
      }
      auto [it, inserted] = module.decls.emplace(decl.name, &decl);
      if (!inserted) {
        diags_.report(CompileError(decl.nameRange.begin, "redefinition of '" + decl.name + "'",
                                   {{it->second->nameRange.begin, "previous definition is here"}}));
      }
    }
  }

  // Breadth-first over the import graph; each file is loaded once however often
  // it is imported, so import cycles terminate.
  void resolveImports(ModuleInfo* root, const std::string& rootPath) {
    std::vector<std::pair<ModuleInfo*, std::string>> pending{{root, rootPath}};
    if (program_->prelude) pending.emplace_back(program_->prelude, program_->prelude->ast.path);
    for (size_t next = 0; next < pending.size(); ++next) {
      auto [module, path] = pending[next];
      for (const ast::Decl& decl : module->ast.decls) {
        if (decl.kind != ast::Decl::Kind::Import) continue;
        std::string problem;
        std::string found = findImport(decl.importPath, fs::path(path).parent_path(), problem);
        if (found.empty()) {
          diags_.error(decl.nameRange.begin,
                       problem.empty() ? "cannot find import '" + decl.importPath + "'"
                                       : "cannot import '" + decl.importPath + "': " + problem);
          continue;
        }
        ModuleInfo* imported = nullptr;
        if (auto it = loaded_.find(canonical(found)); it != loaded_.end()) {
          imported = it->second;
        } else {
          std::string reason;
          auto text = readFile(found, reason);
          if (!text) {
            diags_.error(decl.nameRange.begin,
                         "cannot read import '" + decl.importPath + "': " + reason);
            continue;
          }
          imported = parse(found, std::move(*text));
          if (!imported) continue;
          pending.emplace_back(imported, found);
        }
        if (imported != module) module->imports.push_back(imported);
      }
    }
  }

  /// The first regular file among the candidates, else "" with `problem` saying what the
  /// first existing candidate is instead (nothing when none exists). Devices and pipes
  /// are never opened: /dev/zero would be read without end.
  std::string findImport(const std::string& name, const fs::path& importerDir,
                         std::string& problem) const {
    std::error_code error;
    for (const fs::path& candidate : {importerDir / name, fs::path(stdlibDir_) / name}) {
      fs::file_status status = fs::status(candidate, error);
      if (fs::is_regular_file(status)) return candidate.string();
      if (!problem.empty() || !fs::exists(status)) continue;
      problem = candidate.string() +
                (fs::is_directory(status) ? " is a directory" : " is not a regular file");
    }
    return "";
  }

  SourceManager& sources_;
  std::string stdlibDir_;
  Diagnostics& diags_;
  std::unique_ptr<Program> program_;
  std::map<std::string, ModuleInfo*> loaded_;
};

} // namespace

std::unique_ptr<Program> loadProgram(SourceManager& sources, const std::string& path,
                                     const std::string& stdlibDir, Diagnostics& diags) {
  return Loader(sources, stdlibDir, diags).load(path);
}

} // namespace arr::sema
