//===- TeamSize.cpp - OpenMP teams sized to the cores we get --------------===//

#include "fuse/Execution/TeamSize.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fcntl.h>
#include <unistd.h>

using namespace fuse::exec;

namespace {

/// The calling thread's schedstat file, opened once per thread: every call
/// of compiled code reads it twice, and reading an open file costs a tenth
/// of opening it (0.6 against 5.7 us).
class ThreadSchedstat {
public:
  ThreadSchedstat()
      : descriptor(
            ::open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)) {}
  ~ThreadSchedstat() {
    if (descriptor >= 0)
      ::close(descriptor);
  }
  ThreadSchedstat(const ThreadSchedstat &) = delete;
  ThreadSchedstat &operator=(const ThreadSchedstat &) = delete;

  /// The file's text, read again from its start; empty when it cannot be.
  llvm::StringRef read(char (&buffer)[128]) const {
    if (descriptor < 0)
      return {};
    ssize_t length = ::pread(descriptor, buffer, sizeof(buffer), 0);
    return length > 0 ? llvm::StringRef(buffer, length) : llvm::StringRef();
  }

private:
  int descriptor;
};

} // namespace

std::optional<SchedulerTimes> fuse::exec::readThreadSchedulerTimes() {
  thread_local ThreadSchedstat file;
  char buffer[128];
  // "<ns on a cpu> <ns waiting on a run queue> <timeslices>".
  llvm::SmallVector<llvm::StringRef, 3> fields;
  llvm::SplitString(file.read(buffer), fields);
  uint64_t ran, waited;
  if (fields.size() < 2 || fields[0].getAsInteger(10, ran) ||
      fields[1].getAsInteger(10, waited))
    return std::nullopt;
  return SchedulerTimes{std::chrono::nanoseconds(ran),
                        std::chrono::nanoseconds(waited)};
}

TeamSizePolicy::CallKind TeamSizePolicy::newCallKind() {
  // Not an address: code freed with its program may be loaded again at the
  // same one. DenseMap keeps the two largest values for itself.
  static std::atomic<CallKind> next{1};
  return next++;
}

TeamSizePolicy::TeamSizePolicy(int maxThreads, Options options)
    : options(options), maxThreads(std::max(1, maxThreads)),
      currentTeam(this->maxThreads), trialWait(options.firstTrialWait),
      shrinkPause(options.firstShrinkPause) {}

void TeamSizePolicy::change(Clock::time_point now, int team) {
  currentTeam = team;
  lastChange = now;
  recentWindows.clear();
}

void TeamSizePolicy::startChange(Clock::time_point now, int team) {
  pending = Change{currentTeam, /*shrink=*/team < currentTeam,
                   speedOfTeam[currentTeam], std::move(recentWindows), 0};
  change(now, team);
}

TeamSizePolicy::Speeds TeamSizePolicy::fastest(llvm::ArrayRef<Window> windows) {
  Speeds speeds;
  for (const Window &window : windows)
    for (const auto &[kind, calls] : window.calls) {
      Clock::duration meanCall = calls.runnable / calls.count;
      Speed &speed = speeds.try_emplace(kind, Speed{meanCall, 0}).first->second;
      speed.meanCall = std::min(speed.meanCall, meanCall);
      speed.calls += calls.count;
    }
  return speeds;
}

std::optional<double> TeamSizePolicy::slowdown(const Speeds &before,
                                               const Speeds &after) {
  // The time `after`'s calls took against the time they would have taken
  // at `before`'s speed, kind by kind.
  double took = 0, wouldHaveTaken = 0;
  for (const auto &[kind, speed] : after) {
    auto it = before.find(kind);
    if (it == before.end())
      continue;
    took += double(speed.calls) * double(speed.meanCall.count());
    wouldHaveTaken += double(speed.calls) * double(it->second.meanCall.count());
  }
  if (wouldHaveTaken <= 0)
    return std::nullopt;
  return took / wouldHaveTaken;
}

std::optional<int> TeamSizePolicy::fasterTeam() const {
  const Speeds &current = speedOfTeam.find(currentTeam)->second;
  std::optional<int> fastest;
  double mostSlower = options.keepShrinkUpTo;
  for (const auto &[team, speeds] : speedOfTeam) {
    std::optional<double> slower = slowdown(speeds, current);
    if (team != currentTeam && slower && *slower > mostSlower) {
      fastest = team;
      mostSlower = *slower;
    }
  }
  return fastest;
}

void TeamSizePolicy::judge(Clock::time_point now, Window judged) {
  Speeds speeds = fastest(judged);
  std::optional<double> slower = slowdown(pending->before, speeds);
  if (!slower && ++pending->windowsJudged < options.windowsToCompare)
    return;
  Change change = std::move(*pending);
  pending.reset();
  bool kept = change.shrink ? slower && *slower <= options.keepShrinkUpTo
                            : slower && *slower < options.keepTrialBelow;
  if (change.shrink && kept)
    shrinkPause = options.firstShrinkPause;
  if (change.shrink && !kept) {
    shrinksPausedUntil = now + shrinkPause;
    shrinkPause = std::min(2 * shrinkPause, options.longestShrinkPause);
  }
  if (!change.shrink)
    trialWait = kept ? options.firstTrialWait
                     : std::min(2 * trialWait, options.longestTrialWait);
  speedOfTeam[currentTeam] = std::move(speeds);
  // A kept change restarts the wait for a trial, with its window the first
  // of the team's. An undone one goes back to the windows before it: were
  // the next window the team's speed alone, one slowed by a transient (another
  // pool spinning into the calls) would make the undone team look faster.
  this->change(now, kept ? currentTeam : change.from);
  if (kept)
    recentWindows.push_back(std::move(judged));
  else
    recentWindows = std::move(change.windowsBefore);
}

int TeamSizePolicy::record(Clock::time_point now, SchedulerTimes times,
                           CallKind kind) {
  if (!started) {
    started = true;
    windowStart = lastChange = now;
  }
  // A kind's first call pays for what happens once (page faults on new
  // buffers, cold caches, symbols bound lazily), often beside the
  // compile's last threads: in a window it set the speed a shrink was
  // judged against, so that one thread stayed (0.21x that speed) where two
  // were faster (an LSTM step alternated with jax.jit's, 5.6 ms against
  // 4.1 ms with the team fixed).
  if (warmedUp.size() > size_t(options.kindsRemembered))
    warmedUp.clear();
  if (warmedUp.insert(kind).second)
    return currentTeam;
  window.times.ran += times.ran;
  window.times.waited += times.waited;
  // The calling thread belongs to the team and runs or waits until the
  // call ends: its runnable time is the call's.
  Calls &calls = window.calls[kind];
  ++calls.count;
  calls.runnable += times.ran + times.waited;
  if (now - windowStart < options.window ||
      window.times.ran + window.times.waited < options.minCallTime)
    return currentTeam;
  Window ended = std::move(window);
  window = Window();
  windowStart = now;

  if (pending) {
    judge(now, std::move(ended));
    return currentTeam;
  }
  if (recentWindows.size() == size_t(std::max(1, options.recentWindows)))
    recentWindows.erase(recentWindows.begin());
  recentWindows.push_back(std::move(ended));
  const Speeds &recentSpeeds = speedOfTeam[currentTeam] =
      fastest(recentWindows);
  Speeds &best = bestOfTeam[currentTeam];
  // A process that compiles program after program starts over rather than
  // keep every entry it ever called.
  if (best.size() > size_t(options.kindsRemembered))
    best.clear();
  for (const auto &[kind, speed] : recentSpeeds) {
    Speed &fastestYet = best.try_emplace(kind, speed).first->second;
    fastestYet.meanCall = std::min(fastestYet.meanCall, speed.meanCall);
  }
  // The calling thread spins at barriers while a worker waits for its core,
  // so a busy job on a worker's core may slow calls without waits of ours.
  std::optional<double> slowerThanBest = slowdown(best, recentSpeeds);
  bool slowedDown =
      slowerThanBest && *slowerThanBest > options.shrinkSlowerThanBest;
  SchedulerTimes recent;
  for (const Window &each : recentWindows) {
    recent.ran += each.times.ran;
    recent.waited += each.times.waited;
  }
  double waitedShare =
      double(recent.waited.count()) /
      double(std::max<int64_t>(1, (recent.ran + recent.waited).count()));

  // One window of waits is not a reason to shrink: the first after a
  // program's warm-up, beside jax.jit's own, waited a third of its time,
  // and one thread then stayed through models.py's short phases (the VAE
  // step at 5.7 ms against 3.4 ms).
  bool seenEnough =
      recentWindows.size() >= size_t(std::max(1, options.recentWindows));
  if (std::optional<int> team = fasterTeam()) {
    startChange(now, *team);
  } else if ((waitedShare > options.shrinkAbove || slowedDown) && seenEnough &&
             currentTeam > 1 && now >= shrinksPausedUntil) {
    // The team got about team * (1 - waitedShare) cores' worth of time.
    int cores = int(std::lround(currentTeam * (1 - waitedShare)));
    startChange(now, std::clamp(cores, 1, currentTeam - 1));
  } else if (currentTeam < maxThreads && now - lastChange >= trialWait) {
    startChange(now, currentTeam + 1);
  }
  return currentTeam;
}

TeamSizer *TeamSizer::get(SetNumThreads setNumThreads, int maxThreads) {
  static TeamSizer *sizer = [&]() -> TeamSizer * {
    if (!readThreadSchedulerTimes())
      return nullptr;
    return new TeamSizer(setNumThreads, maxThreads);
  }();
  return sizer;
}

TeamSizer::Call::Call(TeamSizer &sizer, TeamSizePolicy::CallKind kind)
    : sizer(sizer), kind(kind) {
  {
    std::lock_guard<std::mutex> lock(sizer.mutex);
    team = sizer.policy.team();
  }
  // The team is a setting of the calling thread: each caller sets it.
  sizer.setNumThreads(team);
  start = readThreadSchedulerTimes();
}

TeamSizer::Call::~Call() {
  std::optional<SchedulerTimes> end = readThreadSchedulerTimes();
  if (!start || !end)
    return;
  std::lock_guard<std::mutex> lock(sizer.mutex);
  // A call that began before the team last changed says nothing of the new
  // team.
  if (team == sizer.policy.team())
    sizer.policy.record(TeamSizePolicy::Clock::now(),
                        {end->ran - start->ran, end->waited - start->waited},
                        kind);
}
