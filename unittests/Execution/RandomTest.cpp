//===- RandomTest.cpp - deterministic random inputs -----------------------===//
//
// The expected numbers come from an independent Python implementation of
// splitmix64 and xoshiro256**: the same seed must give the same inputs on
// every machine and compiler.
//
//===----------------------------------------------------------------------===//

#include "fuse/Execution/Random.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace mlir;
using namespace fuse::exec;

namespace {

class RandomTest : public ::testing::Test {
protected:
  HostBuffer random(int64_t size, Type type, uint64_t seed,
                    uint64_t stream = 0) {
    HostBuffer buffer(RankedTensorType::get({size}, type));
    fillRandom(buffer, seed, stream);
    return buffer;
  }

  MLIRContext context;
  Builder builder{&context};
};

TEST_F(RandomTest, GeneratorIsXoshiro256StarStar) {
  RandomGenerator generator(1);
  EXPECT_EQ(generator.next(), 0xb3f2af6d0fc710c5u);
  EXPECT_EQ(generator.next(), 0x853b559647364ceau);
  EXPECT_EQ(generator.next(), 0x92f89756082a4514u);
}

TEST_F(RandomTest, InputsAreTheSameEverywhere) {
  HostBuffer floats = random(4, builder.getF32Type(), /*seed=*/1);
  EXPECT_EQ(floats.getFloat(0), 2.6123507022857666);
  EXPECT_EQ(floats.getFloat(1), 0.3417264223098755);
  EXPECT_EQ(floats.getFloat(2), 1.5078909397125244);
  EXPECT_EQ(floats.getFloat(3), -0.5893582701683044);

  HostBuffer ints = random(8, builder.getI32Type(), /*seed=*/1);
  int64_t expected[] = {7, 1, 4, -2, -7, 0, 5, 2};
  for (auto [i, value] : llvm::enumerate(expected))
    EXPECT_EQ(ints.getInt(i), value);

  HostBuffer preds = random(8, builder.getI1Type(), /*seed=*/1, /*stream=*/2);
  int64_t coins[] = {0, 0, 0, 0, 1, 0, 0, 1};
  for (auto [i, value] : llvm::enumerate(coins))
    EXPECT_EQ(preds.getInt(i), value);
}

TEST_F(RandomTest, SeedsAndStreamsGiveDifferentInputs) {
  Type f64 = builder.getF64Type();
  HostBuffer base = random(16, f64, 1, 0);
  HostBuffer again = random(16, f64, 1, 0);
  EXPECT_EQ(std::memcmp(base.data(), again.data(), base.getByteSize()), 0);
  EXPECT_NE(std::memcmp(base.data(), random(16, f64, 2, 0).data(),
                        base.getByteSize()),
            0);
  EXPECT_NE(std::memcmp(base.data(), random(16, f64, 1, 1).data(),
                        base.getByteSize()),
            0);
}

TEST_F(RandomTest, ValuesStayInTheirRanges) {
  const int64_t size = 10000;
  HostBuffer floats = random(size, builder.getF64Type(), 3);
  HostBuffer ints = random(size, builder.getI8Type(), 3);
  HostBuffer preds = random(size, builder.getI1Type(), 3);
  double lowest = 0, highest = 0;
  int64_t counts[17] = {};
  int64_t heads = 0;
  for (int64_t i = 0; i < size; ++i) {
    lowest = std::min(lowest, floats.getFloat(i));
    highest = std::max(highest, floats.getFloat(i));
    ASSERT_GE(ints.getInt(i), -8);
    ASSERT_LE(ints.getInt(i), 8);
    ++counts[ints.getInt(i) + 8];
    heads += preds.getInt(i);
  }
  EXPECT_GE(lowest, -3.0);
  EXPECT_LT(highest, 3.0);
  EXPECT_LT(lowest, -2.99);
  EXPECT_GT(highest, 2.99);
  for (int64_t count : counts) // about 588 each
    EXPECT_GT(count, 450);
  EXPECT_NEAR(heads, size / 2, 300);
}

TEST_F(RandomTest, BoundedDrawsCoverTheRange) {
  RandomGenerator generator(9);
  bool seen[3] = {};
  for (int i = 0; i < 100; ++i) {
    uint64_t value = generator.nextBelow(3);
    ASSERT_LT(value, 3u);
    seen[value] = true;
  }
  EXPECT_TRUE(seen[0] && seen[1] && seen[2]);
}

} // namespace
