// Entry signatures (runtime/Signature.h): the string format of Abi.h, the
// printing of dimensions in the compiler's notation, the size binder's
// messages, and the compiler's side (ir/EntrySignature.h) producing them.

#include "ir/Builder.h"
#include "ir/EntrySignature.h"
#include "runtime/EntryIo.h"
#include "runtime/Signature.h"
#include "runtime/SizeBinding.h"

#include <gtest/gtest.h>

#include <fstream>

#include <random>

namespace arr::runtime {
namespace {

std::string parseError(const std::string& text) {
  try {
    parseSignature(text);
  } catch (const IoError& error) {
    return error.what();
  }
  return "";
}

template <typename Action>
std::string errorOf(Action action) {
  try {
    action();
  } catch (const IoError& error) {
    return error.what();
  }
  return "";
}

ArrayValue zeros(Dtype dtype, std::vector<int64_t> shape) {
  return ArrayValue::zeros(dtype, std::move(shape));
}

// ---- the string format ------------------------------------------------------------

TEST(RuntimeSignature, ParsesTheDocumentedExample) {
  Signature signature = parseSignature("n,m;a:f64[1*v0|2*v1+1],k:i64[];f64[1*v0],f64[]");
  EXPECT_EQ(signature.sizes, (std::vector<std::string>{"n", "m"}));
  ASSERT_EQ(signature.params.size(), 2u);
  EXPECT_EQ(signature.params[0].name, "a");
  EXPECT_EQ(signature.params[0].type.dtype, Dtype::F64);
  ASSERT_EQ(signature.params[0].type.rank(), 2u);
  EXPECT_EQ(signature.params[0].type.shape[0], SizePolynomial::variable(0));
  SizePolynomial twoMPlusOne{{{1, {}}, {2, {1}}}};
  EXPECT_EQ(signature.params[0].type.shape[1], twoMPlusOne);
  EXPECT_EQ(signature.params[1].name, "k");
  EXPECT_EQ(signature.params[1].type.dtype, Dtype::I64);
  EXPECT_EQ(signature.params[1].type.rank(), 0u);
  ASSERT_EQ(signature.results.size(), 2u);
  EXPECT_EQ(formatType(signature.results[0], signature.sizes), "[n]f64");
  EXPECT_EQ(formatType(signature.results[1], signature.sizes), "f64");
  EXPECT_EQ(formatParams(signature), "a: [n,2*m+1]f64, k: i64");
  EXPECT_EQ(encodeSignature(signature), "n,m;a:f64[1*v0|1+2*v1],k:i64[];f64[1*v0],f64[]");
}

TEST(RuntimeSignature, NoSizesNoParamsAndEveryElementType) {
  Signature signature = parseSignature(";;bool[],f32[3|0],i64[]");
  EXPECT_TRUE(signature.sizes.empty());
  EXPECT_TRUE(signature.params.empty());
  ASSERT_EQ(signature.results.size(), 3u);
  EXPECT_EQ(signature.results[0].dtype, Dtype::Bool);
  EXPECT_EQ(formatType(signature.results[1], {}), "[3,0]f32");
  Signature tuple = parseSignature("n;p.0:f64[1*v0],p.1:i64[],x'_2:bool[1*v0*v0+-1];f64[]");
  EXPECT_EQ(tuple.params[0].name, "p.0");
  EXPECT_EQ(tuple.params[1].name, "p.1");
  EXPECT_EQ(tuple.params[2].name, "x'_2");
  EXPECT_EQ(formatType(tuple.params[2].type, tuple.sizes), "[n*n-1]bool");
}

TEST(RuntimeSignature, NormalisesLikeTerms) {
  Signature signature = parseSignature("n,m;x:f64[1*v1*v0+2*v0*v1+0+3+-3+1*v0];f64[0]");
  EXPECT_EQ(formatDimension(signature.params[0].type.shape[0], signature.sizes), "3*m*n+n");
  EXPECT_EQ(formatDimension(signature.results[0].shape[0], signature.sizes), "0");
  EXPECT_EQ(encodeSignature(signature), "n,m;x:f64[1*v0+3*v0*v1];f64[0]");
}

TEST(RuntimeSignature, RoundTrips) {
  for (const char* text : {"n,m;a:f64[1*v0|1+2*v1],k:i64[];f64[1*v0],f64[]", ";;f64[]",
                           "a,b,c;x:f32[-7+1*v2*v2*v2|1*v0*v1],y:bool[];i64[2|3|4],bool[1*v1]",
                           "n;p.0:f64[1*v0],p.1:i64[];f64[-9223372036854775808*v0]"})
    EXPECT_EQ(encodeSignature(parseSignature(text)), text);
}

TEST(RuntimeSignature, MalformedStringsAreIoErrors) {
  EXPECT_EQ(parseError("n;x:f64[1*v0]"),
            "malformed entry signature \"n;x:f64[1*v0]\": expected ';' at column 14, found the "
            "end");
  EXPECT_EQ(parseError("n;x:f64[1*v1];f64[]"),
            "malformed entry signature \"n;x:f64[1*v1];f64[]\": size variable index 1 out of "
            "range (1 size variables) at column 12, found '1'");
  EXPECT_EQ(parseError(";x:f65[];f64[]"),
            "malformed entry signature \";x:f65[];f64[]\": expected an element type (f64, f32, "
            "i64 or bool) at column 4, found 'f'");
  // Every kind of damage is reported as an IoError, never anything else.
  for (const char* text : {"",
                           ";",
                           ";;",
                           ";;f64",
                           ";;f64[",
                           ";;f64[]x",
                           ";;f64[],",
                           ";;f64[1*]",
                           ";;f64[1*n]",
                           ";;f64[n]",
                           ";;f64[1|]",
                           ";;f64[+1]",
                           ";;f64[1+]",
                           ";;f64[--1]",
                           ";;f64[99999999999999999999]",
                           "n;;f64[1*v99999999999999999999]",
                           "n,;;f64[]",
                           ",n;;f64[]",
                           "1n;;f64[]",
                           ";x;f64[]",
                           ";x:;f64[]",
                           ";:f64[];f64[]",
                           ";x:f64[],;f64[]",
                           ";p.:f64[];f64[]",
                           ";x:f64[];f64[];",
                           "n m;;f64[]",
                           ";;f64 []",
                           ";;F64[]",
                           ";x:f64[]:f64[]",
                           "n;;f64[1*v0*]"}) {
    std::string message = parseError(text);
    EXPECT_EQ(message.rfind("malformed entry signature", 0), 0u) << text << ": " << message;
  }
}

// ---- printing dimensions like Dim::toString --------------------------------

TEST(RuntimeSignature, PrintsDimensionsInTheCompilersNotation) {
  std::vector<std::string> names{"n", "m", "k"};
  auto format = [&](std::vector<SizeTerm> terms) {
    SizePolynomial dimension{std::move(terms)};
    dimension.normalise();
    return formatDimension(dimension, names);
  };
  EXPECT_EQ(format({}), "0");
  EXPECT_EQ(format({{-4, {}}}), "-4");
  EXPECT_EQ(format({{1, {0}}, {1, {}}}), "n+1");
  EXPECT_EQ(format({{1, {0}}, {-1, {}}}), "n-1");
  EXPECT_EQ(format({{-1, {0}}, {5, {}}}), "5-n");
  EXPECT_EQ(format({{2, {0}}}), "2*n");
  EXPECT_EQ(format({{1, {0, 1}}, {2, {0}}, {-1, {}}}), "m*n+2*n-1");
  EXPECT_EQ(format({{1, {1}}, {1, {0}}, {1, {2}}}), "k+m+n");
  EXPECT_EQ(format({{1, {0}}, {1, {0, 0, 0}}, {-3, {1, 2}}}), "n*n*n-3*k*m+n");
  EXPECT_EQ(format({{std::numeric_limits<int64_t>::min(), {0}}}), "-9223372036854775808*n");
}

TEST(RuntimeSignature, AgreesWithDimToStringOnRandomPolynomials) {
  std::vector<SizeVarP> vars{newSizeVar("n"), newSizeVar("m"), newSizeVar("batch"),
                             newSizeVar("k2"), newSizeVar("a")};
  std::mt19937 random(12345);
  for (int round = 0; round < 2000; ++round) {
    Dim dim;
    int terms = static_cast<int>(random() % 5);
    for (int t = 0; t < terms; ++t) {
      Dim term = Dim::constant(static_cast<int64_t>(random() % 9) - 4);
      int degree = static_cast<int>(random() % 4);
      for (int d = 0; d < degree; ++d)
        term = term * Dim::variable(vars[random() % vars.size()]);
      dim = dim + term;
    }
    core::Entry entry;
    entry.name = "main";
    entry.sizeVars = vars;
    core::VarP x = core::newVar("x", core::Type{core::Elem::F64, {dim}});
    entry.paramNames = {"x"};
    entry.paramComponents = {1};
    entry.function = core::Function{{x}, core::makeSizeValue(Dim::constant(1))};
    core::EntrySignature described = core::describeEntry(entry);
    ASSERT_EQ(
        formatDimension(described.signature.params[0].type.shape[0], described.signature.sizes),
        dim.toString());
    Signature reparsed = parseSignature(core::encodeSignature(entry));
    ASSERT_EQ(formatDimension(reparsed.params[0].type.shape[0], reparsed.sizes), dim.toString());
  }
}

// ---- the compiler's side ------------------------------------------------------------

TEST(EntrySignature, EncodesSizesParamsAndResults) {
  SizeVarP n = newSizeVar("n"), m = newSizeVar("m");
  Dim N = Dim::variable(n), M = Dim::variable(m);
  core::VarP a = core::newVar("a", core::Type{core::Elem::F64, {N, M + Dim::constant(1)}});
  core::VarP p0 = core::newVar("p", core::Type{core::Elem::I64, {}});
  core::VarP p1 = core::newVar("p", core::Type{core::Elem::Bool, {N * M}});
  core::Entry entry;
  entry.name = "f";
  entry.sizeVars = {n, m};
  entry.paramNames = {"a", "p"};
  entry.paramComponents = {1, 2};
  entry.function =
      core::Function{{a, p0, p1}, core::makeTuple({core::makeSizeValue(N), core::makeIota(N * M)})};
  EXPECT_EQ(core::encodeSignature(entry),
            "n,m;a:f64[1*v0|1+1*v1],p.0:i64[],p.1:bool[1*v0*v1];i64[],i64[1*v0*v1]");
  core::EntrySignature described = core::describeEntry(entry);
  EXPECT_EQ(described.sizeIds, (std::vector<uint32_t>{n->id, m->id}));
  EXPECT_EQ(formatParams(described.signature), "a: [n,m+1]f64, p.0: i64, p.1: [m*n]bool");
}

// ---- size binding -------------------------------------------------------------------

TEST(RuntimeSizeBinding, BindsFromShapes) {
  Signature signature = parseSignature("n,m;a:f64[1*v0],b:f64[1*v0|1*v1];i64[]");
  EXPECT_EQ(bindSizes(signature, "main", {zeros(Dtype::F64, {3}), zeros(Dtype::F64, {3, 5})}),
            (std::vector<int64_t>{3, 5}));
  EXPECT_EQ(
      errorOf([&] {
        bindSizes(signature, "main", {zeros(Dtype::F64, {3}), zeros(Dtype::F64, {4, 5})});
      }),
      "parameters 'a' and 'b' disagree on size n (3 vs 4): a has shape [3] but b has shape [4,5]");
  EXPECT_EQ(errorOf([&] { bindSizes(signature, "main", {zeros(Dtype::F64, {3})}); }),
            "entry 'main' takes 2 inputs, got 1");
  EXPECT_EQ(errorOf([&] {
              bindSizes(signature, "main", {zeros(Dtype::F64, {3}), zeros(Dtype::F32, {3, 5})});
            }),
            "parameter 'b' must be a rank-2 f64 array, got a rank-2 f32 array");
  EXPECT_EQ(errorOf([&] {
              bindSizes(signature, "main", {ArrayValue::scalar(true), zeros(Dtype::F64, {3})});
            }),
            "parameter 'a' must be a rank-1 f64 array, got a bool scalar");
}

TEST(RuntimeSizeBinding, RepeatedVariableInOneParameter) {
  Signature signature = parseSignature("n;s:f64[1*v0|1*v0];i64[]");
  EXPECT_EQ(errorOf([&] {
              bindSizes(signature, "main", {zeros(Dtype::F64, {3, 4})});
            }),
            "parameter 's' must have shape [n,n], got [3,4]: its dimensions named n differ");
}

TEST(RuntimeSizeBinding, SolvesLinearDimensions) {
  Signature shifted = parseSignature("n;a:f64[1*v0],b:f64[1+1*v0];i64[]");
  EXPECT_EQ(bindSizes(shifted, "main", {zeros(Dtype::F64, {3}), zeros(Dtype::F64, {4})}),
            (std::vector<int64_t>{3}));
  EXPECT_EQ(errorOf([&] {
              bindSizes(shifted, "main", {zeros(Dtype::F64, {3}), zeros(Dtype::F64, {5})});
            }),
            "parameter 'b' must have shape [n+1], got [5] (n = 3 from 'a')");
  // Only b determines n here: n+1 = 1 gives n = 0; n+1 = 0 has no solution.
  Signature alone = parseSignature("n;b:f64[1+1*v0];i64[]");
  EXPECT_EQ(bindSizes(alone, "main", {zeros(Dtype::F64, {1})}), (std::vector<int64_t>{0}));
  EXPECT_EQ(errorOf([&] { bindSizes(alone, "main", {zeros(Dtype::F64, {0})}); }),
            "parameter 'b' must have shape [n+1], got [0]");
  Signature doubled = parseSignature("n;d:f64[2*v0+1];i64[]");
  EXPECT_EQ(bindSizes(doubled, "main", {zeros(Dtype::F64, {7})}), (std::vector<int64_t>{3}));
  EXPECT_EQ(errorOf([&] { bindSizes(doubled, "main", {zeros(Dtype::F64, {6})}); }),
            "parameter 'd' must have shape [2*n+1], got [6]");
  // A negative coefficient: 10 - n.
  Signature reversed = parseSignature("n;r:f64[10+-1*v0];i64[]");
  EXPECT_EQ(bindSizes(reversed, "main", {zeros(Dtype::F64, {4})}), (std::vector<int64_t>{6}));
  EXPECT_EQ(errorOf([&] { bindSizes(reversed, "main", {zeros(Dtype::F64, {11})}); }),
            "parameter 'r' must have shape [10-n], got [11]");
  // n*m is linear in m once n is known, through another parameter bound later.
  Signature chained = parseSignature("n,m;x:f64[1*v0*v1],y:f64[1*v0];i64[]");
  EXPECT_EQ(bindSizes(chained, "main", {zeros(Dtype::F64, {12}), zeros(Dtype::F64, {4})}),
            (std::vector<int64_t>{4, 3}));
  EXPECT_EQ(errorOf([&] {
              bindSizes(chained, "main", {zeros(Dtype::F64, {10}), zeros(Dtype::F64, {4})});
            }),
            "parameter 'x' must have shape [m*n], got [10] (n = 4 from 'y')");
}

TEST(RuntimeSizeBinding, UndeterminedSizes) {
  Signature square = parseSignature("n;x:f64[1*v0*v0];i64[]");
  EXPECT_EQ(errorOf([&] { bindSizes(square, "main", {zeros(Dtype::F64, {9})}); }),
            "cannot determine the sizes in dimension n*n of parameter 'x' from its shape [9]");
  Signature product = parseSignature("n,m;x:f64[1*v0*v1];i64[]");
  EXPECT_EQ(errorOf([&] { bindSizes(product, "main", {zeros(Dtype::F64, {6})}); }),
            "cannot determine the sizes in dimension m*n of parameter 'x' from its shape [6]");
  Signature unused = parseSignature("n,k;x:f64[1*v0];i64[]");
  EXPECT_EQ(errorOf([&] { bindSizes(unused, "f", {zeros(Dtype::F64, {2})}); }),
            "cannot determine size k of entry 'f' from the shapes of its inputs");
  // A constant dimension, and a dimension that must evaluate to what was bound.
  Signature constant = parseSignature(";t:i64[3];i64[]");
  EXPECT_EQ(errorOf([&] { bindSizes(constant, "main", {zeros(Dtype::I64, {4})}); }),
            "parameter 't' must have shape [3], got [4]");
  Signature sum = parseSignature("n,m;a:f64[1*v0],b:f64[1*v1],c:f64[1*v0+1*v1];i64[]");
  EXPECT_EQ(errorOf([&] {
              bindSizes(sum, "main",
                        {zeros(Dtype::F64, {2}), zeros(Dtype::F64, {3}), zeros(Dtype::F64, {6})});
            }),
            "parameter 'c' must have shape [m+n], got [6] (n = 2 from 'a', m = 3 from 'b')");
}

TEST(RuntimeSizeBinding, ResultShapes) {
  std::vector<std::string> names{"n"};
  SignatureType tail = parseSignature("n;;f64[1*v0+-3|2]").results[0];
  EXPECT_EQ(evaluateShape(tail, names, {5}), (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(errorOf([&] { evaluateShape(tail, names, {2}); }),
            "the dimension n-3 evaluates to -1, a negative size");
  SignatureType square = parseSignature("n;;f64[1*v0*v0]").results[0];
  EXPECT_EQ(evaluateShape(square, names, {3037000499}),
            (std::vector<int64_t>{int64_t{3037000499} * 3037000499}));
  EXPECT_EQ(errorOf([&] { evaluateShape(square, names, {3037000500}); }),
            "the dimension n*n overflows i64");
}

TEST(RuntimeSizeBinding, DimensionsThatOverflow) {
  // n = 2^63-1 from an empty x; y: [n*n] must not accept one element (n*n wraps to 1).
  Signature pair = parseSignature("n,m;x:f64[1*v0|1*v1],y:f64[1*v0*v0];f64[]");
  EXPECT_EQ(errorOf([&] {
              bindSizes(pair, "main", {zeros(Dtype::F64, {INT64_MAX, 0}), zeros(Dtype::F64, {1})});
            }),
            "parameter 'y' has shape [1], and its dimension n*n overflows i64 "
            "(n = 9223372036854775807 from 'x')");
  // n - 1 = 2^63-1 would need n = 2^63.
  Signature minusOne = parseSignature("n,m;x:f64[1*v0+-1|1*v1];i64[]");
  EXPECT_EQ(errorOf([&] {
              bindSizes(minusOne, "main", {zeros(Dtype::F64, {INT64_MAX, 0})});
            }),
            "parameter 'x' must have shape [n-1,m], got [9223372036854775807,0]");
  EXPECT_EQ(bindSizes(minusOne, "main", {zeros(Dtype::F64, {INT64_MAX - 1, 0})}),
            (std::vector<int64_t>{INT64_MAX, 0}));
}

// ---- entry selection and input reading -------------------------------------------------

TEST(RuntimeEntryIo, SelectsTheEntryPoint) {
  EXPECT_EQ(selectEntry({"f", "main", "g"}, ""), 1u);
  EXPECT_EQ(selectEntry({"f", "main", "g"}, "g"), 2u);
  EXPECT_EQ(selectEntry({"only"}, ""), 0u);
  EXPECT_EQ(errorOf([] { selectEntry({}, ""); }), "the program has no entry point");
  EXPECT_EQ(errorOf([] {
              selectEntry({"f", "g"}, "");
            }),
            "the program has several entry points (f, g); choose one with --entry NAME");
  EXPECT_EQ(errorOf([] {
              selectEntry({"f", "g"}, "h");
            }),
            "no entry point named 'h' (the entry points are f, g)");
  EXPECT_EQ(errorOf([] { selectEntry({"only"}, "main"); }),
            "no entry point named 'main' (the entry points are only)");
}

TEST(RuntimeEntryIo, ReadsTextInParameterOrder) {
  Signature signature = parseSignature("n;xs:f64[1*v0],p.0:i64[],p.1:bool[];f64[]");
  std::vector<ArrayValue> values = readInputs("main", signature, {}, "[1.5, 2] 3\n true");
  ASSERT_EQ(values.size(), 3u);
  EXPECT_EQ(values[0], ArrayValue::fromElements<double>({2}, std::vector<double>{1.5, 2.0}));
  EXPECT_EQ(values[1], ArrayValue::scalar(int64_t{3}));
  EXPECT_EQ(values[2], ArrayValue::scalar(true));
  EXPECT_EQ(errorOf([&] { readInputs("main", signature, {}, "[1.5] 3"); }),
            "parameter 'p.1': standard input ended; expected a value of type bool");
  EXPECT_EQ(errorOf([&] { readInputs("main", signature, {}, ""); }),
            "parameter 'xs': standard input ended; expected a value of type [n]f64");
  EXPECT_EQ(errorOf([&] { readInputs("main", signature, {}, "[1.5] 3 true 4"); }),
            "too many inputs for entry 'main' (xs: [n]f64, p.0: i64, p.1: bool): <stdin>:1:14: "
            "expected end of input after the value, found '4'");
  EXPECT_EQ(errorOf([&] {
              readInputs("main", signature, {"a", "b", "c", "d"}, "");
            }),
            "entry 'main' takes 3 inputs (xs: [n]f64, p.0: i64, p.1: bool) but 4 were given");
  Signature one = parseSignature(";x:f64[];f64[]");
  EXPECT_EQ(errorOf([&] {
              readInputs("g", one, {"a", "b"}, "");
            }),
            "entry 'g' takes 1 input (x: f64) but 2 were given");
  EXPECT_NE(errorOf([&] {
              readInputs("g", one, {"/nonexistent/input.txt"}, "");
            }).find("parameter 'x': cannot open '/nonexistent/input.txt'"),
            std::string::npos);
}

// A text file may hold several consecutive values: a tuple parameter's, or all the inputs.
TEST(RuntimeEntryIo, ReadsConsecutiveValuesFromTextFiles) {
  Signature signature = parseSignature("n;xs:f64[1*v0],p.0:i64[],p.1:bool[];f64[]");
  const std::string dir = ::testing::TempDir();
  auto write = [&](const std::string& name, const std::string& text) {
    std::string path = dir + "/arr_entry_io_" + name;
    std::ofstream(path) << text;
    return path;
  };
  std::string all = write("all.txt", "[1.5, 2]\n3 true\n");
  std::string xs = write("xs.txt", "[1.5, 2]");
  std::string pair = write("pair.txt", "3\ntrue");
  std::string empty = write("empty.txt", "  \n");
  std::vector<ArrayValue> expected = {
      ArrayValue::fromElements<double>({2}, std::vector<double>{1.5, 2.0}),
      ArrayValue::scalar(int64_t{3}), ArrayValue::scalar(true)};
  EXPECT_EQ(readInputs("main", signature, {all}, ""), expected);
  EXPECT_EQ(readInputs("main", signature, {xs, pair}, ""), expected);
  EXPECT_EQ(errorOf([&] { readInputs("main", signature, {xs}, ""); }),
            "parameter 'p.0': the input files hold no further value (entry 'main' takes 3 "
            "inputs (xs: [n]f64, p.0: i64, p.1: bool), 1 file was given)");
  EXPECT_EQ(errorOf([&] {
              readInputs("main", signature, {all, pair}, "");
            }),
            "too many inputs for entry 'main' (xs: [n]f64, p.0: i64, p.1: bool): the input files "
            "hold more values");
  std::string four = write("four.txt", "[1.5, 2]\n3 true\nfalse");
  EXPECT_EQ(errorOf([&] { readInputs("main", signature, {four}, ""); }),
            "parameter 'p.1': " + four +
                ":3:1: expected end of input after the value, found 'false'");
  EXPECT_EQ(errorOf([&] {
              readInputs("main", signature, {xs, empty, pair}, "");
            }),
            "parameter 'p.0': " + empty + ": the file holds no value");
}

} // namespace
} // namespace arr::runtime
