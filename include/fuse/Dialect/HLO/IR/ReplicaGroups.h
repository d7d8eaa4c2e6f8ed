//===- ReplicaGroups.h - the device groups of hlo collectives ---*- C++ -*-===//
//
// A collective's `groups` attribute is a 2-D tensor of device ids, one row
// per group, padded with -1; an empty one is a single group of every device.
// These helpers read it for the verifiers, the importer, the interpreter and
// the lowerings.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_REPLICAGROUPS_H
#define FUSE_DIALECT_HLO_IR_REPLICAGROUPS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace fuse::hlo {

using ReplicaGroupList = llvm::SmallVector<llvm::SmallVector<int64_t>>;

/// The groups, each without its padding; empty for one group of every
/// device.
ReplicaGroupList getReplicaGroups(mlir::DenseIntElementsAttr groups);

/// The `groups` attribute of `list` (padded to its longest group).
mlir::DenseIntElementsAttr getReplicaGroupsAttr(mlir::MLIRContext *context,
                                                const ReplicaGroupList &list);

/// Checks that the ids are non-negative and distinct, that padding only ends
/// a row, and that no group is empty. Errors go to `emitError`.
mlir::LogicalResult
verifyReplicaGroups(mlir::DenseIntElementsAttr groups,
                    llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// The size that every group has, if they all have the same; std::nullopt
/// for groups of different sizes and for one group of every device (whose
/// size is known only when the program runs).
std::optional<int64_t> getUniformGroupSize(mlir::DenseIntElementsAttr groups);

/// The group holding `device` when the program runs on `devices` devices;
/// std::nullopt when no group holds it.
std::optional<llvm::SmallVector<int64_t>>
findReplicaGroup(mlir::DenseIntElementsAttr groups, int64_t device,
                 int64_t devices);

/// The largest device id that `groups` names, or -1 when it names none.
int64_t getLargestDeviceId(mlir::DenseIntElementsAttr groups);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_IR_REPLICAGROUPS_H
