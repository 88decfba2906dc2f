#pragma once
// A program is its main file, the files it imports (transitively) and the prelude.
// Each module has its own top-level scope: its declarations, then those of the
// files it imports directly, then the prelude's.

#include "frontend/Ast.h"
#include "frontend/Diagnostics.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arr::sema {

struct ModuleInfo {
  ast::Module ast;
  std::vector<const ModuleInfo*> imports;
  std::map<std::string, const ast::Decl*> decls; // own top-level declarations
  bool isPrelude = false;
  bool isMain = false;
};

struct TopLevel {
  const ast::Decl* decl = nullptr;
  const ModuleInfo* module = nullptr;
};

struct Program {
  std::vector<std::unique_ptr<ModuleInfo>> modules; // the main module first
  ModuleInfo* main = nullptr;
  ModuleInfo* prelude = nullptr; // null when the stdlib has no prelude

  /// Resolves a top-level name as seen from `from`.
  std::optional<TopLevel> lookup(const ModuleInfo& from, const std::string& name) const;
};

/// Reads and parses `path`, everything it imports and the prelude (`stdlibDir/prelude.arr`).
/// Reports unreadable files, missing imports, syntax errors and duplicate or built-in
/// names; returns null when any was found.
std::unique_ptr<Program> loadProgram(SourceManager& sources, const std::string& path,
                                     const std::string& stdlibDir, Diagnostics& diags);

/// Reads a whole file; std::nullopt with a reason when it cannot.
std::optional<std::string> readFile(const std::string& path, std::string& reason);
/// The largest source file readFile accepts. Compiling takes a few hundred bytes of memory
/// per byte of source, and a device or a pipe may never end.
constexpr size_t kMaxSourceBytes = size_t(16) << 20;

} // namespace arr::sema
