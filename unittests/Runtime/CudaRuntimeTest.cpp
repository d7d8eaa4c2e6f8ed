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

TEST(CudaRuntimeDeathTest, DefaultStreamIsWaitedForOnlyAfterWorkOnIt) {
  // A compiled call waits for its own streams; what the runtime itself put
  // on the default stream (a copy, a product) is waited for once.
  EXPECT_EXIT(
      {
        setenv("FUSE_LIBCUDA", FUSE_STUB_CUDA_DRIVER, 1);
        setenv("FUSE_STUB_TRACE", "1", 1);
        void *a = fuseCudaAlloc(64);
        void *b = fuseCudaAlloc(64);
        std::fprintf(stderr, "nothing submitted\n");
        fuseCudaSynchronizeDefaultStream();
        fuseCudaCopyDeviceToDevice(b, a, 64);
        std::fprintf(stderr, "after a copy\n");
        fuseCudaSynchronizeDefaultStream();
        std::fprintf(stderr, "again\n");
        fuseCudaSynchronizeDefaultStream();
        std::fprintf(stderr, "done\n");
        std::exit(0);
      },
      testing::ExitedWithCode(0),
      "nothing submitted\nafter a copy\nstub driver: event synchronize\n"
      "again\ndone");
}

/// Allocates and frees on two streams, destroys the first and allocates
/// on its handle again; prints which allocations reused the first block.
void allocateOnStreams() {
  setenv("FUSE_LIBCUDA", FUSE_STUB_CUDA_DRIVER, 1);
  setenv("FUSE_STUB_TRACE", "1", 1);
  unsetenv("FUSE_CUDA_NO_CACHING");
  void *first = mgpuStreamCreate();
  void *second = mgpuStreamCreate();
  void *block = mgpuMemAlloc(4096, first, false);
  mgpuMemFree(block, first);
  void *onOtherStream = mgpuMemAlloc(4096, second, false);
  void *onSameStream = mgpuMemAlloc(4096, first, false);
  mgpuMemFree(onSameStream, first);
  mgpuStreamDestroy(first);
  void *afterDestroy = mgpuMemAlloc(4096, first, false);
  std::fprintf(stderr, "other stream %s, same stream %s, after destroy %s\n",
               onOtherStream == block ? "reused" : "new",
               onSameStream == block ? "reused" : "new",
               afterDestroy == block ? "reused" : "new");
  std::exit(0);
}

TEST(CudaRuntimeDeathTest, FreedMemoryIsReusedAtOnceOnItsOwnStream) {
  // The stub driver's tracing answers that no event has completed: the work
  // before a free may still be running. A destroyed stream is kept for the
  // next mgpuStreamCreate, so its handle is still that stream.
  EXPECT_EXIT(allocateOnStreams(), testing::ExitedWithCode(0),
              "other stream new, same stream reused, after destroy reused");
}

TEST(CudaRuntimeDeathTest, DestroyedStreamsForgetTheirMemory) {
  // Without the stream pool, a destroyed stream's handle may come back as a
  // new stream's: what was freed on it waits for its event.
  EXPECT_EXIT(
      {
        setenv("FUSE_CUDA_NO_STREAM_POOL", "1", 1);
        allocateOnStreams();
      },
      testing::ExitedWithCode(0),
      "other stream new, same stream reused, after destroy new");
}

} // namespace
