//===- GPUTileKernelsReductions.cpp - reductions over blocks and threads --===//

#include "GPUTileKernelsBuilder.h"

#include "fuse/Codegen/Common/Accumulation.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace fuse::kernels;
using fuse::VectorAccess;

SmallVector<Value>
fuse::kernels::neutralElements(ArrayRef<Operation *> combiners, OpBuilder &b,
                               Location loc) {
  return llvm::map_to_vector(combiners, [&](Operation *combiner) -> Value {
    return arith::ConstantOp::create(b, loc,
                                     fuse::getAccumulationNeutral(combiner));
  });
}

SmallVector<Value> KernelBuilder::foldPositions(
    OpBuilder &b, Location loc, Value first, int64_t end, int64_t stride,
    int64_t leafPositions, ArrayRef<Operation *> combiners,
    ArrayRef<BlockArgument> outArgs,
    function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)> step) {
  auto loopOver = [&](OpBuilder &nested, Value lower,
                      Value upper) -> SmallVector<Value> {
    auto loop = scf::ForOp::create(
        nested, loc, lower, upper, indexConstant(nested, loc, stride),
        neutralElements(combiners, nested, loc),
        [&](OpBuilder &inner, Location, Value iv, ValueRange partials) {
          scf::YieldOp::create(inner, loc, step(inner, iv, partials));
        });
    return SmallVector<Value>(loop.getResults());
  };
  // `first` is below `stride`: a share of one position needs no loop.
  if (end == stride)
    return step(b, first, neutralElements(combiners, b, loc));
  int64_t leaves =
      llvm::divideCeil(llvm::divideCeil(end, stride), leafPositions);
  if (leaves <= 1 || !llvm::any_of(combiners, fuse::isRoundingCombiner))
    return loopOver(b, first, indexConstant(b, loc, end));

  // Leaf `leaf` holds the thread's positions from `leaf * leafPositions` on;
  // leaves past a thread's last position have none.
  std::function<SmallVector<Value>(OpBuilder &, Value, unsigned)> fold =
      [&](OpBuilder &nested, Value leaf, unsigned level) -> SmallVector<Value> {
    if (level == 0) {
      Value span = indexConstant(nested, loc, leafPositions * stride);
      Value lower = nested.createOrFold<arith::AddIOp>(
          loc, first, nested.createOrFold<arith::MulIOp>(loc, leaf, span));
      Value upper = arith::MinSIOp::create(
          nested, loc, arith::AddIOp::create(nested, loc, lower, span),
          indexConstant(nested, loc, end));
      return loopOver(nested, lower, upper);
    }
    // The two halves' totals, added to the neutral element in turn: the
    // first addition is exact, the second adds the halves.
    auto halves = scf::ForOp::create(
        nested, loc, indexConstant(nested, loc, 0),
        indexConstant(nested, loc, 2), indexConstant(nested, loc, 1),
        neutralElements(combiners, nested, loc),
        [&](OpBuilder &inner, Location, Value half, ValueRange partials) {
          Value offset = inner.createOrFold<arith::MulIOp>(
              loc, half, indexConstant(inner, loc, int64_t(1) << (level - 1)));
          SmallVector<Value> totals =
              fold(inner, inner.createOrFold<arith::AddIOp>(loc, leaf, offset),
                   level - 1);
          SmallVector<Value> next;
          for (auto [combiner, outArg, partial, total] :
               llvm::zip(combiners, outArgs, partials, totals))
            next.push_back(
                combineWidened(inner, combiner, outArg, partial, total));
          scf::YieldOp::create(inner, loc, next);
        });
    return SmallVector<Value>(halves.getResults());
  };
  return fold(b, indexConstant(b, loc, 0), llvm::Log2_64_Ceil(leaves));
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
  int64_t leafIterations =
      std::max<int64_t>(1, leafSteps / (unroll * access.lanes));
  return foldPositions(b, loc, first, vectors, unroll * stride, leafIterations,
                       reducedCombiners(reduction),
                       reducedOutArgs(op, reduction), step);
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
    Value combined = combineWidened(b, combiner, op.getRegionOutputArgs()[init],
                                    initial, *total++);
    if (combined.getType() != initial.getType())
      combined = arith::TruncFOp::create(b, loc, initial.getType(), combined);
    storeInit(b, loc, op, init, combined, ivs);
  }
}

SmallVector<Value>
KernelBuilder::foldPartials(OpBuilder &b, Location loc, ArrayRef<Value> buffers,
                            ValueRange outputIndices, Value first,
                            int64_t count, ArrayRef<Operation *> combiners,
                            ArrayRef<BlockArgument> outArgs) {
  return foldPositions(
      b, loc, first, count, blockSize, leafSteps, combiners, outArgs,
      [&](OpBuilder &nested, Value position, ValueRange partials) {
        SmallVector<Value> indices = {position};
        llvm::append_range(indices, outputIndices);
        SmallVector<Value> next;
        for (auto [buffer, partial, combiner, outArg] :
             llvm::zip(buffers, partials, combiners, outArgs)) {
          Value value = memref::LoadOp::create(nested, loc, buffer, indices);
          next.push_back(
              combineWidened(nested, combiner, outArg, partial, value));
        }
        return next;
      });
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
      b, loc, neutralElements(reducedCombiners(reduction), b, loc),
      reducedCombiners(reduction), reducedOutArgs(info.op, reduction),
      [&](OpBuilder &nested, Value thread) {
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
        MemRefType::get({grid}, fuse::getAccumulationType(combiner))));

  buildBlockLoop(loc, grid, [&](OpBuilder &b, Value block) {
    SmallVector<Value> totals = buildThreadLoop(
        b, loc, neutralElements(combiners, b, loc), combiners, outArgs,
        [&](OpBuilder &nested, Value thread) {
          Value first = globalThreadIndex(nested, loc, block, thread);
          return accumulateStrided(info, reduction, nested, loc, zeros, first,
                                   grid * blockSize);
        });
    for (auto [buffer, total] : llvm::zip(partialBuffers, totals))
      memref::StoreOp::create(b, loc, total, buffer, block);
  });

  buildBlockLoop(loc, 1, [&](OpBuilder &b, Value) {
    SmallVector<Value> totals =
        buildThreadLoop(b, loc, neutralElements(combiners, b, loc), combiners,
                        outArgs, [&](OpBuilder &nested, Value thread) {
                          return foldPartials(nested, loc, partialBuffers, {},
                                              thread, grid, combiners, outArgs);
                        });
    storeTotals(info, reduction, b, loc, zeros, totals);
  });
  for (Value buffer : partialBuffers)
    memref::DeallocOp::create(rewriter, loc, buffer);
}

void KernelBuilder::buildSplitColumnReduction(const LoopNestInfo &info,
                                              const BlockReduction &reduction) {
  linalg::GenericOp op = info.op;
  Location loc = op.getLoc();
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
  SmallVector<Operation *> combiners = reducedCombiners(reduction);
  SmallVector<BlockArgument> outArgs = reducedOutArgs(op, reduction);
  SmallVector<Value> partialBuffers;
  for (Operation *combiner : combiners)
    partialBuffers.push_back(memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get(partialShape, fuse::getAccumulationType(combiner))));

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
        SmallVector<Value> partials = foldPositions(
            then, loc, row, size, partialRows, leafSteps, combiners, outArgs,
            [&](OpBuilder &inner, Value iv, ValueRange partials) {
              SmallVector<Value> ivs =
                  info.merge(parallelIvs,
                             delinearize(inner, loc, iv, info.reductionSizes));
              return emitPoint(inner, loc, op, ivs,
                               SmallVector<Value>(partials));
            });
        SmallVector<Value> indices = {row};
        llvm::append_range(indices, parallelIvs);
        for (auto [buffer, partial] : llvm::zip(partialBuffers, partials))
          memref::StoreOp::create(then, loc, partial, buffer, indices);
        scf::YieldOp::create(then, loc);
      });
      return SmallVector<Value>();
    });
  });

  // A block per output combines its partials and folds them into its init.
  int64_t foldGrid = std::min(outputs, maxBlocks);
  buildBlockLoop(loc, foldGrid, [&](OpBuilder &b, Value block) {
    buildStridedLoop(
        b, loc, block, outputs, foldGrid, [&](OpBuilder &nested, Value output) {
          SmallVector<Value> parallelIvs =
              delinearize(nested, loc, output, info.parallelSizes);
          SmallVector<Value> totals = buildThreadLoop(
              nested, loc, neutralElements(combiners, nested, loc), combiners,
              outArgs, [&](OpBuilder &inner, Value thread) {
                return foldPartials(inner, loc, partialBuffers, parallelIvs,
                                    thread, partialRows, combiners, outArgs);
              });
          storeTotals(info, reduction, nested, loc, parallelIvs, totals);
        });
  });
  for (Value buffer : partialBuffers)
    memref::DeallocOp::create(rewriter, loc, buffer);
}
