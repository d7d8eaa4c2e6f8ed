//===- MemoryPlan.h - memory a program needs, before it runs ----*- C++ -*-===//
//
// A static estimate of the memory a compiled function holds at once: every
// tensor its ops materialise lives from its definition to its last use
// (fusion bodies materialise nothing, the body of a loop adds its own peak
// to the step that runs it). fuse-run refuses a program whose plan exceeds
// the memory limit before it runs, rather than failing halfway.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_MEMORYPLAN_H
#define FUSE_EXECUTION_MEMORYPLAN_H

#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <cstdint>

namespace fuse::exec {

struct MemoryPlan {
  /// The most bytes of tensors the function makes that are live at once
  /// (its arguments not included).
  uint64_t peakBytes = 0;
  /// The largest tensor it makes, and its size.
  mlir::Value largest;
  uint64_t largestBytes = 0;
};

/// The plan of `func` with each tensor taking `bytesOf` bytes (by default
/// what compiled code holds; the interpreter holds more).
MemoryPlan planMemory(mlir::func::FuncOp func,
                      hlo::LiveTensorSchedule::BytesFn bytesOf =
                          hlo::LiveTensorSchedule::getBytes);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_MEMORYPLAN_H
