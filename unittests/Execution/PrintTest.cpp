//===- PrintTest.cpp - printing results -----------------------------------===//

#include "fuse/Execution/Print.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <limits>
#include <string>

using namespace mlir;
using namespace fuse::exec;

namespace {

class PrintTest : public ::testing::Test {
protected:
  std::string print(const HostBuffer &buffer, int64_t limit = 1000) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printBuffer(os, buffer, limit);
    return text;
  }
  HostBuffer iota(llvm::ArrayRef<int64_t> shape, Type type) {
    HostBuffer buffer(RankedTensorType::get(shape, type));
    for (int64_t i = 0; i < buffer.getNumElements(); ++i)
      buffer.setInt(i, i);
    return buffer;
  }

  MLIRContext context;
  Builder builder{&context};
};

TEST_F(PrintTest, FloatsAreShortestInTheirFormat) {
  Type f32 = builder.getF32Type();
  EXPECT_EQ(formatFloat(static_cast<float>(0.1), f32), "0.1");
  EXPECT_EQ(formatFloat(static_cast<float>(0.1), builder.getF64Type()),
            "0.10000000149011612");
  EXPECT_EQ(formatFloat(1.5, f32), "1.5");
  EXPECT_EQ(formatFloat(-3, f32), "-3");
  EXPECT_EQ(formatFloat(1e10, f32), "1e+10");
  EXPECT_EQ(formatFloat(std::numeric_limits<double>::quiet_NaN(), f32), "nan");
  EXPECT_EQ(formatFloat(-std::numeric_limits<double>::infinity(), f32), "-inf");
  EXPECT_EQ(formatFloat(9848, builder.getF16Type()), "9848");
}

TEST_F(PrintTest, NestsRowsLikeNumPy) {
  EXPECT_EQ(print(iota({2, 3}, builder.getI32Type())),
            "[[0, 1, 2],\n [3, 4, 5]]\n");
  EXPECT_EQ(print(iota({2, 1, 2}, builder.getI8Type())),
            "[[[0, 1]],\n [[2, 3]]]\n");
  EXPECT_EQ(print(iota({}, builder.getI64Type())), "0\n");
  EXPECT_EQ(print(iota({0}, builder.getI64Type())), "[]\n");
  EXPECT_EQ(print(iota({3}, builder.getI1Type())), "[false, true, false]\n");
}

TEST_F(PrintTest, SummarizesPastTheLimit) {
  HostBuffer buffer = iota({8}, builder.getI32Type());
  EXPECT_EQ(print(buffer, 8), "[0, 1, 2, 3, 4, 5, 6, 7]\n");
  EXPECT_EQ(print(buffer, 7), "[0, 1, 2, ..., 5, 6, 7]\n");
  EXPECT_EQ(print(iota({7, 2}, builder.getI32Type()), 4),
            "[[0, 1],\n [2, 3],\n [4, 5],\n ...,\n [8, 9],\n [10, 11],\n "
            "[12, 13]]\n");
}

} // namespace
