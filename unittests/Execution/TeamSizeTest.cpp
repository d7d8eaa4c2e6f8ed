//===- TeamSizeTest.cpp - OpenMP teams that follow the CPU time we get ----===//

#include "fuse/Execution/TeamSize.h"

#include "gtest/gtest.h"

#include <thread>

using namespace fuse::exec;
using namespace std::chrono_literals;

namespace {

/// Calls of 10 ms, one every 20 ms, on a machine whose other jobs leave the
/// process `cores` cores while a call runs.
struct SimulatedMachine {
  explicit SimulatedMachine(int maxThreads) : policy(maxThreads) {}

  /// Makes `calls` calls and returns the team after them. A thread of the
  /// team gets cores / team of the time it is runnable, and waits the rest.
  int run(double cores, int calls) {
    for (int i = 0; i < calls; ++i) {
      double share = std::min(1.0, cores / policy.team());
      now += 20ms;
      policy.record(now,
                    {std::chrono::nanoseconds(int64_t(share * 10e6)),
                     std::chrono::nanoseconds(int64_t((1 - share) * 10e6))});
    }
    return policy.team();
  }

  TeamSizePolicy::Clock::time_point now{};
  TeamSizePolicy policy;
};

TEST(TeamSizeTest, AQuietMachineKeepsTheWholeTeam) {
  SimulatedMachine machine(4);
  EXPECT_EQ(machine.run(/*cores=*/4, 1000), 4);
}

TEST(TeamSizeTest, TheTeamShrinksToTheCoresItGets) {
  SimulatedMachine machine(2);
  // The first window starts at the first call's end and lasts 50 ms.
  EXPECT_EQ(machine.run(/*cores=*/1, 3), 2);
  EXPECT_EQ(machine.run(/*cores=*/1, 1), 1);

  SimulatedMachine larger(16);
  EXPECT_EQ(larger.run(/*cores=*/10, 4), 10);
}

TEST(TeamSizeTest, ALittleLessThanTheWholeTeamKeepsIt) {
  // Three quarters of 16 threads' time: a quarter missed, not more.
  SimulatedMachine machine(16);
  EXPECT_EQ(machine.run(/*cores=*/12, 1000), 16);
}

TEST(TeamSizeTest, AFailedTrialBacksOffAndTheTeamRegrowsWhenCoresFree) {
  SimulatedMachine machine(2);
  machine.run(/*cores=*/1, 4);
  // Trials of a second thread start after 500 ms and fail on a busy core;
  // their waits double, so 20 s hold only a few of them.
  int trialCalls = 0;
  for (int i = 0; i < 1000; ++i)
    trialCalls += machine.run(/*cores=*/1, 1) == 2;
  EXPECT_GE(trialCalls, 3 * 3);
  EXPECT_LE(trialCalls, 6 * 3);
  EXPECT_EQ(machine.policy.team(), 1);

  // Once the core is free, the next trial keeps the second thread.
  EXPECT_EQ(machine.run(/*cores=*/2, 8000 / 20 + 10), 2);
  EXPECT_EQ(machine.run(/*cores=*/2, 1000), 2);
}

TEST(TeamSizeTest, WaitsThatASmallerTeamDoesNotAvoidKeepTheTeam) {
  // Another pool of the process spins after its calls: each call of the
  // whole team waits a third of its 6 ms, and one thread alone takes 10 ms.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  int callsAlone = 0, calls = 0;
  for (; now < TeamSizePolicy::Clock::time_point(20s); ++calls) {
    bool alone = policy.team() == 1;
    callsAlone += alone;
    now += 20ms;
    policy.record(now,
                  alone ? SchedulerTimes{10ms, 0ms} : SchedulerTimes{4ms, 2ms});
  }
  // Each shrink is undone after a window, and the pauses between them
  // double from 1 s: 5 shrinks in 20 s, 3 calls each.
  EXPECT_EQ(policy.team(), 2);
  EXPECT_LE(callsAlone, 5 * 3);
  EXPECT_GE(callsAlone, 3);
}

TEST(TeamSizeTest, AShrinkThatSpeedsCallsUpStays) {
  // Two threads on one core take 15 ms a call (each waits at the other's
  // barriers); one takes 10.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  for (int i = 0; i < 100; ++i) {
    now += 20ms;
    policy.record(now, policy.team() == 1 ? SchedulerTimes{10ms, 0ms}
                                          : SchedulerTimes{7500us, 7500us});
  }
  EXPECT_EQ(policy.team(), 1);
}

TEST(TeamSizeTest, ShortCallsAreJudgedOnceTheyAddUp) {
  TeamSizePolicy policy(2);
  // Calls of 1 ms every 100 ms, half of it waited: 5 of them make enough
  // to judge by.
  TeamSizePolicy::Clock::time_point now{};
  SchedulerTimes call{500us, 500us};
  for (int i = 0; i < 4; ++i) {
    now += 100ms;
    EXPECT_EQ(policy.record(now, call), 2);
  }
  now += 100ms;
  EXPECT_EQ(policy.record(now, call), 1);
}

TEST(TeamSizeTest, ThisThreadHasSchedulerTimes) {
  std::optional<SchedulerTimes> before = readThreadSchedulerTimes();
  ASSERT_TRUE(before.has_value()) << "no /proc/thread-self/schedstat";
  auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < 20ms) {
  }
  std::optional<SchedulerTimes> after = readThreadSchedulerTimes();
  ASSERT_TRUE(after.has_value());
  EXPECT_GE(after->ran + after->waited - before->ran - before->waited, 10ms);
}

} // namespace
