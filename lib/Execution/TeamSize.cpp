//===- TeamSize.cpp - OpenMP teams that follow the CPU time we get --------===//

#include "fuse/Execution/TeamSize.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>

using namespace fuse::exec;

std::optional<SchedulerTimes> fuse::exec::readSchedulerTimes() {
  std::error_code error;
  llvm::sys::fs::directory_iterator task("/proc/self/task", error), end;
  if (error)
    return std::nullopt;
  SchedulerTimes times;
  bool any = false;
  for (; task != end && !error; task.increment(error)) {
    llvm::SmallString<64> path(task->path());
    path += "/schedstat";
    // A thread that ended since the listing has no file: it is skipped.
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFileAsStream(path);
    if (!file)
      continue;
    // "<ns on a cpu> <ns waiting on a run queue> <timeslices>".
    llvm::SmallVector<llvm::StringRef, 3> fields;
    llvm::SplitString((*file)->getBuffer(), fields);
    uint64_t ran, waited;
    if (fields.size() < 2 || fields[0].getAsInteger(10, ran) ||
        fields[1].getAsInteger(10, waited))
      continue;
    times.ranNs += ran;
    times.waitedNs += waited;
    any = true;
  }
  if (!any)
    return std::nullopt;
  return times;
}

TeamSizePolicy::TeamSizePolicy(int maxThreads, Options options)
    : options(options), maxThreads(std::max(1, maxThreads)),
      currentTeam(this->maxThreads), trialWait(options.firstTrialWait) {}

void TeamSizePolicy::change(Clock::time_point now, int team) {
  currentTeam = team;
  lastChange = now;
}

int TeamSizePolicy::next(Clock::time_point now, SchedulerTimes times) {
  if (!windowOpen) {
    windowOpen = true;
    windowStart = lastRead = lastChange = now;
    atWindowStart = times;
    return currentTeam;
  }
  if (!wantsTimes(now))
    return currentTeam;
  lastRead = now;
  // Counters only grow, but a thread that ended since the window began
  // takes its times with it.
  uint64_t ran = times.ranNs - std::min(times.ranNs, atWindowStart.ranNs);
  uint64_t waited =
      times.waitedNs - std::min(times.waitedNs, atWindowStart.waitedNs);
  // Too little work to judge the machine by: the window goes on.
  if (ran + waited < options.minRunnableNs)
    return currentTeam;
  double waitedShare = double(waited) / double(ran + waited);
  windowStart = now;
  atWindowStart = times;

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
  if (waitedShare > options.shrinkAbove && currentTeam > 1) {
    // The team got about team * (1 - waitedShare) cores' worth of time.
    int cores = int(std::lround(currentTeam * (1 - waitedShare)));
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
    if (!readSchedulerTimes())
      return nullptr;
    return new TeamSizer(setNumThreads, maxThreads);
  }();
  return sizer;
}

void TeamSizer::beforeCall() {
  int team;
  {
    std::lock_guard<std::mutex> lock(mutex);
    TeamSizePolicy::Clock::time_point now = TeamSizePolicy::Clock::now();
    if (policy.wantsTimes(now)) {
      if (std::optional<SchedulerTimes> times = readSchedulerTimes())
        policy.next(now, *times);
    }
    team = policy.team();
  }
  // The team is a setting of the calling thread: each caller sets it.
  setNumThreads(team);
}
