//===- OpenMPWaitsTest.cpp - libomp's waits as fuse asks for them ---------===//

#include "fuse/Execution/OpenMPWaits.h"

#include "llvm/ADT/StringMap.h"

#include "gtest/gtest.h"

using namespace fuse::exec;

namespace {

/// The settings fuse asks for in an environment holding `variables`.
std::string defaultsWith(const llvm::StringMap<std::string> &variables) {
  return getOpenMPWaitDefaults([&](const char *name) -> const char * {
    auto it = variables.find(name);
    return it == variables.end() ? nullptr : it->second.c_str();
  });
}

TEST(OpenMPWaitsTest, NoYieldingAndAShortBlockTimeByDefault) {
  EXPECT_EQ(defaultsWith({}), "KMP_USE_YIELD=0|KMP_BLOCKTIME=1");
  // Variables of other runtimes change nothing.
  EXPECT_EQ(defaultsWith({{"OMP_NUM_THREADS", "2"}, {"GOMP_SPINCOUNT", "0"}}),
            "KMP_USE_YIELD=0|KMP_BLOCKTIME=1");
}

TEST(OpenMPWaitsTest, TheUsersSettingsStay) {
  EXPECT_EQ(defaultsWith({{"KMP_USE_YIELD", "1"}}), "KMP_BLOCKTIME=1");
  EXPECT_EQ(defaultsWith({{"KMP_BLOCKTIME", "200"}}), "KMP_USE_YIELD=0");
  // A wait policy sets the block time (passive: 0, active: forever).
  EXPECT_EQ(defaultsWith({{"OMP_WAIT_POLICY", "active"}}), "KMP_USE_YIELD=0");
  EXPECT_EQ(
      defaultsWith({{"KMP_USE_YIELD", "2"}, {"OMP_WAIT_POLICY", "passive"}}),
      "");
}

} // namespace
