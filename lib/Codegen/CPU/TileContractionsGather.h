//===- TileContractionsGather.h - reading a copy's source -------*- C++ -*-===//
//
// The product kernel reads a gathered left operand (GatheredOperand: a
// convolution's patches) from the copy's source: the source flattened, and
// a table of the flat offset of each step of K, built once per product.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CODEGEN_CPU_TILECONTRACTIONSGATHER_H
#define FUSE_LIB_CODEGEN_CPU_TILECONTRACTIONSGATHER_H

#include "fuse/Codegen/CPU/TileContractions.h"

#include "mlir/IR/Builders.h"

namespace fuse {

class GatheredReader {
public:
  /// Builds the flat source and the step table at `b`'s insertion point.
  GatheredReader(mlir::OpBuilder &b, mlir::Location loc,
                 const GatheredOperand &gathered);

  /// The flat offset of row `row` of batch `batch` of the operand's view.
  mlir::Value rowOffset(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value batch, mlir::Value row) const;
  /// The flat offset, from its row's, of step `step` of K (a table lookup).
  mlir::Value stepOffset(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value step) const;
  /// The element at `rowOffset` + `stepOffset`.
  mlir::Value readElement(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value rowOffset, mlir::Value stepOffset) const;
  /// `type`'s lanes of consecutive steps of the row at `rowOffset` from
  /// `step`, which GatheredOperand::contiguousSteps says are contiguous.
  mlir::Value readSteps(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value rowOffset, mlir::Value step,
                        mlir::VectorType type) const;

private:
  const GatheredOperand &gathered;
  mlir::Value flat;
  mlir::Value stepOffsets;
};

} // namespace fuse

#endif // FUSE_LIB_CODEGEN_CPU_TILECONTRACTIONSGATHER_H
