//===- InterpreterTest.cpp - tests of the reference interpreter -----------===//
//
// Each test parses a small hlo function, runs it on the interpreter and
// checks the exact results, mostly the corner cases of XLA's semantics.
//
//===----------------------------------------------------------------------===//

#include "fuse/Interpreter/Interpreter.h"
#include "fuse/Dialect/HLO/IR/HLODialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace mlir;
using fuse::interp::Tensor;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

class InterpreterTest : public ::testing::Test {
protected:
  InterpreterTest()
      : diagnosticHandler(&context, [this](Diagnostic &diagnostic) {
          diagnostics += diagnostic.str() + "\n";
          return success();
        }) {
    context.loadDialect<fuse::hlo::HLODialect, func::FuncDialect,
                        arith::ArithDialect>();
  }

  /// Parses `source` and evaluates its function @main on `arguments`.
  FailureOr<SmallVector<Tensor>> run(StringRef source,
                                     ArrayRef<Tensor> arguments = {}) {
    module = parseSourceString<ModuleOp>(source, &context);
    if (!module) {
      ADD_FAILURE() << "cannot parse:\n" << diagnostics;
      return failure();
    }
    auto main = module->lookupSymbol<func::FuncOp>("main");
    if (!main) {
      ADD_FAILURE() << "no function @main";
      return failure();
    }
    return fuse::interp::interpretFunction(main, arguments);
  }

  /// Like run, for programs that must succeed.
  SmallVector<Tensor> runOk(StringRef source, ArrayRef<Tensor> arguments = {}) {
    FailureOr<SmallVector<Tensor>> results = run(source, arguments);
    if (failed(results)) {
      ADD_FAILURE() << "interpretation failed:\n" << diagnostics;
      return {};
    }
    return std::move(*results);
  }

  Type f16() { return Float16Type::get(&context); }
  Type f32() { return Float32Type::get(&context); }
  Type f64() { return Float64Type::get(&context); }
  Type i(unsigned width) { return IntegerType::get(&context, width); }

  Tensor floats(ArrayRef<int64_t> shape, Type type, ArrayRef<double> values) {
    Tensor tensor(shape, type);
    EXPECT_EQ(tensor.getNumElements(), static_cast<int64_t>(values.size()));
    for (auto [index, value] : llvm::enumerate(values))
      tensor.setFloat(index, value);
    return tensor;
  }

  Tensor ints(ArrayRef<int64_t> shape, Type type, ArrayRef<int64_t> values) {
    Tensor tensor(shape, type);
    EXPECT_EQ(tensor.getNumElements(), static_cast<int64_t>(values.size()));
    for (auto [index, value] : llvm::enumerate(values))
      tensor.setInt(index, value);
    return tensor;
  }

  MLIRContext context;
  std::string diagnostics;
  ScopedDiagnosticHandler diagnosticHandler;
  OwningOpRef<ModuleOp> module;
};

std::vector<double> floatsOf(const Tensor &tensor) {
  std::vector<double> values;
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    values.push_back(tensor.getFloat(i));
  return values;
}

std::vector<int64_t> intsOf(const Tensor &tensor) {
  std::vector<int64_t> values;
  for (int64_t i = 0; i < tensor.getNumElements(); ++i)
    values.push_back(tensor.getInt(i));
  return values;
}

//===----------------------------------------------------------------------===//
// Tensor
//===----------------------------------------------------------------------===//

TEST_F(InterpreterTest, TensorRoundTripsThroughAttributes) {
  Tensor tensor = floats({2, 2}, f16(), {1.0, -0.0, kInf, 0.1});
  // 0.1 is rounded to the nearest f16 on the way in.
  EXPECT_EQ(tensor.getFloat(3), 0.0999755859375);
  DenseElementsAttr attr = tensor.toAttr();
  EXPECT_EQ(attr.getType(), tensor.getType());
  EXPECT_EQ(floatsOf(Tensor::fromAttr(attr)), floatsOf(tensor));

  Tensor pred = ints({3}, i(1), {1, 0, 3});
  EXPECT_EQ(intsOf(pred), (std::vector<int64_t>{1, 0, 1}));
  EXPECT_EQ(intsOf(Tensor::fromAttr(pred.toAttr())), intsOf(pred));

  Tensor small = ints({2}, i(8), {255, -129});
  EXPECT_EQ(intsOf(small), (std::vector<int64_t>{-1, 127}));
  EXPECT_EQ(intsOf(Tensor::fromAttr(small.toAttr())), intsOf(small));
}

TEST_F(InterpreterTest, TensorIndexing) {
  Tensor tensor({2, 3, 4}, f32());
  EXPECT_EQ(tensor.getStrides(), (SmallVector<int64_t>{12, 4, 1}));
  EXPECT_EQ(tensor.getLinearIndex({1, 2, 3}), 23);
  EXPECT_EQ(tensor.getMultiIndex(17), (SmallVector<int64_t>{1, 1, 1}));
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

TEST_F(InterpreterTest, IntegerDivisionAndRemainderFollowXla) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<8xi32>, %b: tensor<8xi32>)
        -> (tensor<8xi32>, tensor<8xi32>) {
      %q = hlo.divide %a, %b : tensor<8xi32>
      %r = hlo.remainder %a, %b : tensor<8xi32>
      return %q, %r : tensor<8xi32>, tensor<8xi32>
    })mlir";
  int64_t intMin = INT32_MIN;
  SmallVector<Tensor> results =
      runOk(source, {ints({8}, i(32), {7, -7, 7, -7, 5, -5, intMin, intMin}),
                     ints({8}, i(32), {2, 2, -2, -2, 0, 0, -1, 1})});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(intsOf(results[0]),
            (std::vector<int64_t>{3, -3, -3, 3, -1, -1, intMin, intMin}));
  EXPECT_EQ(intsOf(results[1]),
            (std::vector<int64_t>{1, -1, 1, -1, 5, -5, 0, 0}));
}

TEST_F(InterpreterTest, Int64MinDividedByMinusOne) {
  const char *source = R"mlir(
    func.func @main() -> (tensor<i64>, tensor<i64>) {
      %a = hlo.constant dense<-9223372036854775808> : tensor<i64>
      %b = hlo.constant dense<-1> : tensor<i64>
      %q = hlo.divide %a, %b : tensor<i64>
      %r = hlo.remainder %a, %b : tensor<i64>
      return %q, %r : tensor<i64>, tensor<i64>
    })mlir";
  SmallVector<Tensor> results = runOk(source);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].getInt(0), INT64_MIN);
  EXPECT_EQ(results[1].getInt(0), 0);
}

TEST_F(InterpreterTest, IntegerArithmeticWraps) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<4xi8>, %b: tensor<4xi8>)
        -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
      %sum = hlo.add %a, %b : tensor<4xi8>
      %product = hlo.multiply %a, %b : tensor<4xi8>
      %negated = hlo.negate %a : tensor<4xi8>
      %abs = hlo.abs %a : tensor<4xi8>
      return %sum, %product, %negated, %abs
          : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {ints({4}, i(8), {127, -128, 16, -5}),
                     ints({4}, i(8), {1, -1, 16, 3})});
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{-128, 127, 32, -2}));
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{127, -128, 0, -15}));
  EXPECT_EQ(intsOf(results[2]), (std::vector<int64_t>{-127, -128, -16, 5}));
  EXPECT_EQ(intsOf(results[3]), (std::vector<int64_t>{127, -128, 16, 5}));
}

TEST_F(InterpreterTest, IntegerPower) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
      %p = hlo.power %a, %b : tensor<8xi32>
      return %p : tensor<8xi32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {ints({8}, i(32), {2, 3, 0, 2, 1, -1, -1, 2}),
                     ints({8}, i(32), {10, 0, 0, -1, -5, -1, 3, 31})});
  ASSERT_EQ(results.size(), 1u);
  // A negative exponent gives 0 except for base 1; 2^31 wraps.
  EXPECT_EQ(intsOf(results[0]),
            (std::vector<int64_t>{1024, 1, 1, 0, 1, 0, -1, INT32_MIN}));
}

TEST_F(InterpreterTest, MaximumAndMinimumPropagateNaN) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<5xf32>, %b: tensor<5xf32>)
        -> (tensor<5xf32>, tensor<5xf32>) {
      %max = hlo.maximum %a, %b : tensor<5xf32>
      %min = hlo.minimum %a, %b : tensor<5xf32>
      return %max, %min : tensor<5xf32>, tensor<5xf32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({5}, f32(), {1.0, kNaN, 2.0, -0.0, -kInf}),
                     floats({5}, f32(), {kNaN, 3.0, 1.0, 0.0, 4.0})});
  ASSERT_EQ(results.size(), 2u);
  std::vector<double> max = floatsOf(results[0]), min = floatsOf(results[1]);
  EXPECT_TRUE(std::isnan(max[0]) && std::isnan(max[1]));
  EXPECT_TRUE(std::isnan(min[0]) && std::isnan(min[1]));
  EXPECT_EQ(max[2], 2.0);
  EXPECT_EQ(min[2], 1.0);
  // -0.0 is ordered below +0.0.
  EXPECT_FALSE(std::signbit(max[3]));
  EXPECT_TRUE(std::signbit(min[3]));
  EXPECT_EQ(max[4], 4.0);
  EXPECT_EQ(min[4], -kInf);
}

TEST_F(InterpreterTest, FloatComparisonsAreOrdered) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>)
        -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>,
            tensor<4xi1>, tensor<4xi1>) {
      %eq = hlo.compare EQ, %a, %b : tensor<4xf32>
      %ne = hlo.compare NE, %a, %b : tensor<4xf32>
      %lt = hlo.compare LT, %a, %b : tensor<4xf32>
      %le = hlo.compare LE, %a, %b : tensor<4xf32>
      %gt = hlo.compare GT, %a, %b : tensor<4xf32>
      %ge = hlo.compare GE, %a, %b : tensor<4xf32>
      return %eq, %ne, %lt, %le, %gt, %ge : tensor<4xi1>, tensor<4xi1>,
          tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({4}, f32(), {kNaN, 1.0, kNaN, -0.0}),
                     floats({4}, f32(), {1.0, kNaN, kNaN, 0.0})});
  ASSERT_EQ(results.size(), 6u);
  std::vector<int64_t> trueOnlyForTheZeros = {0, 0, 0, 1};
  EXPECT_EQ(intsOf(results[0]), trueOnlyForTheZeros);                // EQ
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{1, 1, 1, 0})); // NE
  EXPECT_EQ(intsOf(results[2]), (std::vector<int64_t>{0, 0, 0, 0})); // LT
  EXPECT_EQ(intsOf(results[3]), trueOnlyForTheZeros);                // LE
  EXPECT_EQ(intsOf(results[4]), (std::vector<int64_t>{0, 0, 0, 0})); // GT
  EXPECT_EQ(intsOf(results[5]), trueOnlyForTheZeros);                // GE
}

TEST_F(InterpreterTest, IntegerComparisonsAreSignedAndPredUnsigned) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<2xi32>, %b: tensor<2xi32>, %p: tensor<2xi1>,
                    %q: tensor<2xi1>) -> (tensor<2xi1>, tensor<2xi1>) {
      %lt = hlo.compare LT, %a, %b : tensor<2xi32>
      %gt = hlo.compare GT, %p, %q : tensor<2xi1>
      return %lt, %gt : tensor<2xi1>, tensor<2xi1>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {ints({2}, i(32), {-1, 1}), ints({2}, i(32), {1, -1}),
                     ints({2}, i(1), {1, 0}), ints({2}, i(1), {0, 1})});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{1, 0}));
  // true > false.
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{1, 0}));
}

TEST_F(InterpreterTest, RoundNearestEvenBreaksTiesToEven) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
      %r = hlo.round_nearest_even %x : tensor<8xf32>
      return %r : tensor<8xf32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source,
            {floats({8}, f32(), {0.5, 1.5, 2.5, -0.5, -1.5, 2.4, -2.6, 3.5})});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(floatsOf(results[0]),
            (std::vector<double>{0.0, 2.0, 2.0, -0.0, -2.0, 2.0, -3.0, 4.0}));
  EXPECT_TRUE(std::signbit(results[0].getFloat(3)));
}

TEST_F(InterpreterTest, FloatUnaryEdgeCases) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<4xf32>)
        -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
      %sign = hlo.sign %x : tensor<4xf32>
      %abs = hlo.abs %x : tensor<4xf32>
      %finite = hlo.is_finite %x : tensor<4xf32>
      return %sign, %abs, %finite : tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({4}, f32(), {-0.0, kNaN, -3.0, kInf})});
  ASSERT_EQ(results.size(), 3u);
  std::vector<double> sign = floatsOf(results[0]);
  EXPECT_EQ(sign[0], 0.0);
  EXPECT_TRUE(std::signbit(sign[0]));
  EXPECT_TRUE(std::isnan(sign[1]));
  EXPECT_EQ(sign[2], -1.0);
  EXPECT_EQ(sign[3], 1.0);
  EXPECT_FALSE(std::signbit(results[1].getFloat(0)));
  EXPECT_EQ(results[1].getFloat(2), 3.0);
  EXPECT_EQ(intsOf(results[2]), (std::vector<int64_t>{1, 0, 1, 0}));
}

TEST_F(InterpreterTest, FloatRemainderHasTheSignOfTheDividend) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
      %r = hlo.remainder %a, %b : tensor<4xf32>
      return %r : tensor<4xf32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({4}, f32(), {-7.0, 7.0, 5.5, 1.0}),
                     floats({4}, f32(), {2.0, -2.0, kInf, 0.0})});
  ASSERT_EQ(results.size(), 1u);
  std::vector<double> remainder = floatsOf(results[0]);
  EXPECT_EQ(remainder[0], -1.0);
  EXPECT_EQ(remainder[1], 1.0);
  EXPECT_EQ(remainder[2], 5.5);
  EXPECT_TRUE(std::isnan(remainder[3]));
}

TEST_F(InterpreterTest, HalfPrecisionArithmeticRoundsToHalf) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<2xf16>, %b: tensor<2xf16>) -> tensor<2xf16> {
      %s = hlo.add %a, %b : tensor<2xf16>
      return %s : tensor<2xf16>
    })mlir";
  // One f16 ulp at 1.0 is 2^-10: adding half an ulp ties to even (1.0),
  // adding one and a half rounds to two ulps.
  double ulp = std::ldexp(1.0, -10);
  SmallVector<Tensor> results =
      runOk(source, {floats({2}, f16(), {1.0, 1.0}),
                     floats({2}, f16(), {ulp / 2, 3 * ulp / 2})});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(floatsOf(results[0]), (std::vector<double>{1.0, 1.0 + 2 * ulp}));
}

TEST_F(InterpreterTest, SelectAndClampBroadcastRankZeroOperands) {
  const char *source = R"mlir(
    func.func @main(%p: tensor<i1>, %a: tensor<3xf32>, %b: tensor<3xf32>)
        -> (tensor<3xf32>, tensor<3xf32>) {
      %s = hlo.select %p, %a, %b : tensor<i1>, tensor<3xf32>
      %lo = hlo.constant dense<0.0> : tensor<f32>
      %hi = hlo.constant dense<1.0> : tensor<f32>
      %c = hlo.clamp %lo, %b, %hi : tensor<f32>, tensor<3xf32>, tensor<f32>
      return %s, %c : tensor<3xf32>, tensor<3xf32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {ints({}, i(1), {0}), floats({3}, f32(), {1.0, 2.0, 3.0}),
                     floats({3}, f32(), {-5.0, 0.5, kNaN})});
  ASSERT_EQ(results.size(), 2u);
  std::vector<double> selected = floatsOf(results[0]);
  EXPECT_EQ(selected[0], -5.0);
  EXPECT_TRUE(std::isnan(selected[2]));
  std::vector<double> clamped = floatsOf(results[1]);
  EXPECT_EQ(clamped[0], 0.0);
  EXPECT_EQ(clamped[1], 0.5);
  EXPECT_TRUE(std::isnan(clamped[2]));
}

TEST_F(InterpreterTest, ConvertSaturatesTruncatesAndTestsNonZero) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<8xf32>, %p: tensor<2xi1>, %n: tensor<2xi32>)
        -> (tensor<8xi8>, tensor<8xi1>, tensor<2xi32>, tensor<2xi8>) {
      %toI8 = hlo.convert %x : (tensor<8xf32>) -> tensor<8xi8>
      %toPred = hlo.convert %x : (tensor<8xf32>) -> tensor<8xi1>
      %fromPred = hlo.convert %p : (tensor<2xi1>) -> tensor<2xi32>
      %narrowed = hlo.convert %n : (tensor<2xi32>) -> tensor<2xi8>
      return %toI8, %toPred, %fromPred, %narrowed
          : tensor<8xi8>, tensor<8xi1>, tensor<2xi32>, tensor<2xi8>
    })mlir";
  SmallVector<Tensor> results = runOk(
      source,
      {floats({8}, f32(), {1e10, -1e10, kNaN, 2.9, -2.9, kInf, -0.0, 127.5}),
       ints({2}, i(1), {1, 0}), ints({2}, i(32), {300, -129})});
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(intsOf(results[0]),
            (std::vector<int64_t>{127, -128, 0, 2, -2, 127, 0, 127}));
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{1, 1, 1, 1, 1, 1, 0, 1}));
  // i1 converts as unsigned: true is 1, not -1.
  EXPECT_EQ(intsOf(results[2]), (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(intsOf(results[3]), (std::vector<int64_t>{44, 127}));
}

TEST_F(InterpreterTest, ConvertRoundsWideIntegersOnce) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<1xi64>) -> tensor<1xf32> {
      %f = hlo.convert %x : (tensor<1xi64>) -> tensor<1xf32>
      return %f : tensor<1xf32>
    })mlir";
  // 2^60 + 2^36 + 1 lies just above the midpoint of two f32 values (2^37
  // apart), so it rounds up; through double it would first round to the
  // midpoint and then to even, down to 2^60.
  int64_t value = (int64_t{1} << 60) + (int64_t{1} << 36) + 1;
  SmallVector<Tensor> results = runOk(source, {ints({1}, i(64), {value})});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].getFloat(0), std::ldexp(1.0, 60) + std::ldexp(1.0, 37));
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

TEST_F(InterpreterTest, Iota) {
  const char *source = R"mlir(
    func.func @main() -> (tensor<2x3xi32>, tensor<3x2xf32>) {
      %a = hlo.iota dim = 1 : tensor<2x3xi32>
      %b = hlo.iota dim = 0 : tensor<3x2xf32>
      return %a, %b : tensor<2x3xi32>, tensor<3x2xf32>
    })mlir";
  SmallVector<Tensor> results = runOk(source);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(floatsOf(results[1]), (std::vector<double>{0, 0, 1, 1, 2, 2}));
}

TEST_F(InterpreterTest, BroadcastInDim) {
  const char *source = R"mlir(
    func.func @main(%v: tensor<3xi32>, %c: tensor<2x1xi32>)
        -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
      %rows = hlo.broadcast_in_dim %v, dims = [1]
          : (tensor<3xi32>) -> tensor<2x3xi32>
      %columns = hlo.broadcast_in_dim %c, dims = [0, 1]
          : (tensor<2x1xi32>) -> tensor<2x3xi32>
      %s = hlo.constant dense<9> : tensor<i32>
      %fill = hlo.broadcast_in_dim %s, dims = []
          : (tensor<i32>) -> tensor<2x3xi32>
      return %rows, %columns, %fill
          : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {ints({3}, i(32), {1, 2, 3}), ints({2, 1}, i(32), {7, 8})});
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{1, 2, 3, 1, 2, 3}));
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{7, 7, 7, 8, 8, 8}));
  EXPECT_EQ(intsOf(results[2]), (std::vector<int64_t>(6, 9)));
}

TEST_F(InterpreterTest, ReshapeAndTranspose) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<6xi32>) -> (tensor<3x2xi32>, tensor<2x1x3xi32>) {
      %m = hlo.reshape %x : (tensor<6xi32>) -> tensor<2x3xi32>
      %t = hlo.transpose %m, dims = [1, 0]
          : (tensor<2x3xi32>) -> tensor<3x2xi32>
      %r = hlo.reshape %x : (tensor<6xi32>) -> tensor<1x2x3xi32>
      %u = hlo.transpose %r, dims = [1, 0, 2]
          : (tensor<1x2x3xi32>) -> tensor<2x1x3xi32>
      return %t, %u : tensor<3x2xi32>, tensor<2x1x3xi32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {ints({6}, i(32), {0, 1, 2, 3, 4, 5})});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{0, 1, 2, 3, 4, 5}));
}

TEST_F(InterpreterTest, TransposeOfRankThree) {
  const char *source = R"mlir(
    func.func @main() -> tensor<4x2x3xi32> {
      %i = hlo.iota dim = 0 : tensor<24xi32>
      %x = hlo.reshape %i : (tensor<24xi32>) -> tensor<2x3x4xi32>
      %t = hlo.transpose %x, dims = [2, 0, 1]
          : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
      return %t : tensor<4x2x3xi32>
    })mlir";
  SmallVector<Tensor> results = runOk(source);
  ASSERT_EQ(results.size(), 1u);
  // t[a][b][c] = x[b][c][a] = 12 b + 4 c + a.
  std::vector<int64_t> expected;
  for (int64_t a = 0; a < 4; ++a)
    for (int64_t b = 0; b < 2; ++b)
      for (int64_t c = 0; c < 3; ++c)
        expected.push_back(12 * b + 4 * c + a);
  EXPECT_EQ(intsOf(results[0]), expected);
}

TEST_F(InterpreterTest, SliceWithStrides) {
  const char *source = R"mlir(
    func.func @main() -> tensor<2x2xi32> {
      %i = hlo.iota dim = 0 : tensor<15xi32>
      %x = hlo.reshape %i : (tensor<15xi32>) -> tensor<3x5xi32>
      %s = hlo.slice %x, starts = [0, 1], limits = [3, 5], strides = [2, 2]
          : (tensor<3x5xi32>) -> tensor<2x2xi32>
      return %s : tensor<2x2xi32>
    })mlir";
  SmallVector<Tensor> results = runOk(source);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{1, 3, 11, 13}));
}

TEST_F(InterpreterTest, DynamicSliceClampsOffsets) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<3x5xi32>, %i: tensor<i64>, %j: tensor<i64>)
        -> tensor<2x2xi32> {
      %s = hlo.dynamic_slice %x[%i, %j] sizes = [2, 2]
          : (tensor<3x5xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
      return %s : tensor<2x2xi32>
    })mlir";
  std::vector<int64_t> elements(15);
  for (int64_t k = 0; k < 15; ++k)
    elements[k] = k;
  auto sliceAt = [&](int64_t row, int64_t column) {
    SmallVector<Tensor> results =
        runOk(source, {ints({3, 5}, i(32), elements), ints({}, i(64), {row}),
                       ints({}, i(64), {column})});
    EXPECT_EQ(results.size(), 1u);
    return results.empty() ? std::vector<int64_t>{} : intsOf(results[0]);
  };
  EXPECT_EQ(sliceAt(1, 2), (std::vector<int64_t>{7, 8, 12, 13}));
  // Offsets are clamped to [0, 1] and [0, 3].
  EXPECT_EQ(sliceAt(-4, 9), (std::vector<int64_t>{3, 4, 8, 9}));
  EXPECT_EQ(sliceAt(7, -1), (std::vector<int64_t>{5, 6, 10, 11}));
}

TEST_F(InterpreterTest, DynamicUpdateSliceClampsOffsets) {
  const char *source = R"mlir(
    func.func @main(%i: tensor<i32>) -> tensor<5xi32> {
      %x = hlo.constant dense<0> : tensor<5xi32>
      %u = hlo.constant dense<[7, 8]> : tensor<2xi32>
      %r = hlo.dynamic_update_slice %x[%i], %u
          : (tensor<5xi32>, tensor<2xi32>, tensor<i32>) -> tensor<5xi32>
      return %r : tensor<5xi32>
    })mlir";
  auto updateAt = [&](int64_t offset) {
    SmallVector<Tensor> results = runOk(source, {ints({}, i(32), {offset})});
    EXPECT_EQ(results.size(), 1u);
    return results.empty() ? std::vector<int64_t>{} : intsOf(results[0]);
  };
  EXPECT_EQ(updateAt(1), (std::vector<int64_t>{0, 7, 8, 0, 0}));
  EXPECT_EQ(updateAt(10), (std::vector<int64_t>{0, 0, 0, 7, 8}));
  EXPECT_EQ(updateAt(-1), (std::vector<int64_t>{7, 8, 0, 0, 0}));
}

TEST_F(InterpreterTest, PadWithNegativeAndInteriorPadding) {
  const char *source = R"mlir(
    func.func @main(%v: tensor<3xi32>, %m: tensor<2x2xi32>)
        -> (tensor<4xi32>, tensor<3x4xi32>) {
      %zero = hlo.constant dense<0> : tensor<i32>
      %a = hlo.pad %v, %zero, low = [-1], high = [0], interior = [1]
          : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
      %b = hlo.pad %m, %zero, low = [1, -1], high = [0, 2], interior = [0, 1]
          : (tensor<2x2xi32>, tensor<i32>) -> tensor<3x4xi32>
      return %a, %b : tensor<4xi32>, tensor<3x4xi32>
    })mlir";
  SmallVector<Tensor> results = runOk(
      source, {ints({3}, i(32), {1, 2, 3}), ints({2, 2}, i(32), {1, 2, 3, 4})});
  ASSERT_EQ(results.size(), 2u);
  // [1, 0, 2, 0, 3] without its first element.
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{0, 2, 0, 3}));
  // Rows [1, 0, 2] and [3, 0, 4] lose their first element and gain two
  // zeros; a row of zeros goes on top.
  EXPECT_EQ(intsOf(results[1]),
            (std::vector<int64_t>{0, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0}));
}

TEST_F(InterpreterTest, PadOfHighNegativeAndPositiveEdges) {
  const char *source = R"mlir(
    func.func @main(%v: tensor<4xf32>) -> tensor<5xf32> {
      %p = hlo.constant dense<-1.0> : tensor<f32>
      %a = hlo.pad %v, %p, low = [2], high = [-1], interior = [0]
          : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
      return %a : tensor<5xf32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({4}, f32(), {1.0, 2.0, 3.0, 4.0})});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(floatsOf(results[0]),
            (std::vector<double>{-1.0, -1.0, 1.0, 2.0, 3.0}));
}

TEST_F(InterpreterTest, Reverse) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
      %a = hlo.reverse %x, dims = [1] : tensor<2x3xi32>
      %b = hlo.reverse %x, dims = [0, 1] : tensor<2x3xi32>
      return %a, %b : tensor<2x3xi32>, tensor<2x3xi32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {ints({2, 3}, i(32), {0, 1, 2, 3, 4, 5})});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{2, 1, 0, 5, 4, 3}));
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{5, 4, 3, 2, 1, 0}));
}

TEST_F(InterpreterTest, Concatenate) {
  const char *source = R"mlir(
    func.func @main(%a: tensor<2x1xi32>, %b: tensor<2x2xi32>,
                    %empty: tensor<2x0xi32>) -> (tensor<2x3xi32>, tensor<4x2xi32>) {
      %columns = hlo.concatenate dim = 1, %a, %empty, %b
          : (tensor<2x1xi32>, tensor<2x0xi32>, tensor<2x2xi32>) -> tensor<2x3xi32>
      %rows = hlo.concatenate dim = 0, %b, %b
          : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<4x2xi32>
      return %columns, %rows : tensor<2x3xi32>, tensor<4x2xi32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {ints({2, 1}, i(32), {1, 2}),
                     ints({2, 2}, i(32), {3, 4, 5, 6}), Tensor({2, 0}, i(32))});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(intsOf(results[0]), (std::vector<int64_t>{1, 3, 4, 2, 5, 6}));
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{3, 4, 5, 6, 3, 4, 5, 6}));
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

TEST_F(InterpreterTest, DotGeneralWithBatchDimensions) {
  // lhs is [batch, k, m], rhs is [k, batch, n]; the result is [batch, m, n].
  const char *source = R"mlir(
    func.func @main() -> tensor<2x2x2xf32> {
      %i = hlo.iota dim = 0 : tensor<12xf32>
      %one = hlo.constant dense<1.0> : tensor<12xf32>
      %v = hlo.add %i, %one : tensor<12xf32>
      %lhs = hlo.reshape %v : (tensor<12xf32>) -> tensor<2x3x2xf32>
      %rhs = hlo.reshape %v : (tensor<12xf32>) -> tensor<3x2x2xf32>
      %r = hlo.dot_general %lhs, %rhs, batching_dims = [0] x [1],
          contracting_dims = [1] x [0]
          : (tensor<2x3x2xf32>, tensor<3x2x2xf32>) -> tensor<2x2x2xf32>
      return %r : tensor<2x2x2xf32>
    })mlir";
  SmallVector<Tensor> results = runOk(source);
  ASSERT_EQ(results.size(), 1u);
  // Batch 0: lhs rows k = [1 2], [3 4], [5 6]; rhs rows k = [1 2], [5 6],
  // [9 10]; e.g. r[0][0][0] = 1*1 + 3*5 + 5*9 = 61.
  // Batch 1: lhs [7 8], [9 10], [11 12]; rhs [3 4], [7 8], [11 12].
  EXPECT_EQ(floatsOf(results[0]),
            (std::vector<double>{61, 70, 76, 88, 205, 232, 226, 256}));
}

TEST_F(InterpreterTest, DotMatrixVectorAndIntegerWraparound) {
  const char *source = R"mlir(
    func.func @main(%m: tensor<2x3xf32>, %v: tensor<3xf32>, %a: tensor<2xi8>,
                    %b: tensor<2xi8>) -> (tensor<2xf32>, tensor<i8>) {
      %mv = hlo.dot %m, %v : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
      %ab = hlo.dot %a, %b : (tensor<2xi8>, tensor<2xi8>) -> tensor<i8>
      return %mv, %ab : tensor<2xf32>, tensor<i8>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({2, 3}, f32(), {1, 2, 3, 4, 5, 6}),
                     floats({3}, f32(), {1, 0, -1}),
                     ints({2}, i(8), {100, 100}), ints({2}, i(8), {2, 1})});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(floatsOf(results[0]), (std::vector<double>{-2, -2}));
  // 300 wraps to 44 in i8.
  EXPECT_EQ(results[1].getInt(0), 44);
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

TEST_F(InterpreterTest, ReduceOverRowsColumnsAndEverything) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<2x3xf32>, %n: tensor<2x3xi32>)
        -> (tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<2xf32>,
            tensor<f32>, tensor<3xi32>) {
      %zero = hlo.constant dense<0.0> : tensor<f32>
      %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
      %izero = hlo.constant dense<0> : tensor<i32>
      %rows = hlo.reduce add(%x init %zero) dims = [1]
          : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
      %columns = hlo.reduce add(%x init %zero) dims = [0]
          : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
      %all = hlo.reduce add(%x init %zero) dims = [0, 1]
          : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
      %rowMax = hlo.reduce maximum(%x init %ninf) dims = [1]
          : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
      %allMax = hlo.reduce maximum(%x init %ninf) dims = [1, 0]
          : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
      %intColumns = hlo.reduce add(%n init %izero) dims = [0]
          : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
      return %rows, %columns, %all, %rowMax, %allMax, %intColumns
          : tensor<2xf32>, tensor<3xf32>, tensor<f32>, tensor<2xf32>,
            tensor<f32>, tensor<3xi32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({2, 3}, f32(), {1, 5, 3, 4, 2, 6}),
                     ints({2, 3}, i(32), {INT32_MAX, 1, 2, 1, 3, -4})});
  ASSERT_EQ(results.size(), 6u);
  EXPECT_EQ(floatsOf(results[0]), (std::vector<double>{9, 12}));
  EXPECT_EQ(floatsOf(results[1]), (std::vector<double>{5, 7, 9}));
  EXPECT_EQ(floatsOf(results[2]), (std::vector<double>{21}));
  EXPECT_EQ(floatsOf(results[3]), (std::vector<double>{5, 6}));
  EXPECT_EQ(floatsOf(results[4]), (std::vector<double>{6}));
  EXPECT_EQ(intsOf(results[5]), (std::vector<int64_t>{INT32_MIN, 4, -2}));
}

TEST_F(InterpreterTest, ReduceMaximumPropagatesNaNAndEmptyGivesInit) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<2x3xf32>, %e: tensor<2x0xf32>)
        -> (tensor<2xf32>, tensor<2xf32>) {
      %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
      %seven = hlo.constant dense<7.0> : tensor<f32>
      %max = hlo.reduce maximum(%x init %ninf) dims = [1]
          : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
      %empty = hlo.reduce add(%e init %seven) dims = [1]
          : (tensor<2x0xf32>, tensor<f32>) -> tensor<2xf32>
      return %max, %empty : tensor<2xf32>, tensor<2xf32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({2, 3}, f32(), {1, kNaN, 3, 4, 2, 6}),
                     Tensor({2, 0}, f32())});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_TRUE(std::isnan(results[0].getFloat(0)));
  EXPECT_EQ(results[0].getFloat(1), 6.0);
  EXPECT_EQ(floatsOf(results[1]), (std::vector<double>{7, 7}));
}

TEST_F(InterpreterTest, VariadicReduceComputesArgmax) {
  // The body keeps the larger value, and the smaller index on ties.
  const char *source = R"mlir(
    func.func @main(%x: tensor<2x5xf32>) -> (tensor<2xf32>, tensor<2xi32>) {
      %idx = hlo.iota dim = 1 : tensor<2x5xi32>
      %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
      %c0 = hlo.constant dense<0> : tensor<i32>
      %r:2 = hlo.reduce(%x init %ninf), (%idx init %c0) dims = [1]
          : (tensor<2x5xf32>, tensor<2x5xi32>, tensor<f32>, tensor<i32>)
          -> (tensor<2xf32>, tensor<2xi32>) {
      ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %ev: tensor<f32>,
           %ei: tensor<i32>):
        %gt = hlo.compare GT, %av, %ev : tensor<f32>
        %eq = hlo.compare EQ, %av, %ev : tensor<f32>
        %lt = hlo.compare LT, %ai, %ei : tensor<i32>
        %tie = hlo.and %eq, %lt : tensor<i1>
        %keep = hlo.or %gt, %tie : tensor<i1>
        %v = hlo.select %keep, %av, %ev : tensor<i1>, tensor<f32>
        %i = hlo.select %keep, %ai, %ei : tensor<i1>, tensor<i32>
        hlo.return %v, %i : tensor<f32>, tensor<i32>
      }
      return %r#0, %r#1 : tensor<2xf32>, tensor<2xi32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({2, 5}, f32(), {3, 7, 1, 7, 2, 0, -1, 9, 9, 9})});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(floatsOf(results[0]), (std::vector<double>{7, 9}));
  EXPECT_EQ(intsOf(results[1]), (std::vector<int64_t>{1, 2}));
}

TEST_F(InterpreterTest, ReduceBodyMayUseValuesFromOutside) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<4xi32>) -> tensor<i32> {
      %zero = hlo.constant dense<0> : tensor<i32>
      %two = hlo.constant dense<2> : tensor<i32>
      %r = hlo.reduce(%x init %zero) dims = [0]
          : (tensor<4xi32>, tensor<i32>) -> tensor<i32> {
      ^bb0(%acc: tensor<i32>, %e: tensor<i32>):
        %s = hlo.add %acc, %e : tensor<i32>
        %t = hlo.multiply %s, %two : tensor<i32>
        %u = hlo.subtract %t, %s : tensor<i32>
        hlo.return %u : tensor<i32>
      }
      return %r : tensor<i32>
    })mlir";
  SmallVector<Tensor> results = runOk(source, {ints({4}, i(32), {1, 2, 3, 4})});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].getInt(0), 10);
}

TEST_F(InterpreterTest, LargeFloatSumIsAccurate) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<16777216xf32>) -> tensor<f32> {
      %zero = hlo.constant dense<0.0> : tensor<f32>
      %s = hlo.reduce add(%x init %zero) dims = [0]
          : (tensor<16777216xf32>, tensor<f32>) -> tensor<f32>
      return %s : tensor<f32>
    })mlir";
  constexpr int64_t n = int64_t{1} << 24;
  Tensor x({n}, f32());
  for (int64_t k = 0; k < n; ++k)
    x.setFloat(k, 0.1);
  SmallVector<Tensor> results = runOk(source, {x});
  ASSERT_EQ(results.size(), 1u);
  // A float accumulator would stop growing at 2^21; the exact sum is
  // n * 0.1f.
  double exact = static_cast<double>(n) * static_cast<double>(0.1f);
  EXPECT_LT(std::fabs(results[0].getFloat(0) - exact) / exact, 1e-6);
}

//===----------------------------------------------------------------------===//
// Fusion and errors
//===----------------------------------------------------------------------===//

TEST_F(InterpreterTest, FusionEvaluatesItsBody) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<2x2xf32>, %y: tensor<2x2xf32>)
        -> (tensor<2x2xf32>, tensor<2xf32>) {
      %r = hlo.fusion loop(%x, %y)
          : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> {
      ^bb0(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>):
        %p = hlo.multiply %a, %b : tensor<2x2xf32>
        %s = hlo.add %p, %a : tensor<2x2xf32>
        hlo.yield %s : tensor<2x2xf32>
      }
      %m = hlo.fusion input(%r) : (tensor<2x2xf32>) -> tensor<2xf32> {
      ^bb0(%a: tensor<2x2xf32>):
        %zero = hlo.constant dense<0.0> : tensor<f32>
        %sum = hlo.reduce add(%a init %zero) dims = [0]
            : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
        hlo.yield %sum : tensor<2xf32>
      }
      return %r, %m : tensor<2x2xf32>, tensor<2xf32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({2, 2}, f32(), {1, 2, 3, 4}),
                     floats({2, 2}, f32(), {10, 20, 30, 40})});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(floatsOf(results[0]), (std::vector<double>{11, 42, 93, 164}));
  EXPECT_EQ(floatsOf(results[1]), (std::vector<double>{104, 206}));
}

TEST_F(InterpreterTest, CallEvaluatesTheCalleeOnItsOperands) {
  const char *source = R"mlir(
    func.func private @square(%a: tensor<2xf32>) -> tensor<2xf32> {
      %p = hlo.multiply %a, %a : tensor<2xf32>
      return %p : tensor<2xf32>
    }
    func.func private @sum_of_squares(%a: tensor<2xf32>, %b: tensor<2xf32>)
        -> (tensor<2xf32>, tensor<2xf32>) {
      %x = func.call @square(%a) : (tensor<2xf32>) -> tensor<2xf32>
      %y = func.call @square(%b) : (tensor<2xf32>) -> tensor<2xf32>
      %s = hlo.add %x, %y : tensor<2xf32>
      return %s, %y : tensor<2xf32>, tensor<2xf32>
    }
    func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>)
        -> (tensor<2xf32>, tensor<2xf32>) {
      %r:2 = func.call @sum_of_squares(%x, %y)
          : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
      return %r#0, %r#1 : tensor<2xf32>, tensor<2xf32>
    })mlir";
  SmallVector<Tensor> results =
      runOk(source, {floats({2}, f32(), {1, 2}), floats({2}, f32(), {3, -4})});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(floatsOf(results[0]), (std::vector<double>{10, 20}));
  EXPECT_EQ(floatsOf(results[1]), (std::vector<double>{9, 16}));
}

TEST_F(InterpreterTest, CallOfADeclarationIsAnError) {
  const char *source = R"mlir(
    func.func private @elsewhere(tensor<2xf32>) -> tensor<2xf32>
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %y = func.call @elsewhere(%x) : (tensor<2xf32>) -> tensor<2xf32>
      return %y : tensor<2xf32>
    })mlir";
  EXPECT_TRUE(failed(run(source, {Tensor({2}, f32())})));
  EXPECT_NE(diagnostics.find("the interpreter needs a body for @elsewhere"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterTest, UnboundedRecursionIsAnError) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %y = func.call @main(%x) : (tensor<2xf32>) -> tensor<2xf32>
      return %y : tensor<2xf32>
    })mlir";
  EXPECT_TRUE(failed(run(source, {Tensor({2}, f32())})));
  EXPECT_NE(diagnostics.find("the interpreter stops at calls nested 256 deep"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterTest, WrongArgumentCountIsAnError) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      return %x : tensor<2xf32>
    })mlir";
  EXPECT_TRUE(failed(run(source, {})));
  EXPECT_NE(diagnostics.find("function @main takes 1 argument, got 0"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterTest, WrongArgumentTypeIsAnError) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
      return %x : tensor<2xf32>
    })mlir";
  EXPECT_TRUE(failed(run(source, {Tensor({2}, f32()), Tensor({2}, i(32))})));
  EXPECT_NE(diagnostics.find("argument 1 of function @main has type "
                             "'tensor<2xi32>', expected 'tensor<2xf32>'"),
            std::string::npos)
      << diagnostics;
}

TEST_F(InterpreterTest, UnsupportedOpIsAnError) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %y = arith.addf %x, %x : tensor<2xf32>
      return %y : tensor<2xf32>
    })mlir";
  EXPECT_TRUE(failed(run(source, {Tensor({2}, f32())})));
  EXPECT_NE(diagnostics.find("the interpreter does not support this op"),
            std::string::npos)
      << diagnostics;
}

} // namespace
