//===- SelectionCombiner.h - arg-min and arg-max reductions -----*- C++ -*-===//
//
// A reduction whose two outputs, a value and its index, are picked together
// from the element or the accumulator: the element is taken when it comes
// first in a lexicographic order of (value, index), by a strict ordered
// comparison of the values and, between equal values, a strict comparison
// of the indices (`x < a || (x == a && xi < ai)`: an arg-min that keeps
// the first index). That is the minimum of a total order, so it is
// associative, commutative and idempotent: every split of the elements,
// each part starting from the init, gives the result of the loop in order.
// With NaNs, a NaN element is never taken (its comparisons are false) and
// a NaN init is kept, so splits whose parts start from the init agree with
// the loop in order. (A tree whose leaves are elements, the interpreter's
// order, can keep a NaN element instead: HLO leaves the order open.)
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CODEGEN_CPU_SELECTIONCOMBINER_H
#define FUSE_LIB_CODEGEN_CPU_SELECTIONCOMBINER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace fuse {

struct SelectionCombiner {
  /// The selects the body yields for its two inits, in init order.
  mlir::arith::SelectOp selects[2];
  /// The element each select takes (its true operand): the value and the
  /// index as the body computes them, in init order.
  mlir::Value elements[2];
};

/// The selection combiner of `op`'s body, when its two inits are reduced
/// that way; none otherwise.
std::optional<SelectionCombiner>
matchSelectionCombiner(mlir::linalg::LinalgOp op);

/// Clones the ops of `op`'s body that its yields need, except those that
/// compute `combiner`'s elements, with `mapping` (which binds the elements
/// and the init arguments); returns the yielded values.
llvm::SmallVector<mlir::Value> cloneSelection(mlir::OpBuilder &builder,
                                              mlir::linalg::GenericOp op,
                                              const SelectionCombiner &combiner,
                                              mlir::IRMapping &mapping);

} // namespace fuse

#endif // FUSE_LIB_CODEGEN_CPU_SELECTIONCOMBINER_H
