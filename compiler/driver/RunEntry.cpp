#include "driver/RunEntry.h"

#include "ir/Interpreter.h"
#include "runtime/Files.h"
#include "runtime/Npy.h"
#include "runtime/ReadInput.h"
#include "runtime/TextFormat.h"
#include "runtime/TextReader.h"

#include <iostream>

namespace arr::driver {

namespace {

runtime::Dtype dtypeOf(ast::ElemKind elem) {
  switch (elem) {
  case ast::ElemKind::F64:
    return runtime::Dtype::F64;
  case ast::ElemKind::F32:
    return runtime::Dtype::F32;
  case ast::ElemKind::I64:
    return runtime::Dtype::I64;
  case ast::ElemKind::Bool:
    return runtime::Dtype::Bool;
  }
  return runtime::Dtype::F64;
}

/// The source parameter name of each flattened parameter.
std::vector<std::string> componentNames(const core::Entry& entry) {
  std::vector<std::string> names;
  for (size_t i = 0; i < entry.paramNames.size(); ++i)
    for (size_t c = 0; c < entry.paramComponents[i]; ++c)
      names.push_back(entry.paramComponents[i] == 1
                          ? entry.paramNames[i]
                          : entry.paramNames[i] + "." + std::to_string(c));
  return names;
}

std::string signature(const core::Entry& entry) {
  std::vector<std::string> names = componentNames(entry);
  std::string text;
  for (size_t i = 0; i < names.size(); ++i)
    text += (i ? ", " : "") + names[i] + ": " + core::toString(entry.function.params[i]->type);
  return text;
}

std::vector<runtime::ArrayValue> readInputs(const core::Entry& entry, const RunRequest& request) {
  const auto& params = entry.function.params;
  std::vector<std::string> names = componentNames(entry);
  std::vector<runtime::ArrayValue> values;
  if (!request.inputs.empty()) {
    if (request.inputs.size() != params.size())
      throw std::runtime_error("entry '" + entry.name + "' takes " + std::to_string(params.size()) +
                               " input" + (params.size() == 1 ? "" : "s") + " (" +
                               signature(entry) + ") but " + std::to_string(request.inputs.size()) +
                               " were given");
    for (size_t i = 0; i < params.size(); ++i) {
      try {
        values.push_back(runtime::readInputFile(request.inputs[i], dtypeOf(params[i]->type.elem),
                                                params[i]->type.rank()));
      } catch (const runtime::IoError& error) {
        throw std::runtime_error("parameter '" + names[i] + "': " + error.what());
      }
    }
    return values;
  }
  runtime::TextReader reader(runtime::readStandardInput(), "<stdin>");
  for (size_t i = 0; i < params.size(); ++i) {
    try {
      if (reader.atEnd())
        throw runtime::IoError("standard input ended; expected a value of type " +
                               core::toString(params[i]->type));
      values.push_back(reader.readValue(dtypeOf(params[i]->type.elem), params[i]->type.rank()));
    } catch (const runtime::IoError& error) {
      throw std::runtime_error("parameter '" + names[i] + "': " + error.what());
    }
  }
  try {
    reader.expectEnd();
  } catch (const runtime::IoError& error) {
    throw std::runtime_error(std::string("too many inputs for entry '") + entry.name + "' (" +
                             signature(entry) + "): " + error.what());
  }
  return values;
}

void writeResults(const std::vector<runtime::ArrayValue>& results, const std::string& output) {
  if (output.empty()) {
    for (const auto& result : results)
      std::cout << runtime::formatValue(result) << "\n";
    return;
  }
  if (results.size() == 1) {
    runtime::writeNpy(output, results[0]);
    return;
  }
  std::string stem = output;
  if (stem.size() > 4 && stem.compare(stem.size() - 4, 4, ".npy") == 0)
    stem.resize(stem.size() - 4);
  for (size_t i = 0; i < results.size(); ++i)
    runtime::writeNpy(stem + "_" + std::to_string(i) + ".npy", results[i]);
}

} // namespace

const core::Entry& selectEntry(const core::Program& program, const std::string& name) {
  std::string names;
  for (const auto& entry : program.entries)
    names += (names.empty() ? "" : ", ") + entry.name;
  if (program.entries.empty()) throw std::runtime_error("the program has no entry point");
  const std::string wanted = name.empty() ? "main" : name;
  for (const auto& entry : program.entries)
    if (entry.name == wanted) return entry;
  if (name.empty() && program.entries.size() == 1) return program.entries[0];
  if (name.empty())
    throw std::runtime_error("the program has several entry points (" + names +
                             "); choose one with --entry NAME");
  throw std::runtime_error("no entry point named '" + name + "' (the entry points are " + names +
                           ")");
}

int interpretEntry(const core::Program& program, const RunRequest& request) {
  try {
    const core::Entry& entry = selectEntry(program, request.entry);
    std::vector<runtime::ArrayValue> inputs = readInputs(entry, request);
    std::vector<runtime::ArrayValue> results = interp::run(entry, inputs);
    writeResults(results, request.output);
    return 0;
  } catch (const interp::InterpError& error) {
    std::cerr << "error: " << error.what() << "\n";
  } catch (const runtime::IoError& error) {
    std::cerr << "error: " << error.what() << "\n";
  } catch (const std::runtime_error& error) {
    std::cerr << "error: " << error.what() << "\n";
  }
  return 1;
}

} // namespace arr::driver
