//===- TeamSizeTest.cpp - OpenMP teams that follow the CPU time we get ----===//

#include "fuse/Execution/TeamSize.h"

#include "gtest/gtest.h"

#include <thread>

using namespace fuse::exec;
using namespace std::chrono_literals;

namespace {

/// A process whose team runs for whole windows on a machine that gives its
/// threads `cores` cores: a thread beyond them waits runnable.
struct SimulatedMachine {
  explicit SimulatedMachine(int maxThreads) : policy(maxThreads) {
    policy.next(now, times);
  }

  /// Runs `windows` windows of 50 ms with the team the policy chose and
  /// returns the team after them.
  int run(double cores, int windows) {
    for (int i = 0; i < windows; ++i) {
      int team = policy.team();
      double share = std::min(1.0, cores / team);
      uint64_t runnable = uint64_t(team) * 50'000'000;
      times.ranNs += uint64_t(runnable * share);
      times.waitedNs += uint64_t(runnable * (1 - share));
      now += 50ms;
      policy.next(now, times);
    }
    return policy.team();
  }

  TeamSizePolicy::Clock::time_point now{};
  SchedulerTimes times;
  TeamSizePolicy policy;
};

TEST(TeamSizeTest, AQuietMachineKeepsTheWholeTeam) {
  SimulatedMachine machine(4);
  EXPECT_EQ(machine.run(/*cores=*/4, 100), 4);
}

TEST(TeamSizeTest, TheTeamShrinksToTheCoresItGets) {
  SimulatedMachine machine(2);
  EXPECT_EQ(machine.run(/*cores=*/1, 1), 1);

  SimulatedMachine larger(16);
  EXPECT_EQ(larger.run(/*cores=*/10, 1), 10);
}

TEST(TeamSizeTest, AFailedTrialBacksOffAndTheTeamRegrowsWhenCoresFree) {
  SimulatedMachine machine(2);
  machine.run(/*cores=*/1, 1);
  // Trials of a second thread start after 500 ms and fail on a busy core;
  // their waits double, so 20 s hold only a few of them.
  int trialWindows = 0;
  for (int i = 0; i < 400; ++i)
    trialWindows += machine.run(/*cores=*/1, 1) == 2;
  EXPECT_GE(trialWindows, 3);
  EXPECT_LE(trialWindows, 6);
  EXPECT_EQ(machine.policy.team(), 1);

  // Once the core is free, the next trial keeps the second thread.
  EXPECT_EQ(machine.run(/*cores=*/2, 8 * 1000 / 50 + 2), 2);
  EXPECT_EQ(machine.run(/*cores=*/2, 100), 2);
}

TEST(TeamSizeTest, IdleWindowsDoNotJudgeTheMachine) {
  SimulatedMachine machine(2);
  // Threads that were barely runnable: nothing to judge, however long it
  // lasts and however much of it they waited.
  for (int i = 0; i < 10; ++i) {
    machine.times.ranNs += 100'000;
    machine.times.waitedNs += 100'000;
    machine.now += 1s;
    machine.policy.next(machine.now, machine.times);
  }
  EXPECT_EQ(machine.policy.team(), 2);
  // Once the waits add up to a window's worth, they count.
  machine.times.waitedNs += 10'000'000;
  machine.now += 1s;
  EXPECT_EQ(machine.policy.next(machine.now, machine.times), 1);
}

TEST(TeamSizeTest, TimesAreReadAtMostOnceAWindow) {
  SimulatedMachine machine(2);
  EXPECT_FALSE(machine.policy.wantsTimes(machine.now + 10ms));
  EXPECT_TRUE(machine.policy.wantsTimes(machine.now + 50ms));
  // A window too idle to judge is read again only a window later.
  machine.now += 60ms;
  machine.policy.next(machine.now, machine.times);
  EXPECT_FALSE(machine.policy.wantsTimes(machine.now + 10ms));
  EXPECT_TRUE(machine.policy.wantsTimes(machine.now + 50ms));
}

TEST(TeamSizeTest, ThisProcessHasSchedulerTimes) {
  std::optional<SchedulerTimes> before = readSchedulerTimes();
  ASSERT_TRUE(before.has_value()) << "no /proc/self/task/*/schedstat";
  auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < 20ms) {
  }
  std::optional<SchedulerTimes> after = readSchedulerTimes();
  ASSERT_TRUE(after.has_value());
  EXPECT_GE(after->ranNs - before->ranNs, 10'000'000u);
}

} // namespace
