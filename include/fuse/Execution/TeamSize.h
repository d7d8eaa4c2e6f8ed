//===- TeamSize.h - OpenMP teams sized to the cores we get ------*- C++ -*-===//
//
// How many threads the parallel regions of a compiled call take. Linux
// reports, for each thread, the time it ran and the time it waited runnable
// for a core (/proc/thread-self/schedstat). The calling thread belongs to
// every team and works or spins at the barriers while a call runs, so the
// share of the call it waited measures how much of the cores other jobs
// hold. When the calls of a window waited for a good part of their time, a
// full team would make every loop wait at its end for a descheduled thread:
// the team shrinks to the cores' worth of time it got, and grows back when
// a trial with one more thread finds its cores free. Only time inside calls
// counts, so the process's other threads (JAX's, Python's) may run as they
// like between calls, and a call without parallel work still measures the
// machine. A busy job of low priority that yields its core at once costs
// nothing and leaves the team whole, where libomp's load balance counts it
// as a busy core.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_TEAMSIZE_H
#define FUSE_EXECUTION_TEAMSIZE_H

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>

namespace fuse::exec {

/// The time a thread ran and waited runnable for a core.
struct SchedulerTimes {
  std::chrono::nanoseconds ran{};
  std::chrono::nanoseconds waited{};
};

/// The calling thread's scheduler times since it started; nullopt where the
/// system does not report them.
std::optional<SchedulerTimes> readThreadSchedulerTimes();

/// Chooses the team from the scheduler times of calls in windows, apart from
/// how the times are read and the team is set.
class TeamSizePolicy {
public:
  using Clock = std::chrono::steady_clock;
  struct Options {
    /// Calls are judged once a window lasts this long ...
    Clock::duration window = std::chrono::milliseconds(50);
    /// ... and the calling threads were runnable for this long in it.
    Clock::duration minCallTime = std::chrono::milliseconds(5);
    /// The share of that time they waited above which the team shrinks, and
    /// at or below which a trial with one more thread stays.
    double shrinkAbove = 0.25;
    double keepTrialAtOrBelow = 0.1;
    /// After a change, the wait before trying one more thread; it doubles
    /// after each failed trial up to `longestTrialWait`.
    Clock::duration firstTrialWait = std::chrono::milliseconds(500);
    Clock::duration longestTrialWait = std::chrono::seconds(8);
    /// A smaller team whose calls took a tenth longer than the whole
    /// team's, waits and all, gives way to it again, and waits stop shrinking
    /// the team for this long; it doubles after each such shrink up to
    /// `longestShrinkPause`. (Another pool of the same process that spins
    /// after its calls, as XLA's does, makes waits that a smaller team
    /// does not avoid.)
    Clock::duration firstShrinkPause = std::chrono::seconds(1);
    Clock::duration longestShrinkPause = std::chrono::seconds(16);
  };

  explicit TeamSizePolicy(int maxThreads) : TeamSizePolicy(maxThreads, {}) {}
  TeamSizePolicy(int maxThreads, Options options);

  /// Adds a call with the current team that ended at `now`, in which the
  /// calling thread ran and waited `times`; returns the team for the calls
  /// from `now` on.
  int record(Clock::time_point now, SchedulerTimes times);
  int team() const { return currentTeam; }

private:
  void change(Clock::time_point now, int team);

  /// A shrink being judged: the team before it and its mean call.
  struct Shrink {
    int from;
    Clock::duration meanCall;
  };

  Options options;
  int maxThreads;
  int currentTeam;
  bool started = false;
  Clock::time_point windowStart;
  SchedulerTimes inWindow;
  int callsInWindow = 0;
  /// The team before the trial in progress, if one is.
  std::optional<int> trialFrom;
  std::optional<Shrink> shrinkFrom;
  Clock::time_point lastChange;
  Clock::duration trialWait;
  Clock::time_point shrinksPausedUntil;
  Clock::duration shrinkPause;
};

/// Sets the OpenMP team of the calling thread before each call of compiled
/// code, from one policy for the whole process.
class TeamSizer {
public:
  using SetNumThreads = void (*)(int);

  /// Sets the calling thread's team and measures the call, from its
  /// construction to its destruction.
  class Call {
  public:
    explicit Call(TeamSizer &sizer);
    ~Call();
    Call(const Call &) = delete;
    Call &operator=(const Call &) = delete;

  private:
    TeamSizer &sizer;
    int team;
    std::optional<SchedulerTimes> start;
  };

  /// The process's sizer for the OpenMP runtime whose omp_set_num_threads
  /// is `setNumThreads`, with at most `maxThreads` threads; nullptr where
  /// the system reports no scheduler times.
  static TeamSizer *get(SetNumThreads setNumThreads, int maxThreads);

private:
  TeamSizer(SetNumThreads setNumThreads, int maxThreads)
      : setNumThreads(setNumThreads), policy(maxThreads) {}

  SetNumThreads setNumThreads;
  std::mutex mutex;
  TeamSizePolicy policy;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_TEAMSIZE_H
