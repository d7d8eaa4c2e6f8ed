//===- GPULibraryProductsLayout.cpp - operands copied for cuBLASLt --------===//

#include "GPULibraryProducts.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"

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

/// Multiply-adds of the product per element of an operand copied for it,
/// at least: below, a kernel computing the product loses less than the
/// copy costs.
constexpr int64_t kMinMultiplyAddsPerCopiedElement = 16;

std::optional<std::array<SmallVector<int64_t>, 3>>
fuse::gpu_products::staticStrides(linalg::LinalgOp op) {
  std::array<SmallVector<int64_t>, 3> strides;
  Value operands[] = {op.getDpsInputs()[0], op.getDpsInputs()[1],
                      op.getDpsInits()[0]};
  for (auto [index, operand] : llvm::enumerate(operands)) {
    auto type = dyn_cast<MemRefType>(operand.getType());
    int64_t offset;
    if (!type || failed(type.getStridesAndOffset(strides[index], offset)) ||
        llvm::any_of(strides[index], ShapedType::isDynamic))
      return std::nullopt;
  }
  return strides;
}

FailureOr<OperandCopy>
fuse::gpu_products::copyIntoMatrixLayout(linalg::GenericOp op,
                                         unsigned operand) {
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || !op.hasPureBufferSemantics() || operand > 1)
    return failure();
  SmallVector<Value> buffers = {op.getDpsInputs()[0], op.getDpsInputs()[1],
                                op.getDpsInits()[0]};
  std::optional<std::array<SmallVector<int64_t>, 3>> strides =
      staticStrides(op);
  if (!strides || llvm::any_of(buffers, [](Value buffer) {
        return !cast<MemRefType>(buffer.getType()).hasStaticShape();
      }))
    return failure();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto copiedType = cast<MemRefType>(buffers[operand].getType());
  if (computeProduct(ranges) <
      kMinMultiplyAddsPerCopiedElement * copiedType.getNumElements())
    return failure();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap map = maps[operand];
  if (!map.isProjectedPermutation())
    return failure();
  // The operand's loops as a matrix reads them: batch, rows and columns in
  // the result's order, the contraction in the other input's.
  ArrayRef<unsigned> free = operand == 0 ? dims->m : dims->n;
  SmallVector<std::pair<ArrayRef<unsigned>, unsigned>> groups = {
      {dims->batch, 2}, {free, 2}, {dims->k, 1 - operand}};
  if (operand == 1)
    std::swap(groups[1], groups[2]);
  SmallVector<unsigned> order;
  for (auto [loops, reference] : groups) {
    SmallVector<unsigned> ordered =
        memoryOrder(loops, maps[reference], (*strides)[reference]);
    if (ordered.size() != loops.size())
      return failure();
    llvm::append_range(order, ordered);
  }
  if (order.size() != map.getNumResults())
    return failure();

  MLIRContext *context = op.getContext();
  SmallVector<int64_t> shape;
  SmallVector<AffineExpr> copiedAt;
  for (unsigned loop : order) {
    shape.push_back(ranges[loop]);
    copiedAt.push_back(getAffineDimExpr(loop, context));
  }
  // The copy's loops are the new layout's dimensions; it reads the operand
  // where each of its results' loops lands.
  SmallVector<AffineExpr> readAt;
  for (AffineExpr result : map.getResults()) {
    unsigned loop = cast<AffineDimExpr>(result).getPosition();
    readAt.push_back(
        getAffineDimExpr(llvm::find(order, loop) - order.begin(), context));
  }
  // Before the zero fill of the result, if any, which the call then folds.
  OpBuilder builder(op);
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (fill && fill.getDpsInits()[0] == op.getDpsInits()[0])
    builder.setInsertionPoint(fill);
  Location loc = op.getLoc();
  auto alloc = memref::AllocOp::create(
      builder, loc, MemRefType::get(shape, copiedType.getElementType()));
  auto copy = linalg::GenericOp::create(
      builder, loc, ValueRange{buffers[operand]}, ValueRange{alloc.getResult()},
      ArrayRef<AffineMap>{AffineMap::get(shape.size(), 0, readAt, context),
                          builder.getMultiDimIdentityMap(shape.size())},
      SmallVector<utils::IteratorType>(shape.size(),
                                       utils::IteratorType::parallel),
      [](OpBuilder &b, Location nested, ValueRange args) {
        linalg::YieldOp::create(b, nested, args[0]);
      });
  OperandCopy added{alloc, copy, nullptr, operand, buffers[operand], map};
  op.getDpsInputOperand(operand)->set(alloc.getResult());
  maps[operand] = AffineMap::get(map.getNumDims(), 0, copiedAt, context);
  op.setIndexingMapsAttr(builder.getAffineMapArrayAttr(maps));
  builder.setInsertionPointAfter(op);
  added.dealloc = memref::DeallocOp::create(builder, loc, alloc.getResult());
  return added;
}

void fuse::gpu_products::undoCopy(linalg::GenericOp op,
                                  const OperandCopy &copy) {
  op.getDpsInputOperand(copy.operand)->set(copy.original);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  maps[copy.operand] = copy.originalMap;
  op.setIndexingMapsAttr(Builder(op.getContext()).getAffineMapArrayAttr(maps));
  copy.dealloc->erase();
  copy.copy->erase();
  copy.alloc->erase();
}
