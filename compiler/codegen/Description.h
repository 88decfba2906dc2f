#pragma once
// The description of a program's entry points that a shared library made by
// `arrc --shared` carries, returned by its `const char *arrrt_describe(void)`:
// JSON, so that a host (the Python package, python/arr) can call the entries
// without parsing C headers. It is printed from the same CEntry as the C
// header (CInterface.h).
//
//   {"format": 1, "entries": [ENTRY, ...]}
//   ENTRY = {"name": "main", "function": "arr_main",
//            "signature": "(a: [n]f64, b: [n]f64) -> f64",    -- as in the source
//            "sizes": ["n"],                                  -- size variables, in C order
//            "params": [{"name": "a", "type": "[n]f64", "dtype": "f64", "shape": SHAPE}, ...],
//            "param_groups": [{"name": "a", "type": "[n]f64", "nesting": NESTING}, ...],
//            "results": [{"type": "f64", "dtype": "f64", "shape": SHAPE}, ...],
//            "result_type": "f64", "result_nesting": NESTING,
//            "arguments": [{"role": "size"|"param"|"result", "index": I,
//                           "name": "n", "c_type": "int64_t"}, ...]}   -- in C order
//
// "params" and "results" are flattened: a tuple's components in order,
// depth-first, a component c of the tuple parameter p named "p.c".
// "param_groups" are the source parameters; NESTING rebuilds a source value
// from the flattened list: an index into it, or a list of NESTINGs for a
// tuple. SHAPE is a list of dimensions, each a polynomial over "sizes": a list
// of terms [COEFFICIENT, [VARIABLE INDEX, ...]] ([] is 0, [[3, []]] is 3,
// [[1, [0, 0]], [-1, []]] is n*n-1). "dtype" is f64, f32, i64 or bool.

#include "loops/LoopIR.h"

#include <string>

namespace llvm {
class Module;
}

namespace arr::codegen {

std::string describeEntries(const loops::Program& program);

/// Defines `const char *arrrt_describe(void)` in `module`, returning `description`.
void addDescribeFunction(llvm::Module& module, const std::string& description);

} // namespace arr::codegen
