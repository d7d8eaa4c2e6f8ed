//===- TeamSize.h - OpenMP teams sized to the cores we get ------*- C++ -*-===//
//
// How many threads the parallel regions of a compiled call take. Linux
// reports, for each thread, the time it ran and the time it waited runnable
// for a core (/proc/thread-self/schedstat). The calling thread belongs to
// every team and works or spins at the barriers while a call runs, so the
// share of the call it waited measures how much of the cores other jobs
// hold. When the calls of recent windows waited for a good part of their
// time, a full team would make every loop wait at its end for a descheduled
// thread: the team tries the cores' worth of time it got. Whether a smaller
// team stays, and whether a trial with one more thread does, is decided by
// how long the same code's calls take with each. Only time inside calls
// counts, so the process's other threads (JAX's, Python's) may run as they
// like between calls, and a call without parallel work still measures the
// machine. A busy job of low priority that yields its core at once costs
// nothing and leaves the team whole, where libomp's load balance counts it
// as a busy core.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_TEAMSIZE_H
#define FUSE_EXECUTION_TEAMSIZE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

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
/// how the times are read and the team is set. Waits start a change of the
/// team, and time tells whether it stays: the calls of a changed team are
/// compared with calls of the same code before the change.
///
/// A team's speed is that of the fastest of its recent windows: one window
/// of unusual waits (another pool of the process spinning into a call) is
/// an outlier, where a busy job that holds a core slows every window.
class TeamSizePolicy {
public:
  using Clock = std::chrono::steady_clock;
  /// What a call ran (an entry of a compiled program; 0 for any): only
  /// calls of the same code are compared.
  using CallKind = uint64_t;
  /// A kind no call has had before.
  static CallKind newCallKind();
  struct Options {
    /// Calls are judged once a window lasts this long ...
    Clock::duration window = std::chrono::milliseconds(50);
    /// ... and the calling threads were runnable for this long in it.
    Clock::duration minCallTime = std::chrono::milliseconds(5);
    /// A team's speed is the fastest of this many windows (fewer since it
    /// became the team): one window of unusual waits is not all a change
    /// is compared with, and a busy stretch shows after as many windows.
    /// Waits and slowdowns shrink a team only once it has had as many.
    int recentWindows = 2;
    /// The share of the recent windows' time the calls waited above which
    /// the team tries to shrink ...
    double shrinkAbove = 0.25;
    /// ... or how much slower than the team's fastest window ever its
    /// recent windows must be.
    double shrinkSlowerThanBest = 1.5;
    /// The fastest windows of at most this many kinds are remembered.
    int kindsRemembered = 64;
    /// A smaller team stays unless its calls take this much longer than the
    /// larger team's: the waits were a reason to shrink. (Not every wait
    /// is: another pool of the process that spins after its calls, as
    /// XLA's does, makes waits that a smaller team does not avoid.) A team
    /// measured this much faster than the current one is tried again at
    /// once.
    double keepShrinkUpTo = 1.1;
    /// A trial with one more thread stays when its calls are faster than
    /// the smaller team's.
    double keepTrialBelow = 1.0;
    /// A change whose windows held no call of the code that ran before it
    /// is undone after this many windows.
    int windowsToCompare = 4;
    /// After a change, the wait before trying one more thread; it doubles
    /// after each failed trial up to `longestTrialWait`, which bounds how
    /// long a team stays small after a busy job ends (a failed trial costs
    /// one window).
    Clock::duration firstTrialWait = std::chrono::milliseconds(500);
    Clock::duration longestTrialWait = std::chrono::seconds(2);
    /// After a shrink that did not pay, waits do not shrink the team for
    /// this long; it doubles after each such shrink up to
    /// `longestShrinkPause`.
    Clock::duration firstShrinkPause = std::chrono::seconds(1);
    Clock::duration longestShrinkPause = std::chrono::seconds(16);
  };

  explicit TeamSizePolicy(int maxThreads) : TeamSizePolicy(maxThreads, {}) {}
  TeamSizePolicy(int maxThreads, Options options);

  /// Adds a call of `kind` with the current team that ended at `now`, in
  /// which the calling thread ran and waited `times`; returns the team for
  /// the calls from `now` on.
  int record(Clock::time_point now, SchedulerTimes times, CallKind kind = 0);
  int team() const { return currentTeam; }

private:
  /// The calls of one kind in a window: how many, and their runnable time.
  struct Calls {
    int count = 0;
    Clock::duration runnable{};
  };
  using CallsByKind = llvm::SmallDenseMap<CallKind, Calls, 4>;
  struct Window {
    CallsByKind calls;
    SchedulerTimes times;
  };

  /// A team's mean call by kind, with the number of calls it is the mean
  /// of.
  struct Speed {
    Clock::duration meanCall{};
    int calls = 0;
  };
  using Speeds = llvm::SmallDenseMap<CallKind, Speed, 4>;

  /// The fastest mean call of each kind over `windows`.
  static Speeds fastest(llvm::ArrayRef<Window> windows);
  /// How many times longer the calls of `after` took than the same kinds of
  /// calls at `before`'s speeds; nullopt when no kind is in both.
  static std::optional<double> slowdown(const Speeds &before,
                                        const Speeds &after);

  /// Keeps or undoes `pending` after its window.
  void judge(Clock::time_point now, Window window);
  /// Starts judging a change to `team`.
  void startChange(Clock::time_point now, int team);
  /// Another team measured faster than the current one by more than
  /// `keepShrinkUpTo`, the fastest if several are.
  std::optional<int> fasterTeam() const;
  /// Sets the team and starts its recent windows.
  void change(Clock::time_point now, int team);

  /// A change of the team being judged.
  struct Change {
    int from;
    bool shrink;
    Speeds before;
    /// The team's recent windows before the change, its recent windows
    /// again if the change is undone.
    llvm::SmallVector<Window, 4> windowsBefore;
    int windowsJudged = 0;
  };

  Options options;
  int maxThreads;
  int currentTeam;
  bool started = false;
  Clock::time_point windowStart;
  Window window;
  /// The windows since the team last changed, the last `recentWindows`.
  llvm::SmallVector<Window, 4> recentWindows;
  /// The speeds of each team measured: the current team's recent windows',
  /// and the judged window of each other.
  llvm::SmallDenseMap<int, Speeds, 4> speedOfTeam;
  /// The fastest window of each team and kind so far.
  llvm::SmallDenseMap<int, Speeds, 4> bestOfTeam;
  std::optional<Change> pending;
  /// The kinds called before: a kind's first call is not recorded.
  llvm::DenseSet<CallKind> warmedUp;
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

  /// Sets the calling thread's team and measures the call of `kind`, from
  /// its construction to its destruction.
  class Call {
  public:
    Call(TeamSizer &sizer, TeamSizePolicy::CallKind kind);
    ~Call();
    Call(const Call &) = delete;
    Call &operator=(const Call &) = delete;

  private:
    TeamSizer &sizer;
    TeamSizePolicy::CallKind kind;
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
