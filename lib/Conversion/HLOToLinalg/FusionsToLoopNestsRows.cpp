//===- FusionsToLoopNestsRows.cpp - a fusion computed row by row ----------===//
//
// A row fusion (softmax, layer norm) holds reductions over rows and the
// nests that read their results broadcast back along the rows. Linalg cannot
// fuse a reduction into a consumer, so the body is several nests; run one
// after another over the whole tensor, each would stream it from memory
// again. Here every nest is cloned into one scf.forall over the rows and
// works on one row: the row is read from memory once and stays in cache for
// the later nests, and the values passed between nests are row-sized
// temporaries.
//
//===----------------------------------------------------------------------===//

#include "FusionsToLoopNests.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace {

/// The most elements of a per-row temporary kept as a row of one tensor for
/// the whole loop rather than allocated per row.
constexpr int64_t kMaxScratchRowElements = 16;

/// Whether `nest` runs its first loop in parallel over `rows` and indexes
/// each operand either by that loop first (a row of it) or not at all.
bool worksRowByRow(linalg::GenericOp nest, int64_t rows) {
  if (nest.getNumLoops() == 0 ||
      nest.getIteratorTypesArray().front() != utils::IteratorType::parallel ||
      nest.getStaticLoopRanges().front() != rows)
    return false;
  AffineExpr row = getAffineDimExpr(0, nest.getContext());
  for (OpOperand &operand : nest->getOpOperands()) {
    AffineMap map = nest.getMatchingIndexingMap(&operand);
    if (!map.isFunctionOfDim(0)) {
      if (nest.isDpsInit(&operand))
        return false;
      continue;
    }
    if (map.getResult(0) != row ||
        llvm::any_of(map.getResults().drop_front(),
                     [](AffineExpr e) { return e.isFunctionOfDim(0); }))
      return false;
  }
  return true;
}

/// The one-row slice type of a value indexed by rows.
RankedTensorType rowType(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.front() = 1;
  return type.clone(shape);
}

/// The offsets, sizes and strides of row `row`, of one-row type `type`, in
/// a tensor indexed by rows.
struct RowSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;

  RowSlice(OpBuilder &builder, RankedTensorType type, Value row)
      : offsets(type.getRank(), builder.getIndexAttr(0)),
        strides(type.getRank(), builder.getIndexAttr(1)) {
    offsets.front() = row;
    for (int64_t size : type.getShape())
      sizes.push_back(builder.getIndexAttr(size));
  }
};

/// Row `row` of `value`.
Value sliceRow(OpBuilder &builder, Location loc, Value value, Value row) {
  RankedTensorType type = rowType(value);
  RowSlice slice(builder, type, row);
  return tensor::ExtractSliceOp::create(
      builder, loc, type, value, slice.offsets, slice.sizes, slice.strides);
}

} // namespace

LogicalResult fuse::detail::fuseRows(RewriterBase &rewriter, Block &body) {
  SmallVector<linalg::GenericOp> nests;
  for (Operation &op : body.without_terminator()) {
    if (auto nest = dyn_cast<linalg::GenericOp>(op)) {
      nests.push_back(nest);
      continue;
    }
    if (!isa<tensor::EmptyOp, arith::ConstantOp>(op))
      return failure();
  }
  // Only needed when a nest reads another's result as an input: a
  // reduction's result, which elementwise fusion cannot merge. Nests that
  // only pass destinations along (a fill, a contraction, its in-place
  // epilogue) have a single root to tile instead.
  auto readsNest = [&](linalg::GenericOp nest) {
    return llvm::any_of(nest.getDpsInputs(), [](Value input) {
      return input.getDefiningOp<linalg::GenericOp>() != nullptr;
    });
  };
  if (nests.size() < 2 || llvm::none_of(nests, readsNest) ||
      nests.front().getNumLoops() == 0)
    return failure();
  int64_t rows = nests.front().getStaticLoopRanges().front();
  if (rows <= 1 || ShapedType::isDynamic(rows) ||
      !llvm::all_of(nests, [&](linalg::GenericOp nest) {
        return worksRowByRow(nest, rows);
      }))
    return failure();
  // A value passed between nests is computed one row at a time, so it must
  // be read one row at a time too.
  for (linalg::GenericOp nest : nests)
    for (OpOperand &operand : nest->getOpOperands())
      if (operand.get().getDefiningOp<linalg::GenericOp>() &&
          !nest.getMatchingIndexingMap(&operand).isFunctionOfDim(0))
        return failure();

  auto yield = cast<hlo::YieldOp>(body.getTerminator());
  SmallVector<unsigned> rowResults;
  for (auto [index, value] : llvm::enumerate(yield.getResults()))
    if (value.getDefiningOp<linalg::GenericOp>())
      rowResults.push_back(index);
  Location loc = body.getParentOp()->getLoc();
  rewriter.setInsertionPoint(yield);
  SmallVector<Value> destinations;
  for (unsigned index : rowResults) {
    auto type = cast<RankedTensorType>(yield.getResults()[index].getType());
    destinations.push_back(tensor::EmptyOp::create(
        rewriter, loc, type.getShape(), type.getElementType()));
  }
  // A result is computed in its row of the loop's destination: the empty
  // tensor at the start of its chain of destinations (the nest that yields
  // it, the nest it overwrites in place, ...) becomes that row, so nothing
  // is copied at the end of an iteration.
  SmallVector<Value> chainStarts;
  for (unsigned index : rowResults) {
    Value value = yield.getResults()[index];
    while (auto nest = value.getDefiningOp<linalg::GenericOp>())
      value = nest.getDpsInits()[cast<OpResult>(value).getResultNumber()];
    chainStarts.push_back(value);
  }
  // Small per-row temporaries (a row's maximum or sum) are rows of one
  // tensor for the whole loop instead of an allocation per row.
  SmallVector<Value> scratch;
  for (linalg::GenericOp nest : nests)
    for (OpOperand &init : nest.getDpsInitsMutable())
      if (init.get().getDefiningOp<tensor::EmptyOp>() &&
          init.get().hasOneUse() &&
          rowType(init.get()).getNumElements() <= kMaxScratchRowElements &&
          !llvm::is_contained(scratch, init.get()) &&
          !llvm::is_contained(chainStarts, init.get()))
        scratch.push_back(init.get());
  llvm::append_range(destinations, scratch);
  auto loop = scf::ForallOp::create(
      rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(rows)},
      destinations, std::nullopt);

  rewriter.setInsertionPointToStart(loop.getBody());
  Value row = loop.getInductionVar(0);
  IRMapping mapping;
  // Rows of shared tensors stand for empty tensors with one user only: two
  // users would write the same row.
  DenseMap<Value, Value> destinationRows;
  for (auto [value, destination] :
       llvm::zip(chainStarts, loop.getRegionIterArgs()))
    if (value.getDefiningOp<tensor::EmptyOp>() && value.hasOneUse())
      destinationRows[value] = sliceRow(rewriter, loc, destination, row);
  for (auto [value, destination] : llvm::zip_equal(
           scratch, loop.getRegionIterArgs().take_back(scratch.size())))
    destinationRows[value] = sliceRow(rewriter, loc, destination, row);
  for (linalg::GenericOp nest : nests) {
    SmallVector<Value> operands;
    for (OpOperand &operand : nest->getOpOperands()) {
      Value value = operand.get();
      if (Value inside = mapping.lookupOrNull(value)) {
        operands.push_back(inside);
      } else if (!nest.getMatchingIndexingMap(&operand).isFunctionOfDim(0)) {
        operands.push_back(value);
      } else if (Value destinationRow = destinationRows.lookup(value);
                 destinationRow && nest.isDpsInit(&operand)) {
        operands.push_back(destinationRow);
      } else if (value.getDefiningOp<tensor::EmptyOp>()) {
        RankedTensorType type = rowType(value);
        operands.push_back(tensor::EmptyOp::create(
            rewriter, loc, type.getShape(), type.getElementType()));
      } else {
        operands.push_back(sliceRow(rewriter, loc, value, row));
      }
    }
    Operation *clone = rewriter.clone(*nest);
    clone->setOperands(operands);
    // The clone's first loop runs over one row: its index (an iota's, a
    // causal mask's) is the row's.
    for (linalg::IndexOp index :
         llvm::make_early_inc_range(cast<linalg::GenericOp>(clone)
                                        .getBody()
                                        ->getOps<linalg::IndexOp>()))
      if (index.getDim() == 0)
        rewriter.replaceOp(index, row);
    for (auto [result, init] : llvm::zip_equal(
             clone->getResults(), cast<linalg::GenericOp>(clone).getDpsInits()))
      result.setType(init.getType());
    mapping.map(nest->getResults(), clone->getResults());
  }

  rewriter.setInsertionPointToStart(loop.getTerminator().getBody());
  for (auto [index, destination] :
       llvm::zip(rowResults, loop.getRegionIterArgs())) {
    Value value = mapping.lookup(yield.getResults()[index]);
    RowSlice slice(rewriter, cast<RankedTensorType>(value.getType()), row);
    tensor::ParallelInsertSliceOp::create(rewriter, loc, value, destination,
                                          slice.offsets, slice.sizes,
                                          slice.strides);
  }
  rewriter.modifyOpInPlace(yield, [&] {
    for (auto [index, result] : llvm::zip(rowResults, loop.getResults()))
      yield->setOperand(index, result);
  });
  for (linalg::GenericOp nest : llvm::reverse(nests))
    rewriter.eraseOp(nest);
  return success();
}
