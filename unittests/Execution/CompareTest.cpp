//===- CompareTest.cpp - comparison with tolerances -----------------------===//

#include "fuse/Execution/Compare.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>
#include <string>

using namespace mlir;
using namespace fuse::exec;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

class CompareTest : public ::testing::Test {
protected:
  HostBuffer floats(llvm::ArrayRef<int64_t> shape,
                    llvm::ArrayRef<double> values, Type type = {}) {
    HostBuffer buffer(
        RankedTensorType::get(shape, type ? type : builder.getF64Type()));
    for (auto [i, value] : llvm::enumerate(values))
      buffer.setFloat(i, value);
    return buffer;
  }
  HostBuffer ints(llvm::ArrayRef<int64_t> values, Type type) {
    HostBuffer buffer(
        RankedTensorType::get({static_cast<int64_t>(values.size())}, type));
    for (auto [i, value] : llvm::enumerate(values))
      buffer.setInt(i, value);
    return buffer;
  }
  static std::string print(const Comparison &comparison, Type type) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printComparison(os, comparison, type);
    return text;
  }

  MLIRContext context;
  Builder builder{&context};
  // Bounds that are exact in binary: |want| = 2 allows 0.25 + 0.5 * 2.
  Tolerance loose{/*rtol=*/0.5, /*atol=*/0.25};
};

TEST_F(CompareTest, DefaultTolerances) {
  EXPECT_EQ(Tolerance::getDefault(builder.getF64Type()).rtol, 1e-9);
  EXPECT_EQ(Tolerance::getDefault(builder.getF32Type()).atol, 1e-5);
  EXPECT_EQ(Tolerance::getDefault(builder.getF16Type()).rtol, 1e-2);
  EXPECT_EQ(Tolerance::getDefault(builder.getBF16Type()).atol, 1e-2);
  EXPECT_EQ(Tolerance::getDefault(builder.getI32Type()).rtol, 0);
  EXPECT_EQ(Tolerance::getDefault(builder.getI1Type()).atol, 0);
}

TEST_F(CompareTest, TheBoundIsInclusive) {
  HostBuffer want = floats({2}, {2, -2});
  Comparison atBound = compareBuffers(floats({2}, {3.25, -3.25}), want, loose);
  EXPECT_TRUE(atBound.isMatch());
  EXPECT_EQ(atBound.maxAbsError, 1.25);
  EXPECT_EQ(atBound.maxRelError, 0.625);

  Comparison past = compareBuffers(
      floats({2}, {std::nextafter(3.25, kInf), -3.25}), want, loose);
  EXPECT_FALSE(past.isMatch());
  EXPECT_EQ(past.numMismatches, 1);
  EXPECT_EQ(past.worstMismatch->index, llvm::SmallVector<int64_t>{0});
}

TEST_F(CompareTest, NaNMatchesOnlyNaN) {
  HostBuffer want = floats({3}, {kNaN, kNaN, 1});
  Comparison comparison =
      compareBuffers(floats({3}, {kNaN, 1, kNaN}), want, loose);
  EXPECT_EQ(comparison.numMismatches, 2);
  EXPECT_EQ(comparison.maxAbsError, kInf);
  EXPECT_EQ(comparison.worstMismatch->index, llvm::SmallVector<int64_t>{1});
}

TEST_F(CompareTest, InfinitiesMatchExactly) {
  HostBuffer want = floats({3}, {kInf, -kInf, 1e308});
  EXPECT_TRUE(
      compareBuffers(floats({3}, {kInf, -kInf, 1e308}), want, Tolerance{1, 1})
          .isMatch());
  // Within any relative tolerance of 1e308, but not the same number.
  Comparison comparison =
      compareBuffers(floats({3}, {1e308, kInf, kInf}), want, Tolerance{10, 10});
  EXPECT_EQ(comparison.numMismatches, 3);
}

TEST_F(CompareTest, ReportsTheWorstElementAndItsIndex) {
  HostBuffer want = floats({2, 3}, {1, 2, 4, 8, 16, 32});
  // [0, 1] is past its bound of 1.25 by 2x; [1, 2] (bound 16.25) by less,
  // though its absolute error is larger.
  HostBuffer got = floats({2, 3}, {1, 4.5, 4, 8, 16, 52});
  Comparison comparison = compareBuffers(got, want, loose);
  EXPECT_EQ(comparison.numElements, 6);
  EXPECT_EQ(comparison.numMismatches, 2);
  EXPECT_EQ(comparison.worstMismatch->index,
            (llvm::SmallVector<int64_t>{0, 1}));
  EXPECT_EQ(comparison.worstMismatch->got, 4.5);
  EXPECT_EQ(comparison.worstMismatch->want, 2);
  EXPECT_EQ(comparison.maxAbsError, 20);
  EXPECT_EQ(comparison.maxAbsElement->index,
            (llvm::SmallVector<int64_t>{1, 2}));
  EXPECT_EQ(comparison.maxRelError, 1.25);
  EXPECT_EQ(print(comparison, builder.getF64Type()),
            "MISMATCH at [0, 1]: got 4.5, expected 2, tolerance 1.2e+00 "
            "(atol 2.5e-01, rtol 5.0e-01); 2 of 6 elements differ, max abs "
            "err 2.0e+01, max rel err 1.2e+00, normwise err 5.5e-01");
}

TEST_F(CompareTest, SumsMayMatchNormwise) {
  // A near-zero element off by 1e-3 in a result of norm 1000.
  Tolerance f32{1e-4, 1e-5};
  Comparison comparison =
      compareBuffers(floats({2}, {1000, 0}), floats({2}, {1000, 1e-3}), f32);
  EXPECT_FALSE(comparison.isMatch());
  EXPECT_NEAR(comparison.normwiseError, 1e-6, 1e-12);
  acceptNormwise(comparison);
  EXPECT_TRUE(comparison.isMatch());
  EXPECT_EQ(comparison.numMismatches, 1);
  EXPECT_EQ(print(comparison, builder.getF64Type()),
            "ok by norm (normwise err 1.0e-06 <= rtol 1.0e-04; element-wise: "
            "MISMATCH at [1]: got 0, expected 0.001, tolerance 1.0e-05 (atol "
            "1.0e-05, rtol 1.0e-04); 1 of 2 elements differ, max abs err "
            "1.0e-03, max rel err 1.0e+00)");

  // Beyond rtol, with a NaN where a number is expected, or with rtol 0 the
  // norm does not help.
  Comparison far =
      compareBuffers(floats({2}, {1000, 0}), floats({2}, {1000, 1}), f32);
  acceptNormwise(far);
  EXPECT_FALSE(far.isMatch());
  Comparison nan =
      compareBuffers(floats({2}, {1000, NAN}), floats({2}, {1000, 0}), f32);
  EXPECT_TRUE(std::isinf(nan.normwiseError));
  acceptNormwise(nan);
  EXPECT_FALSE(nan.isMatch());
  Comparison exact = compareBuffers(floats({2}, {1000, 0}),
                                    floats({2}, {1000, 1e-3}), Tolerance{0, 0});
  acceptNormwise(exact);
  EXPECT_FALSE(exact.isMatch());
}

TEST_F(CompareTest, IntegersMatchExactlyWhateverTheTolerance) {
  Type i32 = builder.getI32Type();
  Comparison comparison =
      compareBuffers(ints({5, 7, -3}, i32), ints({5, 8, -3}, i32), loose);
  EXPECT_EQ(comparison.numMismatches, 1);
  EXPECT_EQ(print(comparison, i32),
            "MISMATCH at [1]: got 7, expected 8, exact match required; 1 of "
            "3 elements differ, max abs err 1.0e+00, max rel err 1.2e-01");
  Type i1 = builder.getI1Type();
  EXPECT_TRUE(
      compareBuffers(ints({1, 0}, i1), ints({1, 0}, i1), loose).isMatch());
}

TEST_F(CompareTest, PrintsMatches) {
  Type f32 = builder.getF32Type();
  HostBuffer want = floats({2, 2}, {1, 2, 3, 4}, f32);
  EXPECT_EQ(print(compareBuffers(want, want, Tolerance::getDefault(f32)), f32),
            "ok (4 elements, exact)");
  HostBuffer got = floats({2, 2}, {1, 2, 3, 4.0001}, f32);
  EXPECT_EQ(print(compareBuffers(got, want, Tolerance::getDefault(f32)), f32),
            "ok (4 elements, max abs err 1.0e-04 at [1, 1], max rel err "
            "2.5e-05)");
  HostBuffer empty = floats({0}, {}, f32);
  EXPECT_EQ(print(compareBuffers(empty, empty, Tolerance{}), f32),
            "ok (0 elements, exact)");
}

} // namespace
