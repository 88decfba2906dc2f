// Binding an entry point's size variables from the shapes of its arguments,
// with messages that name the parameters involved and their shapes.

#include "ir/Interpreter.h"

#include "ir/InterpreterOps.h"

#include <optional>

namespace arr::interp {

namespace {

using core::Dim;
using ops::dtypeOf;
using runtime::ArrayValue;

/// Names the flattened parameters after their source parameters, component c
/// of a tuple parameter p as "p.c" (as the driver does). Accepts paramNames
/// with one name per source parameter (expanded with paramComponents) or one
/// per flattened parameter; falls back to the variables' names.
std::vector<std::string> paramNames(const core::Entry& entry) {
  const auto& params = entry.function.params;
  std::vector<std::string> source(params.size());
  std::vector<size_t> component(params.size(), 0), components(params.size(), 1);
  size_t total = 0;
  for (size_t count : entry.paramComponents)
    total += count;
  bool grouped = total == params.size() && entry.paramComponents.size() == entry.paramNames.size();
  if (grouped) {
    size_t flat = 0;
    for (size_t p = 0; p < entry.paramNames.size(); ++p)
      for (size_t c = 0; c < entry.paramComponents[p]; ++c, ++flat) {
        source[flat] = entry.paramNames[p];
        component[flat] = c;
        components[flat] = entry.paramComponents[p];
      }
  } else {
    for (size_t i = 0; i < params.size(); ++i)
      source[i] = i < entry.paramNames.size() ? entry.paramNames[i] : params[i]->name;
  }
  std::vector<std::string> names;
  for (size_t i = 0; i < params.size(); ++i)
    names.push_back(components[i] > 1 ? source[i] + "." + std::to_string(component[i]) : source[i]);
  return names;
}

/// "[n,m+1]", the notation of runtime::formatShape.
std::string shapeText(const std::vector<Dim>& shape) {
  return "[" + sema::toString(shape) + "]";
}

bool allBound(const Dim& dim, const SizeValues& sizes) {
  for (uint32_t id : dim.variables())
    if (!sizes.count(id)) return false;
  return true;
}

enum class Solution { Solved, NoSolution, Unknown };

/// Solves dim(var) = target for the one unbound variable `var` of a dimension
/// linear in it, such as n+1 or 2*n (the other variables are bound). Unknown
/// when the dimension is not linear in var.
Solution solveLinear(const Dim& dim, uint32_t var, int64_t target, const SizeValues& sizes,
                     int64_t& value) {
  auto at = [&](int64_t x) { return dim.substitute({{var, Dim::constant(x)}}); };
  Dim rest = at(0);
  Dim slope = at(1) - rest;
  if (at(2) - rest != slope + slope) return Solution::Unknown;
  int64_t c = slope.evaluate(sizes);
  if (c == 0) return Solution::Unknown;
  int64_t difference = target - rest.evaluate(sizes);
  if (difference % c != 0 || difference / c < 0) return Solution::NoSolution;
  value = difference / c;
  return Solution::Solved;
}

class SizeBinder {
public:
  SizeBinder(const core::Entry& entry, const std::vector<ArrayValue>& args)
      : entry_(entry), args_(args), names_(paramNames(entry)) {
    for (const auto& var : entry.sizeVars)
      varNames_[var->id] = var->name;
  }

  SizeValues bind() {
    const auto& params = entry_.function.params;
    if (args_.size() != params.size())
      throw InterpError("entry '" + entry_.name + "' takes " + std::to_string(params.size()) +
                        " inputs, got " + std::to_string(args_.size()));
    for (size_t i = 0; i < params.size(); ++i)
      checkElementTypeAndRank(i);
    for (size_t i = 0; i < params.size(); ++i)
      bindPlainVariables(i);
    solveOtherDimensions();
    for (size_t i = 0; i < params.size(); ++i)
      checkShape(i);
    for (const auto& var : entry_.sizeVars)
      if (!sizes_.count(var->id))
        throw InterpError("cannot determine size " + var->name + " of entry '" + entry_.name +
                          "' from the shapes of its inputs");
    return sizes_;
  }

private:
  std::string quoted(size_t i) const { return "'" + names_[i] + "'"; }
  const core::Type& typeOf(size_t i) const { return entry_.function.params[i]->type; }

  void checkElementTypeAndRank(size_t i) {
    const core::Type& type = typeOf(i);
    const ArrayValue& arg = args_[i];
    if (arg.dtype != dtypeOf(type.elem) || arg.rank() != type.rank())
      throw InterpError("parameter " + quoted(i) + " must be " +
                        runtime::describeType(dtypeOf(type.elem), type.rank()) + ", got " +
                        runtime::describeType(arg.dtype, arg.rank()));
  }

  /// Dimensions that are a single size variable bind it directly.
  void bindPlainVariables(size_t i) {
    const core::Type& type = typeOf(i);
    for (size_t d = 0; d < type.rank(); ++d) {
      core::SizeVarP var = type.shape[d].asVariable();
      if (!var) continue;
      varNames_.try_emplace(var->id, var->name);
      int64_t extent = args_[i].shape[d];
      auto [bound, inserted] = sizes_.try_emplace(var->id, extent);
      if (inserted) {
        boundBy_[var->id] = i;
        continue;
      }
      if (bound->second == extent) continue;
      size_t first = boundBy_[var->id];
      if (first == i)
        throw InterpError("parameter " + quoted(i) + " must have shape " + shapeText(type.shape) +
                          ", got " + runtime::formatShape(args_[i].shape) +
                          ": its dimensions named " + var->name + " differ");
      throw InterpError("parameters " + quoted(first) + " and " + quoted(i) + " disagree on size " +
                        var->name + " (" + std::to_string(bound->second) + " vs " +
                        std::to_string(extent) + "): " + names_[first] + " has shape " +
                        runtime::formatShape(args_[first].shape) + " but " + names_[i] +
                        " has shape " + runtime::formatShape(args_[i].shape));
    }
  }

  /// Dimensions such as n+1 or 2*n bind their variable when it is the only
  /// unknown; repeated because one binding can make another dimension solvable.
  void solveOtherDimensions() {
    for (bool progress = true; progress;) {
      progress = false;
      for (size_t i = 0; i < args_.size(); ++i) {
        const core::Type& type = typeOf(i);
        for (size_t d = 0; d < type.rank(); ++d) {
          const Dim& dim = type.shape[d];
          std::vector<uint32_t> unknown;
          for (uint32_t id : dim.variables())
            if (!sizes_.count(id)) unknown.push_back(id);
          if (unknown.size() != 1) continue;
          int64_t value = 0;
          switch (solveLinear(dim, unknown[0], args_[i].shape[d], sizes_, value)) {
          case Solution::Solved:
            sizes_[unknown[0]] = value;
            boundBy_[unknown[0]] = i;
            progress = true;
            break;
          case Solution::NoSolution:
            throw shapeMismatch(i);
          case Solution::Unknown:
            break;
          }
        }
      }
    }
  }

  void checkShape(size_t i) {
    const core::Type& type = typeOf(i);
    for (size_t d = 0; d < type.rank(); ++d) {
      const Dim& dim = type.shape[d];
      if (!allBound(dim, sizes_))
        throw InterpError("cannot determine the sizes in dimension " + dim.toString() +
                          " of parameter " + quoted(i) + " from its shape " +
                          runtime::formatShape(args_[i].shape));
      if (dim.evaluate(sizes_) != args_[i].shape[d]) throw shapeMismatch(i);
    }
  }

  /// "parameter 'b' must have shape [n+1], got [5] (n = 3 from 'a')".
  InterpError shapeMismatch(size_t i) const {
    const core::Type& type = typeOf(i);
    std::string message = "parameter " + quoted(i) + " must have shape " + shapeText(type.shape) +
                          ", got " + runtime::formatShape(args_[i].shape);
    std::string notes;
    for (const auto& [id, value] : sizes_) {
      bool mentioned = false;
      for (const Dim& dim : type.shape)
        mentioned = mentioned || dim.variables().count(id);
      auto source = boundBy_.find(id);
      if (!mentioned || source == boundBy_.end() || source->second == i) continue;
      auto name = varNames_.find(id);
      notes += (notes.empty() ? "" : ", ") +
               (name != varNames_.end() ? name->second : "size " + std::to_string(id)) + " = " +
               std::to_string(value) + " from " + quoted(source->second);
    }
    return InterpError(notes.empty() ? message : message + " (" + notes + ")");
  }

  const core::Entry& entry_;
  const std::vector<ArrayValue>& args_;
  std::vector<std::string> names_;
  std::map<uint32_t, std::string> varNames_;
  SizeValues sizes_;
  std::map<uint32_t, size_t> boundBy_; // size variable → the parameter that fixed it
};

} // namespace

SizeValues bindSizes(const core::Entry& entry, const std::vector<ArrayValue>& args) {
  return SizeBinder(entry, args).bind();
}

} // namespace arr::interp
