//===- TeamSize.h - OpenMP teams that follow the CPU time we get -*- C++
//-*-===//
//
// How many threads the parallel regions of a compiled call take. Linux
// reports, for each thread, the time it ran and the time it waited runnable
// for a core (/proc/self/task/*/schedstat). When the process's threads wait
// for a good part of the time they are runnable, other jobs hold the cores,
// and a full team would make every loop wait at its end for a descheduled
// thread: the team shrinks to the cores the process actually gets, and grows
// back when a trial with one more thread finds its cores free. A busy job of
// low priority that yields its core at once costs nothing and leaves the
// team whole, where libomp's load balance counts it as a busy core.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_TEAMSIZE_H
#define FUSE_EXECUTION_TEAMSIZE_H

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>

namespace fuse::exec {

/// The time a process's threads have run and have waited runnable for a
/// core, summed over its threads, since each started.
struct SchedulerTimes {
  uint64_t ranNs = 0;
  uint64_t waitedNs = 0;
};

/// This process's scheduler times; nullopt where the system does not report
/// them (no /proc/self/task/*/schedstat).
std::optional<SchedulerTimes> readSchedulerTimes();

/// Chooses the team from scheduler times read in windows, apart from how
/// the times are read and the team is set.
class TeamSizePolicy {
public:
  using Clock = std::chrono::steady_clock;
  struct Options {
    /// Judged once a window lasts this long ...
    Clock::duration window = std::chrono::milliseconds(50);
    /// ... and its threads were runnable this long (a window of idle
    /// threads says nothing about the machine).
    uint64_t minRunnableNs = 5'000'000;
    /// The share of runnable time spent waiting above which the team
    /// shrinks, and at or below which a trial with one more thread stays.
    double shrinkAbove = 0.25;
    double keepTrialAtOrBelow = 0.1;
    /// After a change, the wait before trying one more thread; it doubles
    /// after each failed trial up to `longestTrialWait`.
    Clock::duration firstTrialWait = std::chrono::milliseconds(500);
    Clock::duration longestTrialWait = std::chrono::seconds(8);
  };

  explicit TeamSizePolicy(int maxThreads) : TeamSizePolicy(maxThreads, {}) {}
  TeamSizePolicy(int maxThreads, Options options);

  /// The team for calls from `now` on, given the times read at `now`.
  int next(Clock::time_point now, SchedulerTimes times);
  int team() const { return currentTeam; }
  /// Whether times read at `now` would be used: at most once a window.
  bool wantsTimes(Clock::time_point now) const {
    return !windowOpen || (now - windowStart >= options.window &&
                           now - lastRead >= options.window);
  }

private:
  void change(Clock::time_point now, int team);

  Options options;
  int maxThreads;
  int currentTeam;
  bool windowOpen = false;
  Clock::time_point windowStart;
  Clock::time_point lastRead;
  SchedulerTimes atWindowStart;
  /// The team before the trial in progress, if one is.
  std::optional<int> trialFrom;
  Clock::time_point lastChange;
  Clock::duration trialWait;
};

/// Sets the OpenMP team of the calling thread before each call of compiled
/// code, from one policy for the whole process.
class TeamSizer {
public:
  using SetNumThreads = void (*)(int);

  /// The process's sizer for the OpenMP runtime whose omp_set_num_threads
  /// is `setNumThreads`, with at most `maxThreads` threads; nullptr where
  /// the system reports no scheduler times.
  static TeamSizer *get(SetNumThreads setNumThreads, int maxThreads);

  void beforeCall();

private:
  TeamSizer(SetNumThreads setNumThreads, int maxThreads)
      : setNumThreads(setNumThreads), policy(maxThreads) {}

  SetNumThreads setNumThreads;
  std::mutex mutex;
  TeamSizePolicy policy;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_TEAMSIZE_H
