//===- GPUTileKernelsReductions.cpp - reductions over blocks and threads
//---===//

#include "GPUTileKernelsBuilder.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace fuse::kernels;
using fuse::VectorAccess;

SmallVector<Value>
KernelBuilder::neutralElements(const BlockReduction &reduction, OpBuilder &b,
                               Location loc) {
  SmallVector<Value> values;
  for (Operation *combiner : reduction.combiners)
    if (combiner)
      values.push_back(arith::ConstantOp::create(
          b, loc, *arith::getNeutralElement(combiner)));
  return values;
}

SmallVector<Value> KernelBuilder::accumulateStrided(
    const LoopNestInfo &info, const BlockReduction &reduction, OpBuilder &b,
    Location loc, ValueRange parallelIvs, Value first, int64_t stride) {
  linalg::GenericOp op = info.op;
  // A thread reads `lanes` neighbouring elements of the innermost reduced
  // loop at once, and folds them into its partial results in order; with
  // several vectors to do, several per iteration, their loads first.
  unsigned innermost = info.reductionDims.back();
  VectorAccess access = vectorAccess(op, innermost);
  int64_t vectors = computeProduct(info.reductionSizes) / access.lanes;
  int64_t unroll = unrollFor(vectors, stride, access);
  // The loads of as many points as kMaxVectorsInFlight allows first.
  size_t chunk = pointsPerLoadGroup(op, access);
  auto step = [&](OpBuilder &nested, Value iv, ValueRange partials) {
    SmallVector<Value> accumulators;
    auto partial = partials.begin();
    for (Operation *combiner : reduction.combiners)
      accumulators.push_back(combiner ? *partial++ : Value());
    SmallVector<SmallVector<Value>> points, loaded;
    for (ValueRange reductionIvs :
         vectorStarts(nested, loc, iv, unroll, stride, access.lanes,
                      info.reductionSizes))
      points.push_back(info.merge(parallelIvs, reductionIvs));
    for (auto [copy, ivs] : llvm::enumerate(points)) {
      if (access.lanes > 1 && copy % chunk == 0)
        for (size_t next = copy; next < std::min(copy + chunk, points.size());
             ++next)
          loaded.push_back(
              loadLanes(nested, loc, op, points[next], access, accumulators));
      SmallVector<SmallVector<Value>> lanes;
      if (access.lanes == 1)
        lanes.push_back(emitPoint(nested, loc, op, ivs, accumulators));
      else
        lanes = computeLanes(nested, loc, op, ivs, innermost, access,
                             accumulators, loaded[copy]);
      for (auto [init, combiner] : llvm::enumerate(reduction.combiners)) {
        if (combiner)
          accumulators[init] = lanes.back()[init];
        else if (access.lanes == 1)
          storeInit(nested, loc, op, init, lanes.back()[init], ivs);
        else
          storeLanes(nested, loc, op, init, lanes, ivs, access);
      }
    }
    SmallVector<Value> next;
    for (auto [init, combiner] : llvm::enumerate(reduction.combiners))
      if (combiner)
        next.push_back(accumulators[init]);
    return next;
  };
  SmallVector<Value> neutral = neutralElements(reduction, b, loc);
  // `first` is below `stride`: a thread's whole share needs no loop.
  if (vectors == unroll * stride)
    return step(b, first, neutral);
  auto loop = scf::ForOp::create(
      b, loc, first, indexConstant(b, loc, vectors),
      indexConstant(b, loc, unroll * stride), neutral,
      [&](OpBuilder &nested, Location, Value iv, ValueRange partials) {
        scf::YieldOp::create(nested, loc, step(nested, iv, partials));
      });
  return SmallVector<Value>(loop.getResults());
}

void KernelBuilder::storeTotals(const LoopNestInfo &info,
                                const BlockReduction &reduction, OpBuilder &b,
                                Location loc, ValueRange parallelIvs,
                                ValueRange totals) {
  linalg::GenericOp op = info.op;
  // Reduced inits do not depend on the reduction dimensions.
  SmallVector<Value> zeros(info.reductionDims.size(), indexConstant(b, loc, 0));
  SmallVector<Value> ivs = info.merge(parallelIvs, zeros);
  auto total = totals.begin();
  for (auto [init, combiner] : llvm::enumerate(reduction.combiners)) {
    if (!combiner)
      continue;
    Value initial = loadInit(b, loc, op, init, ivs);
    Value combined =
        combine(b, combiner, op.getRegionOutputArgs()[init], initial, *total++);
    storeInit(b, loc, op, init, combined, ivs);
  }
}

SmallVector<BlockArgument>
fuse::kernels::reducedOutArgs(linalg::GenericOp op,
                              const BlockReduction &reduction) {
  SmallVector<BlockArgument> args;
  for (auto [init, combiner] : llvm::enumerate(reduction.combiners))
    if (combiner)
      args.push_back(op.getRegionOutputArgs()[init]);
  return args;
}

SmallVector<Operation *>
fuse::kernels::reducedCombiners(const BlockReduction &reduction) {
  return llvm::filter_to_vector(reduction.combiners,
                                [](Operation *op) { return op != nullptr; });
}

void KernelBuilder::buildBlockReduction(const LoopNestInfo &info,
                                        const BlockReduction &reduction,
                                        OpBuilder &b, Location loc,
                                        ValueRange parallelIvs) {
  SmallVector<Value> totals = buildThreadLoop(
      b, loc, neutralElements(reduction, b, loc), reducedCombiners(reduction),
      reducedOutArgs(info.op, reduction), [&](OpBuilder &nested, Value thread) {
        return accumulateStrided(info, reduction, nested, loc, parallelIvs,
                                 thread, blockSize);
      });
  storeTotals(info, reduction, b, loc, parallelIvs, totals);
}

void KernelBuilder::buildTwoStageReduction(const LoopNestInfo &info,
                                           const BlockReduction &reduction) {
  linalg::GenericOp op = info.op;
  Location loc = op.getLoc();
  int64_t size = computeProduct(info.reductionSizes);
  int64_t grid = gridFor(size);
  SmallVector<Value> zeros(info.parallelDims.size(),
                           indexConstant(rewriter, loc, 0));
  SmallVector<Operation *> combiners = reducedCombiners(reduction);
  SmallVector<BlockArgument> outArgs = reducedOutArgs(op, reduction);
  SmallVector<Value> partialBuffers;
  for (Operation *combiner : combiners)
    partialBuffers.push_back(memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get({grid}, combiner->getResult(0).getType())));

  buildBlockLoop(loc, grid, [&](OpBuilder &b, Value block) {
    SmallVector<Value> totals = buildThreadLoop(
        b, loc, neutralElements(reduction, b, loc), combiners, outArgs,
        [&](OpBuilder &nested, Value thread) {
          Value first = globalThreadIndex(nested, loc, block, thread);
          return accumulateStrided(info, reduction, nested, loc, zeros, first,
                                   grid * blockSize);
        });
    for (auto [buffer, total] : llvm::zip(partialBuffers, totals))
      memref::StoreOp::create(b, loc, total, buffer, block);
  });

  buildBlockLoop(loc, 1, [&](OpBuilder &b, Value) {
    SmallVector<Value> totals = buildThreadLoop(
        b, loc, neutralElements(reduction, b, loc), combiners, outArgs,
        [&](OpBuilder &nested, Value thread) -> SmallVector<Value> {
          auto loop = scf::ForOp::create(
              nested, loc, thread, indexConstant(nested, loc, grid),
              indexConstant(nested, loc, blockSize),
              neutralElements(reduction, nested, loc),
              [&](OpBuilder &inner, Location, Value iv, ValueRange partials) {
                SmallVector<Value> next;
                for (auto [buffer, partial, combiner, outArg] :
                     llvm::zip(partialBuffers, partials, combiners, outArgs)) {
                  Value value = memref::LoadOp::create(inner, loc, buffer, iv);
                  next.push_back(
                      combine(inner, combiner, outArg, partial, value));
                }
                scf::YieldOp::create(inner, loc, next);
              });
          return SmallVector<Value>(loop.getResults());
        });
    storeTotals(info, reduction, b, loc, zeros, totals);
  });
  for (Value buffer : partialBuffers)
    memref::DeallocOp::create(rewriter, loc, buffer);
}

LogicalResult
KernelBuilder::buildSplitColumnReduction(const LoopNestInfo &info,
                                         const BlockReduction &reduction) {
  linalg::GenericOp op = info.op;
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  int64_t outputs = computeProduct(info.parallelSizes);
  int64_t size = computeProduct(info.reductionSizes);
  // A block takes a tile of `width` outputs (all of them when they fit) and
  // a share of the reduced positions; its threads cover the tile `lanes`
  // times, consecutive threads on consecutive outputs of one reduced
  // position. Each thread folds at least 16 positions.
  int64_t width = std::min(outputs, blockSize);
  int64_t tiles = llvm::divideCeil(outputs, width);
  int64_t lanes = blockSize / width;
  int64_t splits = std::max<int64_t>(
      1, std::min<int64_t>(maxBlocks / tiles, size / (16 * lanes)));
  int64_t grid = splits * tiles;
  int64_t partialRows = splits * lanes;
  SmallVector<int64_t> partialShape = {partialRows};
  llvm::append_range(partialShape, info.parallelSizes);
  SmallVector<Value> partialBuffers;
  for (Operation *combiner : reduction.combiners)
    partialBuffers.push_back(memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get(partialShape, combiner->getResult(0).getType())));

  buildBlockLoop(loc, grid, [&](OpBuilder &b, Value block) {
    buildThreadLoop(b, loc, {}, {}, {}, [&](OpBuilder &nested, Value thread) {
      auto constant = [&](int64_t value) {
        return indexConstant(nested, loc, value);
      };
      Value tile = arith::RemUIOp::create(nested, loc, block, constant(tiles));
      Value split = arith::DivUIOp::create(nested, loc, block, constant(tiles));
      Value column =
          arith::RemUIOp::create(nested, loc, thread, constant(width));
      Value lane = arith::DivUIOp::create(nested, loc, thread, constant(width));
      Value output = arith::AddIOp::create(
          nested, loc,
          arith::MulIOp::create(nested, loc, tile, constant(width)), column);
      Value active = arith::AndIOp::create(
          nested, loc,
          arith::CmpIOp::create(nested, loc, arith::CmpIPredicate::ult, lane,
                                constant(lanes)),
          arith::CmpIOp::create(nested, loc, arith::CmpIPredicate::ult, output,
                                constant(outputs)));
      scf::IfOp::create(nested, loc, active, [&](OpBuilder &then, Location) {
        Value row = arith::AddIOp::create(
            then, loc,
            arith::MulIOp::create(then, loc, split,
                                  indexConstant(then, loc, lanes)),
            lane);
        SmallVector<Value> parallelIvs =
            delinearize(then, loc, output, info.parallelSizes);
        auto loop = scf::ForOp::create(
            then, loc, row, indexConstant(then, loc, size),
            indexConstant(then, loc, partialRows),
            neutralElements(reduction, then, loc),
            [&](OpBuilder &inner, Location, Value iv, ValueRange partials) {
              SmallVector<Value> ivs =
                  info.merge(parallelIvs,
                             delinearize(inner, loc, iv, info.reductionSizes));
              scf::YieldOp::create(
                  inner, loc,
                  emitPoint(inner, loc, op, ivs, SmallVector<Value>(partials)));
            });
        SmallVector<Value> indices = {row};
        llvm::append_range(indices, parallelIvs);
        for (auto [buffer, partial] :
             llvm::zip(partialBuffers, loop.getResults()))
          memref::StoreOp::create(then, loc, partial, buffer, indices);
        scf::YieldOp::create(then, loc);
      });
      return SmallVector<Value>();
    });
  });

  // The partials of each output fold into its init: a generic over
  // (outputs..., partial row), which is a row reduction.
  unsigned numParallel = info.parallelDims.size();
  SmallVector<AffineExpr> replacements(info.ranges.size(),
                                       getAffineConstantExpr(0, context));
  for (auto [index, dim] : llvm::enumerate(info.parallelDims))
    replacements[dim] = getAffineDimExpr(index, context);
  SmallVector<AffineExpr> partialExprs = {
      getAffineDimExpr(numParallel, context)};
  for (unsigned index = 0; index < numParallel; ++index)
    partialExprs.push_back(getAffineDimExpr(index, context));
  AffineMap partialMap =
      AffineMap::get(numParallel + 1, 0, partialExprs, context);
  SmallVector<AffineMap> maps(partialBuffers.size(), partialMap);
  for (OpOperand &init : op.getDpsInitsMutable())
    maps.push_back(op.getMatchingIndexingMap(&init).replaceDimsAndSymbols(
        replacements, {}, numParallel + 1, 0));
  SmallVector<utils::IteratorType> iterators(numParallel,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto folding = linalg::GenericOp::create(
      rewriter, loc, TypeRange{}, partialBuffers, op.getDpsInits(), maps,
      iterators, [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        SmallVector<Value> totals;
        for (auto [init, combiner] : llvm::enumerate(reduction.combiners))
          totals.push_back(combine(b, combiner, op.getRegionOutputArgs()[init],
                                   args[partialBuffers.size() + init],
                                   args[init]));
        linalg::YieldOp::create(b, bodyLoc, totals);
      });
  rewriter.setInsertionPointAfter(folding);
  for (Value buffer : partialBuffers)
    memref::DeallocOp::create(rewriter, loc, buffer);
  return tileTopLevel(folding);
}
