//===- GPULibraryProductsLayout.cpp - operands copied for cuBLASLt --------===//

#include "GPULibraryProducts.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace fuse::gpu_products;

SmallVector<unsigned>
fuse::gpu_products::memoryOrder(ArrayRef<unsigned> loops, AffineMap map,
                                ArrayRef<int64_t> strides) {
  SmallVector<std::pair<int64_t, unsigned>> byStride;
  for (unsigned loop : loops) {
    std::optional<unsigned> position =
        map.getResultPosition(getAffineDimExpr(loop, map.getContext()));
    if (!position)
      return {};
    byStride.push_back({strides[*position], loop});
  }
  llvm::stable_sort(byStride, [](auto a, auto b) { return a.first > b.first; });
  return llvm::map_to_vector(byStride, [](auto entry) { return entry.second; });
}

FailureOr<RhsCopy>
fuse::gpu_products::copyRhsIntoMatrixLayout(linalg::GenericOp op) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || !op.hasPureBufferSemantics())
    return failure();
  Value lhs = op.getDpsInputs()[0], rhs = op.getDpsInputs()[1];
  Value out = op.getDpsInits()[0];
  auto lhsType = cast<MemRefType>(lhs.getType());
  auto rhsType = cast<MemRefType>(rhs.getType());
  auto outType = cast<MemRefType>(out.getType());
  if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape() ||
      rhsType.getNumElements() > lhsType.getNumElements())
    return failure();
  SmallVector<int64_t> strides[3];
  MemRefType types[] = {lhsType, rhsType, outType};
  for (auto [index, type] : llvm::enumerate(types)) {
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides[index], offset)) ||
        llvm::any_of(strides[index], ShapedType::isDynamic))
      return failure();
  }
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap rhsMap = maps[1];
  if (!rhsMap.isProjectedPermutation())
    return failure();
  // The rhs's loops as a matrix reads them: batch in the result's order,
  // contraction in the lhs's, columns in the rhs's own.
  SmallVector<unsigned> order;
  for (auto [loops, operand] : {std::pair{ArrayRef(dims->batch), 2},
                                {ArrayRef(dims->k), 0},
                                {ArrayRef(dims->n), 1}}) {
    SmallVector<unsigned> ordered =
        memoryOrder(loops, maps[operand], strides[operand]);
    if (ordered.size() != loops.size())
      return failure();
    llvm::append_range(order, ordered);
  }
  if (order.size() != rhsMap.getNumResults())
    return failure();

  MLIRContext *context = op.getContext();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<int64_t> shape;
  SmallVector<AffineExpr> copiedAt;
  for (unsigned loop : order) {
    shape.push_back(ranges[loop]);
    copiedAt.push_back(getAffineDimExpr(loop, context));
  }
  // The copy's loops are the new layout's dimensions; it reads the rhs
  // where each of its results' loops lands.
  SmallVector<AffineExpr> readAt;
  for (AffineExpr result : rhsMap.getResults()) {
    unsigned loop = cast<AffineDimExpr>(result).getPosition();
    readAt.push_back(
        getAffineDimExpr(llvm::find(order, loop) - order.begin(), context));
  }
  OpBuilder builder(op);
  Location loc = op.getLoc();
  auto alloc = memref::AllocOp::create(
      builder, loc, MemRefType::get(shape, rhsType.getElementType()));
  auto copy = linalg::GenericOp::create(
      builder, loc, ValueRange{rhs}, ValueRange{alloc.getResult()},
      ArrayRef<AffineMap>{AffineMap::get(shape.size(), 0, readAt, context),
                          builder.getMultiDimIdentityMap(shape.size())},
      SmallVector<utils::IteratorType>(shape.size(),
                                       utils::IteratorType::parallel),
      [](OpBuilder &b, Location nested, ValueRange args) {
        linalg::YieldOp::create(b, nested, args[0]);
      });
  RhsCopy added{alloc, copy, nullptr, rhs, rhsMap};
  op.getDpsInputOperand(1)->set(alloc.getResult());
  maps[1] = AffineMap::get(rhsMap.getNumDims(), 0, copiedAt, context);
  op.setIndexingMapsAttr(builder.getAffineMapArrayAttr(maps));
  builder.setInsertionPointAfter(op);
  added.dealloc = memref::DeallocOp::create(builder, loc, alloc.getResult());
  return added;
}

void fuse::gpu_products::undoRhsCopy(linalg::GenericOp op,
                                     const RhsCopy &copy) {
  op.getDpsInputOperand(1)->set(copy.original);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  maps[1] = copy.originalMap;
  op.setIndexingMapsAttr(Builder(op.getContext()).getAffineMapArrayAttr(maps));
  copy.dealloc->erase();
  copy.copy->erase();
  copy.alloc->erase();
}
