#pragma once
// The parser's entry point: source text to surface AST (LANGUAGE.md sections 2 to 5).

#include "frontend/Ast.h"
#include "frontend/Diagnostics.h"
#include "frontend/Source.h"

#include <optional>

namespace arr {

/// Parses one source file already added to `sources`. Syntax errors go to `diags`
/// (all of them that ANTLR's recovery finds, each at its offending token). Returns the
/// module when there was no syntax error, std::nullopt otherwise.
///
/// Never throws. Rejects invalid UTF-8, bracket nesting deeper than 50,000 and expression
/// nesting deeper than 100,000 levels with a diagnostic; deep inputs need a large stack
/// (the driver parses on a thread with a 1 GiB stack).
std::optional<ast::Module> parseModule(const SourceManager& sources, FileId file,
                                       Diagnostics& diags);

} // namespace arr
