//===- WindowOps.cpp - reduce_window and select_and_scatter ---------------===//
//
// A cumulative window (JAX's cumsum, cumprod, cummax: along one dimension a
// window as long as the dimension, padded before by one less, every other
// dimension untouched) becomes a scan: an scf.forall over the lines along
// that dimension, each a sequential loop carrying the accumulators, which
// applies the body in the window's own order (acc_i = body(acc_i-1, x_i))
// with n steps instead of n^2 / 2. Any other reduce_window becomes a
// linalg.generic over the result positions
// (parallel) and the window offsets (reduction, shaped by an empty window
// tensor) that reads each input element through the padding and dilation
// and combines it with the scalar body; offsets in the padding or in a
// dilation hole leave the accumulators as they are. select_and_scatter
// becomes a sequential loop nest over the source: an inner nest over the
// window keeps the chosen element (the select body decides), then the
// source value is combined into the result there with the scatter body;
// with parallel scatters (the GPU's), an scf.forall over the source whose
// threads combine into a buffer with one atomic operation each.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

struct Window {
  ArrayRef<int64_t> sizes, strides, low, baseDilations, windowDilations;

  /// The operand index (clamped into bounds) under window offset `offset`
  /// of the window at `position`, and whether it is an element rather than
  /// padding or a dilation hole.
  std::pair<SmallVector<Value>, Value> element(OpBuilder &b, Location loc,
                                               ArrayRef<int64_t> shape,
                                               ValueRange position,
                                               ValueRange offset) const {
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(b, loc, value);
    };
    Value inBounds = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    SmallVector<Value> index;
    for (auto [d, size] : llvm::enumerate(shape)) {
      Value dilated = arith::SubIOp::create(
          b, loc,
          arith::AddIOp::create(
              b, loc,
              arith::MulIOp::create(b, loc, position[d], constant(strides[d])),
              arith::MulIOp::create(b, loc, offset[d],
                                    constant(windowDilations[d]))),
          constant(low[d]));
      Value dilation = constant(baseDilations[d]);
      Value source = arith::DivSIOp::create(b, loc, dilated, dilation);
      Value ok = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, dilated,
                                constant(0)),
          arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::eq,
              arith::RemSIOp::create(b, loc, dilated, dilation), constant(0)));
      ok = arith::AndIOp::create(
          b, loc, ok,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, source,
                                constant(size)));
      inBounds = arith::AndIOp::create(b, loc, inBounds, ok);
      index.push_back(arith::SelectOp::create(b, loc, ok, source, constant(0)));
    }
    return {index, inBounds};
  }
};

/// The dimension along which `op` is a cumulative window, if it is one.
std::optional<int64_t> getCumulativeDim(ReduceWindowOp op) {
  auto type = cast<RankedTensorType>(op.getInputs().front().getType());
  std::optional<int64_t> scanned;
  for (int64_t d = 0, rank = type.getRank(); d < rank; ++d) {
    if (op.getWindowStrides()[d] != 1 || op.getBaseDilations()[d] != 1 ||
        op.getWindowDilations()[d] != 1 || op.getPaddingHigh()[d] != 0)
      return std::nullopt;
    int64_t size = op.getWindowDimensions()[d];
    if (size == 1 && op.getPaddingLow()[d] == 0)
      continue;
    if (scanned || size != type.getDimSize(d) ||
        op.getPaddingLow()[d] != size - 1)
      return std::nullopt;
    scanned = d;
  }
  return scanned;
}

/// The cumulative window along `dim` as a parallel loop over the lines
/// along `dim`, each scanned by a sequential loop.
FailureOr<SmallVector<Value>>
lowerCumulativeWindow(ReduceWindowOp op, ReduceWindowOp::Adaptor adaptor,
                      int64_t dim, const IRMapping &outerScalars,
                      ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  ValueRange inputs = adaptor.getInputs();
  int64_t length =
      cast<RankedTensorType>(inputs.front().getType()).getDimSize(dim);
  SmallVector<Value> inits;
  for (Value init : adaptor.getInitValues())
    inits.push_back(fuse::detail::extractScalar(rewriter, loc, init));
  SmallVector<Type> elementTypes = llvm::map_to_vector(
      op.getResultTypes(), [](Type t) { return getElementTypeOrSelf(t); });
  auto scanLine = [&](OpBuilder &builder, Location lineLoc,
                      ValueRange lineInputs) -> FailureOr<SmallVector<Value>> {
    Value zero = arith::ConstantIndexOp::create(builder, lineLoc, 0);
    Value one = arith::ConstantIndexOp::create(builder, lineLoc, 1);
    Value end = arith::ConstantIndexOp::create(builder, lineLoc, length);
    SmallVector<Value> carried;
    for (Type element : elementTypes)
      carried.push_back(tensor::EmptyOp::create(
          builder, lineLoc, ArrayRef<int64_t>{length}, element));
    llvm::append_range(carried, inits);
    size_t count = lineInputs.size();
    bool bodyFailed = false;
    auto scan = scf::ForOp::create(
        builder, lineLoc, zero, end, one, carried,
        [&](OpBuilder &b, Location bodyLoc, Value k, ValueRange state) {
          SmallVector<Value> arguments(state.drop_front(count));
          for (Value line : lineInputs)
            arguments.push_back(tensor::ExtractOp::create(b, bodyLoc, line, k));
          FailureOr<SmallVector<Value>> next = fuse::emitScalarRegion(
              b, op.getBody(), arguments,
              [&](Value outer) { return outerScalars.lookup(outer); });
          if (failed(next)) {
            bodyFailed = true;
            scf::YieldOp::create(b, bodyLoc, state);
            return;
          }
          SmallVector<Value> yielded;
          for (auto [line, value] :
               llvm::zip_equal(state.take_front(count), *next))
            yielded.push_back(
                tensor::InsertOp::create(b, bodyLoc, value, line, k));
          llvm::append_range(yielded, *next);
          scf::YieldOp::create(b, bodyLoc, yielded);
        });
    if (bodyFailed)
      return failure();
    return llvm::to_vector_of<Value>(scan.getResults().take_front(count));
  };
  return fuse::detail::mapLines(rewriter, loc, inputs, dim, op.getResultTypes(),
                                scanLine);
}

struct ReduceWindowLowering : OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    auto inputType = cast<RankedTensorType>(inputs.front().getType());
    int64_t rank = inputType.getRank();
    Window window{op.getWindowDimensions(), op.getWindowStrides(),
                  op.getPaddingLow(), op.getBaseDilations(),
                  op.getWindowDilations()};
    IRMapping outerScalars = fuse::detail::readOuterScalars(rewriter, loc, op);
    if (std::optional<int64_t> dim = getCumulativeDim(op);
        dim && inputType.getDimSize(*dim) > 1) {
      FailureOr<SmallVector<Value>> scanned =
          lowerCumulativeWindow(op, adaptor, *dim, outerScalars, rewriter);
      if (failed(scanned))
        return failure();
      rewriter.replaceOp(op, *scanned);
      return success();
    }

    SmallVector<Value> destinations;
    for (auto [result, init] :
         llvm::zip_equal(op.getResults(), adaptor.getInitValues()))
      destinations.push_back(fuse::detail::createFilledTensor(
          rewriter, loc, cast<RankedTensorType>(result.getType()),
          fuse::detail::extractScalar(rewriter, loc, init)));
    Value windowShape = tensor::EmptyOp::create(rewriter, loc, window.sizes,
                                                rewriter.getI1Type());

    // The loops: the result's positions but the innermost, the window's
    // offsets, then the innermost position, so that the innermost loop runs
    // along contiguous elements (the channels of an NHWC pooling, whose
    // window spans rows and columns) rather than along the window.
    MLIRContext *context = rewriter.getContext();
    auto positionLoop = [&](int64_t d) {
      return d == rank - 1 ? 2 * rank - 1 : d;
    };
    auto offsetLoop = [&](int64_t d) { return rank - 1 + d; };
    SmallVector<AffineExpr> positionExprs, offsetExprs;
    SmallVector<utils::IteratorType> iterators(2 * rank,
                                               utils::IteratorType::parallel);
    for (int64_t d = 0; d < rank; ++d) {
      positionExprs.push_back(getAffineDimExpr(positionLoop(d), context));
      offsetExprs.push_back(getAffineDimExpr(offsetLoop(d), context));
      iterators[offsetLoop(d)] = utils::IteratorType::reduction;
    }
    AffineMap positions = AffineMap::get(2 * rank, 0, positionExprs, context);
    AffineMap offsets = AffineMap::get(2 * rank, 0, offsetExprs, context);
    SmallVector<AffineMap> maps{offsets};
    maps.append(destinations.size(), positions);

    bool bodyFailed = false;
    auto buildBody = [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
      ValueRange accumulators = args.drop_front();
      SmallVector<Value> position, offset;
      for (int64_t d = 0; d < rank; ++d) {
        position.push_back(
            linalg::IndexOp::create(b, bodyLoc, positionLoop(d)));
        offset.push_back(linalg::IndexOp::create(b, bodyLoc, offsetLoop(d)));
      }
      auto [index, inBounds] =
          window.element(b, bodyLoc, inputType.getShape(), position, offset);
      SmallVector<Value> arguments(accumulators);
      for (Value input : inputs)
        arguments.push_back(
            tensor::ExtractOp::create(b, bodyLoc, input, index));
      FailureOr<SmallVector<Value>> combined =
          fuse::emitScalarRegion(b, op.getBody(), arguments, [&](Value outer) {
            return outerScalars.lookup(outer);
          });
      if (failed(combined)) {
        bodyFailed = true;
        linalg::YieldOp::create(b, bodyLoc, accumulators);
        return;
      }
      SmallVector<Value> next;
      for (auto [value, accumulator] : llvm::zip_equal(*combined, accumulators))
        next.push_back(
            arith::SelectOp::create(b, bodyLoc, inBounds, value, accumulator));
      linalg::YieldOp::create(b, bodyLoc, next);
    };
    auto generic = linalg::GenericOp::create(
        rewriter, loc, op.getResultTypes(), ValueRange{windowShape},
        destinations, maps, iterators, buildBody);
    if (bodyFailed)
      return failure();
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// The windows of a select_and_scatter over its operand.
struct SelectionWindows {
  explicit SelectionWindows(SelectAndScatterOp op)
      : op(op), operandType(cast<RankedTensorType>(op.getOperand().getType())),
        ones(operandType.getRank(), 1),
        window{op.getWindowDimensions(), op.getWindowStrides(),
               op.getPaddingLow(), ones, ones} {}

  /// The element of `operand` that the select body chooses in the window of
  /// the source `position`, as (found, value, index...): a nest over the
  /// window that keeps the chosen element, the first when none is kept.
  FailureOr<SmallVector<Value>> choose(OpBuilder &b, Location loc,
                                       Value operand, ValueRange position,
                                       function_ref<Value(Value)> lookupOuter) {
    int64_t rank = operandType.getRank();
    Type element = operandType.getElementType();
    fuse::detail::ShapeBounds windowBounds =
        fuse::detail::getShapeBounds(b, loc, window.sizes);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> initial{
        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0),
        arith::ConstantOp::create(b, loc,
                                  cast<TypedAttr>(b.getZeroAttr(element)))};
    initial.append(rank, zero);
    bool bodyFailed = false;
    auto step = [&](OpBuilder &ib, Location innerLoc, ValueRange offset,
                    ValueRange state) -> scf::ValueVector {
      auto [index, inBounds] = window.element(
          ib, innerLoc, operandType.getShape(), position, offset);
      Value candidate = tensor::ExtractOp::create(ib, innerLoc, operand, index);
      FailureOr<SmallVector<Value>> keep = fuse::emitScalarRegion(
          ib, op.getSelect(), {state[1], candidate}, lookupOuter);
      if (failed(keep)) {
        bodyFailed = true;
        return llvm::to_vector(state);
      }
      Value keepChosen =
          arith::AndIOp::create(ib, innerLoc, state[0], keep->front());
      Value take = arith::AndIOp::create(
          ib, innerLoc, inBounds,
          arith::XOrIOp::create(
              ib, innerLoc, keepChosen,
              arith::ConstantIntOp::create(ib, innerLoc, ib.getI1Type(), 1)));
      scf::ValueVector next{
          arith::OrIOp::create(ib, innerLoc, state[0], take),
          arith::SelectOp::create(ib, innerLoc, take, candidate, state[1])};
      for (int64_t d = 0; d < rank; ++d)
        next.push_back(arith::SelectOp::create(ib, innerLoc, take, index[d],
                                               state[2 + d]));
      return next;
    };
    scf::LoopNest nest =
        scf::buildLoopNest(b, loc, windowBounds.lower, windowBounds.upper,
                           windowBounds.steps, initial, step);
    if (bodyFailed)
      return failure();
    return SmallVector<Value>(nest.results);
  }

  SelectAndScatterOp op;
  RankedTensorType operandType;
  /// No dilation: the window's dilations refer to these.
  SmallVector<int64_t> ones;
  Window window;
};

/// select_and_scatter as a sequential loop nest over the source: each
/// source value combined, with the scatter body, into the loop-carried
/// result at the element its window chooses.
struct SelectAndScatterLowering : OpConversionPattern<SelectAndScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand(), source = adaptor.getSource();
    auto sourceType = cast<RankedTensorType>(source.getType());
    SelectionWindows windows(op);
    IRMapping outerScalars = fuse::detail::readOuterScalars(rewriter, loc, op);
    auto lookupOuter = [&](Value outer) { return outerScalars.lookup(outer); };

    Value result = fuse::detail::createFilledTensor(
        rewriter, loc, windows.operandType,
        fuse::detail::extractScalar(rewriter, loc, adaptor.getInitValue()));
    fuse::detail::ShapeBounds sourceBounds =
        fuse::detail::getShapeBounds(rewriter, loc, sourceType.getShape());

    bool bodyFailed = false;
    auto scatterOne = [&](OpBuilder &b, Location bodyLoc, ValueRange position,
                          ValueRange carried) -> scf::ValueVector {
      Value current = carried.front();
      FailureOr<SmallVector<Value>> chosen =
          windows.choose(b, bodyLoc, operand, position, lookupOuter);
      if (failed(chosen)) {
        bodyFailed = true;
        return {current};
      }
      auto combine = scf::IfOp::create(
          b, bodyLoc, chosen->front(),
          [&](OpBuilder &then, Location thenLoc) {
            ValueRange at = ValueRange(*chosen).drop_front(2);
            Value old = tensor::ExtractOp::create(then, thenLoc, current, at);
            Value update =
                tensor::ExtractOp::create(then, thenLoc, source, position);
            FailureOr<SmallVector<Value>> combined = fuse::emitScalarRegion(
                then, op.getScatter(), {old, update}, lookupOuter);
            Value next = current;
            if (failed(combined))
              bodyFailed = true;
            else
              next = tensor::InsertOp::create(then, thenLoc, combined->front(),
                                              current, at);
            scf::YieldOp::create(then, thenLoc, next);
          },
          [&](OpBuilder &otherwise, Location otherwiseLoc) {
            scf::YieldOp::create(otherwise, otherwiseLoc, current);
          });
      return {combine.getResult(0)};
    };
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, sourceBounds.lower, sourceBounds.upper,
        sourceBounds.steps, ValueRange{result}, scatterOne);
    if (bodyFailed)
      return failure();
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

/// select_and_scatter as an scf.forall over the source, each iteration
/// choosing its window's element and combining the source value into a
/// buffer there. Windows that do not overlap (strides at least the window:
/// max pooling) choose distinct elements, so the combine is a plain read
/// and write, on every target; otherwise (`atomic`, the GPU's) it is one
/// memref.atomic_rmw, and a scatter body that is not one atomic operation
/// is left to SelectAndScatterLowering.
struct ParallelSelectAndScatterLowering
    : OpConversionPattern<SelectAndScatterOp> {
  ParallelSelectAndScatterLowering(MLIRContext *context, bool atomic)
      : OpConversionPattern(context, /*benefit=*/2), atomic(atomic) {}

  LogicalResult
  matchAndRewrite(SelectAndScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool disjoint = llvm::all_of(
        llvm::zip_equal(op.getWindowStrides(), op.getWindowDimensions()),
        [](auto strideAndSize) {
          return std::get<0>(strideAndSize) >= std::get<1>(strideAndSize);
        });
    if (!disjoint && !atomic)
      return rewriter.notifyMatchFailure(
          op, "windows overlap: their elements need atomic combines");
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand(), source = adaptor.getSource();
    auto sourceType = cast<RankedTensorType>(source.getType());
    SelectionWindows windows(op);
    IRMapping outerScalars = fuse::detail::readOuterScalars(rewriter, loc, op);
    auto lookupOuter = [&](Value outer) { return outerScalars.lookup(outer); };

    Value initial = fuse::detail::createFilledTensor(
        rewriter, loc, windows.operandType,
        fuse::detail::extractScalar(rewriter, loc, adaptor.getInitValue()));
    Value buffer = fuse::detail::createWritableCopy(rewriter, loc, initial);
    auto forall = scf::ForallOp::create(
        rewriter, loc,
        getAsIndexOpFoldResult(rewriter.getContext(), sourceType.getShape()),
        ValueRange{}, std::nullopt);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(forall.getTerminator());
      SmallVector<Value> position(forall.getInductionVars());
      FailureOr<SmallVector<Value>> chosen =
          windows.choose(rewriter, loc, operand, position, lookupOuter);
      if (failed(chosen))
        return failure();
      auto found = scf::IfOp::create(rewriter, loc, chosen->front(),
                                     /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(&found.getThenRegion().front());
      Value update = tensor::ExtractOp::create(rewriter, loc, source, position);
      ValueRange at = ValueRange(*chosen).drop_front(2);
      if (disjoint) {
        Value old = memref::LoadOp::create(rewriter, loc, buffer, at);
        FailureOr<SmallVector<Value>> combined = fuse::emitScalarRegion(
            rewriter, op.getScatter(), {old, update}, lookupOuter);
        if (failed(combined))
          return rewriter.notifyMatchFailure(
              op, "the scatter computation has no scalar form");
        memref::StoreOp::create(rewriter, loc, combined->front(), buffer, at);
      } else if (failed(fuse::detail::emitAtomicCombine(
                     rewriter, loc, op.getScatter(), buffer, at, update,
                     lookupOuter))) {
        return rewriter.notifyMatchFailure(
            op, "the scatter computation is not one atomic operation");
      }
    }
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
        op, windows.operandType, buffer, /*restrict=*/true, /*writable=*/true);
    return success();
  }

  bool atomic;
};

} // namespace

void fuse::detail::populateWindowLoweringPatterns(RewritePatternSet &patterns,
                                                  bool parallelLowerings) {
  patterns.add<ReduceWindowLowering, SelectAndScatterLowering>(
      patterns.getContext());
  patterns.add<ParallelSelectAndScatterLowering>(patterns.getContext(),
                                                 /*atomic=*/parallelLowerings);
}
