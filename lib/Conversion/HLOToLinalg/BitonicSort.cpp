//===- BitonicSort.cpp - sort as a parallel sorting network ---------------===//
//
// The parallel lowering of hlo.sort (the GPU's): a bitonic sorting network
// over the positions of every line, padded to a power of two N, in a buffer
// of positions shaped like the inputs with N along the sorted dimension.
// - The network has log2(N) (log2(N) + 1) / 2 stages, a sequential
//   scf.for nest; each stage is an scf.forall with an iteration per pair of
//   positions it compares (N / 2 per line, every line at once), which
//   swaps the pair in place when it is out of the stage's order. A stage
//   is one kernel on the GPU.
// - A position goes before another when the comparator puts its element
//   first, or when neither goes first and its position is the smaller one:
//   a strict total order for any strict weak order of the comparator, so
//   the network's result is the stable sort's. Positions past the line's
//   end (the padding) go after every other.
// - The sorted positions then gather every input (a generic).
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
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// `indices` with `at` in place of the index of dimension `dim`.
SmallVector<Value> replaceIndex(ValueRange indices, int64_t dim, Value at) {
  SmallVector<Value> replaced(indices);
  replaced[dim] = at;
  return replaced;
}

/// The comparisons of one stage of the network, in a line of `length`
/// elements.
struct BitonicComparator {
  /// The sort's comparator region.
  Region &region;
  ValueRange inputs;
  int64_t dim;
  int64_t length;
  const IRMapping &outerScalars;

  /// Whether the element at position `first` (i32) of the line through
  /// `line` goes before the element at position `second`; see the file
  /// comment.
  FailureOr<Value> goesBefore(OpBuilder &b, Location loc, ValueRange line,
                              Value first, Value second) const {
    Type i32 = b.getI32Type();
    Value end = arith::ConstantIntOp::create(b, loc, i32, length);
    Value last = arith::ConstantIntOp::create(b, loc, i32, length - 1);
    auto read = [&](Value position, SmallVectorImpl<Value> &elements) {
      // Padding reads the last element; its comparisons are not used.
      Value clamped = arith::MinUIOp::create(b, loc, position, last);
      Value at =
          arith::IndexCastUIOp::create(b, loc, b.getIndexType(), clamped);
      for (Value input : inputs)
        elements.push_back(tensor::ExtractOp::create(
            b, loc, input, replaceIndex(line, dim, at)));
    };
    SmallVector<Value> firsts, seconds;
    read(first, firsts);
    read(second, seconds);
    auto compare = [&](ArrayRef<Value> lhs,
                       ArrayRef<Value> rhs) -> FailureOr<Value> {
      SmallVector<Value> arguments;
      for (auto [l, r] : llvm::zip_equal(lhs, rhs)) {
        arguments.push_back(l);
        arguments.push_back(r);
      }
      FailureOr<SmallVector<Value>> result =
          fuse::emitScalarRegion(b, region, arguments, [&](Value outer) {
            return outerScalars.lookup(outer);
          });
      if (failed(result))
        return failure();
      return result->front();
    };
    FailureOr<Value> firstLess = compare(firsts, seconds);
    FailureOr<Value> secondLess = compare(seconds, firsts);
    if (failed(firstLess) || failed(secondLess))
      return failure();
    auto cmp = [&](arith::CmpIPredicate predicate, Value x, Value y) {
      return arith::CmpIOp::create(b, loc, predicate, x, y);
    };
    Value firstInLine = cmp(arith::CmpIPredicate::ult, first, end);
    Value secondPadding = cmp(arith::CmpIPredicate::uge, second, end);
    Value tie = arith::AndIOp::create(
        b, loc,
        arith::XOrIOp::create(
            b, loc, *secondLess,
            arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1)),
        cmp(arith::CmpIPredicate::ult, first, second));
    Value before = arith::OrIOp::create(
        b, loc, secondPadding, arith::OrIOp::create(b, loc, *firstLess, tie));
    return arith::AndIOp::create(b, loc, firstInLine, before).getResult();
  }
};

/// The body of the stage `stage` (an iteration per pair) of the network:
/// the pair of positions 2^`shift` apart that its iteration compares, in
/// ascending order within blocks of 2^`level` positions whose index is
/// even, in descending order in the others, swapped in `positions` when
/// out of that order.
LogicalResult emitCompareExchange(OpBuilder &b, Location loc,
                                  scf::ForallOp stage,
                                  const BitonicComparator &comparator,
                                  Value positions, Value shift, Value level) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(stage.getTerminator());
  int64_t dim = comparator.dim;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value distance = arith::ShLIOp::create(b, loc, one, shift);
  Value block = arith::ShLIOp::create(b, loc, one, level);
  SmallVector<Value> line(stage.getInductionVars());
  Value pair = line[dim];
  // Pair p compares positions low and low + distance, where low is p with
  // a zero bit inserted at bit `shift`.
  Value highBits =
      arith::ShLIOp::create(b, loc, arith::ShRUIOp::create(b, loc, pair, shift),
                            arith::AddIOp::create(b, loc, shift, one));
  Value lowBits = arith::AndIOp::create(
      b, loc, pair, arith::SubIOp::create(b, loc, distance, one));
  Value low = arith::OrIOp::create(b, loc, highBits, lowBits);
  Value high = arith::AddIOp::create(b, loc, low, distance);
  Value descending =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            arith::AndIOp::create(b, loc, low, block), zero);
  SmallVector<Value> lowAt = replaceIndex(line, dim, low);
  SmallVector<Value> highAt = replaceIndex(line, dim, high);
  Value lowPosition = memref::LoadOp::create(b, loc, positions, lowAt);
  Value highPosition = memref::LoadOp::create(b, loc, positions, highAt);
  FailureOr<Value> highFirst =
      comparator.goesBefore(b, loc, line, highPosition, lowPosition);
  if (failed(highFirst))
    return failure();
  // The order is total, so in a descending block the pair swaps exactly
  // when the high one does not go first.
  Value swap = arith::XOrIOp::create(b, loc, *highFirst, descending);
  auto ifSwap = scf::IfOp::create(b, loc, swap, /*withElseRegion=*/false);
  b.setInsertionPointToStart(&ifSwap.getThenRegion().front());
  memref::StoreOp::create(b, loc, highPosition, positions, lowAt);
  memref::StoreOp::create(b, loc, lowPosition, positions, highAt);
  return success();
}

struct BitonicSortLowering : OpConversionPattern<SortOp> {
  BitonicSortLowering(MLIRContext *context)
      : OpConversionPattern(context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    auto type = cast<RankedTensorType>(inputs.front().getType());
    int64_t dim = op.getDimension(), length = type.getDimSize(dim);
    if (length > std::numeric_limits<int32_t>::max())
      return rewriter.notifyMatchFailure(op, "lines longer than 2^31 - 1");
    int64_t padded = llvm::PowerOf2Ceil(length);
    int64_t levels = llvm::Log2_64(padded);
    IRMapping outerScalars = fuse::detail::readOuterScalars(rewriter, loc, op);
    BitonicComparator comparator{op.getComparator(), inputs, dim, length,
                                 outerScalars};
    Type i32 = rewriter.getI32Type();
    auto constant = [&](OpBuilder &b, int64_t value) -> Value {
      return arith::ConstantIndexOp::create(b, loc, value);
    };

    // Every line's positions, in order.
    SmallVector<int64_t> shape(type.getShape());
    shape[dim] = padded;
    auto positionsType = MemRefType::get(shape, i32);
    Value positions = memref::AllocOp::create(rewriter, loc, positionsType);
    auto identity = scf::ForallOp::create(
        rewriter, loc, getAsIndexOpFoldResult(rewriter.getContext(), shape),
        ValueRange{}, std::nullopt);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(identity.getTerminator());
      SmallVector<Value> at(identity.getInductionVars());
      Value position =
          arith::IndexCastUIOp::create(rewriter, loc, i32, at[dim]);
      memref::StoreOp::create(rewriter, loc, position, positions, at);
    }

    // Stage (level, step) compares positions 2^(level - 1 - step) apart.
    bool comparatorFailed = false;
    scf::ForOp::create(
        rewriter, loc, constant(rewriter, 1), constant(rewriter, levels + 1),
        constant(rewriter, 1), ValueRange{},
        [&](OpBuilder &lb, Location, Value level, ValueRange) {
          scf::ForOp::create(
              lb, loc, constant(lb, 0), level, constant(lb, 1), ValueRange{},
              [&](OpBuilder &sb, Location, Value step, ValueRange) {
                Value one = constant(sb, 1);
                Value shift = arith::SubIOp::create(
                    sb, loc, arith::SubIOp::create(sb, loc, level, one), step);
                SmallVector<int64_t> pairs(shape);
                pairs[dim] = padded / 2;
                auto stage = scf::ForallOp::create(
                    sb, loc, getAsIndexOpFoldResult(sb.getContext(), pairs),
                    ValueRange{}, std::nullopt);
                if (failed(emitCompareExchange(sb, loc, stage, comparator,
                                               positions, shift, level)))
                  comparatorFailed = true;
                scf::YieldOp::create(sb, loc);
              });
          scf::YieldOp::create(lb, loc);
        });
    if (comparatorFailed)
      return rewriter.notifyMatchFailure(
          op, "the comparator has an op without a scalar form");

    // The first `length` positions of every line gather the inputs.
    Value sortedPositions = bufferization::ToTensorOp::create(
        rewriter, loc, RankedTensorType::get(shape, i32), positions,
        /*restrict=*/true, /*writable=*/true);
    int64_t rank = type.getRank();
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes =
        getAsIndexOpFoldResult(rewriter.getContext(), type.getShape());
    Value kept = tensor::ExtractSliceOp::create(
        rewriter, loc, RankedTensorType::get(type.getShape(), i32),
        sortedPositions, offsets, sizes,
        fuse::detail::unitStrides(rewriter, rank));
    SmallVector<Value> destinations;
    for (Value input : inputs)
      destinations.push_back(fuse::detail::createEmptyTensor(
          rewriter, loc, cast<RankedTensorType>(input.getType())));
    AffineMap identityMap = rewriter.getMultiDimIdentityMap(rank);
    SmallVector<AffineMap> maps(inputs.size() + 1, identityMap);
    auto gather = linalg::GenericOp::create(
        rewriter, loc, TypeRange(ValueRange(destinations)), kept, destinations,
        maps, fuse::detail::parallelIterators(rank),
        [&](OpBuilder &b, Location gloc, ValueRange arguments) {
          SmallVector<Value> at;
          for (int64_t d = 0; d < rank; ++d)
            at.push_back(linalg::IndexOp::create(b, gloc, d));
          at[dim] = arith::IndexCastUIOp::create(b, gloc, b.getIndexType(),
                                                 arguments.front());
          SmallVector<Value> elements;
          for (Value input : inputs)
            elements.push_back(tensor::ExtractOp::create(b, gloc, input, at));
          linalg::YieldOp::create(b, gloc, elements);
        });
    rewriter.replaceOp(op, gather.getResults());
    return success();
  }
};

} // namespace

void fuse::detail::populateBitonicSortLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<BitonicSortLowering>(patterns.getContext());
}
