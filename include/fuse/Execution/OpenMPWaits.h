//===- OpenMPWaits.h - how compiled code's OpenMP threads wait --*- C++ -*-===//
//
// Between two parallel loops of a call, libomp's workers spin. By default
// they also yield their core now and then while spinning, and keep spinning
// for 200 ms after the call. Linux's scheduler answers a yield by running
// any other job that is due, a low-priority one included, for its whole
// time slice (1.4 ms here), while the call's other threads wait at the next
// barrier: beside a `nice 19` busy loop, two threads ran a VAE step at the
// speed of one. And 200 ms of spinning after a call takes a core from
// whatever the process does next (JAX's calls, numpy's).
//
// So fuse asks libomp for workers that never yield while they spin, and
// that sleep 1 ms after their last loop: parallel loops of one call follow
// each other within microseconds, and calls a few milliseconds apart pay
// one wake-up (about 50 us). A user's KMP_USE_YIELD, KMP_BLOCKTIME or
// OMP_WAIT_POLICY takes precedence.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_OPENMPWAITS_H
#define FUSE_EXECUTION_OPENMPWAITS_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace fuse::exec {

/// The libomp settings fuse asks for that the environment, read through
/// `getEnvironment`, leaves to libomp's defaults, in the form of libomp's
/// `kmp_set_defaults` ("NAME=VALUE|NAME=VALUE"); empty when there are none.
std::string getOpenMPWaitDefaults(
    llvm::function_ref<const char *(const char *)> getEnvironment);

/// Gives the process's libomp, whose `kmp_set_defaults` is `setDefaults`,
/// the settings above; only the first call in a process does.
void setOpenMPWaitDefaults(void (*setDefaults)(const char *));

} // namespace fuse::exec

#endif // FUSE_EXECUTION_OPENMPWAITS_H
