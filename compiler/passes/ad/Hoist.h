#pragma once
// Hoisting replicated axes out of Delta terms. A derivative that varies along an
// axis only through a `replicate` of the inputs' tangents, with factors that are
// themselves replicated along that axis, is the same for every element of the
// axis: `Scale (replicate n f) (Replicate n d)` is `Replicate n (Scale f d)`.
// Rewriting it that way lets the reverse pass sum the cotangent over the axis
// first and apply the linear map once, rather than once per element: in GMM the
// means' cotangent is one L^T v per component instead of one per point and
// component. Only the order in which cotangent contributions are added changes.
//
// A Share that may receive masks from an `if` above it (a Select, or a literal
// selected elementwise) is left alone: masks are applied after a fragment's
// factors, so that a branch not taken contributes an exact zero even where its
// factor is inf, and summing first would multiply that zero by the factor.

#include "passes/ad/Forward.h"

namespace arr::ad {

/// The same derivative with replicated axes hoisted; new factors are appended to
/// the primal bindings, and Share ids are renumbered children first.
DualFunction hoistReplicates(DualFunction dual);

} // namespace arr::ad
