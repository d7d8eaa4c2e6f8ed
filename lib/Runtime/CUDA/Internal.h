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

} // namespace fuse::cuda_runtime

#endif // FUSE_LIB_RUNTIME_CUDA_INTERNAL_H
