#pragma once
// How an entry point's parameters and result look in the source, beyond the
// flattened arrays the C ABI passes: the parameters' names and tuples. It goes
// with the entry from lowering to code generation, for interfaces that rebuild
// source values (the shared library's description of its entries, Python).

#include <cstddef>
#include <string>
#include <vector>

namespace arr {

/// How a source-level value groups its flattened components into tuples: a leaf
/// (no components) is one array; `((f64, f64), [n]f64)` is {{leaf, leaf}, leaf}.
struct TupleNesting {
  std::vector<TupleNesting> components;
  bool isLeaf() const { return components.empty(); }
};

struct SourceInterface {
  std::vector<std::string> paramNames;    // the source parameters
  std::vector<size_t> paramComponents;    // how many flattened parameters each has
  std::vector<TupleNesting> paramNesting; // and their tuples
  TupleNesting resultNesting;
};

} // namespace arr
