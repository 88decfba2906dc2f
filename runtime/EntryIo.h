// Running an entry point from the command line, the part shared by
// `arrc --interpret` and the `main` of executables: choosing the entry point,
// reading its inputs (files, or text on standard input) and printing or
// saving its results (LANGUAGE.md §9, "The executable").

#pragma once

#include "runtime/ArrayValue.h"
#include "runtime/Signature.h"

#include <string>
#include <vector>

namespace arr::runtime {

/// The index in `names` of the entry point to run: the one named `wanted`,
/// else `main`, else the only one. Throws IoError listing the entry points
/// when that does not decide.
size_t selectEntry(const std::vector<std::string>& names, const std::string& wanted);

/// The inputs of entry point `entryName`: one per flattened parameter, read
/// from `files` in order (an .npy file holds one value; a text file holds one or
/// more consecutive values: one parameter, a whole tuple parameter, or all of
/// them), or with no files as text from `standardInput` in parameter order.
/// Throws IoError naming the parameter, with the parameter list when the count
/// is wrong.
std::vector<ArrayValue> readInputs(const std::string& entryName, const Signature& signature,
                                   const std::vector<std::string>& files,
                                   const std::string& standardInput);

/// Reads standard input only when `files` is empty and the entry has parameters (and then
/// all of it).
std::vector<ArrayValue> readInputs(const std::string& entryName, const Signature& signature,
                                   const std::vector<std::string>& files);

/// Prints the results on standard output, one per line, when `output` is
/// empty; otherwise writes `output` as .npy, or for several results
/// OUT_0.npy, OUT_1.npy, ... (OUT being `output` without ".npy").
void writeResults(const std::vector<ArrayValue>& results, const std::string& output);

/// Throws the IoError that writeResults would for `count` results written to `output`
/// (a read-only target, a directory), so that a long computation is not lost to it.
void checkResultsWritable(size_t count, const std::string& output);

} // namespace arr::runtime
