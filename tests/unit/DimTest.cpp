// Size polynomials: normalisation, equality, substitution and solving.

#include "base/Dim.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace arr {
namespace {

class DimTest : public ::testing::Test {
protected:
  SizeVarP n = newSizeVar("n");
  SizeVarP m = newSizeVar("m");
  Dim N = Dim::variable(n);
  Dim M = Dim::variable(m);
  Dim c(int64_t value) { return Dim::constant(value); }
};

TEST_F(DimTest, SumsAndProductsAreNormalised) {
  EXPECT_EQ(N * M + N, N + M * N);
  EXPECT_EQ((N + c(1)) * (N + c(1)), N * N + c(2) * N + c(1));
  EXPECT_EQ(N + M - M, N);
  EXPECT_EQ(c(2) * c(3), c(6));
}

TEST_F(DimTest, DifferentPolynomialsAreNotEqual) {
  EXPECT_NE(N, M);
  EXPECT_NE(N * M, N + M);
  EXPECT_NE(N + c(1), N);
  EXPECT_NE(c(2) * N, N);
}

TEST_F(DimTest, SameNameDifferentVariablesAreDifferent) {
  Dim other = Dim::variable(newSizeVar("n"));
  EXPECT_NE(N, other);
}

TEST_F(DimTest, ConstantAndVariableViews) {
  EXPECT_EQ(c(7).asConstant(), 7);
  EXPECT_EQ(Dim().asConstant(), 0);
  EXPECT_FALSE(N.asConstant());
  EXPECT_EQ(N.asVariable(), n);
  EXPECT_EQ((c(2) * N).asVariable(), nullptr);
  EXPECT_EQ((N + c(0)).asVariable(), n);
}

TEST_F(DimTest, PrintsHigherDegreeFirstWithoutSpaces) {
  EXPECT_EQ((N * M + c(2) * N + c(1)).toString(), "m*n+2*n+1");
  EXPECT_EQ((N - c(1)).toString(), "n-1");
  EXPECT_EQ((c(0) - N).toString(), "-n");
  EXPECT_EQ(c(0).toString(), "0");
  EXPECT_EQ(toString(std::vector<Dim>{N, M + c(1)}), "n,m+1");
}

TEST_F(DimTest, PrintsAPositiveTermFirst) {
  EXPECT_EQ((c(5) - N).toString(), "5-n");
  EXPECT_EQ((N - N * M).toString(), "n-m*n");
  EXPECT_EQ((c(0) - N - M).toString(), "-m-n");
  EXPECT_EQ((c(2) * N - c(1)).toString(), "2*n-1");
}

TEST_F(DimTest, EvaluatesWithOverflowChecks) {
  std::map<uint32_t, int64_t> values{{n->id, 3}, {m->id, 0}};
  EXPECT_EQ((N - c(5)).evaluate(values), -2);
  EXPECT_EQ((N * N - c(2) * N).evaluate(values), 3);
  values[n->id] = int64_t(1) << 32;
  EXPECT_THROW((N * N).evaluate(values), std::overflow_error);
  EXPECT_THROW((N * N * N - N * N * N + N * N).evaluate(values), std::overflow_error);
  // A zero factor makes a term 0, whatever the order of the factors.
  EXPECT_EQ((N * N * M).evaluate(values), 0);
  values[n->id] = INT64_MAX;
  EXPECT_EQ((N - c(1)).evaluate(values), INT64_MAX - 1);
  EXPECT_THROW((N + c(1)).evaluate(values), std::overflow_error);
  // The sum of terms that fit is exact, whatever order partial sums would take.
  values[m->id] = INT64_MAX;
  EXPECT_EQ((N - M + c(1)).evaluate(values), 1);
  EXPECT_EQ((c(1) + N - M).evaluate(values), 1);
  EXPECT_THROW((N + M - c(1)).evaluate(values), std::overflow_error);
}

TEST_F(DimTest, SubstitutesVariables) {
  std::map<uint32_t, Dim> bindings{{n->id, c(3)}};
  EXPECT_EQ((N * M + N).substitute(bindings), c(3) * M + c(3));
  bindings[m->id] = N; // a variable may be bound to an expression mentioning others
  EXPECT_EQ((N + M).substitute(bindings), c(3) + N);
}

TEST_F(DimTest, SolvesLinearUnitCoefficient) {
  SizeVarP k = newSizeVar("k");
  Dim K = Dim::variable(k);
  EXPECT_EQ((N + M).solveFor(m->id, K), K - N);
  EXPECT_EQ((N - M).solveFor(m->id, K), N - K);
  EXPECT_FALSE((c(2) * M).solveFor(m->id, K));
  EXPECT_FALSE((M * M).solveFor(m->id, K));
  EXPECT_FALSE((M * N).solveFor(m->id, K));
}

TEST_F(DimTest, SolvesLinearWithACoefficient) {
  SizeVarP k = newSizeVar("k");
  Dim K = Dim::variable(k);
  EXPECT_EQ((c(2) * N - c(1)).solveFor(n->id, c(7)), c(4));
  EXPECT_FALSE((c(2) * N - c(1)).solveFor(n->id, c(6)));
  EXPECT_EQ((c(5) - N).solveFor(n->id, c(7)), c(-2)); // negative: callers reject it
  EXPECT_EQ((c(2) * N - c(2)).solveFor(n->id, c(2) * K), K + c(1));
  EXPECT_FALSE((c(2) * N).solveFor(n->id, K + c(1)));
}

TEST_F(DimTest, ConstantOverflowIsReported) {
  Dim big = c(int64_t(1) << 40);
  EXPECT_THROW(big * big, std::overflow_error);
}

} // namespace
} // namespace arr
