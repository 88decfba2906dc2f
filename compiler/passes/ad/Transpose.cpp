#include "passes/ad/Transpose.h"

#include "ir/Builder.h"
#include "ir/Rewrite.h"
#include "passes/ad/CustomDerivatives.h"
#include "passes/ad/LoopDerivatives.h"

#include <numeric>
#include <unordered_map>

namespace arr::ad {

bool isElementwiseSelection(const Delta& gather, const Delta& literal) {
  size_t rank = gather.vars.size();
  if (gather.indices.size() != rank + 1 || literal.type.rank() < rank + 1) return false;
  for (size_t k = 0; k < rank; ++k) {
    const NodeP& index = gather.indices[k + 1];
    if (index->kind != core::Node::Kind::Variable || index->vars.empty() ||
        index->vars[0] != gather.vars[k] || !(gather.shape[k] == literal.type.shape[k + 1]))
      return false;
  }
  return true;
}

namespace {

using core::BinaryOp;
using DK = Delta::Kind;

NodeP plus(const NodeP& a, const NodeP& b) {
  if (!a) return b;
  if (!b) return a;
  return core::makeBinary(BinaryOp::Add, a, b);
}

NodeP times(const NodeP& factor, const NodeP& value) {
  return core::makeBinary(BinaryOp::Mul, value, factor);
}

std::vector<int> inverse(const std::vector<int>& permutation) {
  std::vector<int> result(permutation.size());
  for (size_t q = 0; q < permutation.size(); ++q)
    result[permutation[q]] = int(q);
  return result;
}

core::UnaryOp conversionTo(core::Elem elem) {
  return elem == core::Elem::F32 ? core::UnaryOp::ToF32 : core::UnaryOp::ToF64;
}

/// A condition a cotangent has passed since its shape last changed, applied to it at the
/// end: cond(c, ct * f, 0) rather than cond(c, ct, 0) * f. That keeps a branch not taken
/// out of the result even where its derivative is inf or NaN: the gradient of
/// `if x > 0 then sqrt(x) else 0` at -1 is 0, as forward mode computes it, not 0 * NaN.
struct Mask {
  /// A scalar Select's condition, with the branch taken (true: then); or, for an element
  /// mask, the selector of the gather that picks, per element, one of `count` arrays of
  /// a literal (the bulk form of an `if` inside `build`). Its variables are `vars`.
  NodeP condition;
  bool taken = true;
  std::vector<VarP> vars;       // element masks only: the selector's element position
  std::vector<core::Dim> shape; // and its extents
  size_t part = 0, count = 0;   // the element is kept where the selector is `part`
  bool operator==(const Mask&) const = default;
};
using Masks = std::vector<Mask>;

class ReversePass {
public:
  explicit ReversePass(std::vector<core::Binding>& bindings) : bindings_(bindings) {}

  std::map<size_t, NodeP> run(const DualFunction& dual, const std::vector<NodeP>& cotangents) {
    for (size_t i = 0; i < dual.deltas.size(); ++i)
      if (dual.deltas[i]) eval(cotangents[i], dual.deltas[i], {});
    // backprop: shared fragments in decreasing id order, so that every
    // contribution to a fragment has arrived before it is propagated.
    while (!accumulated_.empty()) {
      auto last = std::prev(accumulated_.end());
      Accumulated cotangent = last->second;
      uint64_t id = last->first;
      DeltaP fragment = fragments_.at(id);
      accumulated_.erase(last);
      if (fragment->kind == DK::Loop) {
        // All of a loop's results have their cotangents: one reverse sweep for them all.
        std::vector<NodeP> operands =
            fragment->loop->kind == core::Node::Kind::Custom
                ? customCotangents(*fragment, loopResults_[id], bindings_)
                : loopCotangents(*fragment, loopResults_[id], bindings_, dual.runtimeSizes);
        for (size_t k = 0; k < operands.size(); ++k)
          if (operands[k]) eval(operands[k], fragment->parts[k], {});
        continue;
      }
      eval(cotangent.sum, fragment, cotangent.masks);
    }
    return std::move(gradients_);
  }

private:
  struct Accumulated {
    NodeP sum;
    Masks masks; // shared by every contribution in the sum
  };

  static NodeP applyMasks(NodeP c, const Masks& masks, const Type& type) {
    if (masks.empty()) return c;
    NodeP zero = core::zerosOf(type);
    for (auto mask = masks.rbegin(); mask != masks.rend(); ++mask) {
      if (mask->vars.empty()) {
        c = mask->taken ? core::makeCond(mask->condition, c, zero)
                        : core::makeCond(mask->condition, zero, c);
        continue;
      }
      // gather [sh] [0, .., c, .., 0] (\v.. -> [selector, v..]): c where the selector
      // picks this part, zero elsewhere; the same form as the `if` it came from.
      std::vector<VarP> vars;
      NodeP selector = mask->condition;
      std::vector<NodeP> indices{nullptr};
      for (const VarP& var : mask->vars) {
        vars.push_back(core::newVar(var->name, var->type));
        selector = core::substitute(selector, var, core::makeVariable(vars.back()));
        indices.push_back(core::makeVariable(vars.back()));
      }
      indices[0] = selector;
      std::vector<NodeP> elements(mask->count, zero);
      elements[mask->part] = c;
      c = core::makeGather(mask->shape, core::makeArrayLit(elements), vars, indices);
    }
    return c;
  }

  void eval(const NodeP& unmasked, const DeltaP& delta, const Masks& masks) {
    if (!delta) return;
    const Delta& d = *delta;
    auto c = [&] { return applyMasks(unmasked, masks, d.type); };
    // An operation that changes the shape takes the cotangent with its element masks
    // applied, since they have this shape; a scalar `if`'s mask holds whatever the shape
    // and goes on, to be applied after the factors below too.
    Masks scalar, element;
    for (const Mask& mask : masks)
      (mask.vars.empty() ? scalar : element).push_back(mask);
    auto shaped = [&] { return applyMasks(unmasked, element, d.type); };
    switch (d.kind) {
    case DK::Zero:
      return;
    case DK::Input:
      gradients_[d.input] = plus(gradients_[d.input], c());
      return;
    case DK::Add:
      // The same node feeds both sides: the cotangent is shared, not duplicated.
      eval(unmasked, d.parts[0], masks);
      eval(unmasked, d.parts[1], masks);
      return;
    case DK::Scale:
      eval(times(d.factor, unmasked), d.parts[0], masks);
      return;
    case DK::Share: {
      fragments_[d.id] = d.parts[0];
      auto [found, first] = accumulated_.try_emplace(d.id, Accumulated{unmasked, masks});
      if (first) return;
      Accumulated& sum = found->second;
      if (sum.masks == masks) {
        sum.sum = plus(sum.sum, unmasked);
      } else {
        sum.sum = plus(applyMasks(sum.sum, sum.masks, d.type), c());
        sum.masks.clear();
      }
      return;
    }
    case DK::Index: {
      // One-hot: c scattered to one position of a zero array (dropped when out of range).
      const Type& inner = d.parts[0]->type;
      std::vector<core::Dim> shape(inner.shape.begin(), inner.shape.begin() + d.indices.size());
      eval(core::makeScatter(shape, shaped(), {}, d.indices), d.parts[0], scalar);
      return;
    }
    case DK::SumOuter:
      eval(core::makeReplicate(d.parts[0]->type.shape[0], shaped()), d.parts[0], scalar);
      return;
    case DK::Gather: {
      const Delta* source = d.parts[0].get();
      while (source->kind == DK::Share)
        source = source->parts[0].get();
      if (source->kind == DK::LitArray && isElementwiseSelection(d, *source)) {
        // Each literal element gets the cotangent where it was selected, masked after its
        // own factors; the literal's shared [count, sh] cotangent is never built.
        for (size_t j = 0; j < source->parts.size(); ++j) {
          if (!source->parts[j]) continue;
          Masks inner = masks;
          inner.push_back(Mask{d.indices[0], true, d.vars, d.shape, j, source->parts.size()});
          eval(unmasked, source->parts[j], inner);
        }
        return;
      }
      const Type& inner = d.parts[0]->type;
      std::vector<core::Dim> shape(inner.shape.begin(), inner.shape.begin() + d.indices.size());
      eval(core::makeScatter(shape, shaped(), d.vars, d.indices), d.parts[0], scalar);
      return;
    }
    case DK::Scatter: {
      const Type& inner = d.parts[0]->type;
      std::vector<core::Dim> shape(inner.shape.begin(), inner.shape.begin() + d.vars.size());
      eval(core::makeGather(shape, shaped(), d.vars, d.indices), d.parts[0], scalar);
      return;
    }
    case DK::LitArray: {
      NodeP whole = shaped();
      for (size_t j = 0; j < d.parts.size(); ++j)
        if (d.parts[j])
          eval(core::makeIndex(whole, {core::makeConst(int64_t(j), core::Elem::I64)}), d.parts[j],
               scalar);
      return;
    }
    case DK::Replicate:
      eval(core::makeSumOuter(shaped()), d.parts[0], scalar);
      return;
    case DK::Transpose:
      eval(core::makeTr(inverse(d.permutation), shaped()), d.parts[0], scalar);
      return;
    case DK::Reshape:
      eval(core::makeReshape(d.parts[0]->type.shape, shaped()), d.parts[0], scalar);
      return;
    case DK::Select: {
      Masks inner = masks;
      inner.push_back(Mask{d.condition, true, {}, {}, 0, 0});
      if (d.parts[0]) eval(unmasked, d.parts[0], inner);
      inner.back().taken = false;
      if (d.parts[1]) eval(unmasked, d.parts[1], inner);
      return;
    }
    case DK::Convert:
      eval(core::makeUnary(conversionTo(d.parts[0]->type.elem), unmasked), d.parts[0], masks);
      return;
    case DK::LoopResult: {
      // Collected per result until the loop's turn comes (its Share's id).
      const Delta& shared = *d.parts[0];
      fragments_[shared.id] = shared.parts[0];
      std::vector<NodeP>& results = loopResults_[shared.id];
      results.resize(core::resultTypes(*shared.parts[0]->loop).size());
      results[d.result] = plus(results[d.result], c());
      accumulated_.try_emplace(shared.id, Accumulated{nullptr, {}});
      return;
    }
    case DK::Loop:
      throw core::IRError("AD: a loop's derivative outside its Share");
    }
  }

  std::vector<core::Binding>& bindings_;
  std::map<size_t, NodeP> gradients_;
  std::map<uint64_t, Accumulated> accumulated_;
  std::unordered_map<uint64_t, DeltaP> fragments_;
  std::unordered_map<uint64_t, std::vector<NodeP>> loopResults_; // by the loop's Share id
};

class ForwardEvaluation {
public:
  ForwardEvaluation(const std::map<size_t, NodeP>& tangents, std::vector<core::Binding>& bindings)
      : tangents_(tangents), bindings_(bindings) {}

  /// The tangent of `delta`, or null when it is zero.
  NodeP eval(const DeltaP& delta) {
    if (!delta) return nullptr;
    const Delta& d = *delta;
    auto part = [&](size_t i) { return eval(d.parts[i]); };
    switch (d.kind) {
    case DK::Zero:
      return nullptr;
    case DK::Input: {
      auto it = tangents_.find(d.input);
      return it == tangents_.end() ? nullptr : it->second;
    }
    case DK::Add:
      return plus(part(0), part(1));
    case DK::Scale: {
      NodeP inner = part(0);
      return inner ? times(d.factor, inner) : nullptr;
    }
    case DK::Share: {
      // Each shared fragment is computed once: its tangent node is reused.
      if (auto it = shared_.find(d.id); it != shared_.end()) return it->second;
      NodeP value = part(0);
      shared_[d.id] = value;
      return value;
    }
    case DK::LoopResult: {
      // One tangent loop for all of a loop's results.
      const Delta& shared = *d.parts[0];
      auto found = loops_.find(shared.id);
      if (found == loops_.end()) {
        const Delta& loop = *shared.parts[0];
        std::vector<NodeP> operands;
        for (const auto& operand : loop.parts)
          operands.push_back(eval(operand));
        found = loops_
                    .emplace(shared.id, loop.loop->kind == core::Node::Kind::Custom
                                            ? customTangents(loop, operands, bindings_)
                                            : loopTangents(loop, operands, bindings_))
                    .first;
      }
      return found->second[d.result];
    }
    case DK::Loop:
      throw core::IRError("AD: a loop's derivative outside its Share");
    default:
      break;
    }
    // The linear array operations: the same operation applied to the tangent.
    std::vector<NodeP> parts;
    bool any = false;
    for (size_t i = 0; i < d.parts.size(); ++i) {
      parts.push_back(part(i));
      any |= parts.back() != nullptr;
    }
    if (!any) return nullptr;
    for (size_t i = 0; i < parts.size(); ++i)
      if (!parts[i]) {
        // A missing part has its own type; for a literal that is the element type.
        Type type = d.parts[i] ? d.parts[i]->type : d.type;
        if (!d.parts[i] && d.kind == DK::LitArray) type.shape.erase(type.shape.begin());
        parts[i] = core::zerosOf(type);
      }
    switch (d.kind) {
    case DK::Index:
      return core::makeIndex(parts[0], d.indices);
    case DK::SumOuter:
      return core::makeSumOuter(parts[0]);
    case DK::Gather:
      return core::makeGather(d.shape, parts[0], d.vars, d.indices);
    case DK::Scatter:
      return core::makeScatter(d.shape, parts[0], d.vars, d.indices);
    case DK::LitArray:
      return core::makeArrayLit(parts);
    case DK::Replicate:
      return core::makeReplicate(d.shape[0], parts[0]);
    case DK::Transpose:
      return core::makeTr(d.permutation, parts[0]);
    case DK::Reshape:
      return core::makeReshape(d.shape, parts[0]);
    case DK::Select:
      return core::makeCond(d.condition, parts[0], parts[1]);
    case DK::Convert:
      return core::makeUnary(conversionTo(d.type.elem), parts[0]);
    default:
      return nullptr;
    }
  }

private:
  const std::map<size_t, NodeP>& tangents_;
  std::vector<core::Binding>& bindings_;
  std::unordered_map<uint64_t, NodeP> shared_;
  std::unordered_map<uint64_t, std::vector<NodeP>> loops_; // by the loop's Share id
};

} // namespace

std::map<size_t, NodeP> transpose(const DualFunction& dual, const std::vector<NodeP>& cotangents,
                                  std::vector<core::Binding>& bindings) {
  return ReversePass(bindings).run(dual, cotangents);
}

std::vector<NodeP> evaluateForward(const DualFunction& dual,
                                   const std::map<size_t, NodeP>& tangents,
                                   std::vector<core::Binding>& bindings) {
  ForwardEvaluation evaluation(tangents, bindings);
  std::vector<NodeP> results;
  for (const auto& delta : dual.deltas)
    results.push_back(evaluation.eval(delta));
  return results;
}

} // namespace arr::ad
