//===- ControlFlowOps.cpp - hlo.while and hlo.case to scf -----------------===//
//
// hlo.while becomes scf.while and hlo.case becomes scf.index_switch; the
// regions move over whole, and their hlo.return terminators become
// scf.condition (on the element of the rank-0 predicate) and scf.yield. A
// while loop that counts (as JAX's scan and fori_loop do) becomes scf.for:
// its trip count is known, so no predicate is computed or read, and the
// counter is the induction variable. The ops inside the regions are lowered
// by the other patterns of the pass. A loop that might never end is never
// erased (WhileLowering::keepIfForwarding).
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cstdint>

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

/// The value of a rank-0 signless integer constant.
std::optional<int64_t> integerConstant(Value value) {
  DenseIntElementsAttr attr;
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() != 0 ||
      !type.getElementType().isSignlessInteger() ||
      !matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  return attr.getSplatValue<APInt>().getSExtValue();
}

/// A while loop that counts: operand `position` starts at a constant, the
/// condition is only `counter LT bound` with a constant bound, and the body
/// returns `counter + step` for it, the step a positive constant.
struct CountedLoop {
  unsigned position;
  int64_t start, step, trips;
};

std::optional<CountedLoop> matchCountedLoop(WhileOp op) {
  Block &cond = op.getCond().front();
  auto compare = dyn_cast<CompareOp>(cond.front());
  if (!compare || cond.getOperations().size() != 2 ||
      compare.getComparisonDirection() != ComparisonDirection::LT ||
      cast<ReturnOp>(cond.getTerminator()).getResults().front() !=
          compare.getResult())
    return std::nullopt;
  auto counter = dyn_cast<BlockArgument>(compare.getLhs());
  std::optional<int64_t> bound = integerConstant(compare.getRhs());
  if (!counter || counter.getOwner() != &cond || !bound)
    return std::nullopt;
  unsigned position = counter.getArgNumber();
  std::optional<int64_t> start = integerConstant(op.getOperand(position));
  Block &body = op.getBody().front();
  Value next = cast<ReturnOp>(body.getTerminator()).getResults()[position];
  auto add = next.getDefiningOp<AddOp>();
  if (!start || !add)
    return std::nullopt;
  Value other = add.getLhs() == body.getArgument(position)   ? add.getRhs()
                : add.getRhs() == body.getArgument(position) ? add.getLhs()
                                                             : Value();
  std::optional<int64_t> step = other ? integerConstant(other) : std::nullopt;
  // Non-negative values that cannot overflow compare alike signed and
  // unsigned (signless integers may be either).
  unsigned bits = cast<ShapedType>(counter.getType()).getElementTypeBitWidth();
  int64_t limit = bits >= 64 ? INT64_MAX / 2 : (int64_t(1) << (bits - 1)) - 1;
  if (!step || *step <= 0 || *start < 0 || *bound < 0 || *bound > limit - *step)
    return std::nullopt;
  int64_t trips = *start < *bound ? (*bound - *start + *step - 1) / *step : 0;
  return CountedLoop{position, *start, *step, trips};
}

/// hlo.while of a CountedLoop as scf.for: the counter's value in each
/// iteration is start + i * step, and after the loop start + trips * step.
struct CountedWhileLowering : OpConversionPattern<WhileOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<CountedLoop> counted = matchCountedLoop(op);
    if (!counted)
      return rewriter.notifyMatchFailure(op, "not a counted loop");
    Location loc = op.getLoc();
    unsigned position = counted->position;
    auto counterType = cast<RankedTensorType>(op.getResult(position).getType());
    Type element = counterType.getElementType();
    SmallVector<Value> inits;
    for (auto [index, operand] : llvm::enumerate(adaptor.getOperands()))
      if (index != position)
        inits.push_back(operand);
    auto index = [&](int64_t value) {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    auto loop = scf::ForOp::create(rewriter, loc, index(0),
                                   index(counted->trips), index(1), inits);
    Block *loopBody = loop.getBody();
    // A loop that carries only its counter gets scf.for's own empty yield;
    // the body's return becomes the yield.
    if (!loopBody->empty())
      rewriter.eraseOp(loopBody->getTerminator());
    rewriter.setInsertionPointToStart(loopBody);
    Value iteration = arith::IndexCastOp::create(rewriter, loc, element,
                                                 loop.getInductionVar());
    Value count = arith::AddIOp::create(
        rewriter, loc,
        arith::ConstantOp::create(
            rewriter, loc, rewriter.getIntegerAttr(element, counted->start)),
        arith::MulIOp::create(
            rewriter, loc, iteration,
            arith::ConstantOp::create(
                rewriter, loc,
                rewriter.getIntegerAttr(element, counted->step))));
    Value counter =
        tensor::FromElementsOp::create(rewriter, loc, counterType, count);
    SmallVector<Value> arguments;
    for (unsigned arg = 0, carried = 0; arg < op.getNumOperands(); ++arg)
      arguments.push_back(
          arg == position ? counter : loop.getRegionIterArgs()[carried++]);
    Block &body = op.getBody().front();
    rewriter.inlineBlockBefore(&body, loopBody, loopBody->end(), arguments);
    auto ret = cast<ReturnOp>(loopBody->getTerminator());
    SmallVector<Value> yielded;
    for (auto [index, value] : llvm::enumerate(ret.getResults()))
      if (index != position)
        yielded.push_back(value);
    rewriter.setInsertionPoint(ret);
    rewriter.replaceOpWithNewOp<scf::YieldOp>(ret, yielded);

    rewriter.setInsertionPointAfter(loop);
    SmallVector<Value> results(loop.getResults());
    int64_t last = counted->start + counted->trips * counted->step;
    results.insert(results.begin() + position,
                   arith::ConstantOp::create(
                       rewriter, loc,
                       DenseElementsAttr::get(
                           counterType,
                           rewriter.getIntegerAttr(element, last).getValue())));
    rewriter.replaceOp(op, results);
    return success();
  }
};

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
    keepIfForwarding(rewriter, loop);
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }

  /// A body that returns a carried value unchanged lets canonicalization
  /// take that result from the loop's operand; if nothing else of the loop
  /// is used, the loop then has no effect and is erased, though it might
  /// never end (a constant-true condition on such values never does). XLA
  /// runs such a loop, so its body gets an empty asm statement with a side
  /// effect, which neither MLIR nor LLVM removes.
  static void keepIfForwarding(ConversionPatternRewriter &rewriter,
                               scf::WhileOp loop) {
    Block &body = loop.getAfter().front();
    Operation *yield = body.getTerminator();
    bool forwards =
        llvm::any_of(llvm::enumerate(yield->getOperands()), [&](auto indexed) {
          return indexed.value() == body.getArgument(indexed.index());
        });
    if (!forwards)
      return;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&body);
    LLVM::InlineAsmOp::create(
        rewriter, loop.getLoc(), TypeRange{}, ValueRange{}, /*asm_string=*/"",
        /*constraints=*/"", /*has_side_effects=*/true,
        /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
        LLVM::AsmDialectAttr(), ArrayAttr());
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
  // The counted form first.
  patterns.add<CountedWhileLowering>(patterns.getContext(), /*benefit=*/2);
  patterns.add<WhileLowering, CaseLowering>(patterns.getContext());
}
