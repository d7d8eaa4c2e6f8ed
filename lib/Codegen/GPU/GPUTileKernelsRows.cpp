//===- GPUTileKernelsRows.cpp - row fusions, a row per block --------------===//

#include "GPUTileKernelsBuilder.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace fuse::kernels;
using fuse::VectorAccess;

void KernelBuilder::buildInBlock(linalg::GenericOp op, OpBuilder &b) {
  LoopNestInfo info(op);
  Location loc = op.getLoc();
  int64_t parallelSize = computeProduct(info.parallelSizes);
  std::optional<BlockReduction> reduction;
  if (!info.reductionDims.empty() && parallelSize == 1)
    reduction = BlockReduction::match(info);
  if (reduction) {
    SmallVector<Value> zeros(info.parallelDims.size(),
                             indexConstant(b, loc, 0));
    buildBlockReduction(info, *reduction, b, loc, zeros);
    return;
  }
  buildThreadLoop(b, loc, {}, {}, {}, [&](OpBuilder &nested, Value thread) {
    if (info.reductionDims.empty()) {
      VectorAccess access = info.ranges.empty()
                                ? VectorAccess()
                                : vectorAccess(op, info.ranges.size() - 1);
      buildElementwiseLoop(info, nested, loc, thread, blockSize, access);
    } else {
      buildThreadPerOutput(info, nested, loc, thread, blockSize);
    }
    return SmallVector<Value>();
  });
}

namespace {

/// Whether `body` runs a sequential loop that carries values from one
/// iteration to the next.
bool hasCarriedLoop(Block *body) {
  return llvm::any_of(body->getOps<scf::ForOp>(),
                      [](scf::ForOp loop) { return loop.getNumResults() > 0; });
}

/// Whether every linalg op of `body` has a static iteration space.
bool hasStaticLoops(Block *body) {
  return llvm::all_of(body->getOps<linalg::GenericOp>(), [](auto op) {
    return !ShapedType::isDynamicShape(op.getStaticLoopRanges());
  });
}

} // namespace

LogicalResult KernelBuilder::tileRowFusion(scf::ForallOp forall) {
  ArrayRef<int64_t> lbs = forall.getStaticLowerBound();
  ArrayRef<int64_t> ubs = forall.getStaticUpperBound();
  ArrayRef<int64_t> steps = forall.getStaticStep();
  if (ShapedType::isDynamicShape(lbs) || ShapedType::isDynamicShape(ubs) ||
      ShapedType::isDynamicShape(steps))
    return forall.emitOpError("has dynamic bounds, which the GPU pipeline "
                              "does not support");
  Location loc = forall.getLoc();
  SmallVector<int64_t> counts;
  for (auto [lb, ub, step] : llvm::zip(lbs, ubs, steps))
    counts.push_back(llvm::divideCeil(ub - lb, step));
  int64_t rows = computeProduct(counts);
  Block *body = forall.getBody();
  // A block per iteration when its ops have static sizes (rows); otherwise
  // (chunks of columns ending in a partial one) a thread per iteration,
  // which runs the ops as sequential loops. An iteration of scalar code (a
  // scatter's atomic update) or with a loop that carries values (a scan
  // along a line) is a thread's too.
  bool blockPerRow = hasStaticLoops(body) &&
                     !body->getOps<linalg::GenericOp>().empty() &&
                     !hasCarriedLoop(body);
  int64_t grid = blockPerRow ? std::max<int64_t>(1, std::min(rows, maxBlocks))
                             : gridFor(rows);
  int64_t workers = blockPerRow ? grid : grid * blockSize;
  rewriter.setInsertionPoint(forall);

  // The buffers of an iteration become one buffer per worker, reused by the
  // iterations it computes one after the other.
  SmallVector<std::pair<memref::AllocOp, Value>> rowBuffers;
  for (auto alloc :
       llvm::make_early_inc_range(body->getOps<memref::AllocOp>())) {
    MemRefType type = alloc.getType();
    if (!type.hasStaticShape() || !type.getLayout().isIdentity())
      return alloc.emitOpError("of a dynamic or strided buffer inside a row "
                               "fusion is not supported by the GPU pipeline");
    SmallVector<int64_t> shape = {workers};
    llvm::append_range(shape, type.getShape());
    auto workerBuffers =
        memref::AllocOp::create(rewriter, alloc.getLoc(),
                                MemRefType::get(shape, type.getElementType()));
    rowBuffers.push_back({alloc, workerBuffers});
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        rewriter.eraseOp(user);
  }

  // Clones the body for iteration `row`, run by `worker`.
  auto emitIteration = [&](OpBuilder &b, Value row, Value worker) {
    IRMapping mapping;
    SmallVector<Value> indices = delinearize(b, loc, row, counts);
    for (auto [iv, index, lb, step] :
         llvm::zip(forall.getInductionVars(), indices, lbs, steps)) {
      Value scaled =
          arith::MulIOp::create(b, loc, index, indexConstant(b, loc, step));
      mapping.map(
          iv, arith::AddIOp::create(b, loc, scaled, indexConstant(b, loc, lb)));
    }
    for (auto [alloc, workerBuffers] : rowBuffers) {
      MemRefType type = alloc.getType();
      int64_t rank = type.getRank() + 1;
      SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
      offsets[0] = worker;
      SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1)};
      for (int64_t size : type.getShape())
        sizes.push_back(b.getIndexAttr(size));
      SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
      auto resultType = memref::SubViewOp::inferRankReducedResultType(
          type.getShape(), cast<MemRefType>(workerBuffers.getType()), offsets,
          sizes, strides);
      mapping.map(
          alloc.getResult(),
          memref::SubViewOp::create(b, loc, cast<MemRefType>(resultType),
                                    workerBuffers, offsets, sizes, strides));
    }
    for (Operation &op : body->without_terminator()) {
      if (isa<memref::AllocOp>(op))
        continue;
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (generic && blockPerRow) {
        // The clone only carries the mapped operands for buildInBlock;
        // it is erased once its loops are built.
        auto clone = cast<linalg::GenericOp>(b.clone(op, mapping));
        buildInBlock(clone, b);
        clone->erase();
        continue;
      }
      b.clone(op, mapping);
    }
  };

  buildBlockLoop(loc, grid, [&](OpBuilder &b, Value block) {
    if (blockPerRow) {
      buildStridedLoop(b, loc, block, rows, grid,
                       [&](OpBuilder &nested, Value row) {
                         emitIteration(nested, row, block);
                       });
      return;
    }
    buildThreadLoop(b, loc, {}, {}, {}, [&](OpBuilder &nested, Value thread) {
      Value worker = globalThreadIndex(nested, loc, block, thread);
      buildStridedLoop(nested, loc, worker, rows, workers,
                       [&](OpBuilder &inner, Value row) {
                         emitIteration(inner, row, worker);
                       });
      return SmallVector<Value>();
    });
  });
  for (auto [alloc, workerBuffers] : rowBuffers)
    memref::DeallocOp::create(rewriter, loc, workerBuffers);
  rewriter.eraseOp(forall);
  return success();
}
