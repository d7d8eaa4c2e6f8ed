//===- UnrollLoops.cpp - while loops of a few counted trips, unrolled ----===//
//
// A loop of a few trips over whole tensors is kernels and loop control per
// trip; its copies in a row are one elementwise chain that fusion makes
// one kernel of.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Dialect/HLO/Transforms/Patterns.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_UNROLLLOOPSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Whether `value` is `argument + 1` (in either order).
bool isIncrement(Value value, BlockArgument argument) {
  auto add = value.getDefiningOp<AddOp>();
  return add &&
         ((add.getLhs() == argument && matchPattern(add.getRhs(), m_One())) ||
          (add.getRhs() == argument && matchPattern(add.getLhs(), m_One())));
}

/// The trips of `loop` when its condition is `i < bound` on a carried
/// integer that starts at a constant, with a constant bound, and the body
/// adds one to it; else why not.
FailureOr<int64_t> getTripCount(WhileOp loop, std::string &why) {
  Block &cond = loop.getCond().front();
  Value predicate = cond.getTerminator()->getOperand(0);
  auto compare = predicate.getDefiningOp<CompareOp>();
  bool onlyConstantsBeside = llvm::all_of(cond, [&](Operation &op) {
    return &op == compare || op.hasTrait<OpTrait::IsTerminator>() ||
           op.hasTrait<OpTrait::ConstantLike>();
  });
  if (!compare || !onlyConstantsBeside ||
      compare.getComparisonDirection() != ComparisonDirection::LT) {
    why = "the condition is not one 'less than'";
    return failure();
  }
  auto counter = dyn_cast<BlockArgument>(compare.getLhs());
  llvm::APInt bound, start;
  if (!counter || counter.getOwner() != &cond ||
      !matchPattern(compare.getRhs(), m_ConstantInt(&bound))) {
    why = "the condition does not compare a carried value with a constant";
    return failure();
  }
  unsigned index = counter.getArgNumber();
  Block &body = loop.getBody().front();
  if (!matchPattern(loop.getOperands()[index], m_ConstantInt(&start)) ||
      !isIncrement(body.getTerminator()->getOperand(index),
                   body.getArgument(index))) {
    why = "the carried value does not count from a constant by ones";
    return failure();
  }
  bool isUnsigned =
      compare.getEffectiveCompareType() == ComparisonType::UNSIGNED;
  if (isUnsigned ? !start.ult(bound) : !start.slt(bound))
    return int64_t(0);
  llvm::APInt trips = bound - start;
  if (trips.getActiveBits() > 62) {
    why = "the loop runs too many trips";
    return failure();
  }
  return int64_t(trips.getZExtValue());
}

struct UnrollCountedLoop : OpRewritePattern<WhileOp> {
  UnrollCountedLoop(MLIRContext *context, int64_t maxTrips, int64_t maxOps)
      : OpRewritePattern(context), maxTrips(maxTrips), maxOps(maxOps) {}

  LogicalResult matchAndRewrite(WhileOp loop,
                                PatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<int64_t> trips = getTripCount(loop, why);
    if (failed(trips))
      return rewriter.notifyMatchFailure(loop, why);
    Block &body = loop.getBody().front();
    int64_t bodyOps = 0;
    body.walk([&](Operation *) { ++bodyOps; });
    if (*trips > maxTrips || *trips * bodyOps > maxOps)
      return rewriter.notifyMatchFailure(
          loop, "more trips or ops than max-trips and max-ops allow");

    SmallVector<Value> carried(loop.getOperands());
    for (int64_t trip = 0; trip < *trips; ++trip) {
      IRMapping mapping;
      mapping.map(body.getArguments(), carried);
      for (Operation &op : body.without_terminator())
        rewriter.clone(op, mapping);
      carried = llvm::map_to_vector(
          body.getTerminator()->getOperands(),
          [&](Value value) { return mapping.lookupOrDefault(value); });
    }
    rewriter.replaceOp(loop, carried);
    return success();
  }

  int64_t maxTrips, maxOps;
};

struct UnrollLoopsPass : fuse::hlo::impl::UnrollLoopsPassBase<UnrollLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateUnrollLoopsPatterns(patterns, maxTrips, maxOps);
    // One walk, inner loops first: an unrolled loop makes no new match
    // outside the copies it places where it was.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void fuse::hlo::populateUnrollLoopsPatterns(RewritePatternSet &patterns,
                                            int64_t maxTrips, int64_t maxOps) {
  patterns.add<UnrollCountedLoop>(patterns.getContext(), maxTrips, maxOps);
}
