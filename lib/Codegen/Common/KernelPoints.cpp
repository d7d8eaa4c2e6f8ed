//===- KernelPoints.cpp - a generic's body at points of a kernel ----------===//

#include "fuse/Codegen/Common/KernelPoints.h"

#include "fuse/Codegen/Common/Accumulation.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace fuse::kernels;
using fuse::VectorAccess;

namespace {

/// The indices `map` selects at the point `ivs`.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ValueRange ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      indices.push_back(ivs[dim.getPosition()]);
    else if (auto constant = dyn_cast<AffineConstantExpr>(expr))
      indices.push_back(indexConstant(b, loc, constant.getValue()));
    else
      indices.push_back(affine::AffineApplyOp::create(
          b, loc, AffineMap::get(map.getNumDims(), 0, expr), ivs));
  }
  return indices;
}

/// Emits `op` (without reductions) at the point `ivs`: reads its inputs
/// and stores every value it yields.
void emitParallelPoint(OpBuilder &b, Location loc, linalg::GenericOp op,
                       ValueRange ivs) {
  SmallVector<Value> none(op.getNumDpsInits());
  SmallVector<Value> yielded = emitPoint(b, loc, op, ivs, none);
  for (auto [init, value] : llvm::enumerate(yielded))
    storeInit(b, loc, op, init, value, ivs);
}

/// The point `lane` steps along `loop` from `ivs`.
SmallVector<Value> laneIvs(OpBuilder &b, Location loc, ValueRange ivs,
                           unsigned loop, int64_t lane) {
  SmallVector<Value> shifted(ivs);
  if (lane != 0)
    shifted[loop] =
        arith::AddIOp::create(b, loc, ivs[loop], indexConstant(b, loc, lane));
  return shifted;
}

/// The vector type of `access.lanes` elements of `operand`, and the
/// alignment its accesses may claim.
std::pair<VectorType, llvm::MaybeAlign> laneVector(OpOperand &operand,
                                                   const VectorAccess &access) {
  auto type = cast<MemRefType>(operand.get().getType());
  auto vectorType = VectorType::get({access.lanes}, type.getElementType());
  llvm::MaybeAlign alignment;
  if (access.aligned[operand.getOperandNumber()])
    alignment = llvm::Align(access.lanes * type.getElementTypeBitWidth() / 8);
  return {vectorType, alignment};
}

} // namespace

Value fuse::kernels::indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

SmallVector<Value> fuse::kernels::delinearize(OpBuilder &b, Location loc,
                                              Value linear,
                                              ArrayRef<int64_t> sizes) {
  // Dimensions of size 1 are index 0, and `linear` is below the product of
  // the sizes, so the outermost other dimension needs no remainder: a row of
  // a row fusion (1 x n) is indexed as its reduction over n is.
  SmallVector<Value> indices(sizes.size());
  int64_t outermost = 0;
  while (outermost + 1 < static_cast<int64_t>(sizes.size()) &&
         sizes[outermost] == 1)
    ++outermost;
  for (int64_t dim = sizes.size() - 1; dim >= 0; --dim) {
    if (sizes[dim] == 1 && dim != outermost) {
      indices[dim] = indexConstant(b, loc, 0);
      continue;
    }
    if (dim == outermost) {
      indices[dim] = linear;
      continue;
    }
    Value size = indexConstant(b, loc, sizes[dim]);
    indices[dim] = arith::RemUIOp::create(b, loc, linear, size);
    linear = arith::DivUIOp::create(b, loc, linear, size);
  }
  return indices;
}

SmallVector<Value> fuse::kernels::emitPoint(OpBuilder &b, Location loc,
                                            linalg::GenericOp op,
                                            ValueRange ivs,
                                            ArrayRef<Value> accumulators) {
  IRMapping mapping;
  Block *body = op.getBlock();
  for (OpOperand &operand : op->getOpOperands()) {
    BlockArgument argument = body->getArgument(operand.getOperandNumber());
    if (op.isDpsInit(&operand)) {
      Value accumulator =
          accumulators[operand.getOperandNumber() - op.getNumDpsInputs()];
      if (accumulator) {
        mapping.map(argument, accumulator);
        continue;
      }
    }
    if (argument.use_empty())
      continue;
    if (!isa<MemRefType>(operand.get().getType())) {
      mapping.map(argument, operand.get());
      continue;
    }
    SmallVector<Value> indices =
        applyMap(b, loc, op.getMatchingIndexingMap(&operand), ivs);
    mapping.map(argument,
                memref::LoadOp::create(b, loc, operand.get(), indices));
  }
  for (Operation &nested : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    fuse::cloneWidening(b, nested, mapping);
  }
  return llvm::map_to_vector(
      body->getTerminator()->getOperands(),
      [&](Value value) { return mapping.lookupOrDefault(value); });
}

void fuse::kernels::storeInit(OpBuilder &b, Location loc, linalg::GenericOp op,
                              unsigned init, Value value, ValueRange ivs) {
  OpOperand *operand = op.getDpsInitOperand(init);
  memref::StoreOp::create(
      b, loc, value, operand->get(),
      applyMap(b, loc, op.getMatchingIndexingMap(operand), ivs));
}

Value fuse::kernels::loadInit(OpBuilder &b, Location loc, linalg::GenericOp op,
                              unsigned init, ValueRange ivs) {
  OpOperand *operand = op.getDpsInitOperand(init);
  return memref::LoadOp::create(
      b, loc, operand->get(),
      applyMap(b, loc, op.getMatchingIndexingMap(operand), ivs));
}

SmallVector<SmallVector<Value>>
fuse::kernels::vectorStarts(OpBuilder &b, Location loc, Value position,
                            int64_t copies, int64_t stride, int64_t lanes,
                            ArrayRef<int64_t> sizes) {
  SmallVector<SmallVector<Value>> starts;
  for (int64_t copy = 0; copy < copies; ++copy) {
    Value vector = position;
    if (copy != 0)
      vector = arith::AddIOp::create(b, loc, position,
                                     indexConstant(b, loc, copy * stride));
    if (lanes != 1)
      vector =
          arith::MulIOp::create(b, loc, vector, indexConstant(b, loc, lanes));
    starts.push_back(delinearize(b, loc, vector, sizes));
  }
  return starts;
}

SmallVector<Value> fuse::kernels::loadLanes(OpBuilder &b, Location loc,
                                            linalg::GenericOp op,
                                            ValueRange ivs,
                                            const VectorAccess &access,
                                            ArrayRef<Value> accumulators) {
  Block *body = op.getBlock();
  SmallVector<Value> loaded(op->getNumOperands());
  for (OpOperand &operand : op->getOpOperands()) {
    unsigned number = operand.getOperandNumber();
    if (body->getArgument(number).use_empty() ||
        (op.isDpsInit(&operand) && accumulators[number - op.getNumDpsInputs()]))
      continue;
    Value value = operand.get();
    if (!isa<MemRefType>(value.getType())) {
      loaded[number] = value;
      continue;
    }
    SmallVector<Value> indices =
        applyMap(b, loc, op.getMatchingIndexingMap(&operand), ivs);
    if (access.walksLoop[number]) {
      auto [vectorType, alignment] = laneVector(operand, access);
      loaded[number] = vector::LoadOp::create(b, loc, vectorType, value,
                                              indices, false, alignment);
    } else {
      loaded[number] = memref::LoadOp::create(b, loc, value, indices);
    }
  }
  return loaded;
}

SmallVector<SmallVector<Value>> fuse::kernels::computeLanes(
    OpBuilder &b, Location loc, linalg::GenericOp op, ValueRange ivs,
    unsigned loop, const VectorAccess &access, ArrayRef<Value> accumulators,
    ArrayRef<Value> loaded) {
  Block *body = op.getBlock();
  SmallVector<SmallVector<Value>> lanes;
  for (int64_t lane = 0; lane < access.lanes; ++lane) {
    IRMapping mapping;
    for (OpOperand &operand : op->getOpOperands()) {
      unsigned number = operand.getOperandNumber();
      BlockArgument argument = body->getArgument(number);
      if (op.isDpsInit(&operand)) {
        unsigned init = number - op.getNumDpsInputs();
        if (accumulators[init]) {
          mapping.map(argument,
                      lane == 0 ? accumulators[init] : lanes.back()[init]);
          continue;
        }
      }
      if (!loaded[number])
        continue;
      mapping.map(argument,
                  access.walksLoop[number]
                      ? vector::ExtractOp::create(b, loc, loaded[number], lane)
                            .getResult()
                      : loaded[number]);
    }
    SmallVector<Value> pointIvs = laneIvs(b, loc, ivs, loop, lane);
    for (Operation &nested : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
        mapping.map(index.getResult(), pointIvs[index.getDim()]);
        continue;
      }
      fuse::cloneWidening(b, nested, mapping);
    }
    lanes.push_back(llvm::map_to_vector(
        body->getTerminator()->getOperands(),
        [&](Value value) { return mapping.lookupOrDefault(value); }));
  }
  return lanes;
}

void fuse::kernels::storeLanes(OpBuilder &b, Location loc, linalg::GenericOp op,
                               unsigned init,
                               ArrayRef<SmallVector<Value>> lanes,
                               ValueRange ivs, const VectorAccess &access) {
  OpOperand *operand = op.getDpsInitOperand(init);
  SmallVector<Value> indices =
      applyMap(b, loc, op.getMatchingIndexingMap(operand), ivs);
  if (!access.walksLoop[operand->getOperandNumber()]) {
    memref::StoreOp::create(b, loc, lanes.back()[init], operand->get(),
                            indices);
    return;
  }
  auto [vectorType, alignment] = laneVector(*operand, access);
  SmallVector<Value> values = llvm::map_to_vector(
      lanes, [&](ArrayRef<Value> yielded) { return yielded[init]; });
  Value vector = vector::FromElementsOp::create(b, loc, vectorType, values);
  vector::StoreOp::create(b, loc, vector, operand->get(), indices, false,
                          alignment);
}

void fuse::kernels::emitParallelLanes(OpBuilder &b, Location loc,
                                      linalg::GenericOp op,
                                      ArrayRef<SmallVector<Value>> points,
                                      unsigned loop,
                                      const VectorAccess &access) {
  if (access.lanes == 1) {
    for (ValueRange ivs : points)
      emitParallelPoint(b, loc, op, ivs);
    return;
  }
  // The loads of as many points as fit kMaxVectorsInFlight first: they are
  // in flight together.
  SmallVector<Value> none(op.getNumDpsInits());
  size_t chunk = pointsPerLoadGroup(op, access);
  for (size_t first = 0; first < points.size(); first += chunk) {
    ArrayRef<SmallVector<Value>> group =
        points.slice(first, std::min(chunk, points.size() - first));
    SmallVector<SmallVector<Value>> loaded;
    for (ValueRange ivs : group)
      loaded.push_back(loadLanes(b, loc, op, ivs, access, none));
    for (auto [ivs, values] : llvm::zip(group, loaded)) {
      SmallVector<SmallVector<Value>> lanes =
          computeLanes(b, loc, op, ivs, loop, access, none, values);
      for (unsigned init = 0; init < op.getNumDpsInits(); ++init)
        storeLanes(b, loc, op, init, lanes, ivs, access);
    }
  }
}

size_t fuse::kernels::pointsPerLoadGroup(linalg::GenericOp op,
                                         const VectorAccess &access) {
  // The buffers the loop walks that the body reads: a vector each per point.
  Block *body = op.getBlock();
  int64_t vectorsPerPoint =
      llvm::count_if(op->getOpOperands(), [&](OpOperand &operand) {
        unsigned number = operand.getOperandNumber();
        return access.walksLoop[number] &&
               isa<MemRefType>(operand.get().getType()) &&
               !body->getArgument(number).use_empty();
      });
  return std::max<int64_t>(1, kMaxVectorsInFlight /
                                  std::max<int64_t>(1, vectorsPerPoint));
}
