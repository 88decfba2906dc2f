#include "codegen/Description.h"

#include "codegen/CInterface.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <cstdio>
#include <sstream>

namespace arr::codegen {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned char>(c));
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string shapeJson(const runtime::SignatureType& type) {
  std::string out = "[";
  for (size_t d = 0; d < type.shape.size(); ++d) {
    out += d ? ", [" : "[";
    const auto& terms = type.shape[d].terms;
    for (size_t t = 0; t < terms.size(); ++t) {
      out += (t ? ", [" : "[") + std::to_string(terms[t].coefficient) + ", [";
      for (size_t v = 0; v < terms[t].variables.size(); ++v)
        out += (v ? ", " : "") + std::to_string(terms[t].variables[v]);
      out += "]]";
    }
    out += "]";
  }
  return out + "]";
}

size_t leafCount(const TupleNesting& nesting) {
  if (nesting.isLeaf()) return 1;
  size_t count = 0;
  for (const auto& component : nesting.components)
    count += leafCount(component);
  return count;
}

/// `count` components as one value: a leaf, or a flat tuple. For entries that
/// carry no nesting (made by tests rather than by lowering).
TupleNesting flat(size_t count) {
  TupleNesting nesting;
  if (count != 1) nesting.components.resize(count);
  return nesting;
}

/// The source-level type and the NESTING of a value whose flattened
/// components start at `next` (advanced past them).
void describeValue(const TupleNesting& nesting, const std::vector<std::string>& types, size_t& next,
                   std::string& type, std::string& json) {
  if (nesting.isLeaf()) {
    type += types.at(next);
    json += std::to_string(next++);
    return;
  }
  type += "(";
  json += "[";
  for (size_t i = 0; i < nesting.components.size(); ++i) {
    type += i ? ", " : "";
    json += i ? ", " : "";
    describeValue(nesting.components[i], types, next, type, json);
  }
  type += ")";
  json += "]";
}

const char* roleName(CArgument::Role role) {
  switch (role) {
  case CArgument::Role::Size:
    return "size";
  case CArgument::Role::Param:
    return "param";
  case CArgument::Role::Result:
    return "result";
  }
  return "?";
}

std::string entryJson(const loops::Function& entry) {
  CEntry c = cEntry(entry);
  const runtime::Signature& signature = c.signature;
  const SourceInterface& source = entry.source;
  std::vector<std::string> paramTypes, resultTypes;
  for (const runtime::SignatureParam& param : signature.params)
    paramTypes.push_back(runtime::formatType(param.type, signature.sizes));
  for (const runtime::SignatureType& result : signature.results)
    resultTypes.push_back(runtime::formatType(result, signature.sizes));

  std::ostringstream out;
  out << "{\"name\": " << quoted(entry.name) << ", \"function\": " << quoted(c.function);

  // Source parameters: their nesting, or one per flattened group of paramComponents.
  std::vector<TupleNesting> groups = source.paramNesting;
  size_t leaves = 0;
  for (const auto& group : groups)
    leaves += leafCount(group);
  if (groups.size() != source.paramNames.size() || leaves != paramTypes.size()) {
    groups.clear();
    for (size_t count : source.paramComponents)
      groups.push_back(flat(count));
  }
  std::string sourceParams, groupsJson;
  size_t next = 0;
  for (size_t p = 0; p < groups.size(); ++p) {
    std::string type, nesting;
    describeValue(groups[p], paramTypes, next, type, nesting);
    sourceParams += (p ? ", " : "") + source.paramNames[p] + ": " + type;
    groupsJson += std::string(p ? ", " : "") + "{\"name\": " + quoted(source.paramNames[p]) +
                  ", \"type\": " + quoted(type) + ", \"nesting\": " + nesting + "}";
  }
  TupleNesting resultNesting = source.resultNesting;
  if (leafCount(resultNesting) != resultTypes.size()) resultNesting = flat(resultTypes.size());
  std::string resultType, resultJson;
  next = 0;
  describeValue(resultNesting, resultTypes, next, resultType, resultJson);

  out << ", \"signature\": " << quoted("(" + sourceParams + ") -> " + resultType);
  out << ", \"sizes\": [";
  for (size_t i = 0; i < signature.sizes.size(); ++i)
    out << (i ? ", " : "") << quoted(signature.sizes[i]);
  out << "], \"params\": [";
  for (size_t i = 0; i < signature.params.size(); ++i) {
    const runtime::SignatureParam& param = signature.params[i];
    out << (i ? ", " : "") << "{\"name\": " << quoted(param.name)
        << ", \"type\": " << quoted(paramTypes[i])
        << ", \"dtype\": " << quoted(std::string(runtime::dtypeName(param.type.dtype)))
        << ", \"shape\": " << shapeJson(param.type) << "}";
  }
  out << "], \"param_groups\": [" << groupsJson << "], \"results\": [";
  for (size_t i = 0; i < signature.results.size(); ++i) {
    const runtime::SignatureType& result = signature.results[i];
    out << (i ? ", " : "") << "{\"type\": " << quoted(resultTypes[i])
        << ", \"dtype\": " << quoted(std::string(runtime::dtypeName(result.dtype)))
        << ", \"shape\": " << shapeJson(result) << "}";
  }
  out << "], \"result_type\": " << quoted(resultType) << ", \"result_nesting\": " << resultJson;
  out << ", \"arguments\": [";
  for (size_t i = 0; i < c.arguments.size(); ++i) {
    const CArgument& argument = c.arguments[i];
    out << (i ? ", " : "") << "{\"role\": " << quoted(roleName(argument.role))
        << ", \"index\": " << argument.index << ", \"name\": " << quoted(argument.name)
        << ", \"c_type\": " << quoted(argument.cType) << "}";
  }
  out << "]}";
  return out.str();
}

} // namespace

std::string describeEntries(const loops::Program& program) {
  std::string out = "{\"format\": 1, \"entries\": [";
  for (size_t i = 0; i < program.functions.size(); ++i)
    out += (i ? ",\n  " : "\n  ") + entryJson(program.functions[i]);
  return out + "]}\n";
}

void addDescribeFunction(llvm::Module& module, const std::string& description) {
  llvm::LLVMContext& context = module.getContext();
  llvm::Constant* text = llvm::ConstantDataArray::getString(context, description);
  auto* global = new llvm::GlobalVariable(
      module, text->getType(), true, llvm::GlobalValue::PrivateLinkage, text, "arr.description");
  auto* type = llvm::FunctionType::get(llvm::PointerType::getUnqual(context), false);
  llvm::Function* function =
      llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, "arrrt_describe", module);
  function->setDoesNotThrow();
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", function));
  builder.CreateRet(global);
}

} // namespace arr::codegen
