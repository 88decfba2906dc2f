#pragma once
// An interpreter of the loop IR: the oracle of every loop pass, as the core
// interpreter is of the core passes (`arrc --interpret-after=PASS` for a loop
// pass, and --check-loop-passes, which runs the program after each one).
//
// It computes what native code computes on one thread, statement by statement
// and in the IR's order (a parallel loop is one chunk, from its reductions'
// identities), with the scalar semantics of the primitive table, so that with
// --strict-fp its results are the core interpreter's bit for bit. It also checks
// what native code cannot: every access is in range, every element read was
// written before, no buffer is used outside its allocation, every result element
// is written. A violation is a compiler bug, reported as std::logic_error.

#include "loops/LoopIR.h"
#include "runtime/ArrayValue.h"

#include <stdexcept>
#include <vector>

namespace arr::loops {

/// What the program itself reports (a negative dimension): the message the
/// executable would print.
struct ProgramError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Runs `function` on its flattened inputs (sizes are bound from their shapes,
/// as the executable binds them) and returns its results.
///
/// With `magnitudes`, it also returns for every result element a scale m of the
/// values that went into it, computed alongside (a running error analysis, to first
/// order): m = |x| for inputs and constants, m_a + m_b for a sum, |a| m_b + |b| m_a for a
/// product, |f(x)| + |f'(x)| m_x for a function: for a sum of terms, the sum of their
/// magnitudes. Computing in
/// another order of operations (reassociated sums, fused multiply-adds) changes a
/// result by a few units of rounding of m, times the number of terms at most: what
/// the comparisons of a reassociating compilation with the interpreter allow
/// (floatTolerance). Integer results have scale 0 (they are exact); bool results are
/// given as themselves.
std::vector<runtime::ArrayValue> interpret(const Function& function,
                                           const std::vector<runtime::ArrayValue>& inputs,
                                           std::vector<runtime::ArrayValue>* magnitudes = nullptr);

/// The relative tolerance, in units of the magnitude m above, within which a result
/// computed in another order of floating-point operations is accepted: 1e-9 for f64,
/// 1e-4 for f32 (tests/e2e/run_e2e.py uses the same values).
double floatTolerance(Elem type);

} // namespace arr::loops
