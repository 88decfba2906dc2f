#pragma once
// Differentiation of every grad/valueAndGrad/vjp/jvp node, in three passes:
//   ad         the dual-arrays forward pass of each differentiated function:
//              primal bindings and a symbolic Delta term (Forward.h);
//   hoist      replicated axes hoisted out of the Delta terms (Hoist.h);
//   transpose  each Diff node replaced by its derivative program: the symbolic
//              reverse pass for grad/vjp, the forward evaluation for jvp
//              (Transpose.h). Sharing is still by node identity (see Unshare.h).
// A Diff node is differentiated once its function contains no other Diff node.

#include "ir/Core.h"
#include "passes/ad/Forward.h"

#include <map>
#include <string>
#include <vector>

namespace arr::ad {

/// A program between the forward pass and the transposition: the forward pass of
/// every Diff node whose function contains no other one, by function.
struct DualProgram {
  core::Program program;
  struct Site {
    core::DiffKind kind;
    core::FunctionP function;
    std::vector<bool> differentiable; // the forward pass depends on these and the function
    DualFunction dual;
  };
  std::vector<Site> sites; // in program order: a Diff in another's arguments first
  /// The forward pass of a Diff node of `function` with respect to `differentiable`.
  const DualFunction* find(const core::Node& diff) const;
};

/// `ad`: the forward pass of each differentiation ready for it. Reverse-mode ones inside a
/// loop's step (the vjp of a step, run by a reverse sweep, and derivatives written in a
/// loop body) keep their loops' intermediate values when `keepInnerLoopIntermediates`
/// (forwardPass): that memory lives for one step of the enclosing loop.
DualProgram forwardPasses(const core::Program& program, bool keepInnerLoopIntermediates);

/// `hoist`: hoistReplicates (Hoist.h) applied to every forward pass.
DualProgram hoistReplicateAxes(DualProgram program);

/// `transpose`: every differentiated Diff node replaced by its derivative program.
core::Program transposeDerivatives(const DualProgram& program);

/// The dump of `ad` and `hoist`: each differentiation's primal bindings and Delta terms.
std::string print(const DualProgram& program);

/// Whether the program still contains a Diff node.
bool hasDifferentiation(const core::Program& program);

} // namespace arr::ad
