//===- CompileProgress.cpp - what a long compile is doing -----------------===//

#include "fuse/Execution/CompileProgress.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace fuse::exec;

CompileProgress::CompileProgress(Sink sink, std::string what,
                                 double quietSeconds)
    : sink(std::move(sink)), what(std::move(what)), start(Clock::now()),
      quietEnd(start + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(quietSeconds))) {
  if (!this->sink)
    return;
  watcher = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex);
    if (wake.wait_until(lock, quietEnd, [&] { return done; }) || loud)
      return;
    loud = true;
    reportStage();
  });
}

CompileProgress::~CompileProgress() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
  }
  wake.notify_all();
  if (watcher.joinable())
    watcher.join();
}

void CompileProgress::reportStage() {
  // Gone loud before the first stage: that stage reports itself.
  if (current.empty())
    return;
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::string line;
  llvm::raw_string_ostream(line)
      << "compiling " << what << " (" << llvm::format("%.1f", seconds)
      << " s so far): " << current;
  sink(line);
}

void CompileProgress::stage(llvm::StringRef description) {
  if (!sink)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  current = description.str();
  if (noticeQuietEnd())
    reportStage();
}

bool CompileProgress::noticeQuietEnd() {
  // The watcher may not have run yet when the quiet time ends between two
  // stages (or is 0): the compiling thread goes loud itself.
  if (!loud && Clock::now() >= quietEnd)
    loud = true;
  return loud;
}

void CompileProgress::finish(llvm::StringRef outcome) {
  if (!sink)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  done = true;
  wake.notify_all();
  if (!noticeQuietEnd())
    return;
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::string line;
  llvm::raw_string_ostream(line)
      << "compiled " << what << " in " << llvm::format("%.1f", seconds)
      << " s (cache " << outcome << ")";
  sink(line);
}
