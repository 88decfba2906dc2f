#include "runtime/Signature.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

namespace arr::runtime {

// ---- Polynomials ------------------------------------------------------------------

SizePolynomial SizePolynomial::constant(int64_t value) {
  SizePolynomial result;
  if (value != 0) result.terms.push_back({value, {}});
  return result;
}

SizePolynomial SizePolynomial::variable(size_t index) {
  SizePolynomial result;
  result.terms.push_back({1, {index}});
  return result;
}

void SizePolynomial::normalise() {
  // The order of sema::Dim's terms: variable lists compared lexicographically.
  std::map<std::vector<size_t>, uint64_t> combined;
  for (SizeTerm& term : terms) {
    std::sort(term.variables.begin(), term.variables.end());
    combined[term.variables] += static_cast<uint64_t>(term.coefficient);
  }
  terms.clear();
  for (auto& [variables, coefficient] : combined)
    if (coefficient != 0) terms.push_back({static_cast<int64_t>(coefficient), variables});
}

bool SizePolynomial::isVariable(size_t& index) const {
  if (terms.size() != 1 || terms[0].coefficient != 1 || terms[0].variables.size() != 1)
    return false;
  index = terms[0].variables[0];
  return true;
}

bool SizePolynomial::mentions(size_t index) const {
  for (const SizeTerm& term : terms)
    if (std::find(term.variables.begin(), term.variables.end(), index) != term.variables.end())
      return true;
  return false;
}

std::optional<int64_t> SizePolynomial::evaluate(const std::vector<int64_t>& values) const {
  __int128 total = 0; // a few terms of int64_t each cannot overflow it
  for (const SizeTerm& term : terms) {
    // A zero factor makes the term 0 whatever the others are, so that the result does not
    // depend on the order of the factors.
    bool zero = std::any_of(term.variables.begin(), term.variables.end(),
                            [&](size_t variable) { return values.at(variable) == 0; });
    if (zero) continue;
    int64_t product = term.coefficient;
    for (size_t variable : term.variables)
      if (__builtin_mul_overflow(product, values.at(variable), &product)) return std::nullopt;
    total += product;
  }
  if (total < INT64_MIN || total > INT64_MAX) return std::nullopt;
  return static_cast<int64_t>(total);
}

// ---- Printing ---------------------------------------------------------------------

namespace {

std::string monomialText(const std::vector<size_t>& variables,
                         const std::vector<std::string>& names) {
  std::vector<std::string> sorted;
  for (size_t variable : variables)
    sorted.push_back(variable < names.size() ? names[variable] : "v" + std::to_string(variable));
  std::sort(sorted.begin(), sorted.end());
  std::string text;
  for (const std::string& name : sorted)
    text += (text.empty() ? "" : "*") + name;
  return text;
}

} // namespace

std::string formatDimension(const SizePolynomial& dimension,
                            const std::vector<std::string>& names) {
  if (dimension.terms.empty()) return "0";
  std::vector<const SizeTerm*> ordered;
  for (const SizeTerm& term : dimension.terms)
    ordered.push_back(&term);
  std::stable_sort(ordered.begin(), ordered.end(), [&](const SizeTerm* a, const SizeTerm* b) {
    if (a->variables.size() != b->variables.size())
      return a->variables.size() > b->variables.size();
    return monomialText(a->variables, names) < monomialText(b->variables, names);
  });
  // A positive term first where there is one: `5-n`, not `-n+5`.
  auto positive = std::find_if(ordered.begin(), ordered.end(),
                               [](const SizeTerm* term) { return term->coefficient > 0; });
  if (positive != ordered.end()) std::rotate(ordered.begin(), positive, positive + 1);
  std::string text;
  for (const SizeTerm* term : ordered) {
    bool negative = term->coefficient < 0;
    // In unsigned arithmetic, so that the most negative coefficient has a magnitude.
    uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(term->coefficient)
                                  : static_cast<uint64_t>(term->coefficient);
    text += negative ? "-" : (text.empty() ? "" : "+");
    std::string product = monomialText(term->variables, names);
    if (product.empty())
      text += std::to_string(magnitude);
    else if (magnitude == 1)
      text += product;
    else
      text += std::to_string(magnitude) + "*" + product;
  }
  return text;
}

std::string formatShapeOf(const SignatureType& type, const std::vector<std::string>& names) {
  std::string text = "[";
  for (size_t d = 0; d < type.shape.size(); ++d)
    text += (d ? "," : "") + formatDimension(type.shape[d], names);
  return text + "]";
}

std::string formatType(const SignatureType& type, const std::vector<std::string>& names) {
  std::string elem(dtypeName(type.dtype));
  return type.shape.empty() ? elem : formatShapeOf(type, names) + elem;
}

std::string formatParams(const Signature& signature) {
  std::string text;
  for (size_t i = 0; i < signature.params.size(); ++i)
    text += (i ? ", " : "") + signature.params[i].name + ": " +
            formatType(signature.params[i].type, signature.sizes);
  return text;
}

// ---- The signature string ---------------------------------------------------------

namespace {

std::string encodeType(const SignatureType& type) {
  std::string text(dtypeName(type.dtype));
  text += "[";
  for (size_t d = 0; d < type.shape.size(); ++d) {
    if (d) text += "|";
    const SizePolynomial& dimension = type.shape[d];
    if (dimension.terms.empty()) text += "0";
    for (size_t t = 0; t < dimension.terms.size(); ++t) {
      if (t) text += "+";
      text += std::to_string(dimension.terms[t].coefficient);
      for (size_t variable : dimension.terms[t].variables)
        text += "*v" + std::to_string(variable);
    }
  }
  return text + "]";
}

/// A recursive-descent reader of the grammar in Abi.h.
class SignatureParser {
public:
  explicit SignatureParser(std::string_view text) : text_(text) {}

  Signature parse() {
    Signature signature;
    if (peek() != ';') {
      do
        signature.sizes.push_back(identifier("a size variable name", false));
      while (accept(','));
    }
    expect(';');
    if (peek() != ';') {
      do {
        SignatureParam param;
        param.name = identifier("a parameter name", true);
        expect(':');
        param.type = type(signature.sizes.size());
        signature.params.push_back(std::move(param));
      } while (accept(','));
    }
    expect(';');
    do
      signature.results.push_back(type(signature.sizes.size()));
    while (accept(','));
    if (pos_ != text_.size()) fail("expected ',' or the end of the signature");
    return signature;
  }

private:
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  bool accept(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }

  void expect(char c) {
    if (!accept(c)) fail(std::string("expected '") + c + "'");
  }

  [[noreturn]] void fail(const std::string& message) const {
    std::string found = pos_ < text_.size() ? "'" + std::string(1, text_[pos_]) + "'" : "the end";
    throw IoError("malformed entry signature \"" + std::string(text_) + "\": " + message +
                  " at column " + std::to_string(pos_ + 1) + ", found " + found);
  }

  static bool isIdentifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
  }
  static bool isIdentifierPart(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '\'';
  }

  /// An Arr identifier; with `components`, followed by any number of ".INDEX".
  std::string identifier(const char* what, bool components) {
    size_t start = pos_;
    if (!isIdentifierStart(peek())) fail(std::string("expected ") + what);
    while (isIdentifierPart(peek()))
      ++pos_;
    while (components && peek() == '.') {
      ++pos_;
      if (!std::isdigit(static_cast<unsigned char>(peek())))
        fail("expected a component index after '.'");
      while (std::isdigit(static_cast<unsigned char>(peek())))
        ++pos_;
    }
    return std::string(text_.substr(start, pos_ - start));
  }

  int64_t integer(bool allowSign, const char* what) {
    size_t start = pos_;
    if (allowSign) accept('-');
    if (!std::isdigit(static_cast<unsigned char>(peek()))) {
      pos_ = start;
      fail(std::string("expected ") + what);
    }
    while (std::isdigit(static_cast<unsigned char>(peek())))
      ++pos_;
    int64_t value = 0;
    auto [end, error] = std::from_chars(text_.data() + start, text_.data() + pos_, value);
    if (error != std::errc() || end != text_.data() + pos_) {
      pos_ = start;
      fail(std::string(what) + " out of range");
    }
    return value;
  }

  SignatureType type(size_t sizeCount) {
    static constexpr Dtype kDtypes[] = {Dtype::F64, Dtype::F32, Dtype::I64, Dtype::Bool};
    SignatureType result;
    size_t start = pos_;
    while (std::isalnum(static_cast<unsigned char>(peek())))
      ++pos_;
    std::string_view elem = text_.substr(start, pos_ - start);
    auto known = std::find_if(std::begin(kDtypes), std::end(kDtypes),
                              [&](Dtype dtype) { return dtypeName(dtype) == elem; });
    if (elem.empty() || known == std::end(kDtypes)) {
      pos_ = start;
      fail("expected an element type (f64, f32, i64 or bool)");
    }
    result.dtype = *known;
    expect('[');
    if (!accept(']')) {
      do
        result.shape.push_back(dimension(sizeCount));
      while (accept('|'));
      expect(']');
    }
    return result;
  }

  SizePolynomial dimension(size_t sizeCount) {
    SizePolynomial result;
    do {
      SizeTerm term;
      term.coefficient = integer(true, "a coefficient");
      while (accept('*')) {
        expect('v');
        size_t start = pos_;
        int64_t index = integer(false, "a size variable index");
        if (static_cast<uint64_t>(index) >= sizeCount) {
          pos_ = start;
          fail("size variable index " + std::to_string(index) + " out of range (" +
               std::to_string(sizeCount) + " size variables)");
        }
        term.variables.push_back(static_cast<size_t>(index));
      }
      result.terms.push_back(std::move(term));
    } while (accept('+'));
    result.normalise();
    return result;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

} // namespace

Signature parseSignature(std::string_view text) {
  return SignatureParser(text).parse();
}

std::string encodeSignature(const Signature& signature) {
  std::string text;
  for (size_t i = 0; i < signature.sizes.size(); ++i)
    text += (i ? "," : "") + signature.sizes[i];
  text += ";";
  for (size_t i = 0; i < signature.params.size(); ++i)
    text += (i ? "," : "") + signature.params[i].name + ":" + encodeType(signature.params[i].type);
  text += ";";
  for (size_t i = 0; i < signature.results.size(); ++i)
    text += (i ? "," : "") + encodeType(signature.results[i]);
  return text;
}

} // namespace arr::runtime
