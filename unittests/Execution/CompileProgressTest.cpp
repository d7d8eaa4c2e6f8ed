//===- CompileProgressTest.cpp - what a long compile is doing -------------===//

#include "fuse/Execution/CompileProgress.h"

#include "gtest/gtest.h"

#include <mutex>
#include <thread>
#include <vector>

using fuse::exec::CompileProgress;

namespace {

/// The lines a progress reports, kept for the test (the watcher thread
/// writes them too).
struct Lines {
  CompileProgress::Sink sink() {
    return [this](llvm::StringRef line) {
      std::lock_guard<std::mutex> lock(mutex);
      lines.push_back(line.str());
    };
  }
  std::vector<std::string> take() {
    std::lock_guard<std::mutex> lock(mutex);
    return lines;
  }
  std::mutex mutex;
  std::vector<std::string> lines;
};

TEST(CompileProgressTest, AShortCompileSaysNothing) {
  Lines lines;
  {
    CompileProgress progress(lines.sink(), "@main", /*quietSeconds=*/60);
    progress.stage("lowering 10 ops");
    progress.finish("miss");
  }
  EXPECT_TRUE(lines.take().empty());
}

TEST(CompileProgressTest, ALongCompileReportsItsStagesAndItsTime) {
  Lines lines;
  {
    CompileProgress progress(lines.sink(), "@main", /*quietSeconds=*/0.05);
    progress.stage("lowering 10 ops");
    // The watcher reports the stage the quiet time ends in.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    progress.stage("linking");
    progress.finish("hit");
  }
  std::vector<std::string> reported = lines.take();
  ASSERT_EQ(reported.size(), 3u);
  EXPECT_TRUE(llvm::StringRef(reported[0]).starts_with("compiling @main ("));
  EXPECT_TRUE(
      llvm::StringRef(reported[0]).ends_with("s so far): lowering 10 ops"));
  EXPECT_TRUE(llvm::StringRef(reported[1]).ends_with("s so far): linking"));
  EXPECT_TRUE(llvm::StringRef(reported[2]).starts_with("compiled @main in "));
  EXPECT_TRUE(llvm::StringRef(reported[2]).ends_with(" s (cache hit)"));
}

TEST(CompileProgressTest, TheCompilingThreadNoticesTheQuietTimeEnd) {
  Lines lines;
  {
    // Over before the watcher thread runs: the stages report themselves,
    // each once.
    CompileProgress progress(lines.sink(), "@main", /*quietSeconds=*/0);
    progress.stage("looking up");
    progress.finish("hit");
  }
  std::vector<std::string> reported = lines.take();
  ASSERT_EQ(reported.size(), 2u);
  EXPECT_TRUE(llvm::StringRef(reported[0]).ends_with("s so far): looking up"));
  EXPECT_TRUE(llvm::StringRef(reported[1]).ends_with(" s (cache hit)"));
}

TEST(CompileProgressTest, NoSinkNoThread) {
  CompileProgress progress(nullptr, "@main", 0);
  progress.stage("lowering");
  progress.finish("off");
}

} // namespace
