#pragma once
// Temporaries contracted to one row per iteration (`--dump-after=contract`).
//
// The lowering gives every array a loop nest of its own, so a chain of row-wise
// steps (a softmax, a log-sum-exp and its derivative, a normalisation) keeps each
// intermediate at full size between the nests that make and read it:
//
//   t = alloc [b, c]; m = alloc [b]
//   parallel for i < b: m[i] = max over r of x[i, r]
//   parallel for i < b: for j < c: t[i, j] = exp(x[i, j] - m[i])
//   parallel for i < b: s = sum over r of t[i, r]; ... t[i, r] ...
//
// When a temporary passes between loops over the same range one row per
// iteration (every access outside its allocation and release is in those loops,
// at the loop's index in one dimension), the loops are fused (Fuse.h's
// fuseLoops: legal when the fused loop carries no dependence) and the temporary
// shrinks to that row, allocated in each iteration; a row of one element becomes a
// local when one statement of the loop body writes it before everything that
// reads it:
//
//   parallel for i < b:
//     m = max over r of x[i, r]
//     t = alloc [c]; for j < c: t[j] = exp(x[i, j] - m)
//     s = sum over r of t[r]; ...
//
// Values and their order of operations are unchanged (each iteration does what the
// separate loops did for it, in their order), so the results are bit for bit the
// same; the rows stay in cache between the steps and memory drops from the
// temporaries' full size to a row per thread. Only loops that contain loops are
// fused here (row-wise work; the fusion of elementwise loops is Fuse.h's, with its
// own heuristic).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

namespace arr::loops {

void contractTemporaries(Function& function, ExprBuilder& exprs);

} // namespace arr::loops
