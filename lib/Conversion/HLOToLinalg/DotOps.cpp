//===- DotOps.cpp - hlo.dot_general and hlo.dot to linalg -----------------===//
//
// The common layouts become named ops (linalg.matmul, batch_matmul, matvec,
// vecmat, dot); every other dot_general is a linalg.generic whose loops are
// the result dimensions followed by the contracting dimensions. Products
// of floats below 32 bits (f16, bf16, the 8-bit ones) accumulate in f32 and
// are rounded once at the end, as XLA's CPU backend does.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/DotDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Which named linalg op computes the contraction, if any.
enum class NamedContraction { None, Matmul, BatchMatmul, Matvec, Vecmat, Dot };

NamedContraction classify(int64_t lhsRank, int64_t rhsRank,
                          const DotDimensions &c) {
  auto is = [](ArrayRef<int64_t> dims, ArrayRef<int64_t> expected) {
    return dims == expected;
  };
  if (c.lhsBatch.empty() && c.rhsBatch.empty() &&
      c.lhsContracting.size() == 1) {
    if (lhsRank == 2 && rhsRank == 2 && is(c.lhsContracting, {1}) &&
        is(c.rhsContracting, {0}))
      return NamedContraction::Matmul;
    if (lhsRank == 2 && rhsRank == 1 && is(c.lhsContracting, {1}) &&
        is(c.rhsContracting, {0}))
      return NamedContraction::Matvec;
    if (lhsRank == 1 && rhsRank == 2 && is(c.lhsContracting, {0}) &&
        is(c.rhsContracting, {0}))
      return NamedContraction::Vecmat;
    if (lhsRank == 1 && rhsRank == 1)
      return NamedContraction::Dot;
  }
  if (lhsRank == 3 && rhsRank == 3 && is(c.lhsBatch, {0}) &&
      is(c.rhsBatch, {0}) && is(c.lhsContracting, {2}) &&
      is(c.rhsContracting, {1}))
    return NamedContraction::BatchMatmul;
  return NamedContraction::None;
}

/// The map from the loops (result dimensions, then contracting dimensions)
/// to the dimensions of one operand.
AffineMap operandMap(MLIRContext *context, int64_t rank,
                     ArrayRef<int64_t> batch, ArrayRef<int64_t> contracting,
                     int64_t firstFreeLoop, int64_t resultRank,
                     int64_t numLoops) {
  SmallVector<AffineExpr> exprs;
  int64_t freeLoop = firstFreeLoop;
  for (int64_t dim = 0; dim < rank; ++dim) {
    const int64_t *batchPos = llvm::find(batch, dim);
    const int64_t *contractingPos = llvm::find(contracting, dim);
    int64_t loop;
    if (batchPos != batch.end())
      loop = batchPos - batch.begin();
    else if (contractingPos != contracting.end())
      loop = resultRank + (contractingPos - contracting.begin());
    else
      loop = freeLoop++;
    exprs.push_back(getAffineDimExpr(loop, context));
  }
  return AffineMap::get(numLoops, 0, exprs, context);
}

/// A generic computing any contraction into `init` (of the accumulator
/// type), extending narrower operands to it.
Value createContractionGeneric(OpBuilder &builder, Location loc, Value lhs,
                               Value rhs, Value init, const DotDimensions &c) {
  MLIRContext *context = builder.getContext();
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  auto initType = cast<RankedTensorType>(init.getType());
  int64_t resultRank = initType.getRank();
  int64_t numContracting = c.lhsContracting.size();
  int64_t numLoops = resultRank + numContracting;
  int64_t numBatch = c.lhsBatch.size();
  int64_t lhsFree = lhsType.getRank() - numBatch - numContracting;

  AffineMap lhsMap =
      operandMap(context, lhsType.getRank(), c.lhsBatch, c.lhsContracting,
                 numBatch, resultRank, numLoops);
  AffineMap rhsMap =
      operandMap(context, rhsType.getRank(), c.rhsBatch, c.rhsContracting,
                 numBatch + lhsFree, resultRank, numLoops);
  SmallVector<AffineExpr> resultExprs;
  for (int64_t loop = 0; loop < resultRank; ++loop)
    resultExprs.push_back(getAffineDimExpr(loop, context));
  AffineMap resultMap = AffineMap::get(numLoops, 0, resultExprs, context);

  SmallVector<utils::IteratorType> iterators =
      fuse::detail::parallelIterators(resultRank);
  iterators.append(numContracting, utils::IteratorType::reduction);
  Type accType = initType.getElementType();
  auto generic = linalg::GenericOp::create(
      builder, loc, initType, ValueRange{lhs, rhs}, init,
      {lhsMap, rhsMap, resultMap}, iterators,
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        Value x = args[0], y = args[1], acc = args[2];
        Value sum;
        if (isa<FloatType>(accType)) {
          if (x.getType() != accType) {
            x = arith::ExtFOp::create(b, bodyLoc, accType, x);
            y = arith::ExtFOp::create(b, bodyLoc, accType, y);
          }
          sum = arith::AddFOp::create(b, bodyLoc, acc,
                                      arith::MulFOp::create(b, bodyLoc, x, y));
        } else {
          sum = arith::AddIOp::create(b, bodyLoc, acc,
                                      arith::MulIOp::create(b, bodyLoc, x, y));
        }
        linalg::YieldOp::create(b, bodyLoc, sum);
      });
  return generic.getResult(0);
}

/// Computes the contraction of `lhs` and `rhs` into a result of
/// `resultType`.
Value lowerContraction(OpBuilder &builder, Location loc, Value lhs, Value rhs,
                       const DotDimensions &c, RankedTensorType resultType) {
  Type elementType = resultType.getElementType();
  bool widen =
      isa<FloatType>(elementType) && elementType.getIntOrFloatBitWidth() < 32;
  Type accType = widen ? builder.getF32Type() : elementType;
  auto accTensorType = RankedTensorType::get(resultType.getShape(), accType);
  Value zero = arith::ConstantOp::create(builder, loc, accType,
                                         builder.getZeroAttr(accType));
  Value init =
      fuse::detail::createFilledTensor(builder, loc, accTensorType, zero);

  auto lhsRank = cast<RankedTensorType>(lhs.getType()).getRank();
  auto rhsRank = cast<RankedTensorType>(rhs.getType()).getRank();
  SmallVector<Value, 2> inputs = {lhs, rhs};
  Value product;
  switch (classify(lhsRank, rhsRank, c)) {
  case NamedContraction::Matmul:
    product = linalg::MatmulOp::create(builder, loc, inputs, init).getResult(0);
    break;
  case NamedContraction::BatchMatmul:
    product =
        linalg::BatchMatmulOp::create(builder, loc, inputs, init).getResult(0);
    break;
  case NamedContraction::Matvec:
    product = linalg::MatvecOp::create(builder, loc, inputs, init).getResult(0);
    break;
  case NamedContraction::Vecmat:
    product = linalg::VecmatOp::create(builder, loc, inputs, init).getResult(0);
    break;
  case NamedContraction::Dot:
    product = linalg::DotOp::create(builder, loc, inputs, init).getResult(0);
    break;
  case NamedContraction::None:
    product = createContractionGeneric(builder, loc, lhs, rhs, init, c);
    break;
  }
  if (!widen)
    return product;
  // Round the f32 sums to the result format once.
  return fuse::detail::roundWideSums(builder, loc, product, resultType);
}

/// dot_general and dot alike, through their dimension numbers.
template <typename ProductOp>
struct ProductLowering : OpConversionPattern<ProductOp> {
  using OpConversionPattern<ProductOp>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ProductOp op, typename ProductOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<DotDimensions> dims = DotDimensions::get(op);
    if (!dims)
      return rewriter.notifyMatchFailure(op, "operands are not ranked");
    rewriter.replaceOp(op,
                       lowerContraction(rewriter, op.getLoc(), adaptor.getLhs(),
                                        adaptor.getRhs(), *dims, op.getType()));
    return success();
  }
};

} // namespace

void fuse::detail::populateDotLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<ProductLowering<DotGeneralOp>, ProductLowering<DotOp>>(
      patterns.getContext());
}
