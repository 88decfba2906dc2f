#pragma once
// Reductions of a temporary accumulated where its elements are produced
// (`--dump-after=accumulate`).
//
// Reverse mode turns the reads of a replicated value (x[i] and x[j] in a
// function of pairs of rows) into sums of one cotangent array along the
// replicated axes. The lowering materialises that array, [n, n, d] for a
// pairwise kernel, and sums it afterwards, once along a stride:
//
//   t = alloc [n, n, d]
//   for i < n: for j < n: for k < d: t[i, j, k] = E
//   for a < n: for k < d: s1 = -0.0; for r < n: s1 += t[a, r, k]
//                         s2 = -0.0; for r < n: s2 += t[r, a, k]
//
// When a buffer's only store runs once per element in a nest of loops over its
// dimensions, and every read of it is a step of a reduction along one
// dimension (of the element, or of the element times a factor that reads only
// the entry's arrays at the element's indices: a diagonal GMM's cotangent
// times x - mu), each reduction keeps an accumulator shaped like the buffer
// without that dimension, updated where E is computed, and the buffer goes:
//
//   acc1 = [n, d] of -0.0; acc2 = [n, d] of -0.0
//   for i < n: for j < n: for k < d: e = E; acc1[i, k] += e; acc2[j, k] += e
//   for a < n: for k < d: s1 = acc1[a, k]; s2 = acc2[a, k]
//
// Each accumulator receives its terms in the order the sum read them (the
// producer's loop over the summed dimension runs upwards), from the reduction's
// identity, so the values are bit for bit the same, --strict-fp included. A
// loop of the producer over a summed dimension that was parallel becomes
// serial: its iterations now update the same elements.

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void accumulateIntoProducers(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
