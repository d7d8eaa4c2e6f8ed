//===- CompileProgress.h - what a long compile is doing ---------*- C++ -*-===//
//
// A compile that takes seconds should say what it is doing, and one that
// takes a moment should say nothing. CompileProgress stays quiet until the
// compile has run `quietSeconds`; then it reports the stage it is in, and
// each stage after, and at the end how long it took. A watcher thread
// notices the quiet time passing while a stage runs.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_COMPILEPROGRESS_H
#define FUSE_EXECUTION_COMPILEPROGRESS_H

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace fuse::exec {

class CompileProgress {
public:
  /// Where the reports go, a line each (no newline).
  using Sink = std::function<void(llvm::StringRef)>;

  /// Reports the compile of `what` ("@main") to `sink`, when it is not
  /// null, once it has run `quietSeconds`.
  CompileProgress(Sink sink, std::string what, double quietSeconds = 2.0);
  CompileProgress(const CompileProgress &) = delete;
  CompileProgress &operator=(const CompileProgress &) = delete;
  ~CompileProgress();

  /// The compile now does `description` ("lowering 8249 ops").
  void stage(llvm::StringRef description);

  /// The compile is done; reports its time and `outcome` if it reported
  /// anything before.
  void finish(llvm::StringRef outcome);

private:
  using Clock = std::chrono::steady_clock;

  /// Reports the current stage, with the time so far. Holds `mutex`.
  void reportStage();
  /// Whether to report: the quiet time has ended. Holds `mutex`.
  bool noticeQuietEnd();

  Sink sink;
  std::string what;
  Clock::time_point start, quietEnd;
  std::mutex mutex;
  std::condition_variable wake;
  std::string current;
  bool loud = false, done = false;
  std::thread watcher;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_COMPILEPROGRESS_H
