//===- DotOrderPatterns.cpp - chains of products, reordered ---------------===//
//
// A chain is read off the IR as a list of factors, each a value used as
// itself or transposed. Vectors count as columns: `dot %A, %v` is A v, and
// `dot %v, %A` is v^T A, a row, which is the transpose of a column. A
// product used transposed, (A B)^T, expands to B^T A^T, so transposes sink
// through products and chains grow across them.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/DotOrder.h"

#include "fuse/Dialect/HLO/IR/DotDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// A chain product in the terms of the chain: its operands as factors.
struct Product {
  Value lhs, rhs;
  /// The operand is used transposed (a vector: as a row).
  bool lhsTransposed, rhsTransposed;
  unsigned numBatch;
};

RankedTensorType getStaticType(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

/// The operand's matrix rank (1 or 2) after `numBatch` leading dimensions,
/// or 0 if it has another.
int64_t matrixRank(Value value, unsigned numBatch) {
  RankedTensorType type = getStaticType(value);
  if (!type || type.getRank() < numBatch)
    return 0;
  int64_t rank = type.getRank() - numBatch;
  return rank == 1 || rank == 2 ? rank : 0;
}

std::optional<Product> getProduct(Operation *op) {
  if (!op || op->getNumResults() != 1 || !getStaticType(op->getResult(0)))
    return std::nullopt;
  std::optional<DotDimensions> dims = DotDimensions::get(op);
  if (!dims || dims->lhsContracting.size() != 1)
    return std::nullopt;
  unsigned numBatch = dims->getNumBatch();
  // Batching dimensions lead on both sides, in order, as in the result.
  for (auto [i, lhsDim, rhsDim] :
       llvm::enumerate(dims->lhsBatch, dims->rhsBatch))
    if (lhsDim != static_cast<int64_t>(i) || rhsDim != static_cast<int64_t>(i))
      return std::nullopt;
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  int64_t lhsRank = matrixRank(lhs, numBatch);
  int64_t rhsRank = matrixRank(rhs, numBatch);
  if (!lhsRank || !rhsRank)
    return std::nullopt;
  int64_t lhsContract = dims->lhsContracting[0] - numBatch;
  int64_t rhsContract = dims->rhsContracting[0] - numBatch;
  // A vector is a column, used as a row on the left; a matrix is
  // transposed where the contraction is not on its inner dimension.
  bool lhsTransposed = lhsRank == 1 || lhsContract == 0;
  bool rhsTransposed = rhsRank == 2 && rhsContract == 1;
  return Product{lhs, rhs, lhsTransposed, rhsTransposed, numBatch};
}

/// True for a transpose that swaps the two dimensions after `numBatch`
/// leading ones and keeps those.
bool isMatrixTranspose(Operation *op, unsigned numBatch) {
  auto transpose = dyn_cast_or_null<TransposeOp>(op);
  if (!transpose)
    return false;
  ArrayRef<int64_t> perm = transpose.getPermutation();
  if (perm.size() != numBatch + 2)
    return false;
  for (unsigned i = 0; i < numBatch; ++i)
    if (perm[i] != i)
      return false;
  return perm[numBatch] == numBatch + 1 && perm[numBatch + 1] == numBatch;
}

/// The chain product that `value` reaches through transposes of its last
/// two dimensions, if any.
std::optional<Product> getProductThroughTransposes(Value value) {
  for (Operation *def = value.getDefiningOp(); def;
       def = def->getOperand(0).getDefiningOp()) {
    if (std::optional<Product> product = getProduct(def))
      return product;
    auto transpose = dyn_cast<TransposeOp>(def);
    if (!transpose ||
        !isMatrixTranspose(def, transpose.getPermutation().size() - 2))
      return std::nullopt;
  }
  return std::nullopt;
}

/// The batch count of a reduce-add a chain can hold, or nullopt.
std::optional<unsigned> getReductionBatch(Operation *op) {
  auto reduce = dyn_cast_or_null<ReduceOp>(op);
  if (!reduce || reduce.getReductionKind() != ReductionKind::Add ||
      reduce.getDimensions().size() != 1 ||
      !isZeroSplat(reduce.getInitValues()[0]) ||
      !getStaticType(reduce.getResult(0)))
    return std::nullopt;
  Value input = reduce.getInputs()[0];
  std::optional<Product> product = getProductThroughTransposes(input);
  if (!product || matrixRank(input, product->numBatch) != 2 ||
      reduce.getDimensions()[0] < product->numBatch)
    return std::nullopt;
  return product->numBatch;
}

/// The product or reduction of the same chain that `value` feeds, if
/// `value` has no other user, looking through transposes with no other
/// user.
Operation *getAbsorbingProduct(Value value, unsigned numBatch,
                               Type elementType) {
  while (value.hasOneUse()) {
    Operation *user = *value.user_begin();
    if (isMatrixTranspose(user, numBatch)) {
      value = user->getResult(0);
      continue;
    }
    std::optional<Product> product = getProduct(user);
    std::optional<unsigned> reductionBatch = getReductionBatch(user);
    if (((product && product->numBatch == numBatch) ||
         reductionBatch == numBatch) &&
        getElementTypeOrSelf(user->getResult(0)) == elementType)
      return user;
    return nullptr;
  }
  return nullptr;
}

void collectFactors(Value value, bool transposed, MatrixChain &chain);

/// Collects the factors of a chain reduction used as itself or
/// `transposed`. As a vector its value is a column, Y 1 with Y = X for a sum
/// over the columns of X and X^T for one over its rows.
void collectReduction(ReduceOp reduce, bool transposed, MatrixChain &chain) {
  Value input = reduce.getInputs()[0];
  int64_t dim = reduce.getDimensions()[0];
  int64_t length = getStaticType(input).getDimSize(dim);
  bool overRows = dim == static_cast<int64_t>(chain.batchShape.size());
  chain.ops.push_back(reduce);
  if (transposed) {
    // (Y 1)^T = 1^T Y^T.
    chain.factors.push_back({Value(), true, length});
    collectFactors(input, !overRows, chain);
  } else {
    collectFactors(input, overRows, chain);
    chain.factors.push_back({Value(), false, length});
  }
}

/// Collects the factors of `value` used as itself or `transposed`.
void collectFactors(Value value, bool transposed, MatrixChain &chain) {
  unsigned numBatch = chain.batchShape.size();
  Operation *def = value.getDefiningOp();
  if (def && getAbsorbingProduct(value, numBatch, chain.elementType)) {
    if (isMatrixTranspose(def, numBatch)) {
      chain.ops.push_back(def);
      return collectFactors(def->getOperand(0), !transposed, chain);
    }
    if (getReductionBatch(def) == numBatch &&
        getElementTypeOrSelf(value) == chain.elementType)
      return collectReduction(cast<ReduceOp>(def), transposed, chain);
    std::optional<Product> product = getProduct(def);
    if (product && product->numBatch == numBatch &&
        getElementTypeOrSelf(value) == chain.elementType &&
        matrixRank(value, numBatch) != 0) {
      chain.ops.push_back(def);
      // With a vector on the left the product is a row, which as a vector
      // value counts as a column: the value is (L R)^T.
      bool rowResult = matrixRank(product->lhs, numBatch) == 1;
      if (transposed != rowResult) {
        // (L R)^T = R^T L^T.
        collectFactors(product->rhs, !product->rhsTransposed, chain);
        collectFactors(product->lhs, !product->lhsTransposed, chain);
      } else {
        collectFactors(product->lhs, product->lhsTransposed, chain);
        collectFactors(product->rhs, product->rhsTransposed, chain);
      }
      return;
    }
  }
  // A leaf; a transpose that is needed elsewhere still folds into the
  // products that read it.
  if (def && isMatrixTranspose(def, numBatch))
    return collectFactors(def->getOperand(0), !transposed, chain);
  chain.factors.push_back({value, transposed, 0});
}

/// The rows and columns of a factor.
std::pair<int64_t, int64_t> getFactorShape(const ChainFactor &factor,
                                           unsigned numBatch) {
  SmallVector<int64_t> shape = {factor.onesLength};
  if (factor.value)
    shape.assign(cast<RankedTensorType>(factor.value.getType())
                     .getShape()
                     .drop_front(numBatch));
  std::pair<int64_t, int64_t> rowsCols = shape.size() == 1
                                             ? std::pair(shape[0], int64_t(1))
                                             : std::pair(shape[0], shape[1]);
  if (factor.transposed)
    std::swap(rowsCols.first, rowsCols.second);
  return rowsCols;
}

/// Multiply-adds of one product op, from its types; a reduction's adds
/// count as multiply-adds, as it costs that much as a product with ones.
int64_t getMultiplyAdds(Operation *op) {
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return getStaticType(reduce.getInputs()[0]).getNumElements();
  int64_t contracted =
      getStaticType(op->getOperand(0))
          .getDimSize(DotDimensions::get(op)->lhsContracting[0]);
  return getStaticType(op->getResult(0)).getNumElements() * contracted;
}

} // namespace

int64_t MatrixChain::getBatchSize() const {
  return std::accumulate(batchShape.begin(), batchShape.end(), int64_t(1),
                         std::multiplies<int64_t>());
}

int64_t MatrixChain::getElementBytes() const {
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * complex.getElementType().getIntOrFloatBitWidth() / 8;
  return std::max<int64_t>(1, elementType.getIntOrFloatBitWidth() / 8);
}

bool fuse::hlo::isChainProduct(Operation *op) {
  return getProduct(op).has_value();
}

bool fuse::hlo::isChainReduction(Operation *op) {
  return getReductionBatch(op).has_value();
}

bool fuse::hlo::isChainRoot(Operation *op) {
  std::optional<unsigned> numBatch = getReductionBatch(op);
  if (std::optional<Product> product = getProduct(op))
    numBatch = product->numBatch;
  return numBatch &&
         !getAbsorbingProduct(op->getResult(0), *numBatch,
                              getElementTypeOrSelf(op->getResult(0)));
}

std::optional<MatrixChain> fuse::hlo::collectMatrixChain(Operation *root) {
  std::optional<Product> product = getProduct(root);
  std::optional<unsigned> reductionBatch = getReductionBatch(root);
  if (!product && !reductionBatch)
    return std::nullopt;
  unsigned numBatch = product ? product->numBatch : *reductionBatch;
  MatrixChain chain;
  chain.root = root;
  auto resultType = cast<RankedTensorType>(root->getResult(0).getType());
  chain.elementType = resultType.getElementType();
  if (!chain.elementType.isIntOrFloat())
    return std::nullopt;
  chain.batchShape.assign(resultType.getShape().take_front(numBatch));
  if (product) {
    chain.ops.push_back(root);
    collectFactors(product->lhs, product->lhsTransposed, chain);
    collectFactors(product->rhs, product->rhsTransposed, chain);
  } else {
    // Either orientation gives the root's vector; a sum over rows reads
    // best as 1^T X, one over columns as X 1.
    auto reduce = cast<ReduceOp>(root);
    collectReduction(reduce, reduce.getDimensions()[0] == numBatch, chain);
  }

  chain.dims.push_back(getFactorShape(chain.factors.front(), numBatch).first);
  for (const ChainFactor &factor : chain.factors) {
    auto [rows, cols] = getFactorShape(factor, numBatch);
    // Verified IR guarantees this; anything else is a bug in the collection.
    assert(rows == chain.dims.back() && "factors do not chain");
    chain.dims.push_back(cols);
  }
  for (Operation *op : chain.ops) {
    if (isa<TransposeOp>(op))
      continue;
    chain.currentCost.multiplyAdds += getMultiplyAdds(op);
    if (op != root)
      chain.currentCost.intermediateBytes +=
          getStaticType(op->getResult(0)).getNumElements() *
          chain.getElementBytes();
  }
  return chain;
}

namespace {

/// Emits the products of factors [i, j] in `order`; returns the value and
/// whether it holds the transpose of the subchain's product (a row).
std::pair<Value, bool> buildSubchain(OpBuilder &builder, Location loc,
                                     const MatrixChain &chain,
                                     const ChainOrder &order, unsigned i,
                                     unsigned j) {
  if (i == j) {
    const ChainFactor &factor = chain.factors[i];
    if (factor.value)
      return {factor.value, factor.transposed};
    SmallVector<int64_t> shape(chain.batchShape);
    shape.push_back(factor.onesLength);
    auto type = RankedTensorType::get(shape, chain.elementType);
    Value ones = ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(type, builder.getOneAttr(chain.elementType)));
    return {ones, factor.transposed};
  }
  unsigned k = order.getSplit(i, j);
  auto [lhs, lhsTransposed] = buildSubchain(builder, loc, chain, order, i, k);
  auto [rhs, rhsTransposed] =
      buildSubchain(builder, loc, chain, order, k + 1, j);
  int64_t numBatch = chain.batchShape.size();
  bool lhsVector = matrixRank(lhs, numBatch) == 1;
  bool rhsVector = matrixRank(rhs, numBatch) == 1;
  // A vector's only dimension is contracted; a matrix contracts its columns,
  // the stored rows when transposed.
  int64_t lhsContract = numBatch + (lhsVector || lhsTransposed ? 0 : 1);
  int64_t rhsContract = numBatch + (!rhsVector && rhsTransposed ? 1 : 0);
  SmallVector<int64_t> shape(chain.batchShape);
  if (!lhsVector)
    shape.push_back(chain.dims[i]);
  if (!rhsVector)
    shape.push_back(chain.dims[j + 1]);
  auto batchDims = llvm::to_vector(llvm::seq<int64_t>(0, numBatch));
  Value result = DotGeneralOp::create(
      builder, loc, RankedTensorType::get(shape, chain.elementType), lhs, rhs,
      batchDims, batchDims, ArrayRef<int64_t>{lhsContract},
      ArrayRef<int64_t>{rhsContract});
  return {result, lhsVector && !rhsVector};
}

std::string describeChain(const MatrixChain &chain) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (!chain.batchShape.empty()) {
    os << "batch ";
    llvm::interleave(chain.batchShape, os, "x");
    os << " of ";
  }
  for (unsigned i = 0; i + 1 < chain.dims.size(); ++i)
    os << (i ? " * " : "") << chain.dims[i] << "x" << chain.dims[i + 1]
       << (chain.factors[i].transposed ? "^T" : "")
       << (chain.factors[i].value ? "" : " ones");
  return text;
}

struct ReorderMatrixChain : RewritePattern {
  ReorderMatrixChain(StringRef rootName, MLIRContext *context,
                     const DotOrderOptions &options)
      : RewritePattern(rootName, /*benefit=*/1, context), options(options) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    return reorderMatrixChain(rewriter, op, options);
  }

  DotOrderOptions options;
};

} // namespace

Value fuse::hlo::buildMatrixChain(OpBuilder &builder, Location loc,
                                  const MatrixChain &chain,
                                  const ChainOrder &order) {
  Value result =
      buildSubchain(builder, loc, chain, order, 0, chain.factors.size() - 1)
          .first;
  // Every order gives the root's shape: a vector result stays a vector.
  assert(result.getType() == chain.root->getResult(0).getType() &&
         "rebuilt chain has another type");
  return result;
}

Decision fuse::hlo::collectReorderableChain(Operation *root,
                                            MatrixChain &chain) {
  if (!isChainRoot(root))
    return Decision::forbid("part of a longer chain");
  std::optional<MatrixChain> collected = collectMatrixChain(root);
  if (!collected)
    return Decision::forbid("not a chain of matrices");
  if (collected->factors.size() < 3)
    return Decision::forbid("a single product");
  chain = std::move(*collected);
  return Decision::allow();
}

Decision fuse::hlo::shouldReorder(const MatrixChain &chain,
                                  const ChainCost &bestCost,
                                  ChainCostModel costModel) {
  if (!isCheaper(bestCost, chain.currentCost, costModel))
    return Decision::forbid("already in a cheapest order");
  return Decision::allow();
}

LogicalResult fuse::hlo::reorderMatrixChain(RewriterBase &rewriter,
                                            Operation *root,
                                            const DotOrderOptions &options) {
  MatrixChain chain;
  if (Decision legal = collectReorderableChain(root, chain); !legal)
    return rewriter.notifyMatchFailure(root, legal.reason());
  MatrixChainSolver solver(chain.dims, options.costModel, chain.getBatchSize(),
                           chain.getElementBytes());
  Decision reorder = shouldReorder(chain, solver.getCost(), options.costModel);
  if (options.debug) {
    llvm::errs() << "dot-order: " << root->getLoc() << ": chain "
                 << describeChain(chain)
                 << "\n  current: " << chain.currentCost.multiplyAdds
                 << " multiply-adds, " << chain.currentCost.intermediateBytes
                 << " intermediate bytes\n  best "
                 << solver.getOrder().toString() << ": "
                 << solver.getCost().multiplyAdds << " multiply-adds, "
                 << solver.getCost().intermediateBytes
                 << " intermediate bytes\n  "
                 << (reorder ? "reordered" : "kept: " + reorder.reason().str())
                 << "\n";
  }
  if (!reorder)
    return rewriter.notifyMatchFailure(root, reorder.reason());

  SmallVector<Location> locs = llvm::map_to_vector(
      chain.ops, [](Operation *op) { return op->getLoc(); });
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(root);
  Value result = buildMatrixChain(rewriter, rewriter.getFusedLoc(locs), chain,
                                  solver.getOrder());
  rewriter.replaceOp(root, result);
  // The rest of the old chain is dead: each op's only user came before it.
  for (Operation *op : llvm::drop_begin(chain.ops))
    rewriter.eraseOp(op);
  return success();
}

void fuse::hlo::populateDotOrderPatterns(RewritePatternSet &patterns,
                                         const DotOrderOptions &options) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ReorderMatrixChain>(DotOp::getOperationName(), context, options);
  patterns.add<ReorderMatrixChain>(DotGeneralOp::getOperationName(), context,
                                   options);
  patterns.add<ReorderMatrixChain>(ReduceOp::getOperationName(), context,
                                   options);
}
