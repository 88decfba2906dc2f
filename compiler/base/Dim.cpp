#include "base/Dim.h"

#include "runtime/Abi.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <stdexcept>

namespace arr {

namespace {

int64_t checkedAdd(int64_t a, int64_t b) {
  int64_t sum;
  if (__builtin_add_overflow(a, b, &sum)) throw std::overflow_error("dimension overflows i64");
  return sum;
}

int64_t checkedMul(int64_t a, int64_t b) {
  int64_t product;
  if (__builtin_mul_overflow(a, b, &product)) throw std::overflow_error("dimension overflows i64");
  return product;
}

std::string monomialText(const Dim::Monomial& monomial) {
  std::vector<std::string> names;
  for (const auto& var : monomial)
    names.push_back(var->name);
  std::sort(names.begin(), names.end());
  std::string text;
  for (const auto& name : names)
    text += (text.empty() ? "" : "*") + name;
  return text;
}

} // namespace

SizeVarP newSizeVar(std::string name, std::shared_ptr<const SizeDerivation> derivation) {
  static std::atomic<uint32_t> nextId{1};
  return std::make_shared<const SizeVar>(SizeVar{nextId++, std::move(name), std::move(derivation)});
}

bool Dim::MonomialLess::operator()(const Monomial& a, const Monomial& b) const {
  return std::lexicographical_compare(
      a.begin(), a.end(), b.begin(), b.end(),
      [](const SizeVarP& x, const SizeVarP& y) { return x->id < y->id; });
}

void Dim::addTerm(const Monomial& monomial, int64_t coefficient) {
  if (coefficient == 0) return;
  auto [it, inserted] = terms_.emplace(monomial, coefficient);
  if (inserted) return;
  it->second = checkedAdd(it->second, coefficient);
  if (it->second == 0) terms_.erase(it);
}

Dim Dim::constant(int64_t value) {
  Dim dim;
  dim.addTerm({}, value);
  return dim;
}

Dim Dim::variable(SizeVarP var) {
  Dim dim;
  dim.addTerm({std::move(var)}, 1);
  return dim;
}

DimTermLimitError::DimTermLimitError(size_t terms)
    : std::length_error("a dimension of " + std::to_string(terms) + " terms exceeds the limit of " +
                        std::to_string(kDimTermLimit) +
                        " terms in one dimension (README, \"Compile-time limits\")"),
      terms(terms) {}

void Dim::requireWithinTermLimit() const {
  if (terms_.size() > kDimTermLimit) throw DimTermLimitError(terms_.size());
}

void Dim::add(const Dim& other, int64_t factor) {
  for (const auto& [monomial, coefficient] : other.terms_)
    addTerm(monomial, factor == 1 ? coefficient : checkedMul(coefficient, factor));
}

Dim Dim::operator+(const Dim& other) const {
  Dim sum = *this;
  sum.add(other, 1);
  sum.requireWithinTermLimit();
  return sum;
}

Dim Dim::operator-(const Dim& other) const {
  Dim difference = *this;
  difference.add(other, -1);
  difference.requireWithinTermLimit();
  return difference;
}

Dim Dim::operator*(const Dim& other) const {
  // Both factors are within the limit, so expanding costs at most its square before the
  // product is refused.
  Dim product;
  for (const auto& [left, leftCoefficient] : terms_) {
    for (const auto& [right, rightCoefficient] : other.terms_) {
      Monomial monomial = left;
      monomial.insert(monomial.end(), right.begin(), right.end());
      std::sort(monomial.begin(), monomial.end(),
                [](const SizeVarP& x, const SizeVarP& y) { return x->id < y->id; });
      product.addTerm(monomial, checkedMul(leftCoefficient, rightCoefficient));
    }
  }
  product.requireWithinTermLimit();
  return product;
}

bool Dim::operator==(const Dim& other) const {
  if (terms_.size() != other.terms_.size()) return false;
  auto a = terms_.begin();
  auto b = other.terms_.begin();
  for (; a != terms_.end(); ++a, ++b) {
    if (a->second != b->second || a->first.size() != b->first.size()) return false;
    for (size_t i = 0; i < a->first.size(); ++i)
      if (a->first[i]->id != b->first[i]->id) return false;
  }
  return true;
}

std::optional<int64_t> Dim::asConstant() const {
  if (terms_.empty()) return 0;
  if (terms_.size() == 1 && terms_.begin()->first.empty()) return terms_.begin()->second;
  return std::nullopt;
}

SizeVarP Dim::asVariable() const {
  if (terms_.size() != 1) return nullptr;
  const auto& [monomial, coefficient] = *terms_.begin();
  if (monomial.size() != 1 || coefficient != 1) return nullptr;
  return monomial[0];
}

std::set<uint32_t> Dim::variables() const {
  std::set<uint32_t> ids;
  for (const auto& [monomial, coefficient] : terms_)
    for (const auto& var : monomial)
      ids.insert(var->id);
  return ids;
}

namespace {

/// A derived size with its operands substituted.
Dim substituteDerived(const SizeVarP& var, const std::map<uint32_t, Dim>& bindings) {
  const SizeDerivation& derivation = *var->derivation;
  Dim a = derivation.a.substitute(bindings);
  Dim b = derivation.b.substitute(bindings);
  if (a == derivation.a && b == derivation.b) return Dim::variable(var);
  switch (derivation.op) {
  case SizeDerivation::Op::Quotient:
    return quotient(a, b);
  case SizeDerivation::Op::SquareRoot:
    return squareRoot(a);
  case SizeDerivation::Op::FitsCheckpointBudget:
    return fitsCheckpointBudget(a);
  }
  return Dim::variable(var);
}

} // namespace

Dim Dim::substitute(const std::map<uint32_t, Dim>& bindings) const {
  Dim result;
  for (const auto& [monomial, coefficient] : terms_) {
    Dim term = Dim::constant(coefficient);
    for (const auto& var : monomial) {
      auto bound = bindings.find(var->id);
      if (bound != bindings.end())
        term = term * bound->second;
      else
        term = term * (var->derivation ? substituteDerived(var, bindings) : Dim::variable(var));
    }
    result.add(term, 1);
    result.requireWithinTermLimit();
  }
  return result;
}

bool Dim::isLinearIn(uint32_t varId) const {
  size_t linear = 0, other = 0;
  for (const auto& [monomial, c] : terms_)
    for (const SizeVarP& var : monomial)
      if (var->id == varId) ++(monomial.size() == 1 ? linear : other);
  return linear == 1 && other == 0;
}

std::optional<Dim> Dim::solveFor(uint32_t varId, const Dim& target) const {
  std::optional<int64_t> coefficient;
  Dim rest;
  for (const auto& [monomial, c] : terms_) {
    bool mentions = std::any_of(monomial.begin(), monomial.end(),
                                [&](const SizeVarP& var) { return var->id == varId; });
    if (!mentions) {
      rest.addTerm(monomial, c);
      continue;
    }
    if (monomial.size() != 1 || coefficient) return std::nullopt; // not linear in var
    coefficient = c;
  }
  if (!coefficient) return std::nullopt;
  // c*var = target - rest: solvable when c divides every coefficient ([2*n] against [6]
  // or [2*m]).
  Dim solution;
  for (const auto& [monomial, c] : (target - rest).terms_) {
    if (c % *coefficient != 0) return std::nullopt;
    solution.addTerm(monomial, c / *coefficient);
  }
  return solution;
}

int64_t Dim::evaluate(const std::map<uint32_t, int64_t>& values) const {
  auto valueOf = [&](const SizeVarP& var) {
    if (!var->derivation) return values.at(var->id);
    const SizeDerivation& derivation = *var->derivation;
    if (derivation.op == SizeDerivation::Op::FitsCheckpointBudget) {
      try {
        return derivation.apply(derivation.a.evaluate(values), 0);
      } catch (const std::overflow_error&) {
        return int64_t(0); // more bytes than i64 holds fit no budget
      }
    }
    return derivation.apply(derivation.a.evaluate(values), derivation.b.evaluate(values));
  };
  __int128 total = 0; // a few terms of int64_t each cannot overflow it
  for (const auto& [monomial, coefficient] : terms_) {
    // A zero factor makes the term 0 whatever the others are, so that the result does not
    // depend on the order of the factors (runtime::SizePolynomial::evaluate agrees).
    std::vector<int64_t> factors;
    for (const auto& var : monomial)
      factors.push_back(valueOf(var));
    if (std::find(factors.begin(), factors.end(), 0) != factors.end()) continue;
    int64_t term = coefficient;
    for (int64_t factor : factors)
      term = checkedMul(term, factor);
    total += term;
  }
  if (total < INT64_MIN || total > INT64_MAX) throw std::overflow_error("dimension overflows i64");
  return static_cast<int64_t>(total);
}

std::string Dim::toString() const {
  if (terms_.empty()) return "0";
  std::vector<std::pair<const Monomial*, int64_t>> ordered;
  for (const auto& [monomial, coefficient] : terms_)
    ordered.emplace_back(&monomial, coefficient);
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) {
    if (a.first->size() != b.first->size()) return a.first->size() > b.first->size();
    return monomialText(*a.first) < monomialText(*b.first);
  });
  // A positive term first where there is one: `5-n`, not `-n+5`.
  auto positive = std::find_if(ordered.begin(), ordered.end(),
                               [](const auto& term) { return term.second > 0; });
  if (positive != ordered.end()) std::rotate(ordered.begin(), positive, positive + 1);
  std::string text;
  for (const auto& [monomial, coefficient] : ordered) {
    int64_t magnitude = coefficient < 0 ? -coefficient : coefficient;
    if (text.empty())
      text += coefficient < 0 ? "-" : "";
    else
      text += coefficient < 0 ? "-" : "+";
    std::string names = monomialText(*monomial);
    if (names.empty())
      text += std::to_string(magnitude);
    else if (magnitude == 1)
      text += names;
    else
      text += std::to_string(magnitude) + "*" + names;
  }
  return text;
}

std::string toString(const std::vector<Dim>& dims) {
  std::string text;
  for (size_t i = 0; i < dims.size(); ++i)
    text += (i ? "," : "") + dims[i].toString();
  return text;
}

int64_t SizeDerivation::apply(int64_t a, int64_t b) const {
  if (op == Op::SquareRoot) return static_cast<int64_t>(std::sqrt(static_cast<double>(a)));
  if (op == Op::FitsCheckpointBudget)
    return static_cast<int64_t>(arrrt_checkpoint_fits(static_cast<double>(a)));
  return b == 0 ? 0 : a / b;
}

std::string identityKey(const Dim& dim) {
  std::string key;
  for (const auto& [monomial, coefficient] : dim.terms()) {
    key += std::to_string(coefficient);
    for (const auto& var : monomial)
      key += "*#" + std::to_string(var->id);
    key += "+";
  }
  return key;
}

namespace {

/// The derived size `op(a, b)`, made once per distinct operands so that two derivations
/// of the same size are the same variable (and types mentioning it compare equal).
Dim derived(SizeDerivation::Op op, const Dim& a, const Dim& b, std::string name) {
  static std::mutex mutex;
  static std::map<std::string, SizeVarP> made;
  std::string key = std::to_string(int(op)) + ":" + identityKey(a) + ":" + identityKey(b);
  std::lock_guard<std::mutex> lock(mutex);
  SizeVarP& var = made[key];
  if (!var) {
    var = newSizeVar(std::move(name),
                     std::make_shared<const SizeDerivation>(SizeDerivation{op, a, b}));
  }
  return Dim::variable(var);
}

} // namespace

Dim quotient(const Dim& a, const Dim& b) {
  auto x = a.asConstant(), y = b.asConstant();
  if (x && y)
    return Dim::constant(SizeDerivation{SizeDerivation::Op::Quotient, {}, {}}.apply(*x, *y));
  if (y == 1) return a;
  return derived(SizeDerivation::Op::Quotient, a, b,
                 "div(" + a.toString() + "," + b.toString() + ")");
}

Dim squareRoot(const Dim& a) {
  if (auto x = a.asConstant())
    return Dim::constant(SizeDerivation{SizeDerivation::Op::SquareRoot, {}, {}}.apply(*x, 0));
  return derived(SizeDerivation::Op::SquareRoot, a, {}, "isqrt(" + a.toString() + ")");
}

bool mentionsDerivation(const Dim& dim, SizeDerivation::Op op) {
  for (const auto& [monomial, coefficient] : dim.terms())
    for (const SizeVarP& var : monomial)
      if (var->derivation && var->derivation->op == op) return true;
  return false;
}

Dim fitsCheckpointBudget(const Dim& bytes) {
  return derived(SizeDerivation::Op::FitsCheckpointBudget, bytes, {},
                 "fits(" + bytes.toString() + ")");
}

} // namespace arr
