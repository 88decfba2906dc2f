#include "ir/EntrySignature.h"

#include "ir/Builder.h"

#include <map>

namespace arr::core {

namespace {

/// Names the flattened parameters after their source parameters, component c
/// of a tuple parameter p as "p.c". Accepts paramNames with one name per
/// source parameter (expanded with paramComponents) or one per flattened
/// parameter; falls back to the variables' names.
std::vector<std::string> paramNames(const Entry& entry) {
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

/// Converts types, numbering size variables in order of first sight.
class Converter {
public:
  explicit Converter(EntrySignature& out) : out_(out) {}

  void addSize(const SizeVarP& var) { indexOf(var); }

  runtime::SignatureType type(const Type& type) {
    runtime::SignatureType result;
    result.dtype = dtypeOf(type.elem);
    for (const Dim& dim : type.shape)
      result.shape.push_back(dimension(dim));
    return result;
  }

private:
  size_t indexOf(const SizeVarP& var) {
    auto [it, inserted] = indices_.try_emplace(var->id, out_.sizeIds.size());
    if (inserted) {
      out_.sizeIds.push_back(var->id);
      out_.signature.sizes.push_back(var->name);
    }
    return it->second;
  }

  runtime::SizePolynomial dimension(const Dim& dim) {
    runtime::SizePolynomial result;
    for (const auto& [monomial, coefficient] : dim.terms()) {
      runtime::SizeTerm term{coefficient, {}};
      for (const SizeVarP& var : monomial)
        term.variables.push_back(indexOf(var));
      result.terms.push_back(std::move(term));
    }
    result.normalise();
    return result;
  }

  EntrySignature& out_;
  std::map<uint32_t, size_t> indices_;
};

} // namespace

EntrySignature describeEntry(const Entry& entry) {
  EntrySignature result;
  Converter converter(result);
  for (const SizeVarP& var : entry.sizeVars)
    converter.addSize(var);
  std::vector<std::string> names = paramNames(entry);
  for (size_t i = 0; i < entry.function.params.size(); ++i)
    result.signature.params.push_back({names[i], converter.type(entry.function.params[i]->type)});
  if (entry.function.body)
    for (const Type& type : resultTypes(*entry.function.body))
      result.signature.results.push_back(converter.type(type));
  return result;
}

std::string encodeSignature(const Entry& entry) {
  return runtime::encodeSignature(describeEntry(entry).signature);
}

} // namespace arr::core
