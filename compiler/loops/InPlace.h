#pragma once
// States of sequential loops updated in place (`--dump-after=inplace`).
//
// The lowering double-buffers an array state of a fold, scan or iterate: each
// step writes the next state into a second buffer, which then swaps with the
// state. Reverse mode makes many such states that a step changes in few
// places or not at all: the cotangent of a state that a step does not read
// passes through unchanged, and the gradient of an array the loop reads one
// row or element per step (x[t] in a recurrence) is an accumulator that
// receives one row per step, as a zero-filled array with one row scattered in,
// added to the whole state. Each step then copies the whole state: quadratic
// time in the number of steps, where the objective is linear.
//
//   for steps t < n:
//     z = alloc [n]; for i < n: z[i] = 0.0; z[k(t)] += v
//     for i < n: next[i] = state[i] + z[i]
//     swap state next
//   =>
//   for steps t < n:
//     state[k(t)] += v
//
// Three rewrites, each legal from the accesses:
//  - In place: when the one nest of the step that writes the next state
//    writes every element once, and the step reads the state only there, at
//    the element being written, the nest writes the state itself and the swap
//    goes (a nest that writes each element unchanged then goes too).
//  - Sparse additions: when that nest adds a temporary filled with zeros that
//    the step then only adds single values into, those additions go straight
//    into the state and the temporary and the nest go.
//  - Masked additions: when the term added is zero except where one index of
//    the nest equals a value the nest does not change (a one-hot row as a
//    select), the nest runs only at that index.
// Adding +0.0 leaves every value but -0.0 unchanged, and a sum never becomes
// -0.0 unless both its terms are, so the last two apply when the state is
// filled with a constant other than -0.0 before the loop and the step only adds
// to it (or when the zero added is -0.0, which changes nothing). Several
// additions into one element in a step are reassociated, so they need the
// reductions' reassociation (not --strict-fp) unless each element receives one.

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void updateStatesInPlace(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
