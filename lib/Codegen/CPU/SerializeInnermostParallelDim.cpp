//===- SerializeInnermostParallelDim.cpp - a vector loop per thread ------===//
//
// OpenMP runs a multi-dimensional parallel loop as one collapsed loop and
// recovers every index with a division per iteration: a 6-D copy (the
// patches of a convolution) then runs at a few GB/s, and LLVM cannot
// vectorize its innermost dimension. Threads need only enough iterations to
// share, so when the outer dimensions give them, the innermost one becomes
// an ordinary loop: the divisions are paid once per row, and the row is a
// loop LLVM vectorizes. Keeping more dimensions sequential saves little more
// and costs compile time (LLVM unrolls the short loops around the row). When
// the outer dimensions are too few (an LSTM step's 32 x 128 gates), the row
// is cut into equal pieces of at least a vector's worth, shared as another
// parallel dimension: the divisions are paid once per piece.
//
//===----------------------------------------------------------------------===//

#include "ParallelLoopSerialization.h"
#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

namespace fuse {
#define GEN_PASS_DEF_SERIALIZEINNERMOSTPARALLELDIMPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Elements of a piece of a row: a vector of f32 on AVX-512, two on AVX2.
constexpr int64_t kMinPieceElements = 16;

/// The iterations the outer dimensions of `loop` make; nullopt when one has
/// an unknown size (counted as enough).
std::optional<int64_t> countOuterIterations(scf::ParallelOp loop) {
  int64_t iterations = 1;
  for (auto [lb, ub, step] : llvm::drop_end(llvm::zip(
           loop.getLowerBound(), loop.getUpperBound(), loop.getStep()))) {
    std::optional<APInt> trips = constantTripCount(
        getAsOpFoldResult(lb), getAsOpFoldResult(ub), getAsOpFoldResult(step),
        /*isSigned=*/true, scf::computeUbMinusLb);
    if (!trips)
      return std::nullopt;
    iterations *= trips->getSExtValue();
  }
  return iterations;
}

/// How many equal pieces to cut the innermost dimension into so that the
/// outer iterations times the pieces make `minIterations`, each piece
/// holding at least kMinPieceElements: the fewest that do, else the most
/// that keep pieces that long. 1 when the dimension is not a static range
/// from 0 with step 1, or too short to cut.
int64_t choosePieces(scf::ParallelOp loop, int64_t outerIterations,
                     int64_t minIterations) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound().back());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound().back());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep().back());
  if (lb != 0 || step != 1 || !ub)
    return 1;
  int64_t pieces = 1;
  for (int64_t candidate = 2; candidate <= *ub / kMinPieceElements;
       ++candidate) {
    if (*ub % candidate)
      continue;
    pieces = candidate;
    if (outerIterations * pieces >= minIterations)
      break;
  }
  return pieces;
}

/// Replaces `loop` by a parallel loop over all its dimensions but the last
/// (and, with `pieces` > 1, over that many pieces of the last), around an
/// scf.for over the last dimension or its piece.
void serializeInnermostDim(RewriterBase &rewriter, scf::ParallelOp loop,
                           int64_t pieces) {
  Location loc = loop.getLoc();
  unsigned outer = loop.getNumLoops() - 1;
  ValueRange lbs = loop.getLowerBound(), ubs = loop.getUpperBound(),
             steps = loop.getStep();
  ValueRange ivs = loop.getBody()->getArguments();
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> parallelLbs(lbs.take_front(outer)),
      parallelUbs(ubs.take_front(outer)),
      parallelSteps(steps.take_front(outer));
  Value pieceLength;
  if (pieces > 1) {
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    parallelLbs.push_back(zero);
    parallelUbs.push_back(
        arith::ConstantIndexOp::create(rewriter, loc, pieces));
    parallelSteps.push_back(one);
    pieceLength = arith::ConstantIndexOp::create(
        rewriter, loc, *getConstantIntValue(ubs.back()) / pieces);
  }
  scf::ParallelOp::create(
      rewriter, loc, parallelLbs, parallelUbs, parallelSteps,
      [&](OpBuilder &b, Location outerLoc, ValueRange parallelIvs) {
        Value first = lbs.back(), last = ubs.back();
        if (pieceLength) {
          first = arith::MulIOp::create(b, outerLoc, parallelIvs.back(),
                                        pieceLength);
          last = arith::AddIOp::create(b, outerLoc, first, pieceLength);
        }
        auto innermostLoop = scf::ForOp::create(
            b, outerLoc, first, last, steps.back(), ValueRange{},
            [&](OpBuilder &nested, Location innerLoc, Value innermost,
                ValueRange) {
              IRMapping mapping;
              mapping.map(ivs.take_front(outer), parallelIvs.take_front(outer));
              mapping.map(ivs.back(), innermost);
              for (Operation &op : loop.getBody()->without_terminator())
                nested.clone(op, mapping);
              scf::YieldOp::create(nested, innerLoc);
            });
        fuse::markParallelIterations(innermostLoop);
      });
  rewriter.eraseOp(loop);
}

struct SerializeInnermostParallelDimPass
    : fuse::impl::SerializeInnermostParallelDimPassBase<
          SerializeInnermostParallelDimPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<scf::ParallelOp, int64_t>> loops;
    getOperation()->walk([&](scf::ParallelOp loop) {
      // A loop with reductions would need partial results per outer
      // iteration; those loops (split reductions) have one dimension.
      if (loop.getNumLoops() < 2 || !loop.getInitVals().empty() ||
          loop->getParentOfType<scf::ParallelOp>())
        return;
      std::optional<int64_t> outer = countOuterIterations(loop);
      if (!outer || *outer >= minIterations) {
        loops.push_back({loop, 1});
        return;
      }
      if (int64_t pieces = choosePieces(loop, *outer, minIterations);
          pieces > 1)
        loops.push_back({loop, pieces});
    });
    IRRewriter rewriter(&getContext());
    for (auto [loop, pieces] : loops)
      serializeInnermostDim(rewriter, loop, pieces);
  }
};

} // namespace
