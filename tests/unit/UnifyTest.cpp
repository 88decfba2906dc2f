// Unification of parameter types with argument types at calls.

#include "sema/Unify.h"

#include <gtest/gtest.h>

namespace arr::sema {
namespace {

class UnifyTest : public ::testing::Test {
protected:
  // The callee's variables.
  SizeVarP n = newSizeVar("n");
  SizeVarP m = newSizeVar("m");
  // The caller's variables.
  SizeVarP a = newSizeVar("a");
  SizeVarP b = newSizeVar("b");
  Dim dim(const SizeVarP& var) { return Dim::variable(var); }
  TypeP f64(std::vector<Dim> dims) { return arrayType(std::move(dims), ElemKind::F64); }
  Unifier unifier{{n, m}, {"T"}};
};

TEST_F(UnifyTest, BindsLoneVariables) {
  EXPECT_TRUE(unifier.unify(f64({dim(n)}), f64({dim(a)}), 0));
  EXPECT_TRUE(unifier.unify(f64({dim(n), dim(m)}), f64({dim(a), dim(b)}), 1));
  EXPECT_EQ(unifier.substitution.dims.at(n->id), dim(a));
  EXPECT_EQ(unifier.substitution.dims.at(m->id), dim(b));
}

TEST_F(UnifyTest, RejectsInconsistentSizes) {
  EXPECT_TRUE(unifier.unify(f64({dim(n)}), f64({dim(a)}), 0));
  EXPECT_FALSE(unifier.unify(f64({dim(n)}), f64({dim(b)}), 1));
}

TEST_F(UnifyTest, RejectsRankAndElementMismatch) {
  EXPECT_FALSE(unifier.unify(f64({dim(n)}), f64({dim(a), dim(b)}), 0));
  EXPECT_FALSE(unifier.unify(f64({dim(n)}), arrayType({dim(a)}, ElemKind::I64), 0));
}

TEST_F(UnifyTest, SolvesSumsAfterLoneVariables) {
  // take-like: (k: [n]f64, x: [n+m]f64) with x: [a+b] and k: [a] -> m = b.
  EXPECT_TRUE(unifier.unify(f64({dim(n) + dim(m)}), f64({dim(a) + dim(b)}), 0));
  EXPECT_TRUE(unifier.unify(f64({dim(n)}), f64({dim(a)}), 1));
  std::string unsolved;
  EXPECT_EQ(unifier.solve(unsolved), -1);
  EXPECT_EQ(unifier.substitution.dims.at(m->id), dim(b));
  std::string missing;
  EXPECT_FALSE(unifier.boundAll(missing)); // T is still unbound
  EXPECT_EQ(missing, "T");
}

TEST_F(UnifyTest, ReportsContradictingDeferredConstraint) {
  EXPECT_TRUE(unifier.unify(f64({Dim::constant(2) * dim(n)}), f64({dim(a)}), 0));
  EXPECT_TRUE(unifier.unify(f64({dim(n)}), f64({dim(b)}), 1));
  std::string unsolved;
  EXPECT_EQ(unifier.solve(unsolved), 0);
}

TEST_F(UnifyTest, SolvesDifferencesAndCoefficients) {
  std::string unsolved;
  Dim one = Dim::constant(1);
  // [n - 1] against [7] binds n = 8; [2*m - 1] against [a] has no solution for every a.
  EXPECT_TRUE(unifier.unify(f64({dim(n) - one}), f64({Dim::constant(7)}), 0));
  EXPECT_EQ(unifier.solve(unsolved), -1);
  EXPECT_EQ(unifier.substitution.dims.at(n->id), Dim::constant(8));
  EXPECT_TRUE(unifier.unify(f64({Dim::constant(2) * dim(m) - one}), f64({dim(a)}), 1));
  EXPECT_EQ(unifier.solve(unsolved), 1);
}

TEST_F(UnifyTest, SolvesAgainstTheCallersSizes) {
  std::string unsolved;
  // [2*n - 1] against [2*a + 1] binds n = a + 1; [n - m] then binds m = a + 1 - b.
  EXPECT_TRUE(unifier.unify(f64({Dim::constant(2) * dim(n) - Dim::constant(1)}),
                            f64({Dim::constant(2) * dim(a) + Dim::constant(1)}), 0));
  EXPECT_TRUE(unifier.unify(f64({dim(n) - dim(m)}), f64({dim(b)}), 1));
  EXPECT_EQ(unifier.solve(unsolved), -1);
  EXPECT_EQ(unifier.substitution.dims.at(n->id), dim(a) + Dim::constant(1));
  EXPECT_EQ(unifier.substitution.dims.at(m->id), dim(a) + Dim::constant(1) - dim(b));
}

TEST_F(UnifyTest, RejectsNegativeAndIndivisibleSolutions) {
  std::string unsolved;
  // [5 - n] against [7] would bind n = -2; [2*m - 1] against [4] has no whole m.
  EXPECT_TRUE(unifier.unify(f64({Dim::constant(5) - dim(n)}), f64({Dim::constant(7)}), 0));
  EXPECT_EQ(unifier.solve(unsolved), 0);
  Unifier other{{n, m}, {}};
  EXPECT_TRUE(
      other.unify(f64({Dim::constant(2) * dim(m) - Dim::constant(1)}), f64({Dim::constant(4)}), 0));
  EXPECT_EQ(other.solve(unsolved), 0);
}

TEST_F(UnifyTest, TypeVariableTakesTheInnerType) {
  TypeP param = typeVariable("T", {dim(n)});
  EXPECT_TRUE(unifier.unify(param, f64({dim(a), dim(b)}), 0));
  EXPECT_TRUE(equal(unifier.substitution.types.at("T"), f64({dim(b)})));
  EXPECT_EQ(unifier.substitution.dims.at(n->id), dim(a));
}

TEST_F(UnifyTest, TypeVariableOverArrayOfTuples) {
  // [n]T against [a](f64, i64), i.e. ([a]f64, [a]i64): T = (f64, i64).
  TypeP arg = tupleType({f64({dim(a)}), arrayType({dim(a)}, ElemKind::I64)});
  EXPECT_TRUE(unifier.unify(typeVariable("T", {dim(n)}), arg, 0));
  TypeP bound = unifier.substitution.types.at("T");
  EXPECT_EQ(toString(bound), "(f64, i64)");
  // Substituting back gives the argument type.
  EXPECT_TRUE(equal(substitute(typeVariable("T", {dim(n)}), unifier.substitution), arg));
}

TEST_F(UnifyTest, TypeVariableMustBeConsistent) {
  EXPECT_TRUE(unifier.unify(typeVariable("T"), f64({}), 0));
  EXPECT_FALSE(unifier.unify(typeVariable("T"), arrayType({}, ElemKind::I64), 1));
}

TEST_F(UnifyTest, TupleOfDifferentOuterSizesIsNotAnArrayOfTuples) {
  TypeP arg = tupleType({f64({dim(a)}), f64({dim(b)})});
  EXPECT_FALSE(unifier.unify(typeVariable("T", {dim(n)}), arg, 0));
}

} // namespace
} // namespace arr::sema
