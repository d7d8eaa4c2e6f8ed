//===- TeamSizeTest.cpp - OpenMP teams that follow the CPU time we get ----===//

#include "fuse/Execution/TeamSize.h"

#include "gtest/gtest.h"

#include <thread>

using namespace fuse::exec;
using namespace std::chrono_literals;

namespace {

/// Calls of 20 ms of work, one every 20 ms, on a machine whose other jobs
/// leave the process `cores` cores while a call runs.
struct SimulatedMachine {
  explicit SimulatedMachine(int maxThreads) : policy(maxThreads) {}

  /// Makes `calls` calls and returns the team after them. A thread of the
  /// team gets cores / team of the time it is runnable and waits the rest;
  /// a team larger than its cores also loses half again at the barriers,
  /// where threads wait for the ones that lost their core.
  int run(double cores, int calls) {
    for (int i = 0; i < calls; ++i) {
      double share = std::min(1.0, cores / policy.team());
      double runnable = 20e6 / policy.team() / share * (share < 1 ? 1.5 : 1);
      now += 20ms;
      policy.record(
          now, {std::chrono::nanoseconds(int64_t(share * runnable)),
                std::chrono::nanoseconds(int64_t((1 - share) * runnable))});
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
  // Waits shrink the team once two windows hold them. The first window
  // starts at the first call's end; each lasts 50 ms (three calls).
  EXPECT_EQ(machine.run(/*cores=*/1, 6), 2);
  EXPECT_EQ(machine.run(/*cores=*/1, 1), 1);

  SimulatedMachine larger(16);
  EXPECT_EQ(larger.run(/*cores=*/10, 7), 10);
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
  // their waits double up to 2 s, so 20 s hold 10 of them.
  int trialCalls = 0;
  for (int i = 0; i < 1000; ++i)
    trialCalls += machine.run(/*cores=*/1, 1) == 2;
  EXPECT_GE(trialCalls, 9 * 3);
  EXPECT_LE(trialCalls, 12 * 3);
  EXPECT_EQ(machine.policy.team(), 1);

  // Once the core is free, the next trial keeps the second thread.
  EXPECT_EQ(machine.run(/*cores=*/2, 2000 / 20 + 10), 2);
  EXPECT_EQ(machine.run(/*cores=*/2, 1000), 2);
}

TEST(TeamSizeTest, WaitsThatASmallerTeamDoesNotAvoidKeepTheTeam) {
  // Another pool of the process spins after its calls: each call of the
  // whole team waits a third of its 6 ms, and one thread alone takes 10 ms.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  int callsAlone = 0;
  while (now < TeamSizePolicy::Clock::time_point(20s)) {
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

TEST(TeamSizeTest, ATrialIsJudgedByItsSpeedNotItsWaits) {
  // Alternating with another pool that spins after its calls, the whole
  // team's calls wait a third of their 6 ms and one thread takes 10 ms. A
  // burst of waits shrank the team, and the shrink stayed: its calls were
  // compared with the burst's.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  for (int i = 0; i < 7; ++i)
    policy.record(now += 20ms, {10ms, 10ms});
  ASSERT_EQ(policy.team(), 1);
  int callsAlone = 0;
  for (; now < TeamSizePolicy::Clock::time_point(20s);) {
    bool alone = policy.team() == 1;
    callsAlone += alone;
    policy.record(now += 20ms,
                  alone ? SchedulerTimes{10ms, 0ms} : SchedulerTimes{4ms, 2ms});
  }
  // The trial after 0.5 s is faster for all its waits, and stays; the
  // shrinks its waits then start are undone.
  EXPECT_EQ(policy.team(), 2);
  EXPECT_LE(callsAlone, 500 / 20 + 3 + 6 * 3);
}

/// A policy that tries one more thread as soon as it may, shrunk to one
/// thread by a burst of waits in calls of `kind` that then stayed.
TeamSizePolicy shrunkToOneThread(TeamSizePolicy::Clock::time_point &now,
                                 TeamSizePolicy::CallKind kind) {
  TeamSizePolicy::Options options;
  options.firstTrialWait = 0ms;
  TeamSizePolicy policy(2, options);
  // Two windows of waits: from the first call's end, 50 ms each.
  for (int i = 0; i < 7; ++i)
    policy.record(now += 20ms, {40ms, 40ms}, kind);
  EXPECT_EQ(policy.team(), 1);
  for (int i = 0; i < 3; ++i)
    policy.record(now += 20ms, {30ms, 0ms}, kind);
  EXPECT_EQ(policy.team(), 1);
  return policy;
}

TEST(TeamSizeTest, CallsAreComparedWithCallsOfTheSameCode) {
  // Two entries: a short one of 1 ms and a long one of 30 ms at one
  // thread; two threads take half of each. The window before the trial
  // holds mostly short calls, the trial's mostly long ones: a mean over
  // all calls would find the trial four times slower.
  TeamSizePolicy::CallKind shortCall = 1, longCall = 2;
  TeamSizePolicy::Clock::time_point now{};
  TeamSizePolicy policy = shrunkToOneThread(now, longCall);
  for (int i = 0; i < 20; ++i)
    policy.record(now += 2ms, {1ms, 0ms}, shortCall);
  policy.record(now += 10ms, {30ms, 0ms}, longCall);
  ASSERT_EQ(policy.team(), 2) << "the trial should have begun";
  policy.record(now += 20ms, {15ms, 0ms}, longCall);
  policy.record(now += 20ms, {15ms, 0ms}, longCall);
  policy.record(now += 10ms, {500us, 0ms}, shortCall);
  EXPECT_EQ(policy.team(), 2);
  for (int i = 0; i < 100; ++i)
    policy.record(now += 20ms, {15ms, 0ms}, longCall);
  EXPECT_EQ(policy.team(), 2);
}

TEST(TeamSizeTest, AChangeWithoutCallsToCompareIsUndone) {
  TeamSizePolicy::CallKind before = 1, after = 2;
  TeamSizePolicy::Clock::time_point now{};
  TeamSizePolicy policy = shrunkToOneThread(now, before);
  for (int i = 0; i < 3; ++i)
    policy.record(now += 20ms, {30ms, 0ms}, before);
  ASSERT_EQ(policy.team(), 2) << "the trial should have begun";
  // Four windows of other code than the window before the trial's (after
  // its first call, which is not recorded).
  for (int i = 0; i < 4 * 3; ++i)
    policy.record(now += 20ms, {2ms, 0ms}, after);
  EXPECT_EQ(policy.team(), 2);
  policy.record(now += 20ms, {2ms, 0ms}, after);
  EXPECT_EQ(policy.team(), 1);
}

/// Two threads take 14 ms a call and one takes 22. A window's calls wait
/// half of 30 ms (another pool spun into them) and start a shrink: one
/// thread's calls are faster than those, but not than the team's fastest
/// recent window. Returns the team after the shrink was judged.
int shrinkAfterAWindowOfWaits(TeamSizePolicy &policy,
                              TeamSizePolicy::Clock::time_point &now) {
  for (int i = 0; i < 10; ++i)
    policy.record(now += 20ms, {14ms, 0ms});
  for (int i = 0; i < 3; ++i)
    policy.record(now += 20ms, {15ms, 15ms});
  EXPECT_EQ(policy.team(), 1);
  for (int i = 0; i < 3; ++i)
    policy.record(now += 20ms, {22ms, 0ms});
  return policy.team();
}

TEST(TeamSizeTest, AShrinkIsComparedWithTheTeamsFastestWindow) {
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  EXPECT_EQ(shrinkAfterAWindowOfWaits(policy, now), 2);
}

TEST(TeamSizeTest, ATeamMeasuredFasterIsTriedAgainAtOnce) {
  // A shrink that did not pay pauses shrinks for a second. Then a busy job
  // takes a core: two threads take 58 ms a call, waiting half of it. One
  // thread was measured at 22 ms: the team shrinks in the pause.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  ASSERT_EQ(shrinkAfterAWindowOfWaits(policy, now), 2);
  auto paused = now;
  while (policy.team() == 2)
    policy.record(now += 60ms, {29ms, 29ms});
  EXPECT_LE(now - paused, 60ms);
  for (int i = 0; i < 20; ++i)
    policy.record(now += 25ms, {22ms, 0ms});
  EXPECT_EQ(policy.team(), 1);
}

TEST(TeamSizeTest, CallsThatSlowDownWithoutWaitsStartAShrink) {
  // A busy job shares a worker's core: the calling thread spins at every
  // barrier, and a call of 10 ms takes 190, with no wait of the calling
  // thread. One thread alone takes 12 ms.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  for (int i = 0; i < 50; ++i)
    policy.record(now += 20ms, {10ms, 0ms});
  for (int i = 0; i < 2; ++i)
    policy.record(now += 200ms, {190ms, 0ms});
  ASSERT_EQ(policy.team(), 1);
  for (int i = 0; i < 5; ++i)
    policy.record(now += 20ms, {12ms, 0ms});
  EXPECT_EQ(policy.team(), 1);
}

TEST(TeamSizeTest, ManyKindsOfCallsAreForgotten) {
  // Calls of 100 programs, one after the other, then the first again,
  // 1.6x slower than its first window: its fastest window is forgotten.
  TeamSizePolicy::Options options;
  options.kindsRemembered = 64;
  TeamSizePolicy policy(2, options);
  TeamSizePolicy::Clock::time_point now{};
  for (TeamSizePolicy::CallKind program = 1; program <= 100; ++program)
    for (int i = 0; i < 3; ++i)
      policy.record(now += 20ms, {10ms, 0ms}, program);
  for (int i = 0; i < 10; ++i)
    policy.record(now += 20ms, {16ms, 0ms}, 1);
  EXPECT_EQ(policy.team(), 2);
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
  // Calls of 1 ms every 100 ms, half of it waited: 5 of them after the
  // first (which is not recorded) make a window, and two windows enough to
  // judge by.
  TeamSizePolicy::Clock::time_point now{};
  SchedulerTimes call{500us, 500us};
  for (int i = 0; i < 10; ++i) {
    now += 100ms;
    EXPECT_EQ(policy.record(now, call), 2);
  }
  now += 100ms;
  EXPECT_EQ(policy.record(now, call), 1);
}

TEST(TeamSizeTest, AKindsFirstCallIsNotRecorded) {
  // A program's first call pays what happens once: 200 ms, most of it
  // waited while the compile's threads end. Its calls then take 4 ms with
  // two threads and 8 ms with one, without waits: the team never shrinks.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  policy.record(now += 200ms, {40ms, 160ms}, /*kind=*/1);
  int smallestTeam = policy.team();
  for (int i = 0; i < 100; ++i) {
    auto took = policy.team() == 2 ? 4ms : 8ms;
    smallestTeam =
        std::min(smallestTeam, policy.record(now += took, {took, 0ms}, 1));
  }
  EXPECT_EQ(smallestTeam, 2);
}

/// The smallest team of 20 calls without waits, one every 20 ms, each
/// taking `whole` with two threads and `alone` with one.
int smallestTeamOfQuietCalls(TeamSizePolicy &policy,
                             TeamSizePolicy::Clock::time_point &now,
                             std::chrono::milliseconds whole,
                             std::chrono::milliseconds alone) {
  int smallestTeam = policy.team();
  for (int i = 0; i < 20; ++i) {
    auto took = policy.team() == 2 ? whole : alone;
    smallestTeam =
        std::min(smallestTeam, policy.record(now += 20ms, {took, 0ms}));
  }
  return smallestTeam;
}

TEST(TeamSizeTest, OneWindowOfWaitsDoesNotShrinkTheTeam) {
  // The first window after a program's warm-up, beside another pool's,
  // waits a third of its calls' 9 ms; after it, calls take 4 ms with two
  // threads and 7 ms with one, without waits. Compared with that window,
  // one thread would have looked faster and stayed.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  for (int i = 0; i < 4; ++i)
    ASSERT_EQ(policy.record(now += 20ms, {6ms, 3ms}), 2);
  EXPECT_EQ(smallestTeamOfQuietCalls(policy, now, 4ms, 7ms), 2);
}

TEST(TeamSizeTest, AnUndoneShrinkKeepsTheWindowsBeforeIt) {
  // Two threads take 6 ms a call, one thread 12 ms. A burst of waits (4 ms
  // a call) starts a shrink, which is undone. Then a window's call waits
  // half of 84 ms (another pool of the process spinning into it): were it
  // the whole team's speed, one thread would look faster, be tried at
  // once, and stay against it until the next trial.
  TeamSizePolicy policy(2);
  TeamSizePolicy::Clock::time_point now{};
  for (int i = 0; i < 10; ++i)
    policy.record(now += 20ms, {6ms, 0ms});
  while (policy.team() == 2)
    policy.record(now += 20ms, {6ms, 4ms});
  while (policy.team() == 1)
    policy.record(now += 20ms, {12ms, 0ms});
  policy.record(now += 100ms, {42ms, 42ms});
  EXPECT_EQ(smallestTeamOfQuietCalls(policy, now, 6ms, 12ms), 2);
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
