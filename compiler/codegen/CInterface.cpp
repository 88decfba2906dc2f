#include "codegen/CInterface.h"

#include "codegen/CodeGen.h"

#include <set>
#include <stdexcept>

namespace arr::codegen {

namespace {

/// A C identifier for an Arr name ("p.0" → "p_0", "x'" → "x_q"), clear of C keywords.
std::string cIdentifier(const std::string& name) {
  static const std::set<std::string> keywords = {
      "auto",     "break",  "case",   "char",     "const",    "continue", "default",  "do",
      "double",   "else",   "enum",   "extern",   "float",    "for",      "goto",     "if",
      "inline",   "int",    "long",   "register", "restrict", "return",   "short",    "signed",
      "sizeof",   "static", "struct", "switch",   "typedef",  "union",    "unsigned", "void",
      "volatile", "while",  "bool",   "true",     "false",    "int64_t"};
  std::string identifier;
  for (char c : name)
    identifier += c == '.' ? std::string("_") : c == '\'' ? std::string("_q") : std::string(1, c);
  return keywords.count(identifier) ? identifier + "_" : identifier;
}

} // namespace

const char* cElementType(runtime::Dtype dtype) {
  switch (dtype) {
  case runtime::Dtype::F64:
    return "double";
  case runtime::Dtype::F32:
    return "float";
  case runtime::Dtype::I64:
    return "int64_t";
  case runtime::Dtype::Bool:
    return "bool";
  }
  return "void";
}

CEntry cEntry(const loops::Function& entry) {
  CEntry c;
  c.function = cName(entry.name);
  c.signature = entry.signature;
  if (c.signature.sizes.size() != entry.sizes.size())
    throw std::logic_error("entry " + entry.name +
                           ": its types mention size variables that are not its size arguments");
  using Role = CArgument::Role;
  std::set<std::string> taken;
  for (size_t i = 0; i < entry.sizes.size(); ++i) {
    c.arguments.push_back({Role::Size, i, cIdentifier(c.signature.sizes[i]), "int64_t"});
    taken.insert(c.arguments.back().name);
  }
  const auto& params = c.signature.params;
  for (size_t i = 0; i < params.size(); ++i) {
    std::string element = cElementType(params[i].type.dtype);
    c.arguments.push_back({Role::Param, i, cIdentifier(params[i].name),
                           params[i].type.rank() == 0 ? element : "const " + element + " *"});
    taken.insert(c.arguments.back().name);
  }
  const auto& results = c.signature.results;
  for (size_t i = 0; i < results.size(); ++i) {
    std::string name = "out" + std::to_string(i);
    while (taken.count(name))
      name += "_";
    c.arguments.push_back(
        {Role::Result, i, name, std::string(cElementType(results[i].dtype)) + " *"});
  }
  return c;
}

} // namespace arr::codegen
