//===- GPUTileKernelsBuilder.h - kernels as block/thread nests --*- C++ -*-===//
//
// KernelBuilder, which fuse-gpu-tile-kernels runs on every kernel, and what
// its strategies share: a linalg op's loop nest, the reductions threads can
// apply in any order, and the loops of blocks and threads. Its strategies
// are defined by kind: GPUTileKernelsBuilder.cpp (elementwise loops and the
// dispatch), GPUTileKernelsReductions.cpp and GPUTileKernelsRows.cpp (row
// fusions).
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CODEGEN_GPU_GPUTILEKERNELSBUILDER_H
#define FUSE_LIB_CODEGEN_GPU_GPUTILEKERNELSBUILDER_H

#include "fuse/Codegen/Common/Accumulation.h"
#include "fuse/Codegen/Common/KernelPoints.h"
#include "fuse/Codegen/Common/VectorAccess.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse::kernels {

/// The parts of a linalg op that loops over its iteration space need.
struct LoopNestInfo {
  mlir::linalg::GenericOp op;
  llvm::SmallVector<int64_t> ranges;
  llvm::SmallVector<unsigned> parallelDims, reductionDims;
  llvm::SmallVector<int64_t> parallelSizes, reductionSizes;

  explicit LoopNestInfo(mlir::linalg::GenericOp op)
      : op(op), ranges(op.getStaticLoopRanges()) {
    for (auto [dim, type] : llvm::enumerate(op.getIteratorTypesArray())) {
      bool reduction = mlir::linalg::isReductionIterator(type);
      (reduction ? reductionDims : parallelDims).push_back(dim);
      (reduction ? reductionSizes : parallelSizes).push_back(ranges[dim]);
    }
  }

  /// The full induction variables from parallel and reduction indices.
  llvm::SmallVector<mlir::Value> merge(mlir::ValueRange parallel,
                                       mlir::ValueRange reduction) const {
    llvm::SmallVector<mlir::Value> ivs(ranges.size());
    for (auto [dim, value] : llvm::zip(parallelDims, parallel))
      ivs[dim] = value;
    for (auto [dim, value] : llvm::zip(reductionDims, reduction))
      ivs[dim] = value;
    return ivs;
  }

  bool usesReductionDims(mlir::AffineMap map) const {
    return llvm::any_of(reductionDims,
                        [&](unsigned dim) { return map.isFunctionOfDim(dim); });
  }
};

/// How each init of a reduction is written, when every init is either a
/// reduction with a combiner threads can apply in any order, or a value
/// written once at every point (an intermediate a fusion also returns).
struct BlockReduction {
  /// The single combiner of each reduced init; null for written inits.
  llvm::SmallVector<mlir::Operation *> combiners;

  bool reducesEveryInit() const {
    return llvm::all_of(combiners, [](mlir::Operation *op) { return op; });
  }

  static std::optional<BlockReduction> match(const LoopNestInfo &info) {
    mlir::linalg::GenericOp op = info.op;
    BlockReduction reduction;
    for (mlir::OpOperand &init : op.getDpsInitsMutable()) {
      unsigned index = init.getOperandNumber() - op.getNumDpsInputs();
      mlir::AffineMap map = op.getMatchingIndexingMap(&init);
      if (!info.usesReductionDims(map)) {
        llvm::SmallVector<mlir::Operation *> chain;
        if (!mlir::matchReduction(op.getRegionOutputArgs(), index, chain) ||
            chain.size() != 1 || !mlir::arith::getNeutralElement(chain.front()))
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

/// The mapping of a parallel loop's one dimension onto `processor`.
mlir::gpu::ParallelLoopDimMappingAttr mappingTo(mlir::MLIRContext *context,
                                                mlir::gpu::Processor processor);

/// How many vectors a thread takes per iteration of a loop over `vectors`
/// strided by `stride`: its whole share when that is a whole number of at
/// most `wholeShare` vectors (one iteration), else up to 4 when they divide
/// evenly (no tail), so that their loads are in flight together; 1 for
/// scalar accesses.
int64_t unrollFactor(int64_t vectors, int64_t stride, int64_t wholeShare,
                     const VectorAccess &access);

/// The neutral elements of `combiners` in their accumulation types.
llvm::SmallVector<mlir::Value>
neutralElements(llvm::ArrayRef<mlir::Operation *> combiners, mlir::OpBuilder &b,
                mlir::Location loc);

/// The region arguments of the inits that `reduction` reduces.
llvm::SmallVector<mlir::BlockArgument>
reducedOutArgs(mlir::linalg::GenericOp op, const BlockReduction &reduction);

/// The combiners of the inits that `reduction` reduces.
llvm::SmallVector<mlir::Operation *>
reducedCombiners(const BlockReduction &reduction);

/// Builds kernels as block/thread loop nests.
class KernelBuilder {
public:
  KernelBuilder(mlir::RewriterBase &rewriter, int64_t blockSize,
                int64_t maxBlocks, int64_t vectorBytes, bool alignedBuffers,
                int64_t rowVectors, int64_t leafSteps)
      : rewriter(rewriter), blockSize(blockSize), maxBlocks(maxBlocks),
        vectorBytes(vectorBytes), alignedBuffers(alignedBuffers),
        rowVectors(rowVectors), leafSteps(leafSteps) {}

  /// A grid of `blocks` blocks running `body` with the block's index.
  void buildBlockLoop(
      mlir::Location loc, int64_t blocks,
      llvm::function_ref<void(mlir::OpBuilder &, mlir::Value)> body) {
    auto loop = mlir::scf::ParallelOp::create(
        rewriter, loc, indexConstant(rewriter, loc, 0),
        indexConstant(rewriter, loc, blocks), indexConstant(rewriter, loc, 1),
        [&](mlir::OpBuilder &b, mlir::Location, mlir::ValueRange ivs) {
          body(b, ivs[0]);
        });
    setMapping(loop, mlir::gpu::Processor::BlockX);
  }

  /// The threads of a block running `body` with the thread's index. With
  /// `inits` (neutral elements), `body` returns one partial value per init,
  /// which `combiners` combine across the threads; returns the totals.
  llvm::SmallVector<mlir::Value> buildThreadLoop(
      mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange inits,
      llvm::ArrayRef<mlir::Operation *> combiners,
      llvm::ArrayRef<mlir::BlockArgument> combinerArgs,
      llvm::function_ref<llvm::SmallVector<mlir::Value>(mlir::OpBuilder &,
                                                        mlir::Value)>
          body) {
    auto loop = mlir::scf::ParallelOp::create(
        b, loc, mlir::ValueRange{indexConstant(b, loc, 0)},
        mlir::ValueRange{indexConstant(b, loc, blockSize)},
        mlir::ValueRange{indexConstant(b, loc, 1)}, inits,
        [&](mlir::OpBuilder &nested, mlir::Location nestedLoc,
            mlir::ValueRange ivs, mlir::ValueRange) {
          llvm::SmallVector<mlir::Value> partials = body(nested, ivs[0]);
          auto reduce =
              mlir::scf::ReduceOp::create(nested, nestedLoc, partials);
          for (auto [region, combiner, outArg] :
               llvm::zip(reduce.getReductions(), combiners, combinerArgs)) {
            mlir::Block &block = region.front();
            mlir::OpBuilder::InsertionGuard guard(nested);
            nested.setInsertionPointToEnd(&block);
            mlir::Value combined = fuse::combineWidened(
                nested, combiner, outArg, block.getArgument(0),
                block.getArgument(1));
            mlir::scf::ReduceReturnOp::create(nested, nestedLoc, combined);
          }
        });
    setMapping(loop, mlir::gpu::Processor::ThreadX);
    return llvm::SmallVector<mlir::Value>(loop.getResults());
  }

  /// `body` for every linear position in [0, count), spread over the
  /// threads of a block (`first` = thread, `stride` = block size) or of the
  /// grid (`first` = block * block size + thread).
  static void buildStridedLoop(
      mlir::OpBuilder &b, mlir::Location loc, mlir::Value first, int64_t count,
      int64_t stride,
      llvm::function_ref<void(mlir::OpBuilder &, mlir::Value)> body) {
    // `first` is below `stride`: one iteration needs no loop.
    if (count == stride) {
      body(b, first);
      return;
    }
    mlir::scf::ForOp::create(b, loc, first, indexConstant(b, loc, count),
                             indexConstant(b, loc, stride), mlir::ValueRange{},
                             [&](mlir::OpBuilder &nested, mlir::Location,
                                 mlir::Value iv, mlir::ValueRange) {
                               body(nested, iv);
                               mlir::scf::YieldOp::create(nested, loc);
                             });
  }

  mlir::LogicalResult tileTopLevel(mlir::linalg::GenericOp op);
  mlir::LogicalResult tileRowFusion(mlir::scf::ForallOp forall);

private:
  void setMapping(mlir::scf::ParallelOp loop, mlir::gpu::Processor processor) {
    loop->setAttr(
        mlir::gpu::getMappingAttrName(),
        rewriter.getArrayAttr({mappingTo(rewriter.getContext(), processor)}));
  }

  /// The index of `thread` of `block` among all threads of the grid.
  mlir::Value globalThreadIndex(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value block, mlir::Value thread) const {
    mlir::Value offset = mlir::arith::MulIOp::create(
        b, loc, block, indexConstant(b, loc, blockSize));
    return mlir::arith::AddIOp::create(b, loc, offset, thread);
  }

  int64_t gridFor(int64_t work) const {
    return std::max<int64_t>(
        1, std::min<int64_t>(maxBlocks, llvm::divideCeil(work, blockSize)));
  }

  /// Elementwise: every point once, the grid striding over all of them.
  void buildParallelGrid(const LoopNestInfo &info);
  /// One thread per parallel point, looping over the reduction.
  void buildThreadPerOutput(const LoopNestInfo &info, mlir::OpBuilder &b,
                            mlir::Location loc, mlir::Value first,
                            int64_t stride);
  /// One block per parallel point, its threads sharing the reduction.
  void buildBlockReduction(const LoopNestInfo &info,
                           const BlockReduction &reduction, mlir::OpBuilder &b,
                           mlir::Location loc, mlir::ValueRange parallelIvs);
  /// A full reduction: partials per block, then one block combining them.
  void buildTwoStageReduction(const LoopNestInfo &info,
                              const BlockReduction &reduction);
  /// Few outputs over many reduced columns: blocks split the reduction and
  /// write partial results, a second kernel combines them per output.
  void buildSplitColumnReduction(const LoopNestInfo &info,
                                 const BlockReduction &reduction);
  /// Code of a block running `op` (inside a row fusion).
  void buildInBlock(mlir::linalg::GenericOp op, mlir::OpBuilder &b);

  /// The partial results of `info`'s reduced inits over the reduction
  /// positions [first, size) with `stride`, inside a thread loop.
  llvm::SmallVector<mlir::Value>
  accumulateStrided(const LoopNestInfo &info, const BlockReduction &reduction,
                    mlir::OpBuilder &b, mlir::Location loc,
                    mlir::ValueRange parallelIvs, mlir::Value first,
                    int64_t stride);
  /// A thread's partial results (in the combiners' accumulation types, from
  /// their neutral elements) of `step` folded over the positions `first`,
  /// `first + stride`, ... below `end`, where `first` is below `stride`.
  /// `step` takes a position and the partial results so far and returns
  /// the next. With a rounding combiner, a thread folds at most
  /// `leafPositions` positions in order into each leaf, and its leaves are
  /// combined pairwise: a loop of two iterations per level of a balanced
  /// tree, each adding its halves' totals.
  llvm::SmallVector<mlir::Value>
  foldPositions(mlir::OpBuilder &b, mlir::Location loc, mlir::Value first,
                int64_t end, int64_t stride, int64_t leafPositions,
                llvm::ArrayRef<mlir::Operation *> combiners,
                llvm::ArrayRef<mlir::BlockArgument> outArgs,
                llvm::function_ref<llvm::SmallVector<mlir::Value>(
                    mlir::OpBuilder &, mlir::Value, mlir::ValueRange)>
                    step);
  /// A thread's share of the partial results in `buffers` at
  /// [position, outputIndices...] for the positions `first`, `first +
  /// block-size`, ... below `count`, combined as foldPositions does.
  llvm::SmallVector<mlir::Value>
  foldPartials(mlir::OpBuilder &b, mlir::Location loc,
               llvm::ArrayRef<mlir::Value> buffers,
               mlir::ValueRange outputIndices, mlir::Value first, int64_t count,
               llvm::ArrayRef<mlir::Operation *> combiners,
               llvm::ArrayRef<mlir::BlockArgument> outArgs);
  /// Every output of a reduction that threads can reorder, a thread each,
  /// folding its positions with foldPositions.
  void buildThreadPerOutputInLeaves(const LoopNestInfo &info,
                                    const BlockReduction &reduction,
                                    mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::Value first, int64_t stride);
  /// Combines `totals` into the reduced inits at `parallelIvs` and stores.
  void storeTotals(const LoopNestInfo &info, const BlockReduction &reduction,
                   mlir::OpBuilder &b, mlir::Location loc,
                   mlir::ValueRange parallelIvs, mlir::ValueRange totals);

  /// The vector access of `op` along its loop `loop`.
  VectorAccess vectorAccess(mlir::linalg::GenericOp op, unsigned loop) const {
    return fuse::chooseVectorAccess(op, loop, op.getStaticLoopRanges()[loop],
                                    vectorBytes, alignedBuffers);
  }
  /// Every point of an elementwise `op`, `access.lanes` at a time, spread
  /// over the threads (`first`, `stride` in vectors).
  void buildElementwiseLoop(const LoopNestInfo &info, mlir::OpBuilder &b,
                            mlir::Location loc, mlir::Value first,
                            int64_t stride, const VectorAccess &access);

  /// unrollFactor for a loop strided by `stride`: a block's threads (in
  /// row fusions and block reductions) take their whole share of up to
  /// `rowVectors` at once.
  int64_t unrollFor(int64_t vectors, int64_t stride,
                    const VectorAccess &access) const {
    return unrollFactor(vectors, stride, stride == blockSize ? rowVectors : 0,
                        access);
  }

  mlir::RewriterBase &rewriter;
  int64_t blockSize;
  int64_t maxBlocks;
  int64_t vectorBytes;
  bool alignedBuffers;
  int64_t rowVectors;
  int64_t leafSteps;
};

} // namespace fuse::kernels

#endif // FUSE_LIB_CODEGEN_GPU_GPUTILEKERNELSBUILDER_H
