// The core IR: builder type rules, printer notation, verifier, mutator sharing.

#include "ir/Builder.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "ir/Visitor.h"

#include <gtest/gtest.h>

namespace arr::core {
namespace {

Type f64(std::vector<Dim> shape = {}) {
  return Type{Elem::F64, std::move(shape)};
}
Type i64() {
  return scalarType(Elem::I64);
}

TEST(CoreBuilder, ComputesTypes) {
  Dim n = Dim::variable(newSizeVar("n"));
  VarP a = newVar("a", f64({n, Dim::constant(3)}));
  NodeP row = makeIndex(makeVariable(a), {makeConst(int64_t(1), Elem::I64)});
  EXPECT_EQ(row->type, f64({Dim::constant(3)}));
  EXPECT_EQ(makeSumOuter(makeVariable(a))->type, f64({Dim::constant(3)}));
  EXPECT_EQ(makeTr({1, 0}, makeVariable(a))->type, f64({Dim::constant(3), n}));
  EXPECT_EQ(makeReshape({Dim::constant(3) * n}, makeVariable(a))->type,
            f64({Dim::constant(3) * n}));
  EXPECT_EQ(makeArgmaxOuter(makeVariable(a))->type, (Type{Elem::I64, {Dim::constant(3)}}));
  VarP i = newVar("i", i64());
  NodeP reversed = makeGather({n}, makeVariable(a), {i},
                              {makeBinary(BinaryOp::Sub, makeSizeValue(n), makeVariable(i))});
  EXPECT_EQ(reversed->type, f64({n, Dim::constant(3)}));
  EXPECT_EQ(
      makeBinary(BinaryOp::Lt, makeConst(1.0, Elem::F64), makeConst(2.0, Elem::F64))->type.elem,
      Elem::Bool);
}

TEST(CoreBuilder, RejectsIllTypedNodes) {
  NodeP x = makeConst(1.0, Elem::F64);
  NodeP v = makeReplicate(Dim::constant(2), x);
  EXPECT_THROW(makeBinary(BinaryOp::Add, x, v), IRError);                  // shapes differ
  EXPECT_THROW(makeIndex(x, {makeConst(int64_t(0), Elem::I64)}), IRError); // rank 0
  EXPECT_THROW(makeIndex(v, {x}), IRError);                                // float index
  EXPECT_THROW(makeTr({1, 1}, makeReplicate(Dim::constant(2), v)), IRError);
  EXPECT_THROW(makeReshape({Dim::constant(3)}, v), IRError);
  EXPECT_THROW(makeUnary(UnaryOp::Exp, makeConst(int64_t(1), Elem::I64)), IRError);
  EXPECT_THROW(makeCond(x, x, x), IRError); // condition is not bool
  EXPECT_THROW(makeSumOuter(x), IRError);
}

TEST(CorePrinter, PrintsThePapersNotation) {
  VarP a = newVar("a", f64({Dim::constant(4)}));
  VarP i = newVar("i", i64());
  NodeP gather =
      makeGather({Dim::constant(4)}, makeVariable(a), {i},
                 {makeBinary(BinaryOp::Sub, makeConst(int64_t(3), Elem::I64), makeVariable(i))});
  std::string text = print(*gather);
  EXPECT_EQ(text, "gather [4] a_" + std::to_string(a->id) + " (\\[i_" + std::to_string(i->id) +
                      "] -> [3 - i_" + std::to_string(i->id) + "])");
  EXPECT_EQ(print(*makeReplicate(Dim::constant(2), makeConst(2.0, Elem::F64))), "replicate 2 2.0");
}

TEST(CoreVerifier, AcceptsWellFormedAndFindsUnboundVariables) {
  VarP x = newVar("x", f64());
  VarP y = newVar("y", f64());
  Function good{
      {x},
      makeLet(y, makeVariable(x), makeBinary(BinaryOp::Mul, makeVariable(y), makeVariable(x)))};
  EXPECT_EQ(verify(good), "");
  Function unbound{{x}, makeBinary(BinaryOp::Mul, makeVariable(y), makeVariable(x))};
  EXPECT_NE(verify(unbound).find("unbound variable y"), std::string::npos);
}

TEST(CoreVerifier, TuplesOnlyAtTheRoot) {
  VarP x = newVar("x", f64());
  NodeP pair = makeTuple({makeVariable(x), makeVariable(x)});
  EXPECT_EQ(verify(Function{{x}, pair}), "");
  // A tuple cannot be an operand: the builder refuses it.
  EXPECT_THROW(makeBuild1(Dim::constant(2), newVar("i", i64()), pair), IRError);
}

TEST(CoreMutator, RebuildsChangedNodesAndKeepsSharing) {
  VarP x = newVar("x", f64());
  NodeP shared = makeUnary(UnaryOp::Exp, makeVariable(x));
  NodeP sum = makeBinary(BinaryOp::Add, shared, shared);
  // Replace exp by log everywhere.
  struct ExpToLog : Mutator {
    int calls = 0;
    NodeP mutateNode(const NodeP& node) override {
      if (node->kind == Node::Kind::Unary && node->unaryOp == UnaryOp::Exp) {
        ++calls;
        return makeUnary(UnaryOp::Log, mutate(node->operands[0]));
      }
      return mutateChildren(node);
    }
  } mutator;
  NodeP result = mutator.mutate(sum);
  EXPECT_EQ(mutator.calls, 1); // the shared exp is rewritten once
  ASSERT_EQ(result->kind, Node::Kind::Binary);
  EXPECT_EQ(result->operands[0], result->operands[1]); // and stays shared
  EXPECT_EQ(result->operands[0]->unaryOp, UnaryOp::Log);
  // An unchanged tree comes back as the same pointer.
  struct Identity : Mutator {
  } identity;
  EXPECT_EQ(identity.mutate(sum), sum);
  EXPECT_EQ(countNodes(sum), 3u);
}

} // namespace
} // namespace arr::core
