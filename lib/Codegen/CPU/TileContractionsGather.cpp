//===- TileContractionsGather.cpp - reading a copy's source ---------------===//

#include "TileContractionsGather.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace fuse;

namespace {

Value constantIndex(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The flat offset of the point that `linear` (row-major over `sizes`)
/// numbers: the sum of each coordinate times its coefficient.
Value delinearizedOffset(OpBuilder &b, Location loc, Value linear,
                         ArrayRef<int64_t> sizes,
                         ArrayRef<int64_t> coefficients) {
  Value offset = constantIndex(b, loc, 0);
  Value rest = linear;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    Value coordinate = rest;
    if (d > 0) {
      Value size = constantIndex(b, loc, sizes[d]);
      coordinate = arith::RemUIOp::create(b, loc, rest, size);
      rest = arith::DivUIOp::create(b, loc, rest, size);
    }
    if (coefficients[d] == 0)
      continue;
    Value term = arith::MulIOp::create(b, loc, coordinate,
                                       constantIndex(b, loc, coefficients[d]));
    offset = arith::AddIOp::create(b, loc, offset, term);
  }
  return offset;
}

} // namespace

GatheredReader::GatheredReader(OpBuilder &b, Location loc,
                               const GatheredOperand &gathered)
    : gathered(gathered) {
  auto sourceType = cast<RankedTensorType>(gathered.source.getType());
  flat = gathered.source;
  if (sourceType.getRank() != 1) {
    ReassociationIndices all;
    for (int64_t d = 0; d < sourceType.getRank(); ++d)
      all.push_back(d);
    flat = tensor::CollapseShapeOp::create(b, loc, gathered.source,
                                           ArrayRef<ReassociationIndices>{all});
  }
  // offsets[k] for every step k of K, computed once.
  int64_t steps = computeProduct(gathered.stepSizes);
  // 64-bit integers rather than index, whose buffers have no byte size.
  Value empty = tensor::EmptyOp::create(b, loc, {steps}, b.getI64Type());
  AffineMap identity = b.getDimIdentityMap();
  stepOffsets =
      linalg::GenericOp::create(
          b, loc, empty.getType(), ValueRange{}, ValueRange{empty},
          ArrayRef<AffineMap>{identity},
          ArrayRef<utils::IteratorType>{utils::IteratorType::parallel},
          [&](OpBuilder &nb, Location nl, ValueRange) {
            Value step = linalg::IndexOp::create(nb, nl, 0);
            Value offset = delinearizedOffset(nb, nl, step, gathered.stepSizes,
                                              gathered.stepCoefficients);
            linalg::YieldOp::create(
                nb, nl,
                arith::IndexCastOp::create(nb, nl, nb.getI64Type(), offset)
                    .getResult());
          })
          .getResult(0);
}

Value GatheredReader::rowOffset(OpBuilder &b, Location loc, Value batch,
                                Value row) const {
  Value offset =
      arith::AddIOp::create(b, loc, constantIndex(b, loc, gathered.base),
                            delinearizedOffset(b, loc, row, gathered.rowSizes,
                                               gathered.rowCoefficients));
  if (gathered.batchSizes.empty())
    return offset;
  return arith::AddIOp::create(b, loc, offset,
                               delinearizedOffset(b, loc, batch,
                                                  gathered.batchSizes,
                                                  gathered.batchCoefficients));
}

Value GatheredReader::stepOffset(OpBuilder &b, Location loc, Value step) const {
  Value offset =
      tensor::ExtractOp::create(b, loc, stepOffsets, ValueRange{step});
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), offset);
}

Value GatheredReader::readElement(OpBuilder &b, Location loc, Value rowOffset,
                                  Value stepOffset) const {
  Value at = arith::AddIOp::create(b, loc, rowOffset, stepOffset);
  return tensor::ExtractOp::create(b, loc, flat, ValueRange{at});
}

Value GatheredReader::readSteps(OpBuilder &b, Location loc, Value rowOffset,
                                Value step, VectorType type) const {
  Value at = arith::AddIOp::create(b, loc, rowOffset, stepOffset(b, loc, step));
  Value padding =
      arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
  return vector::TransferReadOp::create(b, loc, type, flat, ValueRange{at},
                                        padding, ArrayRef<bool>{true});
}
