// The interpreter's side of running an entry point. Choosing the entry,
// reading the inputs and writing the results are the runtime's (EntryIo.h),
// shared with the main() of executables, so both behave and fail alike.

#include "driver/RunEntry.h"

#include "ir/EntrySignature.h"
#include "ir/Interpreter.h"
#include "loops/Interpreter.h"
#include "runtime/EntryIo.h"

#include <cmath>
#include <cstring>
#include <iostream>

namespace arr::driver {

const core::Entry& selectEntry(const core::Program& program, const std::string& name) {
  std::vector<std::string> names;
  for (const auto& entry : program.entries)
    names.push_back(entry.name);
  return program.entries[runtime::selectEntry(names, name)];
}

int interpretEntry(const core::Program& program, const RunRequest& request) {
  try {
    const core::Entry& entry = selectEntry(program, request.entry);
    runtime::Signature signature = core::describeEntry(entry).signature;
    std::vector<runtime::ArrayValue> inputs =
        runtime::readInputs(entry.name, signature, request.inputs);
    runtime::checkResultsWritable(signature.results.size(), request.output);
    std::vector<runtime::ArrayValue> results = interp::run(entry, inputs);
    runtime::writeResults(results, request.output);
    return 0;
  } catch (const std::runtime_error& error) { // InterpError and IoError alike
    std::cerr << "error: " << error.what() << "\n";
  }
  return 1;
}

LoopRun runLoops(const loops::Program& program, const RunRequest& request,
                 std::vector<runtime::ArrayValue>& inputs) {
  LoopRun run;
  try {
    std::vector<std::string> names;
    for (const loops::Function& function : program.functions)
      names.push_back(function.name);
    const loops::Function& function = program.functions[runtime::selectEntry(names, request.entry)];
    if (inputs.empty() && !function.params.empty())
      inputs = runtime::readInputs(function.name, function.signature, request.inputs);
    run.results = loops::interpret(function, inputs, &run.magnitudes);
  } catch (const runtime::IoError& error) {
    run.error = error.what();
  } catch (const loops::ProgramError& error) {
    run.error = error.what();
  }
  return run;
}

int interpretLoops(const loops::Program& program, const RunRequest& request, bool tolerances) {
  std::vector<runtime::ArrayValue> inputs;
  LoopRun run = runLoops(program, request, inputs);
  try {
    if (run.error.empty()) {
      runtime::writeResults(tolerances ? toleranceOf(run.magnitudes) : run.results, request.output);
      return 0;
    }
  } catch (const std::runtime_error& error) {
    run.error = error.what();
  }
  std::cerr << "error: " << run.error << "\n";
  return 1;
}

std::vector<runtime::ArrayValue> toleranceOf(const std::vector<runtime::ArrayValue>& magnitudes) {
  std::vector<runtime::ArrayValue> tolerances = magnitudes;
  for (runtime::ArrayValue& tolerance : tolerances) {
    if (tolerance.dtype == runtime::Dtype::F64) {
      for (int64_t i = 0; i < tolerance.elementCount(); ++i)
        tolerance.data<double>()[i] *= loops::floatTolerance(Elem::F64);
    } else if (tolerance.dtype == runtime::Dtype::F32) {
      for (int64_t i = 0; i < tolerance.elementCount(); ++i)
        tolerance.data<float>()[i] *= float(loops::floatTolerance(Elem::F32));
    }
  }
  return tolerances;
}

namespace {

double elementAsDouble(const runtime::ArrayValue& array, int64_t i) {
  switch (array.dtype) {
  case runtime::Dtype::F64:
    return array.data<double>()[i];
  case runtime::Dtype::F32:
    return array.data<float>()[i];
  case runtime::Dtype::I64:
    return double(array.data<int64_t>()[i]);
  case runtime::Dtype::Bool:
    return array.data<bool>()[i];
  }
  return 0;
}

} // namespace

std::string compareLoopRuns(const LoopRun& reference, const LoopRun& run, bool exact) {
  if (reference.results.size() != run.results.size()) return "another number of results";
  for (size_t r = 0; r < run.results.size(); ++r) {
    const runtime::ArrayValue& expected = reference.results[r];
    const runtime::ArrayValue& actual = run.results[r];
    if (expected.dtype != actual.dtype || expected.shape != actual.shape)
      return "result " + std::to_string(r) + " has another type or shape";
    if (expected == actual) continue;
    bool isFloat = expected.dtype == runtime::Dtype::F64 || expected.dtype == runtime::Dtype::F32;
    double tolerance =
        loops::floatTolerance(expected.dtype == runtime::Dtype::F32 ? Elem::F32 : Elem::F64);
    for (int64_t i = 0; i < expected.elementCount(); ++i) {
      double x = elementAsDouble(expected, i), y = elementAsDouble(actual, i);
      bool same = std::memcmp(&x, &y, sizeof x) == 0 || (std::isnan(x) && std::isnan(y));
      if (!same && !exact && isFloat) {
        double scale = std::max(elementAsDouble(reference.magnitudes[r], i),
                                elementAsDouble(run.magnitudes[r], i));
        same = x == y || !std::isfinite(scale) || std::fabs(x - y) <= tolerance * scale;
      }
      if (!same)
        return "result " + std::to_string(r) + ", element " + std::to_string(i) + ": " +
               std::to_string(x) + " became " + std::to_string(y);
    }
  }
  return "";
}

} // namespace arr::driver
