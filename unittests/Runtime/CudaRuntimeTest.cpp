//===- CudaRuntimeTest.cpp - The CUDA runtime without a GPU ---------------===//
//
// The runtime initializes once per process, so each case runs in a child
// process of its own (a death test) with the environment it needs.
//
//===----------------------------------------------------------------------===//

#include "fuse/Runtime/CudaRuntime.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

namespace {

constexpr const char *kStubDriver = "/usr/local/cuda/lib64/stubs/libcuda.so";

bool hasDriver() {
  // A machine with the NVIDIA driver has a GPU path these tests do not cover.
  std::ifstream probe("/proc/driver/nvidia/version");
  return probe.good();
}

/// Initializes, prints the message to stderr and exits 0 on success, 3 on
/// failure.
[[noreturn]] void initializeAndReport() {
  char message[512] = {};
  int status = fuseCudaInitialize(message, sizeof(message));
  std::fprintf(stderr, "%s\n", status ? message : "initialized");
  std::exit(status ? 3 : 0);
}

TEST(CudaRuntimeDeathTest, NoDriverIsAClearMessage) {
  if (hasDriver())
    GTEST_SKIP() << "this machine has the NVIDIA driver";
  EXPECT_EXIT(
      {
        unsetenv("FUSE_LIBCUDA");
        initializeAndReport();
      },
      testing::ExitedWithCode(3),
      "^no GPU: cannot load libcuda\\.so\\.1 \\(the NVIDIA driver\\): .+");
}

TEST(CudaRuntimeDeathTest, StubDriverFailsInCuInit) {
  if (!std::ifstream(kStubDriver).good())
    GTEST_SKIP() << kStubDriver << " is missing";
  EXPECT_EXIT(
      {
        setenv("FUSE_LIBCUDA", kStubDriver, 1);
        initializeAndReport();
      },
      testing::ExitedWithCode(3),
      "^no GPU: cuInit failed: CUDA_ERROR_[A-Z_]+: .+");
}

TEST(CudaRuntimeDeathTest, MessageIsTruncatedToTheBuffer) {
  if (hasDriver())
    GTEST_SKIP() << "this machine has the NVIDIA driver";
  EXPECT_EXIT(
      {
        unsetenv("FUSE_LIBCUDA");
        char message[8];
        std::memset(message, 'x', sizeof(message));
        int status = fuseCudaInitialize(message, sizeof(message));
        std::fprintf(stderr, "[%s]\n", message);
        std::exit(status && fuseCudaInitialize(nullptr, 0) ? 3 : 0);
      },
      testing::ExitedWithCode(3), "^\\[no GPU:\\]");
}

TEST(CudaRuntimeDeathTest, EntryPointsExitCleanlyWithoutAGpu) {
  if (hasDriver())
    GTEST_SKIP() << "this machine has the NVIDIA driver";
  EXPECT_EXIT(
      {
        unsetenv("FUSE_LIBCUDA");
        mgpuMemAlloc(16, nullptr, false);
      },
      testing::ExitedWithCode(1), "^no GPU: cannot load libcuda\\.so\\.1");
}

} // namespace
