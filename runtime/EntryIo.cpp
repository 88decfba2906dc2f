#include "runtime/EntryIo.h"

#include "runtime/Files.h"
#include "runtime/Npy.h"
#include "runtime/ReadInput.h"
#include "runtime/TextFormat.h"
#include "runtime/TextReader.h"

#include <iostream>
#include <optional>

namespace arr::runtime {

size_t selectEntry(const std::vector<std::string>& names, const std::string& wanted) {
  std::string list;
  for (const std::string& name : names)
    list += (list.empty() ? "" : ", ") + name;
  if (names.empty()) throw IoError("the program has no entry point");
  const std::string target = wanted.empty() ? "main" : wanted;
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == target) return i;
  if (wanted.empty() && names.size() == 1) return 0;
  if (wanted.empty())
    throw IoError("the program has several entry points (" + list +
                  "); choose one with --entry NAME");
  throw IoError("no entry point named '" + wanted + "' (the entry points are " + list + ")");
}

namespace {

std::string describeInputs(const std::string& entryName, const Signature& signature) {
  const size_t count = signature.params.size();
  return "entry '" + entryName + "' takes " + std::to_string(count) + " input" +
         (count == 1 ? "" : "s") + " (" + formatParams(signature) + ")";
}

/// The values of INPUT files in order: an .npy file holds one value, a text file one or more
/// consecutive values (one per file, a whole tuple parameter, or all the inputs).
class InputFiles {
public:
  explicit InputFiles(const std::vector<std::string>& files) : files_(files) {}

  /// Throws when the files hold no further value.
  ArrayValue next(Dtype dtype, size_t rank) {
    while (!text_ || text_->atEnd()) {
      text_.reset();
      if (next_ == files_.size()) throw IoError("the input files hold no further value");
      const std::string& path = files_[next_++];
      InputFile file(path);
      if (isNpyInput(file)) return readNpyInput(file, dtype, rank);
      text_.emplace(readWholeFile(file), path);
      if (text_->atEnd()) throw IoError(path + ": the file holds no value");
    }
    return text_->readValue(dtype, rank);
  }

  /// Whether every file has been read to its end.
  bool finished() { return next_ == files_.size() && (!text_ || text_->atEnd()); }

  /// Throws when the text file read last holds more values.
  void expectEndOfText() {
    if (text_) text_->expectEnd();
  }

private:
  const std::vector<std::string>& files_;
  size_t next_ = 0;
  std::optional<TextReader> text_;
};

} // namespace

std::vector<ArrayValue> readInputs(const std::string& entryName, const Signature& signature,
                                   const std::vector<std::string>& files,
                                   const std::string& standardInput) {
  const auto& params = signature.params;
  std::vector<ArrayValue> values;
  if (!files.empty()) {
    if (files.size() > params.size())
      throw IoError(describeInputs(entryName, signature) + " but " + std::to_string(files.size()) +
                    " were given");
    InputFiles inputs(files);
    for (size_t i = 0; i < params.size(); ++i) {
      try {
        values.push_back(inputs.next(params[i].type.dtype, params[i].type.rank()));
      } catch (const IoError& error) {
        throw IoError("parameter '" + params[i].name + "': " + error.what() +
                      (inputs.finished()
                           ? " (" + describeInputs(entryName, signature) + ", " +
                                 std::to_string(files.size()) +
                                 (files.size() == 1 ? " file was" : " files were") + " given)"
                           : ""));
      }
    }
    if (!params.empty()) {
      try {
        inputs.expectEndOfText();
      } catch (const IoError& error) {
        throw IoError("parameter '" + params.back().name + "': " + error.what());
      }
    }
    if (!inputs.finished())
      throw IoError("too many inputs for entry '" + entryName + "' (" + formatParams(signature) +
                    "): the input files hold more values");
    return values;
  }
  TextReader reader(standardInput, "<stdin>");
  for (size_t i = 0; i < params.size(); ++i) {
    try {
      if (reader.atEnd())
        throw IoError("standard input ended; expected a value of type " +
                      formatType(params[i].type, signature.sizes));
      values.push_back(reader.readValue(params[i].type.dtype, params[i].type.rank()));
    } catch (const IoError& error) {
      throw IoError("parameter '" + params[i].name + "': " + error.what());
    }
  }
  try {
    reader.expectEnd();
  } catch (const IoError& error) {
    throw IoError("too many inputs for entry '" + entryName + "' (" + formatParams(signature) +
                  "): " + error.what());
  }
  return values;
}

std::vector<ArrayValue> readInputs(const std::string& entryName, const Signature& signature,
                                   const std::vector<std::string>& files) {
  // An entry without parameters does not wait for standard input.
  bool fromStandardInput = files.empty() && !signature.params.empty();
  return readInputs(entryName, signature, files, fromStandardInput ? readStandardInput() : "");
}

namespace {

/// The files that `count` results are written to with -o `output`.
std::vector<std::string> resultPaths(size_t count, const std::string& output) {
  if (count == 1) return {output};
  std::string stem = output;
  if (stem.size() > 4 && stem.compare(stem.size() - 4, 4, ".npy") == 0)
    stem.resize(stem.size() - 4);
  std::vector<std::string> paths;
  for (size_t i = 0; i < count; ++i)
    paths.push_back(stem + "_" + std::to_string(i) + ".npy");
  return paths;
}

} // namespace

void checkResultsWritable(size_t count, const std::string& output) {
  if (output.empty()) return;
  StagedOutputs staged; // its temporaries are removed when it goes
  try {
    for (const std::string& path : resultPaths(count, output))
      staged.add(path);
  } catch (const IoError& error) {
    throw IoError(staged.describe(error.what()));
  }
}

void writeResults(const std::vector<ArrayValue>& results, const std::string& output) {
  if (output.empty()) {
    for (const auto& result : results)
      std::cout << formatValue(result) << "\n";
    return;
  }
  std::vector<std::string> paths = resultPaths(results.size(), output);
  // All the files or none: a component that cannot be written leaves the others as they were.
  StagedOutputs staged;
  try {
    std::vector<std::string> temporaries;
    for (const std::string& path : paths)
      temporaries.push_back(staged.add(path));
    for (size_t i = 0; i < results.size(); ++i)
      writeNpy(temporaries[i], results[i]);
    staged.commit();
  } catch (const IoError& error) {
    throw IoError(staged.describe(error.what()));
  }
}

} // namespace arr::runtime
