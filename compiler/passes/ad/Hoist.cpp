#include "passes/ad/Hoist.h"

#include "ir/Builder.h"
#include "ir/Visitor.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace arr::ad {

namespace {

using DK = Delta::Kind;
using K = core::Node::Kind;

Type withoutAxis(Type type, size_t axis) {
  type.shape.erase(type.shape.begin() + ptrdiff_t(axis));
  return type;
}

/// The source axis of result axis `axis` of a transpose: a permutation may cover only
/// the leading axes, and the others stay where they are.
size_t sourceAxis(const std::vector<int>& permutation, size_t axis) {
  return axis < permutation.size() ? size_t(permutation[axis]) : axis;
}

/// `permutation` (result axis q is source axis permutation[q]) without result axis
/// `axis`, whose source axis is gone too; empty when what is left is the identity.
std::vector<int> withoutAxis(const std::vector<int>& permutation, size_t axis) {
  int source = int(sourceAxis(permutation, axis));
  std::vector<int> result;
  bool identity = true;
  for (size_t q = 0; q < permutation.size(); ++q) {
    if (q == axis) continue;
    int from = permutation[q] > source ? permutation[q] - 1 : permutation[q];
    identity &= from == int(result.size());
    result.push_back(from);
  }
  return identity ? std::vector<int>{} : result;
}

/// A copy of `like` with another type and parts (every other field kept).
DeltaP copyOf(const Delta& like, const Type& type, std::vector<DeltaP> parts) {
  auto delta = std::make_shared<Delta>(like);
  delta->type = type;
  delta->parts = std::move(parts);
  return delta;
}

DeltaP plus(const DeltaP& a, const DeltaP& b) {
  if (!a) return b;
  if (!b) return a;
  auto sum = std::make_shared<Delta>();
  sum->kind = DK::Add;
  sum->type = a->type;
  sum->parts = {a, b};
  return sum;
}

DeltaP shared(const DeltaP& delta) {
  if (!delta || delta->kind == DK::Share || delta->kind == DK::Input) return delta;
  auto share = std::make_shared<Delta>();
  share->kind = DK::Share;
  share->type = delta->type;
  share->parts = {delta};
  return share;
}

/// `delta` replicated along a new axis `axis` of the given extent: a Replicate, then
/// a Transpose that moves the new outer axis into place.
DeltaP withAxis(const DeltaP& delta, size_t axis, const core::Dim& extent, const Type& type) {
  auto replicated = std::make_shared<Delta>();
  replicated->kind = DK::Replicate;
  replicated->type = delta->type;
  replicated->type.shape.insert(replicated->type.shape.begin(), extent);
  replicated->shape = {extent};
  replicated->parts = {delta};
  if (axis == 0) return replicated;
  auto moved = std::make_shared<Delta>();
  moved->kind = DK::Transpose;
  moved->type = type;
  for (size_t q = 0; q < type.rank(); ++q)
    moved->permutation.push_back(q < axis ? int(q) + 1 : q == axis ? 0 : int(q));
  moved->parts = {replicated};
  return moved;
}

/// A Delta term split along one axis: term = (hoisted replicated along the axis) + rest.
/// `rest` is the original node when nothing was hoisted; either may be null (zero).
struct Split {
  DeltaP hoisted;
  DeltaP rest;
  bool reduced = false; // a multiplication or a sum now runs without the axis
};

class Hoister {
public:
  explicit Hoister(DualFunction& dual) : dual_(dual) {
    for (const auto& binding : dual.bindings)
      if (binding.vars.size() == 1) values_[binding.vars[0]->id] = binding.value;
  }

  void run() {
    originals_ = dual_.deltas;
    for (const auto& delta : dual_.deltas)
      markMaskable(delta, false);
    for (auto& delta : dual_.deltas)
      delta = rewrite(delta);
    renumberShares();
  }

private:
  /// Shares a mask can reach: below a Select or a literal selected elementwise,
  /// through the operations the reverse pass carries masks across.
  void markMaskable(const DeltaP& delta, bool masked) {
    if (!delta || !visited_.insert({delta.get(), masked}).second) return;
    const Delta& d = *delta;
    if (d.kind == DK::Share && masked) maskable_.insert(&d);
    bool passes =
        d.kind == DK::Add || d.kind == DK::Scale || d.kind == DK::Convert || d.kind == DK::Share;
    for (const auto& part : d.parts)
      markMaskable(part, d.kind == DK::Select || (passes && masked));
    if (d.kind != DK::Gather) return;
    const Delta* source = d.parts[0].get();
    while (source->kind == DK::Share)
      source = source->parts[0].get();
    if (source->kind == DK::LitArray && isElementwiseSelection(d, *source))
      for (const auto& part : source->parts)
        markMaskable(part, true);
  }

  DeltaP rewrite(const DeltaP& delta) {
    if (!delta) return delta;
    if (auto it = rewritten_.find(delta.get()); it != rewritten_.end()) return it->second.second;
    const Delta& d = *delta;
    DeltaP result;
    if (d.kind == DK::Share && !maskable_.count(&d)) {
      for (size_t axis = 0; axis < d.type.rank() && !result; ++axis) {
        Split split = this->split(d.parts[0], axis, false);
        if (!split.reduced) continue;
        DeltaP inner =
            plus(withAxis(shared(split.hoisted), axis, d.type.shape[axis], d.type), split.rest);
        result = copyOf(d, d.type, {rewrite(inner)});
      }
    }
    if (!result) {
      std::vector<DeltaP> parts;
      bool changed = false;
      for (const auto& part : d.parts) {
        parts.push_back(rewrite(part));
        changed |= parts.back() != part;
      }
      result = changed ? copyOf(d, d.type, parts) : delta;
    }
    rewritten_[delta.get()] = {delta, result};
    return result;
  }

  Split split(const DeltaP& delta, size_t axis, bool literalAllowed) {
    auto key = std::make_tuple(delta.get(), axis, literalAllowed);
    if (auto it = splits_.find(key); it != splits_.end()) return it->second.second;
    Split result = compute(delta, axis, literalAllowed);
    splits_[key] = {delta, result};
    return result;
  }

  Split compute(const DeltaP& delta, size_t axis, bool literalAllowed) {
    const Delta& d = *delta;
    Split none{nullptr, delta, false};
    Type reduced = withoutAxis(d.type, axis);
    // One part split along `partAxis`, rebuilt around both pieces.
    auto around = [&](size_t partAxis, auto&& hoistedNode, bool reduces) -> Split {
      Split inner = split(d.parts[0], partAxis, false);
      if (!inner.hoisted) return none;
      DeltaP rest = inner.rest ? copyOf(d, d.type, {inner.rest}) : nullptr;
      return {hoistedNode(inner.hoisted), rest, inner.reduced || reduces};
    };
    auto same = [&](const DeltaP& hoisted) { return copyOf(d, reduced, {hoisted}); };
    switch (d.kind) {
    case DK::Replicate:
      if (axis == 0) return {d.parts[0], nullptr, false};
      return around(axis - 1, same, false);
    case DK::Transpose: {
      std::vector<int> permutation = withoutAxis(d.permutation, axis);
      return around(
          sourceAxis(d.permutation, axis),
          [&](const DeltaP& hoisted) {
            if (permutation.empty()) return hoisted;
            DeltaP moved = copyOf(d, reduced, {hoisted});
            std::const_pointer_cast<Delta>(moved)->permutation = permutation;
            return moved;
          },
          false);
    }
    case DK::Scale: {
      NodeP factor = dropAxis(d.factor, axis);
      if (!factor) return none;
      return around(
          axis,
          [&](const DeltaP& hoisted) {
            DeltaP scaled = copyOf(d, reduced, {hoisted});
            std::const_pointer_cast<Delta>(scaled)->factor = bindFactor(factor);
            return scaled;
          },
          true);
    }
    case DK::SumOuter:
      return around(axis + 1, same, true);
    case DK::Convert:
      return around(axis, same, false);
    case DK::Share: {
      Split inner = split(d.parts[0], axis, literalAllowed);
      if (!inner.hoisted) return none;
      DeltaP rest = inner.rest;
      if (rest && rest->kind != DK::Share && rest->kind != DK::Input)
        rest = copyOf(d, d.type, {rest});
      // The pieces of a share a mask can reach are reached by the same masks.
      DeltaP hoisted = shared(inner.hoisted);
      if (maskable_.count(&d))
        for (const DeltaP& piece : {hoisted, rest})
          if (piece) maskable_.insert(piece.get());
      return {hoisted, rest, inner.reduced};
    }
    case DK::Add: {
      Split a = split(d.parts[0], axis, false);
      Split b = split(d.parts[1], axis, false);
      if (!a.hoisted && !b.hoisted) return none;
      return {plus(a.hoisted, b.hoisted), plus(a.rest, b.rest), a.reduced || b.reduced};
    }
    case DK::LitArray: {
      if (!literalAllowed || axis == 0) return none;
      std::vector<DeltaP> hoisted, rest;
      bool any = false, reduces = false, anyRest = false;
      for (const auto& part : d.parts) {
        Split s = part ? split(part, axis - 1, false) : Split{};
        hoisted.push_back(s.hoisted);
        rest.push_back(s.rest);
        any |= s.hoisted != nullptr;
        anyRest |= s.rest != nullptr;
        reduces |= s.reduced;
      }
      if (!any) return none;
      return {copyOf(d, reduced, hoisted), anyRest ? copyOf(d, d.type, rest) : nullptr, reduces};
    }
    case DK::Gather:
      return splitGather(d, axis, none, reduced);
    default:
      return none;
    }
  }

  /// A gather splits along an axis of its index space whose variable is one bare
  /// index into its source and appears in no other index (nor in the selector), or
  /// along a trailing axis it copies whole.
  Split splitGather(const Delta& d, size_t axis, const Split& none, const Type& reduced) {
    size_t rank = d.vars.size();
    size_t sourceAxis = axis - rank + d.indices.size();
    std::optional<size_t> dropped;
    if (axis < rank) {
      for (size_t s = 0; s < d.indices.size(); ++s) {
        const NodeP& index = d.indices[s];
        bool bare = index->kind == K::Variable && index->vars[0] == d.vars[axis];
        bool mentioned = false;
        if (!bare)
          core::forEachNode(index, [&](const core::Node& n) {
            mentioned |= n.kind == K::Variable && n.vars[0] == d.vars[axis];
          });
        if (mentioned || (bare && dropped)) return none;
        if (bare) dropped = s;
      }
      if (!dropped) return none;
      sourceAxis = *dropped;
      // Past the source's extent the index reads zeros, not the replicated value: only
      // an index space no longer than the source's axis reads it everywhere.
      const core::Dim& indexExtent = d.shape[axis];
      const core::Dim& sourceExtent = d.parts[0]->type.shape[sourceAxis];
      auto indexCount = indexExtent.asConstant(), sourceCount = sourceExtent.asConstant();
      if (!(indexExtent == sourceExtent) &&
          !(indexCount && sourceCount && *indexCount <= *sourceCount))
        return none;
    }
    Split inner = split(d.parts[0], sourceAxis, true);
    if (!inner.hoisted) return none;
    auto hoisted = std::make_shared<Delta>(d);
    hoisted->type = reduced;
    hoisted->parts = {inner.hoisted};
    if (dropped) {
      hoisted->vars.erase(hoisted->vars.begin() + ptrdiff_t(axis));
      hoisted->shape.erase(hoisted->shape.begin() + ptrdiff_t(axis));
      hoisted->indices.erase(hoisted->indices.begin() + ptrdiff_t(*dropped));
    }
    DeltaP rest = inner.rest ? copyOf(d, d.type, {inner.rest}) : nullptr;
    return {hoisted, rest, inner.reduced};
  }

  /// The primal value `value` without its axis `axis`, when it is the same along it;
  /// null otherwise. Follows the primal bindings.
  NodeP dropAxis(const NodeP& value, size_t axis) {
    auto key = std::make_pair(value.get(), axis);
    if (auto it = dropped_.find(key); it != dropped_.end()) return it->second;
    NodeP result;
    const core::Node& v = *value;
    switch (v.kind) {
    case K::Variable:
      if (auto it = values_.find(v.vars[0]->id); it != values_.end())
        result = dropAxis(it->second, axis);
      break;
    case K::Replicate:
      if (axis == 0) {
        result = v.operands[0];
      } else if (NodeP inner = dropAxis(v.operands[0], axis - 1)) {
        result = core::makeReplicate(v.shape[0], inner);
      }
      break;
    case K::Tr:
      if (NodeP inner = dropAxis(v.operands[0], sourceAxis(v.permutation, axis))) {
        std::vector<int> permutation = withoutAxis(v.permutation, axis);
        result = permutation.empty() ? inner : core::makeTr(permutation, inner);
      }
      break;
    case K::Unary:
      if (NodeP inner = dropAxis(v.operands[0], axis)) result = core::makeUnary(v.unaryOp, inner);
      break;
    case K::Binary: {
      NodeP left = dropAxis(v.operands[0], axis);
      NodeP right = left ? dropAxis(v.operands[1], axis) : nullptr;
      if (right) result = core::makeBinary(v.binaryOp, left, right);
      break;
    }
    default:
      break;
    }
    dropped_[key] = result;
    return result;
  }

  /// A factor is a primal variable: a new one is bound after the primal bindings.
  NodeP bindFactor(const NodeP& factor) {
    if (factor->kind == K::Variable || factor->kind == K::Const) return factor;
    if (auto it = boundFactors_.find(factor.get()); it != boundFactors_.end()) return it->second;
    VarP var = core::newVar("f", factor->type);
    dual_.bindings.push_back({{var}, factor});
    values_[var->id] = factor; // a hoisted share may be split again, along another axis
    NodeP variable = core::makeVariable(var);
    boundFactors_[factor.get()] = variable;
    return variable;
  }

  /// Children before parents, so the reverse pass, which takes shares in decreasing
  /// id order, has every contribution to a share before it propagates it.
  void renumberShares() {
    std::unordered_set<const Delta*> seen;
    uint64_t next = 1;
    std::function<void(const DeltaP&)> visit = [&](const DeltaP& delta) {
      if (!delta || !seen.insert(delta.get()).second) return;
      for (const auto& part : delta->parts)
        visit(part);
      if (delta->kind == DK::Share) std::const_pointer_cast<Delta>(delta)->id = next++;
    };
    for (const auto& delta : dual_.deltas)
      visit(delta);
    dual_.shareCount = next - 1;
  }

  DualFunction& dual_;
  std::unordered_map<uint32_t, NodeP> values_;
  std::set<std::pair<const Delta*, bool>> visited_;
  std::unordered_set<const Delta*> maskable_;
  std::vector<DeltaP> originals_; // the memo keys below are addresses: keep them alive
  std::unordered_map<const Delta*, std::pair<DeltaP, DeltaP>> rewritten_;
  std::map<std::tuple<const Delta*, size_t, bool>, std::pair<DeltaP, Split>> splits_;
  // The two maps below are keyed by addresses of nodes that stay alive for the whole run:
  // those of the primal bindings, of the original deltas' factors, and dropped_'s values.
  std::map<std::pair<const core::Node*, size_t>, NodeP> dropped_;
  std::unordered_map<const core::Node*, NodeP> boundFactors_;
};

} // namespace

DualFunction hoistReplicates(DualFunction dual) {
  Hoister(dual).run();
  return dual;
}

} // namespace arr::ad
