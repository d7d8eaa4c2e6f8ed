//===- Internal.h - What the runtime's files share -------------*- C++ -*-===//

#ifndef FUSE_LIB_RUNTIME_CUDA_INTERNAL_H
#define FUSE_LIB_RUNTIME_CUDA_INTERNAL_H

#include <string>

namespace fuse::cuda_runtime {

/// Prints `message` as one line to stderr and exits with status 1.
[[noreturn]] void fail(const std::string &message);

/// Makes the device's context current on the calling thread; exits with
/// "no GPU: ..." when there is none.
void makeContextCurrent();

/// Records that work went to the legacy default stream, for
/// fuseCudaSynchronizeDefaultStream to wait for.
void noteDefaultStreamWork();

/// CUDA events that time (for KernelProfile.cpp): a new one, recorded on
/// `stream` (null: the legacy default stream), the milliseconds between two
/// after waiting for the second, and its end.
void *createTimingEvent();
void recordEvent(void *event, void *stream);
float elapsedMilliseconds(void *start, void *stop);
void destroyEvent(void *event);

/// The kernel profile: with FUSE_CUDA_PROFILE=1, every kernel launch and
/// cuBLASLt product is timed by two events on its stream and summed by
/// name; the table goes to stderr when the process exits.
bool profiling();
/// Remembers the name of a kernel function for the profile.
void nameKernel(void *function, const char *name);
/// The name nameKernel gave `function`.
std::string kernelName(void *function);
/// Starts timing work submitted to `stream`: the token for profileEnd.
void *profileBegin(void *stream);
/// Ends the timing that `token` started, after the work named `name`.
void profileEnd(void *token, void *stream, std::string name);
/// The profile's table of the work timed since the last call, forgotten
/// then; the exit prints only what no call took.
std::string takeProfile();

} // namespace fuse::cuda_runtime

#endif // FUSE_LIB_RUNTIME_CUDA_INTERNAL_H
