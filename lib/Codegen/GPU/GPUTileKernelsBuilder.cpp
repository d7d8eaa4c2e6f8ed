//===- GPUTileKernelsBuilder.cpp - elementwise kernels and the dispatch ---===//

#include "GPUTileKernelsBuilder.h"

#include "fuse/Codegen/Common/Accumulation.h"

#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace fuse::kernels;
using fuse::VectorAccess;

gpu::ParallelLoopDimMappingAttr
fuse::kernels::mappingTo(MLIRContext *context, gpu::Processor processor) {
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, context);
  return gpu::ParallelLoopDimMappingAttr::get(context, processor, identity,
                                              identity);
}

int64_t fuse::kernels::unrollFactor(int64_t vectors, int64_t stride,
                                    int64_t wholeShare,
                                    const VectorAccess &access) {
  if (access.lanes == 1)
    return 1;
  if (vectors % stride == 0 && vectors / stride <= wholeShare)
    return vectors / stride;
  for (int64_t factor : {4, 2})
    if (vectors % (factor * stride) == 0)
      return factor;
  return 1;
}

void KernelBuilder::buildElementwiseLoop(const LoopNestInfo &info, OpBuilder &b,
                                         Location loc, Value first,
                                         int64_t stride,
                                         const VectorAccess &access) {
  linalg::GenericOp op = info.op;
  unsigned loop = info.ranges.size() - 1;
  int64_t vectors = computeProduct(info.ranges) / access.lanes;
  int64_t unroll = unrollFor(vectors, stride, access);
  buildStridedLoop(b, loc, first, vectors, unroll * stride,
                   [&](OpBuilder &inner, Value position) {
                     emitParallelLanes(inner, loc, op,
                                       vectorStarts(inner, loc, position,
                                                    unroll, stride,
                                                    access.lanes, info.ranges),
                                       loop, access);
                   });
}

void KernelBuilder::buildThreadPerOutput(const LoopNestInfo &info, OpBuilder &b,
                                         Location loc, Value first,
                                         int64_t stride) {
  linalg::GenericOp op = info.op;
  std::optional<BlockReduction> reduction = BlockReduction::match(info);
  if (reduction && reduction->reducesEveryInit() &&
      llvm::any_of(reduction->combiners, fuse::isRoundingCombiner)) {
    buildThreadPerOutputInLeaves(info, *reduction, b, loc, first, stride);
    return;
  }
  // Inits not indexed by the reduction dimensions are carried through the
  // reduction loops in order; the others are read and written at every
  // point.
  SmallVector<bool> carried;
  for (OpOperand &init : op.getDpsInitsMutable())
    carried.push_back(
        !info.usesReductionDims(op.getMatchingIndexingMap(&init)));
  buildStridedLoop(
      b, loc, first, computeProduct(info.parallelSizes), stride,
      [&](OpBuilder &nested, Value position) {
        SmallVector<Value> parallelIvs =
            delinearize(nested, loc, position, info.parallelSizes);
        SmallVector<Value> zeros(info.reductionDims.size(),
                                 indexConstant(nested, loc, 0));
        SmallVector<Value> outputIvs = info.merge(parallelIvs, zeros);
        SmallVector<Value> initial;
        for (auto [init, isCarried] : llvm::enumerate(carried))
          if (isCarried)
            initial.push_back(loadInit(nested, loc, op, init, outputIvs));
        SmallVector<Value> lbs, ubs, steps;
        for (int64_t size : info.reductionSizes) {
          lbs.push_back(indexConstant(nested, loc, 0));
          ubs.push_back(indexConstant(nested, loc, size));
          steps.push_back(indexConstant(nested, loc, 1));
        }
        scf::LoopNest loops = scf::buildLoopNest(
            nested, loc, lbs, ubs, steps, initial,
            [&](OpBuilder &inner, Location, ValueRange reductionIvs,
                ValueRange values) -> scf::ValueVector {
              SmallVector<Value> ivs = info.merge(parallelIvs, reductionIvs);
              SmallVector<Value> accumulators;
              auto value = values.begin();
              for (bool isCarried : carried)
                accumulators.push_back(isCarried ? *value++ : Value());
              SmallVector<Value> yielded =
                  emitPoint(inner, loc, op, ivs, accumulators);
              scf::ValueVector next;
              for (auto [init, isCarried] : llvm::enumerate(carried)) {
                if (isCarried)
                  next.push_back(yielded[init]);
                else
                  storeInit(inner, loc, op, init, yielded[init], ivs);
              }
              return next;
            });
        ValueRange finals = loops.results;
        auto final = finals.begin();
        for (auto [init, isCarried] : llvm::enumerate(carried))
          if (isCarried)
            storeInit(nested, loc, op, init, *final++, outputIvs);
      });
}

void KernelBuilder::buildThreadPerOutputInLeaves(
    const LoopNestInfo &info, const BlockReduction &reduction, OpBuilder &b,
    Location loc, Value first, int64_t stride) {
  linalg::GenericOp op = info.op;
  SmallVector<Operation *> combiners = reducedCombiners(reduction);
  SmallVector<BlockArgument> outArgs = reducedOutArgs(op, reduction);
  buildStridedLoop(
      b, loc, first, computeProduct(info.parallelSizes), stride,
      [&](OpBuilder &nested, Value position) {
        SmallVector<Value> parallelIvs =
            delinearize(nested, loc, position, info.parallelSizes);
        SmallVector<Value> totals = foldPositions(
            nested, loc, indexConstant(nested, loc, 0),
            computeProduct(info.reductionSizes), 1, leafSteps, combiners,
            outArgs, [&](OpBuilder &inner, Value linear, ValueRange partials) {
              SmallVector<Value> ivs =
                  info.merge(parallelIvs, delinearize(inner, loc, linear,
                                                      info.reductionSizes));
              return emitPoint(inner, loc, op, ivs,
                               SmallVector<Value>(partials));
            });
        storeTotals(info, reduction, nested, loc, parallelIvs, totals);
      });
}

void KernelBuilder::buildParallelGrid(const LoopNestInfo &info) {
  linalg::GenericOp op = info.op;
  Location loc = op.getLoc();
  VectorAccess access = info.ranges.empty()
                            ? VectorAccess()
                            : vectorAccess(op, info.ranges.size() - 1);
  int64_t grid = gridFor(computeProduct(info.ranges) / access.lanes);
  buildBlockLoop(loc, grid, [&](OpBuilder &b, Value block) {
    buildThreadLoop(b, loc, {}, {}, {}, [&](OpBuilder &nested, Value thread) {
      buildElementwiseLoop(info, nested, loc,
                           globalThreadIndex(nested, loc, block, thread),
                           grid * blockSize, access);
      return SmallVector<Value>();
    });
  });
}

LogicalResult KernelBuilder::tileTopLevel(linalg::GenericOp op) {
  LoopNestInfo info(op);
  if (ShapedType::isDynamicShape(info.ranges))
    return op.emitOpError("has dynamic loop bounds, which the GPU pipeline "
                          "does not support");
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  int64_t parallelSize = computeProduct(info.parallelSizes);
  int64_t reductionSize = computeProduct(info.reductionSizes);
  std::optional<BlockReduction> reduction;
  if (!info.reductionDims.empty() && reductionSize >= 32)
    reduction = BlockReduction::match(info);
  bool rowLike = linalg::isReductionIterator(op.getIteratorTypesArray().back());

  if (computeProduct(info.ranges) == 0) {
    // Nothing to compute; a reduction's inits keep their values.
  } else if (info.reductionDims.empty()) {
    buildParallelGrid(info);
  } else if (reduction && parallelSize == 1 && reductionSize >= 8 * blockSize) {
    buildTwoStageReduction(info, *reduction);
  } else if (reduction && !rowLike && reduction->reducesEveryInit() &&
             parallelSize < 16 * blockSize && reductionSize >= 16 * blockSize) {
    // Columns with few outputs (a 16384x8 column sum): a block per output
    // would leave most of the GPU idle and read with a stride.
    buildSplitColumnReduction(info, *reduction);
  } else if (reduction && (rowLike || parallelSize < 16 * blockSize)) {
    // Rows (or too few outputs to give every thread one): a block per
    // output, its threads reading neighbouring elements of the row.
    int64_t grid = std::min(parallelSize, maxBlocks);
    buildBlockLoop(loc, grid, [&](OpBuilder &b, Value block) {
      buildStridedLoop(b, loc, block, parallelSize, grid,
                       [&](OpBuilder &nested, Value position) {
                         buildBlockReduction(info, *reduction, nested, loc,
                                             delinearize(nested, loc, position,
                                                         info.parallelSizes));
                       });
    });
  } else {
    // Columns, short rows and combiners threads cannot share: a thread per
    // output; neighbouring threads read neighbouring columns.
    int64_t grid = gridFor(parallelSize);
    buildBlockLoop(loc, grid, [&](OpBuilder &b, Value block) {
      buildThreadLoop(b, loc, {}, {}, {}, [&](OpBuilder &nested, Value thread) {
        buildThreadPerOutput(info, nested, loc,
                             globalThreadIndex(nested, loc, block, thread),
                             grid * blockSize);
        return SmallVector<Value>();
      });
    });
  }
  rewriter.eraseOp(op);
  return success();
}
