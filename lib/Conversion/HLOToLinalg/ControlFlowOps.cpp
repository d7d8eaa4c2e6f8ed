//===- ControlFlowOps.cpp - hlo.while and hlo.case to scf -----------------===//
//
// hlo.while becomes scf.while and hlo.case becomes scf.index_switch; the
// regions move over whole, and their hlo.return terminators become
// scf.condition (on the element of the rank-0 predicate) and scf.yield. The
// ops inside the regions are lowered by the other patterns of the pass.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Moves `source` to the end of `destination` and replaces its hlo.return
/// with scf.yield.
void moveBranch(ConversionPatternRewriter &rewriter, Region &source,
                Region &destination) {
  rewriter.inlineRegionBefore(source, destination, destination.end());
  auto ret = cast<ReturnOp>(destination.front().getTerminator());
  rewriter.setInsertionPoint(ret);
  rewriter.replaceOpWithNewOp<scf::YieldOp>(ret, ret.getResults());
}

struct WhileLowering : OpConversionPattern<WhileOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto loop = scf::WhileOp::create(rewriter, op.getLoc(), op.getResultTypes(),
                                     adaptor.getOperands());
    Region &before = loop.getBefore();
    rewriter.inlineRegionBefore(op.getCond(), before, before.end());
    auto condReturn = cast<ReturnOp>(before.front().getTerminator());
    rewriter.setInsertionPoint(condReturn);
    Value predicate = fuse::detail::extractScalar(
        rewriter, condReturn.getLoc(), condReturn.getResults().front());
    rewriter.replaceOpWithNewOp<scf::ConditionOp>(
        condReturn, predicate, before.front().getArguments());
    moveBranch(rewriter, op.getBody(), loop.getAfter());
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

/// Branches 0..N-2 are the cases and the last branch is the default, which
/// also takes every index out of range, as hlo.case defines.
struct CaseLowering : OpConversionPattern<CaseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value index = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getIndexType(),
        fuse::detail::extractScalar(rewriter, loc, adaptor.getIndex()));
    MutableArrayRef<Region> branches = op.getBranches();
    SmallVector<int64_t> cases =
        llvm::to_vector(llvm::seq<int64_t>(0, branches.size() - 1));
    auto select = scf::IndexSwitchOp::create(rewriter, loc, op.getResultTypes(),
                                             index, cases, cases.size());
    for (auto [branch, caseRegion] :
         llvm::zip(branches.drop_back(), select.getCaseRegions()))
      moveBranch(rewriter, branch, caseRegion);
    moveBranch(rewriter, branches.back(), select.getDefaultRegion());
    rewriter.replaceOp(op, select.getResults());
    return success();
  }
};

} // namespace

void fuse::detail::populateControlFlowLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<WhileLowering, CaseLowering>(patterns.getContext());
}
