//===- MemoryAccountantTest.cpp - counting compiled allocations -----------===//

#include "fuse/Execution/MemoryAccountant.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>

using fuse::exec::MemoryAccountant;
using fuse::exec::MemoryExhaustion;

namespace {

class MemoryAccountantTest : public ::testing::Test {
protected:
  void SetUp() override {
    accountant.setLimit(UINT64_MAX);
    accountant.setReserved(0);
    accountant.releaseKeptBlocks();
    accountant.resetPeak();
  }
  MemoryAccountant &accountant = MemoryAccountant::get();
};

TEST_F(MemoryAccountantTest, CountsLiveAndPeakBytes) {
  uint64_t before = accountant.getLiveBytes();
  void *a = accountant.allocate(100, 0);
  void *b = accountant.allocate(50, 64);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b) % 64, 0u);
  EXPECT_EQ(accountant.getLiveBytes(), before + 150);
  EXPECT_TRUE(accountant.deallocate(a));
  void *c = accountant.allocate(10, 0);
  EXPECT_EQ(accountant.getLiveBytes(), before + 60);
  EXPECT_EQ(accountant.getPeakBytes(), before + 150);
  EXPECT_TRUE(accountant.deallocate(b));
  EXPECT_TRUE(accountant.deallocate(c));
  EXPECT_EQ(accountant.getLiveBytes(), before);
}

TEST_F(MemoryAccountantTest, LeavesForeignPointersAlone) {
  int onTheStack = 0;
  EXPECT_FALSE(accountant.deallocate(&onTheStack));
  EXPECT_FALSE(accountant.deallocate(nullptr));
  void *a = accountant.allocate(8, 0);
  EXPECT_TRUE(accountant.deallocate(a));
  // A result returned twice is freed once.
  EXPECT_FALSE(accountant.deallocate(a));
}

TEST_F(MemoryAccountantTest, ReusesLargeBlocksOfTheSameSize) {
  const uint64_t large = MemoryAccountant::kReuseThreshold;
  void *first = accountant.allocate(large, 0);
  EXPECT_TRUE(accountant.deallocate(first));
  EXPECT_EQ(accountant.getKeptBytes(), large);
  // Another size, or another alignment, gets a block of its own.
  void *other = accountant.allocate(large + 64, 0);
  EXPECT_EQ(accountant.getKeptBytes(), large);
  void *again = accountant.allocate(large, 0);
  EXPECT_EQ(again, first);
  EXPECT_EQ(accountant.getKeptBytes(), 0u);
  EXPECT_TRUE(accountant.deallocate(again));
  EXPECT_TRUE(accountant.deallocate(other));
  EXPECT_EQ(accountant.getKeptBytes(), 2 * large + 64);
  EXPECT_FALSE(accountant.deallocate(first)); // kept, not live
}

TEST_F(MemoryAccountantTest, ReleasesKeptBlocksWhenTheRoomIsNeeded) {
  const uint64_t large = MemoryAccountant::kReuseThreshold;
  accountant.setLimit(3 * large);
  EXPECT_TRUE(accountant.deallocate(accountant.allocate(2 * large, 0)));
  EXPECT_EQ(accountant.getKeptBytes(), 2 * large);
  // 2 kept + 2 new would pass the limit of 3: the kept block goes.
  void *pointer = accountant.allocate(2 * large + 1, 0);
  EXPECT_EQ(accountant.getKeptBytes(), 0u);
  EXPECT_EQ(accountant.getLiveBytes(), 2 * large + 1);
  EXPECT_TRUE(accountant.deallocate(pointer));
}

TEST_F(MemoryAccountantTest, DescribesExhaustion) {
  MemoryExhaustion exhaustion{100, 20, 30, 120};
  EXPECT_EQ(exhaustion.describe(),
            "the program asked for 100 bytes (20 live, plus 30 of inputs and "
            "results); limit 120");
  exhaustion.reservedBytes = 0;
  EXPECT_EQ(exhaustion.describe(),
            "the program asked for 100 bytes (20 live); limit 120");
}

void exitWithThree(const MemoryExhaustion &exhaustion) {
  std::fprintf(stderr, "refused: %s\n", exhaustion.describe().c_str());
  std::_Exit(3);
}

TEST_F(MemoryAccountantTest, RefusesAllocationsPastTheLimit) {
  // Re-executes the test binary for the death test: other tests of the
  // process may have started threads (the JIT, OpenMP).
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  accountant.setLimit(1000);
  accountant.setReserved(600);
  void *fits = accountant.allocate(400, 0);
  EXPECT_NE(fits, nullptr);
  accountant.setExhaustedHandler(exitWithThree);
  EXPECT_EXIT(accountant.allocate(1, 0), ::testing::ExitedWithCode(3),
              "refused: the program asked for 1 bytes \\(400 live, plus 600 "
              "of inputs and results\\); limit 1000");
  accountant.setExhaustedHandler(nullptr);
  accountant.deallocate(fits);
}

} // namespace
