//===- HostBufferTest.cpp - element formats of host buffers ---------------===//
//
// The bytes must be exactly what compiled code reads: the bit patterns of
// f16 and bf16, one byte per i1, sign-extended narrow integers.
//
//===----------------------------------------------------------------------===//

#include "fuse/Execution/HostBuffer.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace mlir;
using fuse::exec::HostBuffer;

namespace {

class HostBufferTest : public ::testing::Test {
protected:
  HostBuffer make(llvm::ArrayRef<int64_t> shape, Type elementType) {
    return HostBuffer(RankedTensorType::get(shape, elementType));
  }
  uint16_t bits16(const HostBuffer &buffer, int64_t index) {
    uint16_t bits;
    std::memcpy(&bits, buffer.data() + 2 * index, 2);
    return bits;
  }

  MLIRContext context;
  Builder builder{&context};
};

TEST_F(HostBufferTest, HalfFormatsStoreTheirBitPatterns) {
  HostBuffer f16 = make({3}, builder.getF16Type());
  f16.setFloat(0, 1.0);
  f16.setFloat(1, -2.0);
  // 1 + 2^-11 lies halfway between 1 and the next f16: ties go to even.
  f16.setFloat(2, 1.0 + std::ldexp(1.0, -11));
  EXPECT_EQ(bits16(f16, 0), 0x3C00);
  EXPECT_EQ(bits16(f16, 1), 0xC000);
  EXPECT_EQ(bits16(f16, 2), 0x3C00);

  HostBuffer bf16 = make({3}, builder.getBF16Type());
  bf16.setFloat(0, 1.0);
  // bf16 keeps 8 significant bits: 1 + 2^-8 is a tie, a little more is not.
  bf16.setFloat(1, 1.0 + std::ldexp(1.0, -8));
  bf16.setFloat(2, 1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -20));
  EXPECT_EQ(bits16(bf16, 0), 0x3F80);
  EXPECT_EQ(bits16(bf16, 1), 0x3F80);
  EXPECT_EQ(bits16(bf16, 2), 0x3F81);
  EXPECT_EQ(bf16.getFloat(2), 1.0 + std::ldexp(1.0, -7));
}

TEST_F(HostBufferTest, SpecialFloatsSurviveTheInterpreterTensor) {
  for (Type type : {builder.getF16Type(), builder.getBF16Type(),
                    builder.getF32Type(), builder.getF64Type()}) {
    HostBuffer buffer = make({4}, type);
    buffer.setFloat(0, std::numeric_limits<double>::quiet_NaN());
    buffer.setFloat(1, -std::numeric_limits<double>::infinity());
    buffer.setFloat(2, -0.0);
    buffer.setFloat(3, 0.1);
    HostBuffer back = HostBuffer::fromTensor(buffer.toTensor());
    EXPECT_TRUE(std::isnan(back.getFloat(0)));
    EXPECT_EQ(back.getFloat(1), -std::numeric_limits<double>::infinity());
    EXPECT_TRUE(std::signbit(back.getFloat(2)));
    EXPECT_EQ(back.getFloat(3), buffer.getFloat(3));
    EXPECT_EQ(std::memcmp(back.data(), buffer.data(), buffer.getByteSize()), 0);
  }
}

TEST_F(HostBufferTest, PredicatesTakeOneByteEach) {
  HostBuffer pred = make({3}, builder.getI1Type());
  EXPECT_EQ(pred.getByteSize(), 3);
  pred.setInt(0, 1);
  pred.setInt(1, 2); // i1 keeps the lowest bit
  pred.setInt(2, -1);
  EXPECT_EQ(pred.data()[0], 1);
  EXPECT_EQ(pred.data()[1], 0);
  EXPECT_EQ(pred.data()[2], 1);
  EXPECT_EQ(pred.toTensor().getInt(2), 1);
}

TEST_F(HostBufferTest, NarrowIntegersWrapAndSignExtend) {
  HostBuffer i8 = make({2}, builder.getI8Type());
  i8.setInt(0, 200);
  i8.setInt(1, -1);
  EXPECT_EQ(i8.getInt(0), -56);
  EXPECT_EQ(static_cast<uint8_t>(i8.data()[1]), 0xFF);
  HostBuffer i64 = make({}, builder.getI64Type());
  i64.setInt(0, std::numeric_limits<int64_t>::min());
  EXPECT_EQ(i64.toTensor().getInt(0), std::numeric_limits<int64_t>::min());
}

TEST_F(HostBufferTest, StorageIsAlignedAndZeroed) {
  HostBuffer empty = make({0, 3}, builder.getF32Type());
  EXPECT_NE(empty.data(), nullptr);
  HostBuffer buffer = make({5}, builder.getF64Type());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(buffer.data()) % HostBuffer::kAlignment,
            0u);
  for (int64_t i = 0; i < 5; ++i)
    EXPECT_EQ(buffer.getFloat(i), 0.0);
}

} // namespace
