#pragma once
// Symbolic Delta terms (the paper's Fig. 12 and §7.2): the forward derivative of
// a differentiated function as a linear term over its inputs, whose non-linear
// parts (Scale factors, indices, index functions) are core IR terms of the
// primal program. Share nodes carry increasing ids; a Delta node may be
// referenced from several places (a DAG), which is why Share exists.

#include "ir/Builder.h"
#include "ir/Core.h"

#include <memory>
#include <string>
#include <vector>

namespace arr::ad {

using core::Dim;
using core::NodeP;
using core::Type;
using core::VarP;

struct Delta;
using DeltaP = std::shared_ptr<const Delta>;

/// The reverse of a loop's step, built by the forward pass for a loop that keeps its
/// steps' intermediate values (Forward.h): the step's transposed Delta over the step's
/// parameters, the cotangents of its results and the kept values, which the reverse
/// sweep binds to its own parameters before `bindings`.
struct StepReverse {
  std::vector<VarP> cotangents;        // one per result of the step
  std::vector<VarP> kept;              // the intermediate values the primal loop stacked
  std::vector<core::Binding> bindings; // views recomputed from the above, then the sweep
  std::vector<NodeP> gradients;        // of the differentiable parameters, in order
};

struct Delta {
  enum class Kind {
    Zero,       // (never built: a null DeltaP means zero)
    Input,      // the tangent of parameter `input`
    Add,        // parts[0] + parts[1]
    Scale,      // factor * parts[0], elementwise; factor is a primal variable or constant
    Share,      // parts[0], computed once: cotangents accumulate per id
    Index,      // index parts[0] indices
    SumOuter,   // sumOuter parts[0]
    Gather,     // gather shape parts[0] (\vars -> indices)
    Scatter,    // scatter shape parts[0] (\vars -> indices)
    LitArray,   // [parts...]
    Replicate,  // replicate shape[0] parts[0]
    Transpose,  // tr permutation parts[0]
    Reshape,    // reshape shape parts[0]
    Select,     // cond condition parts[0] parts[1] (strict cond of dual values)
    Convert,    // parts[0] converted to type.elem (between f32 and f64)
    Loop,       // the derivative of `loop` (all its results at once), linear in the parts: the
                // tangents of its operands (initial state, elements, captured; null for zero).
                // Always under a Share, read through LoopResult.
    LoopResult, // result `result` of the Loop delta parts[0] (a Share)
  };
  Kind kind;
  Type type;
  std::vector<DeltaP> parts;
  size_t input = 0;
  NodeP factor;                 // Scale
  NodeP condition;              // Select
  uint64_t id = 0;              // Share
  std::vector<NodeP> indices;   // Index, Gather, Scatter
  std::vector<VarP> vars;       // Gather, Scatter
  std::vector<Dim> shape;       // Gather, Scatter, Replicate, Reshape
  std::vector<int> permutation; // Transpose
  NodeP loop;                   // Loop: the primal loop (its count, step and operand layout)
  std::vector<NodeP> primals;   // Loop: its primal operands, then the state before each step
                                // ([n, ..] per state component), then the kept values
                                // ([n, ..] per StepReverse::kept) when `reverse` is set
  std::shared_ptr<const StepReverse> reverse; // Loop: when it keeps intermediate values
  size_t result = 0;                          // LoopResult
};

std::string print(const Delta& delta);

/// Whether `gather` reads its literal elementwise: gather [sh] lit (\v.. -> [s, v..]),
/// each element of the result taken from the same position of one literal element
/// (the bulk form of an `if` inside `build`).
bool isElementwiseSelection(const Delta& gather, const Delta& literal);

} // namespace arr::ad
