#include "sema/Type.h"

#include <cassert>
#include <cstdint>

namespace arr::sema {

TypeP scalarType(ElemKind elem) {
  return arrayType({}, elem);
}

TypeP arrayType(std::vector<Dim> dims, ElemKind elem) {
  auto type = std::make_shared<Type>();
  type->kind = Type::Kind::Array;
  type->dims = std::move(dims);
  type->elem = elem;
  return type;
}

TypeP typeVariable(std::string name, std::vector<Dim> dims) {
  auto type = std::make_shared<Type>();
  type->kind = Type::Kind::Array;
  type->dims = std::move(dims);
  type->typeVar = std::move(name);
  return type;
}

namespace {

size_t countArrays(const std::vector<TypeP>& components, const TypeP& result = nullptr) {
  size_t total = result ? result->arrays : 0;
  for (const auto& component : components)
    if (__builtin_add_overflow(total, component->arrays, &total)) return SIZE_MAX;
  return total;
}

} // namespace

TypeP tupleType(std::vector<TypeP> components) {
  if (components.size() == 1) return components[0];
  auto type = std::make_shared<Type>();
  type->kind = Type::Kind::Tuple;
  type->elements = std::move(components);
  type->arrays = countArrays(type->elements);
  return type;
}

TypeP functionType(std::vector<TypeP> params, TypeP result) {
  auto type = std::make_shared<Type>();
  type->kind = Type::Kind::Function;
  type->elements = std::move(params);
  type->result = std::move(result);
  type->arrays = countArrays(type->elements, type->result);
  return type;
}

TypeP prependDims(const std::vector<Dim>& dims, const TypeP& type) {
  if (dims.empty()) return type;
  switch (type->kind) {
  case Type::Kind::Array: {
    auto result = std::make_shared<Type>(*type);
    result->dims.insert(result->dims.begin(), dims.begin(), dims.end());
    return result;
  }
  case Type::Kind::Tuple: {
    std::vector<TypeP> components;
    for (const auto& component : type->elements)
      components.push_back(prependDims(dims, component));
    return tupleType(std::move(components));
  }
  case Type::Kind::Function:
    break;
  }
  return type; // arrays of functions do not exist; callers check before
}

bool hasCommonOuterDims(const TypeP& type, size_t count) {
  std::vector<TypeP> arrays = flatten(type);
  if (arrays.empty()) return false;
  for (const auto& array : arrays) {
    if (!array->isArray() || array->rank() < count) return false;
    for (size_t i = 0; i < count; ++i)
      if (array->dims[i] != arrays[0]->dims[i]) return false;
  }
  return true;
}

std::vector<Dim> outerDims(const TypeP& type, size_t count) {
  TypeP first = flatten(type).at(0);
  return std::vector<Dim>(first->dims.begin(), first->dims.begin() + count);
}

TypeP dropOuterDims(const TypeP& type, size_t count) {
  if (count == 0) return type;
  if (type->isTuple()) {
    std::vector<TypeP> components;
    for (const auto& component : type->elements)
      components.push_back(dropOuterDims(component, count));
    return tupleType(std::move(components));
  }
  auto result = std::make_shared<Type>(*type);
  result->dims.erase(result->dims.begin(), result->dims.begin() + count);
  return result;
}

TypeP withElem(const TypeP& type, ElemKind elem) {
  if (type->isTuple()) {
    std::vector<TypeP> components;
    for (const auto& component : type->elements)
      components.push_back(withElem(component, elem));
    return tupleType(std::move(components));
  }
  return arrayType(type->dims, elem);
}

std::optional<std::vector<Dim>> broadcastShape(const std::vector<Dim>& a, const std::vector<Dim>& b,
                                               std::string& problem) {
  const std::vector<Dim>& longer = a.size() >= b.size() ? a : b;
  const std::vector<Dim>& shorter = a.size() >= b.size() ? b : a;
  size_t offset = longer.size() - shorter.size();
  for (size_t i = 0; i < shorter.size(); ++i) {
    if (shorter[i] == longer[offset + i]) continue;
    if (offset == 0) {
      problem = "dimension " + a[i].toString() + " differs from " + b[i].toString();
    } else {
      std::vector<Dim> suffix(longer.begin() + static_cast<std::ptrdiff_t>(offset), longer.end());
      problem = "the shape [" + toString(shorter) + "] is not [" + toString(suffix) +
                "], the last " + std::to_string(shorter.size()) + " dimension" +
                (shorter.size() == 1 ? "" : "s") + " of [" + toString(longer) + "]";
    }
    return std::nullopt;
  }
  return longer;
}

bool containsTypeVariable(const TypeP& type) {
  if (type->isArray()) return !type->typeVar.empty();
  for (const auto& component : type->elements)
    if (containsTypeVariable(component)) return true;
  return type->result && containsTypeVariable(type->result);
}

bool containsFunction(const TypeP& type) {
  if (type->isFunction()) return true;
  for (const auto& component : type->elements)
    if (containsFunction(component)) return true;
  return false;
}

TypeP floatPart(const TypeP& type) {
  if (type->isArray()) return type->typeVar.empty() && isFloat(type->elem) ? type : nullptr;
  std::vector<TypeP> components;
  for (const auto& component : type->elements)
    if (TypeP part = floatPart(component)) components.push_back(part);
  if (components.empty()) return nullptr;
  return tupleType(std::move(components));
}

std::vector<TypeP> flatten(const TypeP& type) {
  if (!type->isTuple()) return {type};
  std::vector<TypeP> arrays;
  for (const auto& component : type->elements) {
    auto inner = flatten(component);
    arrays.insert(arrays.end(), inner.begin(), inner.end());
  }
  return arrays;
}

bool equal(const TypeP& a, const TypeP& b) {
  if (a == b) return true;
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case Type::Kind::Array:
    return a->elem == b->elem && a->typeVar == b->typeVar && a->dims == b->dims;
  case Type::Kind::Tuple:
  case Type::Kind::Function:
    if (a->elements.size() != b->elements.size()) return false;
    for (size_t i = 0; i < a->elements.size(); ++i)
      if (!equal(a->elements[i], b->elements[i])) return false;
    return a->kind == Type::Kind::Tuple || equal(a->result, b->result);
  }
  return false;
}

std::string toString(const TypeP& type) {
  switch (type->kind) {
  case Type::Kind::Array: {
    std::string text = type->dims.empty() ? "" : "[" + toString(type->dims) + "]";
    return text + (type->typeVar.empty() ? std::string(toString(type->elem)) : type->typeVar);
  }
  case Type::Kind::Tuple: {
    std::string text = "(";
    for (size_t i = 0; i < type->elements.size(); ++i)
      text += (i ? ", " : "") + toString(type->elements[i]);
    return text + ")";
  }
  case Type::Kind::Function: {
    std::string params;
    for (size_t i = 0; i < type->elements.size(); ++i)
      params += (i ? ", " : "") + toString(type->elements[i]);
    if (type->elements.size() != 1 || type->elements[0]->isTuple() ||
        type->elements[0]->isFunction())
      params = "(" + params + ")";
    return params + " -> " + toString(type->result);
  }
  }
  return "?";
}

TypeP substitute(const TypeP& type, const Substitution& substitution) {
  switch (type->kind) {
  case Type::Kind::Array: {
    std::vector<Dim> dims;
    for (const auto& dim : type->dims)
      dims.push_back(dim.substitute(substitution.dims));
    if (!type->typeVar.empty()) {
      auto bound = substitution.types.find(type->typeVar);
      if (bound != substitution.types.end()) return prependDims(dims, bound->second);
      return typeVariable(type->typeVar, std::move(dims));
    }
    return arrayType(std::move(dims), type->elem);
  }
  case Type::Kind::Tuple:
  case Type::Kind::Function: {
    std::vector<TypeP> components;
    for (const auto& component : type->elements)
      components.push_back(substitute(component, substitution));
    if (type->isTuple()) return tupleType(std::move(components));
    return functionType(std::move(components), substitute(type->result, substitution));
  }
  }
  return type;
}

void collectSizeVariables(const TypeP& type, std::set<uint32_t>& ids) {
  for (const auto& dim : type->dims)
    for (uint32_t id : dim.variables())
      ids.insert(id);
  for (const auto& component : type->elements)
    collectSizeVariables(component, ids);
  if (type->result) collectSizeVariables(type->result, ids);
}

} // namespace arr::sema
