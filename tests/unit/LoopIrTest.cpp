// The loop IR's own tools: the interpreter (results, magnitudes, and the
// invariants it checks), the verifier, and the analyses the passes decide
// legality with (affine forms, dependences).

#include "loops/LoopIR.h"
#include "loops/Analysis.h"
#include "loops/ExprBuilder.h"
#include "loops/Interpreter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace arr::loops {
namespace {

using runtime::ArrayValue;
using runtime::Dtype;

/// A function of one size n and one f64 vector a: [n], with a scalar f64 result; the
/// test fills its body.
struct VectorFunction {
  std::shared_ptr<ExprBuilder> exprs = std::make_shared<ExprBuilder>();
  Function function;
  LocalP n;
  BufferP a, out;

  VectorFunction() {
    function.name = "f";
    function.exprs = exprs;
    n = exprs->newLocal("n", Elem::I64);
    a = exprs->newBuffer("a", Elem::F64, {exprs->local(n)});
    out = exprs->newBuffer("out", Elem::F64, {});
    function.sizes = {n};
    function.params = {Param{"a", nullptr, a}};
    function.results = {out};
    function.signature.sizes = {"n"};
    function.signature.params = {
        {"a", runtime::SignatureType{Dtype::F64, {runtime::SizePolynomial::variable(0)}}}};
    function.signature.results = {runtime::SignatureType{Dtype::F64, {}}};
  }

  ExprP index(int64_t value) { return exprs->index(value); }

  /// acc = -0.0; for i in [lower, n) by step: acc += a[i]; out = acc.
  void sum(bool reassociate, ExprP lower = nullptr, int64_t step = 1) {
    LocalP acc = exprs->newLocal("acc", Elem::F64);
    LocalP i = exprs->newLocal("i", Elem::I64);
    function.body = {makeDeclare(acc, exprs->constant(-0.0, Elem::F64)),
                     makeFor(i, lower ? lower : index(0), exprs->local(n),
                             {makeAccumulate(acc, BinaryOp::Add, exprs->load(a, {exprs->local(i)}),
                                             reassociate)},
                             step),
                     makeStore(out, {}, exprs->local(acc))};
  }

  std::vector<ArrayValue> run(const std::vector<double>& values,
                              std::vector<ArrayValue>* magnitudes = nullptr) {
    return interpret(function, {ArrayValue::fromElements<double>({int64_t(values.size())}, values)},
                     magnitudes);
  }
};

double scalarOf(const ArrayValue& value) {
  return value.data<double>()[0];
}

TEST(LoopInterpreter, SumsInProgramOrder) {
  VectorFunction f;
  f.sum(false);
  EXPECT_EQ(verify(f.function), "");
  // In order, 1e16 + 1 - 1e16 loses the 1: the interpreter's order, not exact arithmetic.
  EXPECT_EQ(scalarOf(f.run({1e16, 1.0, -1e16})[0]), 0.0);
  EXPECT_EQ(scalarOf(f.run({1.0, 2.0, 3.5})[0]), 6.5);
  // The empty sum is the identity, -0.0.
  double empty = scalarOf(f.run({})[0]);
  EXPECT_EQ(empty, 0.0);
  EXPECT_TRUE(std::signbit(empty));
}

TEST(LoopInterpreter, MagnitudesBoundWhatReorderingChanges) {
  VectorFunction f;
  f.sum(true);
  std::vector<ArrayValue> magnitudes;
  std::vector<ArrayValue> results = f.run({1e16, 1.0, -1e16}, &magnitudes);
  ASSERT_EQ(magnitudes.size(), 1u);
  // The sum of the terms' magnitudes: another order may give 1 or 2 instead of 0, which
  // the tolerance (1e-9 of it) accepts; a missing term of 1e16 it would not.
  EXPECT_EQ(scalarOf(magnitudes[0]), 2e16 + 1);
  EXPECT_LT(1.0, floatTolerance(Elem::F64) * scalarOf(magnitudes[0]));
  EXPECT_GT(1e16, floatTolerance(Elem::F64) * scalarOf(magnitudes[0]));
  EXPECT_EQ(scalarOf(results[0]), 0.0);
}

TEST(LoopInterpreter, RunsLoopBoundsAndSteps) {
  VectorFunction f;
  f.sum(false, f.index(1), 2); // a[1] + a[3]
  EXPECT_EQ(verify(f.function), "");
  EXPECT_EQ(scalarOf(f.run({1.0, 2.0, 4.0, 8.0, 16.0})[0]), 10.0);
}

TEST(LoopInterpreter, RejectsAnAccessOutOfRange) {
  VectorFunction f;
  LocalP acc = f.exprs->newLocal("acc", Elem::F64);
  LocalP i = f.exprs->newLocal("i", Elem::I64);
  // a[i + 1] for i < n reads one element past the end.
  f.function.body = {
      makeDeclare(acc, f.exprs->constant(0.0, Elem::F64)),
      makeFor(i, f.index(0), f.exprs->local(f.n),
              {makeAccumulate(acc, BinaryOp::Add,
                              f.exprs->load(f.a, {f.exprs->add(f.exprs->local(i), f.index(1))}),
                              false)}),
      makeStore(f.out, {}, f.exprs->local(acc))};
  EXPECT_EQ(verify(f.function), ""); // well formed: only running it shows the bug
  try {
    f.run({1.0, 2.0});
    FAIL() << "no error";
  } catch (const std::logic_error& error) {
    EXPECT_NE(std::string(error.what()).find("out of the range"), std::string::npos)
        << error.what();
  }
}

TEST(LoopInterpreter, RejectsAReadOfMemoryNeverWritten) {
  VectorFunction f;
  BufferP t = f.exprs->newBuffer("t", Elem::F64, {f.exprs->local(f.n)});
  f.function.body = {makeAlloc(t), makeStore(f.out, {}, f.exprs->load(t, {f.index(0)})),
                     makeFree(t)};
  EXPECT_EQ(verify(f.function), "");
  EXPECT_THROW(f.run({1.0}), std::logic_error);
}

TEST(LoopInterpreter, RejectsALoopLongerThanItsBound) {
  VectorFunction f;
  f.sum(false);
  f.function.body[1]->maxTrips = 2;
  EXPECT_EQ(scalarOf(f.run({1.0, 2.0})[0]), 3.0);
  EXPECT_THROW(f.run({1.0, 2.0, 3.0}), std::logic_error);
}

TEST(LoopInterpreter, ReportsANegativeDimensionAsTheExecutableDoes) {
  VectorFunction f;
  f.sum(false);
  f.function.checks = {DimensionCheck{"n-5", {{1, {f.n}}, {-5, {}}}, true}};
  try {
    f.run({1.0});
    FAIL() << "no error";
  } catch (const ProgramError& error) {
    EXPECT_EQ(std::string(error.what()), "the dimension n-5 evaluates to -4, a negative size");
  }
}

TEST(LoopInterpreter, CombinesVectorLanesInLaneOrder) {
  VectorFunction f;
  LocalP lanes = f.exprs->newLocal("v", Elem::F64, 4);
  LocalP i = f.exprs->newLocal("i", Elem::I64);
  // v += a[i:4] for i = 0, 4; out = reduce+(v): lanes (a0 + a4), (a1 + a5), ...
  f.function.body = {
      makeDeclare(lanes, f.exprs->identity(BinaryOp::Add, Elem::F64, 4)),
      makeFor(
          i, f.index(0), f.exprs->local(f.n),
          {makeAccumulate(lanes, BinaryOp::Add, f.exprs->load(f.a, {f.exprs->local(i)}, 4), true)},
          4),
      makeStore(f.out, {}, f.exprs->reduceLanes(BinaryOp::Add, f.exprs->local(lanes)))};
  EXPECT_EQ(verify(f.function), "");
  EXPECT_EQ(scalarOf(f.run({1, 2, 3, 4, 10, 20, 30, 40})[0]), 110.0);
  // Lane order: (1e16 + -1e16) + (1 + 0) ...
  EXPECT_EQ(scalarOf(f.run({1e16, 1, 0, 0, -1e16, 0, 0, 0})[0]), 1.0);
}

TEST(LoopVerifier, FindsMalformedFunctions) {
  {
    VectorFunction f;
    f.sum(false);
    f.function.body[2] = makeStore(f.out, {f.index(0)}, f.exprs->constant(1.0, Elem::F64));
    EXPECT_NE(verify(f.function).find("1 indices into the rank-0 buffer"), std::string::npos)
        << verify(f.function);
  }
  {
    VectorFunction f;
    LocalP stray = f.exprs->newLocal("stray", Elem::F64);
    f.function.body = {makeStore(f.out, {}, f.exprs->local(stray))};
    EXPECT_NE(verify(f.function).find("out of scope"), std::string::npos) << verify(f.function);
  }
  {
    VectorFunction f;
    LocalP i = f.exprs->newLocal("i", Elem::I64);
    f.function.body = {makeFor(i, f.index(0), f.exprs->local(f.n), {makeAssign(i, f.index(3))}),
                       makeStore(f.out, {}, f.exprs->constant(0.0, Elem::F64))};
    EXPECT_NE(verify(f.function).find("a loop index"), std::string::npos) << verify(f.function);
  }
  {
    VectorFunction f;
    f.sum(false);
    f.function.body[1]->parallel = true; // accumulates a local of its parent without reducing it
    f.function.body[1]->work = f.index(1);
    EXPECT_NE(verify(f.function).find("parallel loop that does not reduce"), std::string::npos)
        << verify(f.function);
    f.function.body[1]->reductions = {{f.function.body[0]->local, BinaryOp::Add}};
    EXPECT_EQ(verify(f.function), "");
  }
  {
    VectorFunction f;
    BufferP t = f.exprs->newBuffer("t", Elem::F64, {f.exprs->local(f.n)});
    f.function.body = {makeAlloc(t), makeStore(f.out, {}, f.exprs->constant(0.0, Elem::F64))};
    EXPECT_NE(verify(f.function).find("not freed"), std::string::npos) << verify(f.function);
  }
}

TEST(LoopAnalysis, AffineForms) {
  ExprBuilder exprs;
  LocalP i = exprs.newLocal("i", Elem::I64);
  LocalP j = exprs.newLocal("j", Elem::I64);
  ExprP e = exprs.sub(exprs.mul(exprs.add(exprs.local(i), exprs.index(1)), exprs.index(3)),
                      exprs.local(j));
  Affine form = affineOf(e); // 3 i - j + 3
  EXPECT_EQ(form.coefficient(i->id), 3);
  EXPECT_EQ(form.coefficient(j->id), -1);
  EXPECT_EQ(form.constant, 3);
  EXPECT_FALSE(form.opaqueIn(i->id));
  // i * j is not affine in either.
  Affine product = affineOf(exprs.mul(exprs.local(i), exprs.local(j)));
  EXPECT_TRUE(product.opaqueIn(i->id));
  EXPECT_EQ(product.coefficient(i->id), 0);
  // Equal forms built differently are one canonical expression.
  ExprP other = exprs.add(exprs.sub(exprs.index(3), exprs.local(j)),
                          exprs.add(exprs.local(i), exprs.add(exprs.local(i), exprs.local(i))));
  EXPECT_EQ(canonical(exprs, e), canonical(exprs, other));
}

TEST(LoopAnalysis, Dependences) {
  ExprBuilder exprs;
  LocalP n = exprs.newLocal("n", Elem::I64);
  LocalP i = exprs.newLocal("i", Elem::I64);
  BufferP a = exprs.newBuffer("a", Elem::F64, {exprs.local(n)});
  BufferP b = exprs.newBuffer("b", Elem::F64, {exprs.local(n)});
  ExprP at = exprs.local(i);
  ExprP before = exprs.sub(at, exprs.index(1));
  auto loopOver = [&](Block body) { return makeFor(i, exprs.index(1), exprs.local(n), body); };
  // a[i] = a[i - 1] + 1: each iteration needs the previous one.
  StmtP recurrence = loopOver({makeStore(
      a, {at},
      exprs.binary(BinaryOp::Add, exprs.load(a, {before}), exprs.constant(1.0, Elem::F64)))});
  EXPECT_TRUE(carriesDependence(accessesOf(recurrence->body), *recurrence, true));
  // a[i] = b[i - 1]: independent iterations.
  StmtP copy = loopOver({makeStore(a, {at}, exprs.load(b, {before}))});
  EXPECT_FALSE(carriesDependence(accessesOf(copy->body), *copy, true));
  // a[0] += b[i]: a reduction, independent only when it may be reassociated.
  StmtP ordered =
      loopOver({makeUpdate(a, {exprs.index(0)}, BinaryOp::Add, exprs.load(b, {at}), false)});
  StmtP reassociable =
      loopOver({makeUpdate(a, {exprs.index(0)}, BinaryOp::Add, exprs.load(b, {at}), true)});
  EXPECT_TRUE(carriesDependence(accessesOf(ordered->body), *ordered, true));
  EXPECT_FALSE(carriesDependence(accessesOf(reassociable->body), *reassociable, true));
  EXPECT_TRUE(carriesDependence(accessesOf(reassociable->body), *reassociable, false));
  // Vector lanes: a[i:4] = a[i + 4:4] by step 4 never meets another iteration's lanes
  // ... but with step 2 it does.
  auto vectorLoop = [&](int64_t step) {
    return makeFor(i, exprs.index(0), exprs.local(n),
                   {makeStore(a, {at}, exprs.load(a, {exprs.add(at, exprs.index(4))}, 4))}, step);
  };
  StmtP wide = vectorLoop(4);
  StmtP overlapping = vectorLoop(2);
  EXPECT_TRUE(carriesDependence(accessesOf(wide->body), *wide, true)); // reads the next block
  EXPECT_TRUE(carriesDependence(accessesOf(overlapping->body), *overlapping, true));
  StmtP lanesOnly =
      makeFor(i, exprs.index(0), exprs.local(n), {makeStore(a, {at}, exprs.load(b, {at}, 4))}, 4);
  EXPECT_FALSE(carriesDependence(accessesOf(lanesOnly->body), *lanesOnly, true));
}

} // namespace
} // namespace arr::loops
