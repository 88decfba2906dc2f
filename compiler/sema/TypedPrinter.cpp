// `--dump-after=typecheck`: the main module with the type of every binding.

#include "sema/TypeChecker.h"

#include <map>

namespace arr::sema {

namespace {

struct TypeHooks : ast::PrintHooks {
  std::string afterBinding(const std::shared_ptr<const Type>& type) const override {
    return type ? ": " + toString(type) : "";
  }
};

std::string valueText(const ScalarValue& value) {
  if (auto* i = std::get_if<int64_t>(&value)) return std::to_string(*i);
  if (auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
  char buffer[64];
  snprintf(buffer, sizeof buffer, "%.17g", std::get<double>(value));
  std::string text = buffer;
  if (text.find_first_of(".eninf") == std::string::npos) text += ".0";
  return text;
}

std::string header(const FunctionInstance& inst) {
  const ast::Decl& decl = *inst.decl;
  std::string text = decl.kind == ast::Decl::Kind::Entry ? "entry " : "def ";
  text += decl.name;
  if (!inst.typeArgs.empty()) {
    text += "<";
    for (size_t i = 0; i < inst.typeArgs.size(); ++i)
      text += (i ? ", " : "") + inst.typeArgs[i].first + " = " + toString(inst.typeArgs[i].second);
    text += ">";
  }
  text += "(";
  for (size_t i = 0; i < decl.params.size(); ++i)
    text += (i ? ", " : "") + decl.params[i].name + ": " + toString(inst.paramTypes[i]);
  return text + "): " + toString(inst.resultType) + " =";
}

} // namespace

std::string printTypedProgram(const CheckedProgram& checked) {
  TypeHooks hooks;
  std::map<const ast::Decl*, std::vector<const FunctionInstance*>> instancesOf;
  for (const auto& inst : checked.instances)
    if (inst->checked) instancesOf[inst->decl].push_back(inst.get());
  std::string out;
  for (const ast::Decl& decl : checked.program->main->ast.decls) {
    if (!out.empty()) out += "\n";
    if (decl.kind == ast::Decl::Kind::Import) {
      out += "import \"" + decl.importPath + "\"\n";
      continue;
    }
    if (decl.kind == ast::Decl::Kind::Constant) {
      auto it = checked.constants.find(&decl);
      if (it == checked.constants.end() || !it->second->type) continue;
      const ConstantInfo& info = *it->second;
      out += "def " + decl.name + ": " + toString(info.type) + " = ";
      out +=
          info.overridden && info.value ? valueText(*info.value) : ast::toString(*info.body, hooks);
      out += "\n";
      continue;
    }
    bool printed = false;
    for (const FunctionInstance* inst : instancesOf[&decl]) {
      if (printed) out += "\n";
      out += header(*inst) + "\n  " + ast::toString(*inst->body, hooks, 1) + "\n";
      printed = true;
    }
    if (!printed && !decl.typeParams.empty())
      out += "-- " + decl.name + " is generic and never instantiated\n";
  }
  return out;
}

} // namespace arr::sema
