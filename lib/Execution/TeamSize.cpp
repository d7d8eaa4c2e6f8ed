//===- TeamSize.cpp - OpenMP teams sized to the cores we get --------------===//

#include "fuse/Execution/TeamSize.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
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

TeamSizePolicy::TeamSizePolicy(int maxThreads, Options options)
    : options(options), maxThreads(std::max(1, maxThreads)),
      currentTeam(this->maxThreads), trialWait(options.firstTrialWait),
      shrinkPause(options.firstShrinkPause) {}

void TeamSizePolicy::change(Clock::time_point now, int team) {
  currentTeam = team;
  lastChange = now;
}

int TeamSizePolicy::record(Clock::time_point now, SchedulerTimes times) {
  if (!started) {
    started = true;
    windowStart = lastChange = now;
  }
  inWindow.ran += times.ran;
  inWindow.waited += times.waited;
  ++callsInWindow;
  Clock::duration runnable = inWindow.ran + inWindow.waited;
  if (now - windowStart < options.window || runnable < options.minCallTime)
    return currentTeam;
  double waitedShare = double(inWindow.waited.count()) /
                       double(std::max<int64_t>(1, runnable.count()));
  // The calling thread belongs to the team and runs or waits until the
  // call ends: its runnable time is the call's.
  Clock::duration meanCall = runnable / callsInWindow;
  windowStart = now;
  inWindow = {};
  callsInWindow = 0;

  if (shrinkFrom) {
    Shrink shrink = *shrinkFrom;
    shrinkFrom.reset();
    // A tenth more, so that noise between windows does not undo a shrink.
    if (meanCall * 10 > shrink.meanCall * 11) {
      shrinksPausedUntil = now + shrinkPause;
      shrinkPause = std::min(2 * shrinkPause, options.longestShrinkPause);
      change(now, shrink.from);
    } else {
      shrinkPause = options.firstShrinkPause;
    }
    return currentTeam;
  }

  if (trialFrom) {
    int from = *trialFrom;
    trialFrom.reset();
    if (waitedShare <= options.keepTrialAtOrBelow) {
      trialWait = options.firstTrialWait;
      change(now, currentTeam);
    } else {
      trialWait = std::min(2 * trialWait, options.longestTrialWait);
      change(now, from);
    }
    return currentTeam;
  }
  if (waitedShare > options.shrinkAbove && currentTeam > 1 &&
      now >= shrinksPausedUntil) {
    // The team got about team * (1 - waitedShare) cores' worth of time.
    int cores = int(std::lround(currentTeam * (1 - waitedShare)));
    shrinkFrom = Shrink{currentTeam, meanCall};
    change(now, std::clamp(cores, 1, currentTeam - 1));
    return currentTeam;
  }
  if (currentTeam < maxThreads && now - lastChange >= trialWait) {
    trialFrom = currentTeam;
    change(now, currentTeam + 1);
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

TeamSizer::Call::Call(TeamSizer &sizer) : sizer(sizer) {
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
                        {end->ran - start->ran, end->waited - start->waited});
}
