//===- GPUTileKernels.cpp - kernels as block/thread loop nests ------------===//
//
// Every kernel of a bufferized function (a linalg op outside loops that are
// already kernels, or the scf.forall of a row fusion) becomes one loop nest
// that maps one to one onto a GPU launch:
//
//   scf.parallel (%block) = (0) to (G) {mapping = [block_x]}
//     ... block-level code: run by every thread, its stores by one ...
//     scf.parallel (%thread) = (0) to (T) {mapping = [thread_x]}
//       ... a thread's share: strided loops, so that neighbouring threads
//           touch neighbouring elements (coalesced accesses) ...
//
// Thread loops always have `block-size` iterations; reductions keep one
// partial result per thread and combine them in the thread loop's
// scf.reduce (a block-wide reduction on the GPU). The nest is ordinary
// parallel-loop IR, so the CPU pipeline can run it too.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/KernelPoints.h"
#include "fuse/Codegen/Common/VectorAccess.h"

#include "fuse/Codegen/GPU/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {
#define GEN_PASS_DEF_GPUTILEKERNELSPASS
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using namespace fuse::kernels;
using fuse::VectorAccess;

namespace {

gpu::ParallelLoopDimMappingAttr mappingTo(MLIRContext *context,
                                          gpu::Processor processor) {
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, context);
  return gpu::ParallelLoopDimMappingAttr::get(context, processor, identity,
                                              identity);
}

/// The parts of a linalg op that loops over its iteration space need.
struct LoopNestInfo {
  linalg::GenericOp op;
  SmallVector<int64_t> ranges;
  SmallVector<unsigned> parallelDims, reductionDims;
  SmallVector<int64_t> parallelSizes, reductionSizes;

  explicit LoopNestInfo(linalg::GenericOp op)
      : op(op), ranges(op.getStaticLoopRanges()) {
    for (auto [dim, type] : llvm::enumerate(op.getIteratorTypesArray())) {
      bool reduction = linalg::isReductionIterator(type);
      (reduction ? reductionDims : parallelDims).push_back(dim);
      (reduction ? reductionSizes : parallelSizes).push_back(ranges[dim]);
    }
  }

  /// The full induction variables from parallel and reduction indices.
  SmallVector<Value> merge(ValueRange parallel, ValueRange reduction) const {
    SmallVector<Value> ivs(ranges.size());
    for (auto [dim, value] : llvm::zip(parallelDims, parallel))
      ivs[dim] = value;
    for (auto [dim, value] : llvm::zip(reductionDims, reduction))
      ivs[dim] = value;
    return ivs;
  }

  bool usesReductionDims(AffineMap map) const {
    return llvm::any_of(reductionDims,
                        [&](unsigned dim) { return map.isFunctionOfDim(dim); });
  }
};

/// How many vectors a thread takes per iteration of a loop over `vectors`
/// strided by `stride`: its whole share when that is a whole number of at
/// most `wholeShare` vectors (one iteration), else up to 4 when they divide
/// evenly (no tail), so that their loads are in flight together; 1 for
/// scalar accesses.
int64_t unrollFactor(int64_t vectors, int64_t stride, int64_t wholeShare,
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

/// How each init of a reduction is written, when every init is either a
/// reduction with a combiner threads can apply in any order, or a value
/// written once at every point (an intermediate a fusion also returns).
struct BlockReduction {
  /// The single combiner of each reduced init; null for written inits.
  SmallVector<Operation *> combiners;

  bool reducesEveryInit() const {
    return llvm::all_of(combiners, [](Operation *op) { return op; });
  }

  static std::optional<BlockReduction> match(const LoopNestInfo &info) {
    linalg::GenericOp op = info.op;
    BlockReduction reduction;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      unsigned index = init.getOperandNumber() - op.getNumDpsInputs();
      AffineMap map = op.getMatchingIndexingMap(&init);
      if (!info.usesReductionDims(map)) {
        SmallVector<Operation *> chain;
        if (!matchReduction(op.getRegionOutputArgs(), index, chain) ||
            chain.size() != 1 || !arith::getNeutralElement(chain.front()))
          return std::nullopt;
        reduction.combiners.push_back(chain.front());
        continue;
      }
      if (!map.isPermutation() || !op.getRegionOutputArgs()[index].use_empty())
        return std::nullopt;
      reduction.combiners.push_back(nullptr);
    }
    return reduction;
  }
};

/// `combiner` (an op of `outArg` and one other operand) applied to `lhs`
/// and `rhs`.
Value combine(OpBuilder &b, Operation *combiner, BlockArgument outArg,
              Value lhs, Value rhs) {
  IRMapping mapping;
  for (Value operand : combiner->getOperands())
    mapping.map(operand, operand == outArg ? lhs : rhs);
  return b.clone(*combiner, mapping)->getResult(0);
}

/// Builds kernels as block/thread loop nests.
class KernelBuilder {
public:
  KernelBuilder(RewriterBase &rewriter, int64_t blockSize, int64_t maxBlocks,
                int64_t vectorBytes, bool alignedBuffers, int64_t rowVectors)
      : rewriter(rewriter), blockSize(blockSize), maxBlocks(maxBlocks),
        vectorBytes(vectorBytes), alignedBuffers(alignedBuffers),
        rowVectors(rowVectors) {}

  /// A grid of `blocks` blocks running `body` with the block's index.
  void buildBlockLoop(Location loc, int64_t blocks,
                      function_ref<void(OpBuilder &, Value)> body) {
    auto loop = scf::ParallelOp::create(
        rewriter, loc, indexConstant(rewriter, loc, 0),
        indexConstant(rewriter, loc, blocks), indexConstant(rewriter, loc, 1),
        [&](OpBuilder &b, Location, ValueRange ivs) { body(b, ivs[0]); });
    setMapping(loop, gpu::Processor::BlockX);
  }

  /// The threads of a block running `body` with the thread's index. With
  /// `inits` (neutral elements), `body` returns one partial value per init,
  /// which `combiners` combine across the threads; returns the totals.
  SmallVector<Value>
  buildThreadLoop(OpBuilder &b, Location loc, ValueRange inits,
                  ArrayRef<Operation *> combiners,
                  ArrayRef<BlockArgument> combinerArgs,
                  function_ref<SmallVector<Value>(OpBuilder &, Value)> body) {
    auto loop = scf::ParallelOp::create(
        b, loc, ValueRange{indexConstant(b, loc, 0)},
        ValueRange{indexConstant(b, loc, blockSize)},
        ValueRange{indexConstant(b, loc, 1)}, inits,
        [&](OpBuilder &nested, Location nestedLoc, ValueRange ivs, ValueRange) {
          SmallVector<Value> partials = body(nested, ivs[0]);
          auto reduce = scf::ReduceOp::create(nested, nestedLoc, partials);
          for (auto [region, combiner, outArg] :
               llvm::zip(reduce.getReductions(), combiners, combinerArgs)) {
            Block &block = region.front();
            OpBuilder::InsertionGuard guard(nested);
            nested.setInsertionPointToEnd(&block);
            Value combined =
                combine(nested, combiner, outArg, block.getArgument(0),
                        block.getArgument(1));
            scf::ReduceReturnOp::create(nested, nestedLoc, combined);
          }
        });
    setMapping(loop, gpu::Processor::ThreadX);
    return SmallVector<Value>(loop.getResults());
  }

  /// `body` for every linear position in [0, count), spread over the
  /// threads of a block (`first` = thread, `stride` = block size) or of the
  /// grid (`first` = block * block size + thread).
  static void buildStridedLoop(OpBuilder &b, Location loc, Value first,
                               int64_t count, int64_t stride,
                               function_ref<void(OpBuilder &, Value)> body) {
    // `first` is below `stride`: one iteration needs no loop.
    if (count == stride) {
      body(b, first);
      return;
    }
    scf::ForOp::create(b, loc, first, indexConstant(b, loc, count),
                       indexConstant(b, loc, stride), ValueRange{},
                       [&](OpBuilder &nested, Location, Value iv, ValueRange) {
                         body(nested, iv);
                         scf::YieldOp::create(nested, loc);
                       });
  }

  LogicalResult tileTopLevel(linalg::GenericOp op);
  LogicalResult tileRowFusion(scf::ForallOp forall);

private:
  void setMapping(scf::ParallelOp loop, gpu::Processor processor) {
    loop->setAttr(
        gpu::getMappingAttrName(),
        rewriter.getArrayAttr({mappingTo(rewriter.getContext(), processor)}));
  }

  /// The index of `thread` of `block` among all threads of the grid.
  Value globalThreadIndex(OpBuilder &b, Location loc, Value block,
                          Value thread) const {
    Value offset =
        arith::MulIOp::create(b, loc, block, indexConstant(b, loc, blockSize));
    return arith::AddIOp::create(b, loc, offset, thread);
  }

  int64_t gridFor(int64_t work) const {
    return std::max<int64_t>(
        1, std::min<int64_t>(maxBlocks, llvm::divideCeil(work, blockSize)));
  }

  /// Elementwise: every point once, the grid striding over all of them.
  void buildParallelGrid(const LoopNestInfo &info);
  /// One thread per parallel point, looping over the reduction.
  void buildThreadPerOutput(const LoopNestInfo &info, OpBuilder &b,
                            Location loc, Value first, int64_t stride);
  /// One block per parallel point, its threads sharing the reduction.
  void buildBlockReduction(const LoopNestInfo &info,
                           const BlockReduction &reduction, OpBuilder &b,
                           Location loc, ValueRange parallelIvs);
  /// A full reduction: partials per block, then one block combining them.
  void buildTwoStageReduction(const LoopNestInfo &info,
                              const BlockReduction &reduction);
  /// Few outputs over many reduced columns: blocks split the reduction and
  /// write partial results, a second kernel combines them per output.
  LogicalResult buildSplitColumnReduction(const LoopNestInfo &info,
                                          const BlockReduction &reduction);
  /// Code of a block running `op` (inside a row fusion).
  void buildInBlock(linalg::GenericOp op, OpBuilder &b);

  /// The partial results of `info`'s reduced inits over the reduction
  /// positions [first, size) with `stride`, inside a thread loop.
  SmallVector<Value> accumulateStrided(const LoopNestInfo &info,
                                       const BlockReduction &reduction,
                                       OpBuilder &b, Location loc,
                                       ValueRange parallelIvs, Value first,
                                       int64_t stride);
  SmallVector<Value> neutralElements(const BlockReduction &reduction,
                                     OpBuilder &b, Location loc);
  /// Combines `totals` into the reduced inits at `parallelIvs` and stores.
  void storeTotals(const LoopNestInfo &info, const BlockReduction &reduction,
                   OpBuilder &b, Location loc, ValueRange parallelIvs,
                   ValueRange totals);

  /// The vector access of `op` along its loop `loop`.
  VectorAccess vectorAccess(linalg::GenericOp op, unsigned loop) const {
    return fuse::chooseVectorAccess(op, loop, op.getStaticLoopRanges()[loop],
                                    vectorBytes, alignedBuffers);
  }
  /// Every point of an elementwise `op`, `access.lanes` at a time, spread
  /// over the threads (`first`, `stride` in vectors).
  void buildElementwiseLoop(const LoopNestInfo &info, OpBuilder &b,
                            Location loc, Value first, int64_t stride,
                            const VectorAccess &access);

  /// unrollFactor for a loop strided by `stride`: a block's threads (in
  /// row fusions and block reductions) take their whole share of up to
  /// `rowVectors` at once.
  int64_t unrollFor(int64_t vectors, int64_t stride,
                    const VectorAccess &access) const {
    return unrollFactor(vectors, stride, stride == blockSize ? rowVectors : 0,
                        access);
  }

  RewriterBase &rewriter;
  int64_t blockSize;
  int64_t maxBlocks;
  int64_t vectorBytes;
  bool alignedBuffers;
  int64_t rowVectors;
};

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

SmallVector<BlockArgument> reducedOutArgs(linalg::GenericOp op,
                                          const BlockReduction &reduction) {
  SmallVector<BlockArgument> args;
  for (auto [init, combiner] : llvm::enumerate(reduction.combiners))
    if (combiner)
      args.push_back(op.getRegionOutputArgs()[init]);
  return args;
}

SmallVector<Operation *> reducedCombiners(const BlockReduction &reduction) {
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

void KernelBuilder::buildThreadPerOutput(const LoopNestInfo &info, OpBuilder &b,
                                         Location loc, Value first,
                                         int64_t stride) {
  linalg::GenericOp op = info.op;
  // Inits not indexed by the reduction dimensions are carried through the
  // reduction loops; the others are read and written at every point.
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
    if (failed(buildSplitColumnReduction(info, *reduction)))
      return failure();
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

/// Whether `op` is inside a kernel already (a forall, a parallel loop or
/// another linalg op).
bool isInsideKernel(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<FunctionOpInterface>(parent))
      return false;
    if (isa<scf::ForallOp, scf::ParallelOp, linalg::LinalgOp>(parent))
      return true;
  }
  return false;
}

struct GPUTileKernelsPass
    : fuse::impl::GPUTileKernelsPassBase<GPUTileKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    IRRewriter rewriter(&getContext());

    // Copies between buffers are kernels like any other.
    SmallVector<memref::CopyOp> copies;
    root->walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      linalg::makeMemRefCopyOp(rewriter, copy.getLoc(), copy.getSource(),
                               copy.getTarget());
      rewriter.eraseOp(copy);
    }

    // Named ops (fill, matmul, transpose, ...) as linalg.generic.
    SmallVector<linalg::LinalgOp> named;
    root->walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp>(op))
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      if (failed(linalg::generalizeNamedOp(rewriter, op))) {
        op.emitOpError("cannot be written as a linalg.generic for the GPU");
        return signalPassFailure();
      }
    }

    KernelBuilder builder(rewriter, blockSize, maxBlocks, vectorBytes,
                          alignedBuffers, rowVectors);
    SmallVector<scf::ForallOp> foralls;
    root->walk([&](scf::ForallOp forall) {
      if (!isInsideKernel(forall))
        foralls.push_back(forall);
    });
    for (scf::ForallOp forall : foralls)
      if (failed(builder.tileRowFusion(forall)))
        return signalPassFailure();

    SmallVector<linalg::GenericOp> generics;
    root->walk([&](linalg::GenericOp op) {
      if (!isInsideKernel(op))
        generics.push_back(op);
    });
    for (linalg::GenericOp op : generics) {
      if (!op.hasPureBufferSemantics()) {
        op.emitOpError("must be on buffers (run one-shot-bufferize first)");
        return signalPassFailure();
      }
      if (failed(builder.tileTopLevel(op)))
        return signalPassFailure();
    }
  }
};

} // namespace
