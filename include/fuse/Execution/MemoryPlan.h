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
#include <optional>
#include <string>

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

/// Why a call of `func` would not fit in `limit` bytes: its inputs and
/// results alone, or (with `checkPlan`) its plan beside its inputs, named
/// with the largest tensor. The callers add their remedies.
struct MemoryExcess {
  std::string message;
  /// Whether the plan exceeds the limit (the call's arrays alone fit).
  bool byPlan = false;
};
std::optional<MemoryExcess> findMemoryExcess(mlir::func::FuncOp func,
                                             uint64_t limit, bool checkPlan);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_MEMORYPLAN_H
