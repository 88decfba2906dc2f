#include "runtime/SizeBinding.h"

#include <algorithm>

namespace arr::runtime {

namespace {

enum class Solution { Solved, NoSolution, Unknown, Overflow };

/// Solves dimension(var) = target for the one unbound variable `var` of a
/// dimension linear in it, such as n+1, n-1 or 2*n (its other variables are
/// bound). "Linear" is decided as the compiler's algebra would from the values
/// at 0, 1 and 2: the second difference must vanish for every product of the
/// other variables. Unknown when it does not, or when var's coefficient is 0;
/// Overflow when the coefficient or the rest does not fit in int64_t.
Solution solveLinear(const SizePolynomial& dimension, size_t var, int64_t target,
                     const std::vector<int64_t>& values, int64_t& value) {
  SizePolynomial rest, slope, secondDifference;
  for (const SizeTerm& term : dimension.terms) {
    SizeTerm others{term.coefficient, {}};
    uint64_t degree = 0;
    for (size_t variable : term.variables) {
      if (variable == var)
        ++degree;
      else
        others.variables.push_back(variable);
    }
    if (degree == 0) {
      rest.terms.push_back(others);
      continue;
    }
    slope.terms.push_back(others);
    // term(2) - 2*term(1) + term(0) = coefficient * (2^degree - 2).
    uint64_t factor = degree < 64 ? (uint64_t{1} << degree) - 2 : uint64_t{0} - 2;
    secondDifference.terms.push_back(
        {static_cast<int64_t>(static_cast<uint64_t>(term.coefficient) * factor), others.variables});
  }
  secondDifference.normalise();
  if (!secondDifference.terms.empty()) return Solution::Unknown;
  std::optional<int64_t> c = slope.evaluate(values);
  std::optional<int64_t> known = rest.evaluate(values);
  if (!c || !known) return Solution::Overflow;
  if (*c == 0) return Solution::Unknown;
  // target >= 0, so the difference is above INT64_MIN; past INT64_MAX no int64_t value fits.
  int64_t difference = 0;
  if (__builtin_sub_overflow(target, *known, &difference)) return Solution::NoSolution;
  if (difference % *c != 0 || (difference != 0 && (difference < 0) != (*c < 0)))
    return Solution::NoSolution;
  value = difference / *c;
  return Solution::Solved;
}

class SizeBinder {
public:
  SizeBinder(const Signature& signature, const std::string& entryName,
             const std::vector<ArrayValue>& args)
      : signature_(signature), entryName_(entryName), args_(args),
        values_(signature.sizes.size(), 0), bound_(signature.sizes.size(), false),
        boundBy_(signature.sizes.size(), 0) {}

  std::vector<int64_t> bind() {
    const auto& params = signature_.params;
    if (args_.size() != params.size())
      throw IoError("entry '" + entryName_ + "' takes " + std::to_string(params.size()) +
                    " inputs, got " + std::to_string(args_.size()));
    for (size_t i = 0; i < params.size(); ++i)
      checkElementTypeAndRank(i);
    for (size_t i = 0; i < params.size(); ++i)
      bindPlainVariables(i);
    solveOtherDimensions();
    for (size_t i = 0; i < params.size(); ++i)
      checkShape(i);
    for (size_t v = 0; v < signature_.sizes.size(); ++v)
      if (!bound_[v])
        throw IoError("cannot determine size " + signature_.sizes[v] + " of entry '" + entryName_ +
                      "' from the shapes of its inputs");
    return values_;
  }

private:
  const std::string& name(size_t i) const { return signature_.params[i].name; }
  std::string quoted(size_t i) const { return "'" + name(i) + "'"; }
  const SignatureType& typeOf(size_t i) const { return signature_.params[i].type; }

  bool allBound(const SizePolynomial& dimension) const {
    for (const SizeTerm& term : dimension.terms)
      for (size_t variable : term.variables)
        if (!bound_[variable]) return false;
    return true;
  }

  void bindTo(size_t variable, int64_t value, size_t param) {
    values_[variable] = value;
    bound_[variable] = true;
    boundBy_[variable] = param;
  }

  void checkElementTypeAndRank(size_t i) {
    const SignatureType& type = typeOf(i);
    const ArrayValue& arg = args_[i];
    if (arg.dtype != type.dtype || arg.rank() != type.rank())
      throw IoError("parameter " + quoted(i) + " must be " + describeType(type.dtype, type.rank()) +
                    ", got " + describeType(arg.dtype, arg.rank()));
  }

  /// Dimensions that are a single size variable bind it directly.
  void bindPlainVariables(size_t i) {
    const SignatureType& type = typeOf(i);
    for (size_t d = 0; d < type.rank(); ++d) {
      size_t variable = 0;
      if (!type.shape[d].isVariable(variable)) continue;
      int64_t extent = args_[i].shape[d];
      if (!bound_[variable]) {
        bindTo(variable, extent, i);
        continue;
      }
      if (values_[variable] == extent) continue;
      size_t first = boundBy_[variable];
      const std::string& sizeName = signature_.sizes[variable];
      if (first == i)
        throw IoError("parameter " + quoted(i) + " must have shape " +
                      formatShapeOf(type, signature_.sizes) + ", got " +
                      formatShape(args_[i].shape) + ": its dimensions named " + sizeName +
                      " differ");
      throw IoError("parameters " + quoted(first) + " and " + quoted(i) + " disagree on size " +
                    sizeName + " (" + std::to_string(values_[variable]) + " vs " +
                    std::to_string(extent) + "): " + name(first) + " has shape " +
                    formatShape(args_[first].shape) + " but " + name(i) + " has shape " +
                    formatShape(args_[i].shape));
    }
  }

  /// Dimensions such as n+1 or 2*n bind their variable when it is the only
  /// unknown; repeated because one binding can make another dimension solvable.
  void solveOtherDimensions() {
    for (bool progress = true; progress;) {
      progress = false;
      for (size_t i = 0; i < args_.size(); ++i) {
        const SignatureType& type = typeOf(i);
        for (size_t d = 0; d < type.rank(); ++d) {
          const SizePolynomial& dimension = type.shape[d];
          std::vector<size_t> unknown;
          for (const SizeTerm& term : dimension.terms)
            for (size_t variable : term.variables)
              if (!bound_[variable] &&
                  std::find(unknown.begin(), unknown.end(), variable) == unknown.end())
                unknown.push_back(variable);
          if (unknown.size() != 1) continue;
          int64_t value = 0;
          switch (solveLinear(dimension, unknown[0], args_[i].shape[d], values_, value)) {
          case Solution::Solved:
            bindTo(unknown[0], value, i);
            progress = true;
            break;
          case Solution::NoSolution:
            throw shapeMismatch(i);
          case Solution::Overflow:
            throw overflow(i, dimension);
          case Solution::Unknown:
            break;
          }
        }
      }
    }
  }

  void checkShape(size_t i) {
    const SignatureType& type = typeOf(i);
    for (size_t d = 0; d < type.rank(); ++d) {
      const SizePolynomial& dimension = type.shape[d];
      if (!allBound(dimension))
        throw IoError("cannot determine the sizes in dimension " +
                      formatDimension(dimension, signature_.sizes) + " of parameter " + quoted(i) +
                      " from its shape " + formatShape(args_[i].shape));
      std::optional<int64_t> value = dimension.evaluate(values_);
      if (!value) throw overflow(i, dimension);
      if (*value != args_[i].shape[d]) throw shapeMismatch(i);
    }
  }

  /// "parameter 'b' must have shape [n+1], got [5] (n = 3 from 'a')".
  IoError shapeMismatch(size_t i) const {
    return IoError("parameter " + quoted(i) + " must have shape " +
                   formatShapeOf(typeOf(i), signature_.sizes) + ", got " +
                   formatShape(args_[i].shape) + boundSizes(i));
  }

  /// "parameter 'b' has shape [1], and its dimension n*n overflows i64 (n = ... from 'a')".
  IoError overflow(size_t i, const SizePolynomial& dimension) const {
    return IoError("parameter " + quoted(i) + " has shape " + formatShape(args_[i].shape) +
                   ", and its dimension " + formatDimension(dimension, signature_.sizes) +
                   " overflows i64" + boundSizes(i));
  }

  /// " (n = 3 from 'a')": the sizes in parameter i's type that other parameters fixed.
  std::string boundSizes(size_t i) const {
    const SignatureType& type = typeOf(i);
    std::string notes;
    for (size_t v = 0; v < signature_.sizes.size(); ++v) {
      bool mentioned = false;
      for (const SizePolynomial& dimension : type.shape)
        mentioned = mentioned || dimension.mentions(v);
      if (!bound_[v] || !mentioned || boundBy_[v] == i) continue;
      notes += (notes.empty() ? "" : ", ") + signature_.sizes[v] + " = " +
               std::to_string(values_[v]) + " from " + quoted(boundBy_[v]);
    }
    return notes.empty() ? "" : " (" + notes + ")";
  }

  const Signature& signature_;
  const std::string& entryName_;
  const std::vector<ArrayValue>& args_;
  std::vector<int64_t> values_;
  std::vector<bool> bound_;
  std::vector<size_t> boundBy_; // the parameter that fixed each bound size variable
};

} // namespace

std::vector<int64_t> bindSizes(const Signature& signature, const std::string& entryName,
                               const std::vector<ArrayValue>& args) {
  return SizeBinder(signature, entryName, args).bind();
}

std::vector<int64_t> evaluateShape(const SignatureType& type, const std::vector<std::string>& names,
                                   const std::vector<int64_t>& sizes) {
  std::vector<int64_t> shape;
  for (const SizePolynomial& dimension : type.shape) {
    std::optional<int64_t> value = dimension.evaluate(sizes);
    if (!value)
      throw IoError("the dimension " + formatDimension(dimension, names) + " overflows i64");
    if (*value < 0)
      throw IoError("the dimension " + formatDimension(dimension, names) + " evaluates to " +
                    std::to_string(*value) + ", a negative size");
    shape.push_back(*value);
  }
  return shape;
}

} // namespace arr::runtime
