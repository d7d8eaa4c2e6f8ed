//===- ShapeChecker.h - errors of shape inference and verifiers -*- C++ -*-===//
//
// Private to the dialect's IR library: inference functions run without an
// op to emit on, so their errors go to an optional location.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_DIALECT_HLO_IR_SHAPECHECKER_H
#define FUSE_LIB_DIALECT_HLO_IR_SHAPECHECKER_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/Twine.h"

#include <optional>

namespace fuse::hlo {

/// Emits errors at an optional location, as the inference functions must.
struct ShapeChecker {
  std::optional<mlir::Location> loc;

  mlir::LogicalResult fail(const llvm::Twine &message) const {
    return mlir::emitOptionalError(loc, message);
  }

  /// `dims` are distinct, within [0, rank), and sorted when `sorted`.
  mlir::LogicalResult dimensions(llvm::StringRef name,
                                 llvm::ArrayRef<int64_t> dims, int64_t rank,
                                 bool sorted) const {
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t dim : dims) {
      if (dim < 0 || dim >= rank)
        return fail(name + " holds " + llvm::Twine(dim) + ", outside [0, " +
                    llvm::Twine(rank) + ")");
      if (!seen.insert(dim).second)
        return fail(name + " holds " + llvm::Twine(dim) + " twice");
    }
    if (sorted && !llvm::is_sorted(dims))
      return fail(name + " must be sorted");
    return mlir::success();
  }

  /// `a` and `b` share no dimension.
  mlir::LogicalResult disjoint(llvm::StringRef nameA, llvm::ArrayRef<int64_t> a,
                               llvm::StringRef nameB,
                               llvm::ArrayRef<int64_t> b) const {
    for (int64_t dim : a)
      if (llvm::is_contained(b, dim))
        return fail(nameA + " and " + nameB + " both hold " + llvm::Twine(dim));
    return mlir::success();
  }
};

} // namespace fuse::hlo

#endif // FUSE_LIB_DIALECT_HLO_IR_SHAPECHECKER_H
