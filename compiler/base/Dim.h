#pragma once
// Array dimensions as normalised polynomials over size variables with integer
// coefficients. Normalisation makes equality structural: n*m + n == n + m*n.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace arr {

struct SizeDerivation;

/// A size variable of one function: rigid inside its body, bound at each call; or a size
/// computed from others (`derivation`), which the compiler introduces (the segments of a
/// checkpointed loop, `--loop-checkpoints`) and never binds.
struct SizeVar {
  uint32_t id;
  std::string name;
  std::shared_ptr<const SizeDerivation> derivation; // null for a bound size
};
using SizeVarP = std::shared_ptr<const SizeVar>;

/// Creates a size variable with a fresh identity.
SizeVarP newSizeVar(std::string name, std::shared_ptr<const SizeDerivation> derivation = nullptr);

/// The most terms one dimension may have (README, "Compile-time limits"): a product of
/// sums expands into the product of their term counts, (a+b+c+d+e+f+g+h)^6 into 1716 terms.
constexpr size_t kDimTermLimit = 1000;

/// Thrown by Dim arithmetic whose result would have more than kDimTermLimit terms.
struct DimTermLimitError : std::length_error {
  explicit DimTermLimitError(size_t terms);
  size_t terms; // of the result, or a lower bound on them
};

class Dim {
public:
  /// A product of size variables, sorted by id; empty for the constant term.
  using Monomial = std::vector<SizeVarP>;

  Dim() = default; // the constant 0
  static Dim constant(int64_t value);
  static Dim variable(SizeVarP var);

  /// Arithmetic throws DimTermLimitError when the result has more than kDimTermLimit terms.
  Dim operator+(const Dim& other) const;
  Dim operator-(const Dim& other) const;
  Dim operator*(const Dim& other) const;
  bool operator==(const Dim& other) const;
  bool operator!=(const Dim& other) const { return !(*this == other); }

  std::optional<int64_t> asConstant() const;
  /// The variable when this dimension is exactly one variable (coefficient 1).
  SizeVarP asVariable() const;
  bool isConstant() const { return asConstant().has_value(); }

  /// The terms: each monomial with its coefficient (never 0), in a fixed order.
  std::vector<std::pair<Monomial, int64_t>> terms() const { return {terms_.begin(), terms_.end()}; }
  size_t termCount() const { return terms_.size(); }
  /// The ids of the variables this dimension mentions (a derived size's own id, not its
  /// operands').
  std::set<uint32_t> variables() const;
  /// Replaces variables by dimensions; variables without a binding stay, and derived sizes
  /// are derived again from their operands substituted.
  Dim substitute(const std::map<uint32_t, Dim>& bindings) const;
  /// Whether this dimension is `c*var + rest` with `rest` free of var.
  bool isLinearIn(uint32_t varId) const;
  /// When this dimension is `c*var + rest` with `rest` free of var, returns the
  /// value of var that makes it equal to `target`, if c divides `target - rest`.
  std::optional<Dim> solveFor(uint32_t varId, const Dim& target) const;

  /// The value of this dimension for the given (non-negative) values of its variables
  /// (derived sizes computed from their operands).
  /// Throws std::overflow_error when a term (a product without a zero factor) or the sum
  /// does not fit in i64, and std::out_of_range for an unbound variable.
  int64_t evaluate(const std::map<uint32_t, int64_t>& values) const;

  /// `n*m+2*n-1`; products before sums, higher degree first, names alphabetically,
  /// except that a positive term comes first (`5-n`).
  std::string toString() const;

private:
  struct MonomialLess {
    bool operator()(const Monomial& a, const Monomial& b) const;
  };
  void addTerm(const Monomial& monomial, int64_t coefficient);
  /// Adds `other` in place (the sum of many terms stays linear in their number).
  void add(const Dim& other, int64_t factor);
  void requireWithinTermLimit() const;

  std::map<Monomial, int64_t, MonomialLess> terms_; // no zero coefficients
};

std::string toString(const std::vector<Dim>& dims); // "n,m+1"
/// A key naming a dimension by its variables' identities, where names may repeat (two
/// sizes bound at run time by different bindSize nodes are both `taken`).
std::string identityKey(const Dim& dim);

/// How a derived size is computed from its operands, on non-negative values: a quotient
/// ⌊a / b⌋ (0 when b is 0), or an integer square root, the f64 square root of a truncated
/// (which code generation computes the same way, so both agree on every value), or
/// whether a bytes of loop states fit the running process's checkpoint budget (1 or 0,
/// arrrt_checkpoint_fits: known only at run time).
struct SizeDerivation {
  enum class Op { Quotient, SquareRoot, FitsCheckpointBudget };
  Op op;
  Dim a, b; // b: the divisor of a quotient
  int64_t apply(int64_t a, int64_t b) const;
};

/// ⌊a / b⌋ (0 when b is 0): a constant when both are, else a derived size variable, the same
/// one for the same operands.
Dim quotient(const Dim& a, const Dim& b);
/// ⌊√a⌋ as SizeDerivation computes it: a constant when a is, else a derived size variable.
Dim squareRoot(const Dim& a);
/// Whether `dim` mentions a size derived by `op`.
bool mentionsDerivation(const Dim& dim, SizeDerivation::Op op);
/// 1 when `bytes` bytes of loop states fit the checkpoint budget of the process that runs
/// the program, else 0: a derived size variable even when `bytes` is constant.
Dim fitsCheckpointBudget(const Dim& bytes);

} // namespace arr
