//===- TileContractionsPatterns.cpp - a product as a packed vector kernel -===//
//
// C[b, m, n] += A[b, m, k] * B[b, k, n] becomes, on tensors:
//  1. packing: A into panels [b, M/rows, K, rows] and B into [b, N/cols, K,
//     cols], zero-padded, each a parallel loop of vector copies (A with K
//     contiguous is transposed in registers, lanes x lanes at a time);
//  2. one parallel loop over row block x column block tiles of C; in each,
//     for every depth block, for every column panel, for every row panel, a
//     register tile of rows x cols accumulators starts from zero, is updated
//     with one broadcast multiply-add per row and step of K, and is added to
//     the tile of C (or to the fill value, on the first depth block), stored
//     once, masked at the edges of C: a long K rounds in depth blocks;
//  3. the elementwise epilogue that is the product's only user runs on the
//     finished tile while it is in cache, before the tile is inserted: no
//     second pass over C.
// Operands whose dimension groups are interleaved are transposed first;
// grouped dimensions are collapsed into the 3-D views, which are free.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/TileContractions.h"

#include "FillValue.h"
#include "TileContractionsGather.h"
#include "fuse/Codegen/Common/KernelPoints.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace fuse;

namespace {

using Groups = SmallVector<SmallVector<int64_t, 2>>;

/// How many steps of K ahead a transposed left operand read in place is
/// prefetched: a step is a register tile's multiply-adds, about 10 cycles,
/// and memory answers in a few hundred.
constexpr int64_t kPrefetchSteps = 32;

Value index(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value minIndex(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::MinSIOp::create(b, loc, x, y);
}

/// x + y on floats or integers (scalars or vectors).
Value add(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<FloatType>(getElementTypeOrSelf(x.getType())))
    return arith::AddFOp::create(b, loc, x, y);
  return arith::AddIOp::create(b, loc, x, y);
}

/// sum + x * y on vectors of floats (one fma) or integers.
Value multiplyAdd(OpBuilder &b, Location loc, Value x, Value y, Value sum) {
  if (isa<FloatType>(getElementTypeOrSelf(sum.getType())))
    return vector::FMAOp::create(b, loc, x, y, sum);
  return arith::AddIOp::create(b, loc, sum,
                               arith::MulIOp::create(b, loc, x, y));
}

/// Elements of `element` in one vector register of the tiles' ISA: a
/// register row holds two vectors of `accumulator`.
int64_t vectorLanes(const ContractionTiles &tiles, Type accumulator,
                    Type element) {
  int64_t bits = tiles.registerCols / 2 * accumulator.getIntOrFloatBitWidth();
  return std::max<int64_t>(1, bits / element.getIntOrFloatBitWidth());
}

/// The reassociations between a tensor whose dimensions form the three
/// `groups` and its 3-D view: `collapsed` from the tensor to one dimension
/// per non-empty group, `expanded` from those to the three view dimensions
/// (an empty group becomes a unit dimension beside a neighbour).
struct ViewReassociations {
  SmallVector<ReassociationIndices> collapsed, expanded;
};

ViewReassociations viewReassociations(const Groups &groups) {
  ViewReassociations view;
  ReassociationIndices pending;
  for (auto [position, group] : llvm::enumerate(groups)) {
    pending.push_back(position);
    if (group.empty())
      continue;
    view.collapsed.push_back(ReassociationIndices(group));
    view.expanded.push_back(pending);
    pending.clear();
  }
  if (!pending.empty() && !view.expanded.empty())
    view.expanded.back().append(pending.begin(), pending.end());
  return view;
}

/// Reshapes `value`, whose dimensions form the three `groups` (any of them
/// possibly empty), into a 3-D [batch, first, second] view.
Value collapseTo3D(OpBuilder &b, Location loc, Value value,
                   const Groups &groups) {
  auto type = cast<RankedTensorType>(value.getType());
  ViewReassociations view = viewReassociations(groups);
  if (view.collapsed.size() != static_cast<size_t>(type.getRank()))
    value = tensor::CollapseShapeOp::create(b, loc, value, view.collapsed);
  SmallVector<int64_t> shape;
  for (const auto &group : groups) {
    int64_t size = 1;
    for (int64_t dim : group)
      size *= type.getDimSize(dim);
    shape.push_back(size);
  }
  if (view.collapsed.size() == 3)
    return value;
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      view.expanded);
}

/// The inverse of `collapseTo3D`: the 3-D `view` back in `type`.
Value expandFrom3D(OpBuilder &b, Location loc, Value view,
                   RankedTensorType type, const Groups &groups) {
  ViewReassociations reassociations = viewReassociations(groups);
  if (reassociations.collapsed.size() != 3)
    view =
        tensor::CollapseShapeOp::create(b, loc, view, reassociations.expanded);
  if (reassociations.collapsed.size() == static_cast<size_t>(type.getRank()))
    return view;
  return tensor::ExpandShapeOp::create(b, loc, type, view,
                                       reassociations.collapsed);
}

/// The operand as a 3-D view, transposed first when its layout says so.
Value viewOperand(OpBuilder &b, Location loc, Value operand,
                  const OperandLayout &layout) {
  if (!layout.transpose.empty()) {
    auto type = cast<RankedTensorType>(operand.getType());
    SmallVector<int64_t> shape;
    for (int64_t dim : layout.transpose)
      shape.push_back(type.getDimSize(dim));
    Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
    operand =
        linalg::TransposeOp::create(b, loc, operand, init, layout.transpose)
            .getResult()
            .front();
  }
  return collapseTo3D(b, loc, operand, layout.groups);
}

/// `view` as a read-only buffer of any strides, for prefetches: bufferized,
/// it is the view's own buffer, never a copy.
Value viewAsBuffer(OpBuilder &b, Location loc, Value view) {
  auto type = cast<RankedTensorType>(view.getType());
  SmallVector<int64_t> strides(type.getRank(), ShapedType::kDynamic);
  auto layout =
      StridedLayoutAttr::get(b.getContext(), ShapedType::kDynamic, strides);
  auto bufferType =
      MemRefType::get(type.getShape(), type.getElementType(), layout);
  return bufferization::ToBufferOp::create(b, loc, bufferType, view,
                                           /*readOnly=*/true);
}

/// An scf.forall over `upperBounds` with `output` shared; the caller fills
/// its body before the terminator and its terminator's region.
scf::ForallOp createForall(OpBuilder &b, Location loc,
                           ArrayRef<int64_t> upperBounds, Value output) {
  SmallVector<OpFoldResult> bounds;
  for (int64_t bound : upperBounds)
    bounds.push_back(b.getIndexAttr(bound));
  return scf::ForallOp::create(b, loc, bounds, ValueRange{output},
                               std::nullopt);
}

/// Inserts `tile` into the forall's shared output at `offsets`/`sizes`.
void insertTile(OpBuilder &b, Location loc, scf::ForallOp forall, Value tile,
                ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(forall.getTerminator().getBody());
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  tensor::ParallelInsertSliceOp::create(b, loc, tile,
                                        forall.getRegionIterArgs().front(),
                                        offsets, sizes, strides);
}

/// Writes the first `count` lanes of the 1-D `row` into `dest` at
/// `indices` (along its last dimension); nothing when `count` is 0 or less.
/// The indices of other dimensions must be inside `dest` (callers clamp
/// them). A mask, not an scf.if: chains of conditional writes to one tensor
/// make bufferization's type queries exponential.
Value writeMasked(OpBuilder &b, Location loc, Value row, Value dest,
                  ValueRange indices, Value count) {
  auto rowType = cast<VectorType>(row.getType());
  Value mask = vector::CreateMaskOp::create(
      b, loc, VectorType::get(rowType.getShape(), b.getI1Type()),
      ValueRange{count});
  AffineMap minor =
      AffineMap::getMinorIdentityMap(indices.size(), 1, b.getContext());
  return vector::TransferWriteOp::create(b, loc, row, dest, indices,
                                         AffineMapAttr::get(minor), mask,
                                         b.getBoolArrayAttr({false}))
      .getResult();
}

/// The outermost sequential loop (scf.for, scf.while) around `op` in which
/// `operand` does not change, with only such loops between it and `op`; null
/// when there is none. Its panels are packed once, before that loop (a
/// weight read by every step of a scan): the loop may run no iteration,
/// but packing has no effect other than its time.
Operation *outermostInvariantLoop(Operation *op, Value operand) {
  Operation *outermost = nullptr;
  for (Operation *parent = op->getParentOp();
       parent && isa<scf::ForOp, scf::WhileOp>(parent);
       parent = parent->getParentOp()) {
    if (parent->isAncestor(operand.getParentBlock()->getParentOp()))
      break;
    outermost = parent;
  }
  return outermost;
}

/// Transposes the square matrix whose rows are the 1-D vectors `rows` (as
/// many as each has lanes), in place. For n a power of two: log2(n) rounds
/// of n two-source shuffles, each round swapping the off-diagonal s x s
/// blocks of every 2s x 2s block. An element-wise transpose (vector.transpose
/// lowered by default) is n^2 inserts, which LLVM's instruction selection
/// takes long to combine: most of a product program's compile time.
void transposeSquare(OpBuilder &b, Location loc, MutableArrayRef<Value> rows) {
  auto n = static_cast<int64_t>(rows.size());
  if (!llvm::isPowerOf2_64(n)) {
    auto rowType = cast<VectorType>(rows.front().getType());
    auto squareType = VectorType::get({n, n}, rowType.getElementType());
    Value square = arith::ConstantOp::create(b, loc, squareType,
                                             b.getZeroAttr(squareType));
    for (int64_t i = 0; i < n; ++i)
      square = vector::InsertOp::create(b, loc, rows[i], square,
                                        ArrayRef<int64_t>{i});
    Value transposed =
        vector::TransposeOp::create(b, loc, square, ArrayRef<int64_t>{1, 0});
    for (int64_t i = 0; i < n; ++i)
      rows[i] =
          vector::ExtractOp::create(b, loc, transposed, ArrayRef<int64_t>{i});
    return;
  }
  for (int64_t s = n / 2; s >= 1; s /= 2) {
    SmallVector<int64_t> upper(n), lower(n);
    for (int64_t lane = 0; lane < n; ++lane) {
      bool high = lane & s;
      upper[lane] = high ? n + lane - s : lane;
      lower[lane] = high ? n + lane : lane + s;
    }
    for (int64_t i = 0; i < n; ++i) {
      if (i & s)
        continue;
      Value a = rows[i], c = rows[i + s];
      rows[i] = vector::ShuffleOp::create(b, loc, a, c, upper);
      rows[i + s] = vector::ShuffleOp::create(b, loc, a, c, lower);
    }
  }
}

/// The 1-D vectors `head` and `tail` one after the other.
Value concatenate(OpBuilder &b, Location loc, Value head, Value tail) {
  int64_t length = cast<VectorType>(head.getType()).getNumElements() +
                   cast<VectorType>(tail.getType()).getNumElements();
  return vector::ShuffleOp::create(b, loc, head, tail,
                                   llvm::to_vector(llvm::seq<int64_t>(length)));
}

/// An operand as the packing reads it: its 3-D view, or for a gathered left
/// operand, the copy's source through `gathered` (K inner).
struct OperandSource {
  Value view;
  const GatheredReader *gathered = nullptr;
  /// The 3-D view's shape and element type.
  SmallVector<int64_t, 3> shape;
  Type element;

  static OperandSource ofView(Value view) {
    auto type = cast<RankedTensorType>(view.getType());
    return {view, nullptr, SmallVector<int64_t, 3>(type.getShape()),
            type.getElementType()};
  }

  /// `type`'s lanes of consecutive steps of K from `k`, of row `row`.
  Value readSteps(OpBuilder &b, Location loc, Value batch, Value row, Value k,
                  VectorType type) const {
    if (gathered)
      return gathered->readSteps(
          b, loc, gathered->rowOffset(b, loc, batch, row), k, type);
    Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
    return vector::TransferReadOp::create(b, loc, type, view,
                                          ValueRange{batch, row, k}, padding,
                                          ArrayRef<bool>{false});
  }
};

/// Packs steps [kStart, kEnd) of K of the panel of `width` rows starting at
/// row `first` of a 3-D view ([batch, X, K] when `kInner`, else [batch, K,
/// X]) into `panel` ([steps, width], rows of it from 0), zero-padded past X.
/// Steps from kEnd up to a multiple of `lanes` (K contiguous) may be
/// written with zeros or left; nothing reads them.
Value packPanel(OpBuilder &b, Location loc, const OperandSource &source,
                bool kInner, Value batchIndex, Value first, Value kStart,
                Value kEnd, int64_t width, int64_t lanes, Value panel) {
  Type element = source.element;
  int64_t size = source.shape[kInner ? 1 : 2];
  Value zero = index(b, loc, 0), one = index(b, loc, 1);
  Value padding = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  auto rowType = VectorType::get({width}, element);

  if (!kInner) {
    assert(!source.gathered && "gathered operands are read with K inner");
    // X is contiguous: each step of K copies one row of the panel.
    auto loop = scf::ForOp::create(
        b, loc, kStart, kEnd, one, ValueRange{panel},
        [&](OpBuilder &nb, Location nl, Value k, ValueRange args) {
          Value row = vector::TransferReadOp::create(
              nb, nl, rowType, source.view, ValueRange{batchIndex, k, first},
              padding, ArrayRef<bool>{false});
          Value step = arith::SubIOp::create(nb, nl, k, kStart);
          Value written = vector::TransferWriteOp::create(
                              nb, nl, row, args[0], ValueRange{step, zero},
                              ArrayRef<bool>{true})
                              .getResult();
          scf::YieldOp::create(nb, nl, written);
        });
    return loop.getResult(0);
  }
  // K is contiguous: for `lanes` steps of K at a time, the panel's rows are
  // read in square blocks of `lanes` rows and transposed in registers; the
  // blocks' columns are joined into the panel's rows.
  auto laneType = VectorType::get({lanes}, element);
  Value lastRow = index(b, loc, size - 1);
  Value sizeValue = index(b, loc, size);
  int64_t steps = cast<RankedTensorType>(panel.getType()).getDimSize(0);
  auto loop = scf::ForOp::create(
      b, loc, kStart, kEnd, index(b, loc, lanes), ValueRange{panel},
      [&](OpBuilder &nb, Location nl, Value kk, ValueRange args) {
        Value zeros = arith::ConstantOp::create(nb, nl, laneType,
                                                nb.getZeroAttr(laneType));
        SmallVector<Value> columns;
        for (int64_t piece = 0; piece < width; piece += lanes) {
          SmallVector<Value> block;
          for (int64_t i = piece; i < piece + lanes; ++i) {
            if (i >= width) {
              block.push_back(zeros);
              continue;
            }
            Value row = arith::AddIOp::create(nb, nl, first, index(nb, nl, i));
            Value inside = arith::CmpIOp::create(
                nb, nl, arith::CmpIPredicate::slt, row, sizeValue);
            Value values =
                source.readSteps(nb, nl, batchIndex,
                                 minIndex(nb, nl, row, lastRow), kk, laneType);
            block.push_back(
                arith::SelectOp::create(nb, nl, inside, values, zeros));
          }
          transposeSquare(nb, nl, block);
          if (columns.empty()) {
            columns = block;
            continue;
          }
          for (auto [column, next] : llvm::zip_equal(columns, block))
            column = concatenate(nb, nl, column, next);
        }
        // Steps past the panel get an empty mask, at a clamped index.
        Value result = args[0];
        Value lastStep = index(nb, nl, steps - 1);
        Value full = index(nb, nl, width);
        Value none = index(nb, nl, 0);
        Value base = arith::SubIOp::create(nb, nl, kk, kStart);
        for (int64_t j = 0; j < lanes; ++j) {
          Value step = arith::AddIOp::create(nb, nl, base, index(nb, nl, j));
          Value inside = arith::CmpIOp::create(
              nb, nl, arith::CmpIPredicate::slt, step, index(nb, nl, steps));
          Value count = arith::SelectOp::create(nb, nl, inside, full, none);
          result = writeMasked(
              nb, nl, columns[j], result,
              ValueRange{minIndex(nb, nl, step, lastStep), zero}, count);
        }
        scf::YieldOp::create(nb, nl, result);
      });
  return loop.getResult(0);
}

/// Packs a 3-D view ([batch, X, K] when `kInner`, else [batch, K, X]) into
/// panels [batch, ceil(X / width), K, width], zero-padded along X: a
/// parallel loop over the panels.
Value packPanels(OpBuilder &b, Location loc, const OperandSource &source,
                 bool kInner, int64_t width, int64_t lanes) {
  Type element = source.element;
  int64_t batch = source.shape[0];
  int64_t size = source.shape[kInner ? 1 : 2];
  int64_t depth = source.shape[kInner ? 2 : 1];
  int64_t panels = llvm::divideCeil(size, width);
  Value empty =
      tensor::EmptyOp::create(b, loc, {batch, panels, depth, width}, element);
  scf::ForallOp forall = createForall(b, loc, {batch, panels}, empty);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(forall.getTerminator());
  Value batchIndex = forall.getInductionVar(0);
  Value panelIndex = forall.getInductionVar(1);
  auto panelType = RankedTensorType::get({depth, width}, element);
  SmallVector<OpFoldResult> offsets = {batchIndex, panelIndex,
                                       b.getIndexAttr(0), b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1), b.getIndexAttr(1),
                                     b.getIndexAttr(depth),
                                     b.getIndexAttr(width)};
  SmallVector<OpFoldResult> strides(4, b.getIndexAttr(1));
  Value panel = tensor::ExtractSliceOp::create(
      b, loc, panelType, forall.getRegionIterArgs().front(), offsets, sizes,
      strides);
  Value first = arith::MulIOp::create(b, loc, panelIndex, index(b, loc, width));
  Value packed =
      packPanel(b, loc, source, kInner, batchIndex, first, index(b, loc, 0),
                index(b, loc, depth), width, lanes, panel);
  insertTile(b, loc, forall, packed, offsets, sizes);
  return forall.getResult(0);
}

/// Packs rows [rowStart, rowStart + rowCount) and steps [kStart, kEnd) of K
/// of the left operand's 3-D view into `block` ([panels, depth block,
/// width], reused from the previous depth block): the panels of one result
/// tile, packed inside the tile, sequentially.
Value packBlock(OpBuilder &b, Location loc, const OperandSource &source,
                bool kInner, Value batchIndex, Value rowStart, Value rowCount,
                Value kStart, Value kEnd, int64_t width, int64_t lanes,
                Value block) {
  auto blockType = cast<RankedTensorType>(block.getType());
  int64_t steps = blockType.getDimSize(1);
  auto panelType =
      RankedTensorType::get({steps, width}, blockType.getElementType());
  Value zero = index(b, loc, 0);
  auto loop = scf::ForOp::create(
      b, loc, zero, rowCount, index(b, loc, width), ValueRange{block},
      [&](OpBuilder &nb, Location nl, Value row, ValueRange args) {
        Value panelIndex =
            arith::DivUIOp::create(nb, nl, row, index(nb, nl, width));
        SmallVector<OpFoldResult> offsets = {panelIndex, nb.getIndexAttr(0),
                                             nb.getIndexAttr(0)};
        SmallVector<OpFoldResult> sizes = {
            nb.getIndexAttr(1), nb.getIndexAttr(steps), nb.getIndexAttr(width)};
        SmallVector<OpFoldResult> strides(3, nb.getIndexAttr(1));
        Value panel = tensor::ExtractSliceOp::create(nb, nl, panelType, args[0],
                                                     offsets, sizes, strides);
        Value first = arith::AddIOp::create(nb, nl, rowStart, row);
        Value packed = packPanel(nb, nl, source, kInner, batchIndex, first,
                                 kStart, kEnd, width, lanes, panel);
        Value inserted = tensor::InsertSliceOp::create(nb, nl, packed, args[0],
                                                       offsets, sizes, strides);
        scf::YieldOp::create(nb, nl, inserted);
      });
  return loop.getResult(0);
}

/// Applies the cast named `name` (an arith op, or none) to `value`.
Value applyCast(OpBuilder &b, Location loc, StringRef name, Value value,
                Type element) {
  if (name.empty())
    return value;
  Type type = element;
  if (auto vectorType = dyn_cast<VectorType>(value.getType()))
    type = vectorType.clone(element);
  OperationState state(loc, name, ValueRange{value}, TypeRange{type});
  return b.create(state)->getResult(0);
}

/// The value the sums start from: a fill's scalar, or the init's contents.
struct ProductStart {
  /// The fill (a linalg.fill, or a generic yielding one scalar, as fusion
  /// emits it) that only the product reads; null when there is none.
  linalg::LinalgOp fill;
  Value fillValue;
  /// The tensor the result is written into (the fill's destination).
  Value destination;
};

ProductStart getProductStart(linalg::LinalgOp op, Type accumulator) {
  ProductStart start;
  start.destination = op.getDpsInitOperand(0)->get();
  Value filled = getFilledValue(start.destination);
  // A fill of another type than the sums would need a cast per tile; it
  // stays, and the tiles load its values.
  if (!filled || filled.getType() != accumulator ||
      !start.destination.hasOneUse())
    return start;
  start.fill = start.destination.getDefiningOp<linalg::LinalgOp>();
  start.fillValue = filled;
  start.destination = start.fill.getDpsInitOperand(0)->get();
  return start;
}

/// The elementwise generic that is the product's only user and can run on
/// one tile of the result: all loops parallel over the result's shape, the
/// product read through the identity, one result in the identity layout.
linalg::GenericOp findEpilogue(const ContractionMatch &match, bool fromFill) {
  Value product = match.op->getResult(0);
  if (!product.hasOneUse())
    return {};
  auto epilogue = dyn_cast<linalg::GenericOp>(*product.getUsers().begin());
  auto productType = cast<RankedTensorType>(product.getType());
  if (!epilogue || !epilogue.hasPureTensorSemantics() ||
      epilogue.getNumDpsInits() != 1 ||
      epilogue.getNumParallelLoops() != epilogue.getNumLoops() ||
      epilogue.getNumLoops() != static_cast<unsigned>(productType.getRank()))
    return {};
  // A tile of the result must be a box of the original shape.
  if (match.resultGroups[1].size() != 1 || match.resultGroups[2].size() != 1)
    return {};
  // Operands are read along some of the result's dimensions; a unit
  // dimension of a row broadcast reads index 0.
  for (OpOperand &operand : epilogue->getOpOperands()) {
    AffineMap map = epilogue.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return {};
    if (operand.get() == product && !map.isIdentity())
      return {};
  }
  OpOperand *init = epilogue.getDpsInitOperand(0);
  if (!epilogue.getMatchingIndexingMap(init).isIdentity())
    return {};
  // Unless the product starts from a fill, its init holds values the sums
  // add to: the epilogue must overwrite the product in place.
  if (!fromFill && init->get() != product)
    return {};
  if (init->get() != product && epilogue.payloadUsesValueFromOperand(init))
    return {};
  return epilogue;
}

struct TileContraction : OpInterfaceRewritePattern<linalg::LinalgOp> {
  TileContraction(MLIRContext *context,
                  std::shared_ptr<const ContractionPolicy> policy,
                  const TileContractionsOptions &options)
      : OpInterfaceRewritePattern(context), policy(std::move(policy)),
        options(options) {}

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumReductionLoops() == 0)
      return failure();
    ContractionMatch match = matchContraction(op);
    if (!match)
      return rewriter.notifyMatchFailure(op, match.refusal);
    ProductStart start = getProductStart(op, match.accumulatorType);
    if (match.m != 1 && match.n != 1)
      match.epilogue = findEpilogue(match, start.fill != nullptr);
    if (std::string reason = policy->refuse(match); !reason.empty())
      return rewriter.notifyMatchFailure(op, reason);
    if (match.m == 1 || match.n == 1) {
      rewriteMatrixVector(match, start, withOverrides(policy->choose(match)),
                          rewriter);
      return success();
    }
    std::string notGathered;
    FailureOr<GatheredOperand> gathered = matchGatheredOperand(
        op.getDpsInputOperand(0)->get(), match.lhs, notGathered);
    ContractionTiles tiles = withOverrides(
        policy->choose(match, succeeded(gathered) ? &*gathered : nullptr));
    if (tiles.readRightInPlace &&
        !refuseRightInPlace(match, tiles.registerCols).empty())
      tiles.readRightInPlace = false;
    if (tiles.gatherLeft) {
      int64_t lanes =
          vectorLanes(tiles, match.accumulatorType,
                      getElementTypeOrSelf(op->getOperand(0).getType()));
      if (!refuseGatheredReads(*gathered, tiles, lanes).empty())
        tiles.gatherLeft = false;
    }
    rewrite(match, start, tiles, tiles.gatherLeft ? &*gathered : nullptr,
            rewriter);
    return success();
  }

private:
  ContractionTiles withOverrides(ContractionTiles tiles) const {
    const ContractionTiles &o = options.overrides;
    auto pick = [](int64_t override, int64_t chosen) {
      return override > 0 ? override : chosen;
    };
    tiles.registerRows = pick(o.registerRows, tiles.registerRows);
    tiles.registerCols = pick(o.registerCols, tiles.registerCols);
    tiles.depthBlock = pick(o.depthBlock, tiles.depthBlock);
    // Blocks are whole register tiles.
    tiles.rowBlock =
        llvm::alignTo(pick(o.rowBlock, tiles.rowBlock), tiles.registerRows);
    tiles.colBlock =
        llvm::alignTo(pick(o.colBlock, tiles.colBlock), tiles.registerCols);
    if (options.leftPacking != LeftPacking::Policy)
      tiles.leftPacking = options.leftPacking;
    return tiles;
  }

  /// The tiled kernel; it reads the left operand through `gathered`'s
  /// copy when that is not null.
  void rewrite(const ContractionMatch &match, const ProductStart &start,
               const ContractionTiles &tiles, const GatheredOperand *gathered,
               PatternRewriter &rewriter) const;
  void rewriteMatrixVector(const ContractionMatch &match,
                           const ProductStart &start,
                           const ContractionTiles &tiles,
                           PatternRewriter &rewriter) const;

  std::shared_ptr<const ContractionPolicy> policy;
  TileContractionsOptions options;
};

/// Builds one product's tiled kernel in the steps of this file's header:
/// the operands' packing, the parallel loop over result tiles, each tile's
/// depth blocks of register tiles, and the fused epilogue.
class TiledProductBuilder {
public:
  TiledProductBuilder(const ContractionMatch &match, const ProductStart &start,
                      const ContractionTiles &tiles,
                      const GatheredOperand *gathered,
                      PatternRewriter &rewriter);

  /// Replaces the product (and its epilogue) by the kernel.
  void build();

private:
  /// One register tile of a result tile: where it is, and what its loads
  /// and stores need.
  struct RegisterTile {
    Value tileValue, jr, ir;
    /// The packed panels it reads (null where an operand is read in place).
    Value lhsPanel, rhsPanel;
    Value lastRow, colsLeft;
    /// Whether it lies wholly inside the result tile.
    Value full;
    SmallVector<Value> rowIndices;
    /// Read in place: the operand's rows, and a gathered operand's offsets
    /// of them.
    SmallVector<Value> lhsRows, lhsRowOffsets;
  };

  Value packOperand(Value operand, const OperandLayout &layout, int64_t width);
  void packOperands();
  void createTileLoop();
  Value buildDepthLoop();
  Value buildRegisterTile(OpBuilder &b, Location loc, Value tileValue, Value kb,
                          Value kEnd, Value jr, Value ir);
  RegisterTile locateRegisterTile(OpBuilder &b, Location loc, Value tileValue,
                                  Value jr, Value ir);
  SmallVector<Value> accumulateSteps(OpBuilder &b, Location loc,
                                     const RegisterTile &at, Value kb,
                                     Value kEnd);
  SmallVector<Value> loadTile(OpBuilder &b, Location loc,
                              const RegisterTile &at);
  void prefetchRowsAhead(OpBuilder &b, Location loc, const RegisterTile &at,
                         Value k);
  SmallVector<Value> previousSums(OpBuilder &b, Location loc,
                                  const RegisterTile &at, Value kb);
  Value storeTile(OpBuilder &b, Location loc, const RegisterTile &at,
                  ArrayRef<Value> sums);
  Value fuseEpilogue(Value sums);
  void replaceProduct();

  const ContractionMatch &match;
  const ContractionTiles &tiles;
  const GatheredOperand *gathered;
  PatternRewriter &rewriter;
  linalg::LinalgOp op;
  Location loc;
  Type lhsElement, rhsElement, acc;
  const int64_t rows, cols, lanes;
  /// A fill as the init: the first depth block starts from its value.
  linalg::LinalgOp fill;
  Value fillValue, init;
  linalg::GenericOp epilogue;

  // Step 1: the operands. The left one is packed before the tiles, or block
  // by block inside each (into lhsBlock), or read in place (its view).
  bool readLeftInPlace, packLeftInTiles;
  Value packedLhs, lhsView, lhsBlock;
  /// The left operand read in place across its rows (transposed), as a
  /// buffer to prefetch the rows ahead from.
  Value lhsPrefetchBuffer;
  /// A gathered operand is read from its copy's source, never viewed.
  std::optional<GatheredReader> reader;
  OperandSource lhsSource;
  /// The right operand is packed, or read where it is (its view).
  Value packedRhs, rhsView;

  // Step 2: the tiles, written into the epilogue's result when it is fused.
  RankedTensorType resultType;
  bool accumulateInResult;
  scf::ForallOp forall;
  Value batchIndex, rowStart, colStart, rowCount, colCount;
  SmallVector<OpFoldResult> offsets, sizes, strides;
  Value tile;

  // Step 3: constants of the register tiles.
  Value zero, one, depth;
  VectorType accRowType, rhsStepType;
  Value accPadding, rhsPadding, startValue;
};

TiledProductBuilder::TiledProductBuilder(const ContractionMatch &match,
                                         const ProductStart &start,
                                         const ContractionTiles &tiles,
                                         const GatheredOperand *gathered,
                                         PatternRewriter &rewriter)
    : match(match), tiles(tiles), gathered(gathered), rewriter(rewriter),
      op(match.op), loc(op.getLoc()),
      lhsElement(getElementTypeOrSelf(op.getDpsInputOperand(0)->get())),
      rhsElement(getElementTypeOrSelf(op.getDpsInputOperand(1)->get())),
      acc(match.accumulatorType), rows(tiles.registerRows),
      cols(tiles.registerCols),
      lanes(vectorLanes(tiles, match.accumulatorType, lhsElement)),
      fill(start.fill), fillValue(start.fillValue), init(start.destination),
      epilogue(match.epilogue) {}

void TiledProductBuilder::build() {
  // Everything the epilogue reads is defined before it.
  rewriter.setInsertionPoint(epilogue ? epilogue.getOperation()
                                      : op.getOperation());
  packOperands();
  createTileLoop();
  Value finished = buildDepthLoop();
  if (epilogue)
    finished = fuseEpilogue(finished);
  insertTile(rewriter, loc, forall, finished, offsets, sizes);
  replaceProduct();
}

/// An operand that the loops around the product do not change is packed
/// once, before them.
Value TiledProductBuilder::packOperand(Value operand,
                                       const OperandLayout &layout,
                                       int64_t width) {
  OpBuilder::InsertionGuard guard(rewriter);
  if (Operation *loop = outermostInvariantLoop(op, operand))
    rewriter.setInsertionPoint(loop);
  return packPanels(
      rewriter, loc,
      OperandSource::ofView(viewOperand(rewriter, loc, operand, layout)),
      layout.kInner, width, lanes);
}

void TiledProductBuilder::packOperands() {
  Value lhs = op.getDpsInputOperand(0)->get();
  Value rhs = op.getDpsInputOperand(1)->get();
  readLeftInPlace = tiles.leftPacking == LeftPacking::InPlace;
  packLeftInTiles = tiles.leftPacking == LeftPacking::InTiles &&
                    !outermostInvariantLoop(op, lhs);
  // The gathered copy is left without users.
  if (gathered) {
    reader.emplace(rewriter, loc, *gathered);
    lhsSource = {Value(), &*reader,
                 SmallVector<int64_t, 3>{match.batch, match.m, match.k},
                 lhsElement};
  }
  if (packLeftInTiles || readLeftInPlace) {
    if (!gathered) {
      lhsView = viewOperand(rewriter, loc, lhs, match.lhs);
      lhsSource = OperandSource::ofView(lhsView);
      if (readLeftInPlace && !match.lhs.kInner)
        lhsPrefetchBuffer = viewAsBuffer(rewriter, loc, lhsView);
    }
  } else if (gathered) {
    packedLhs =
        packPanels(rewriter, loc, lhsSource, match.lhs.kInner, rows, lanes);
  } else {
    packedLhs = packOperand(lhs, match.lhs, rows);
  }
  if (tiles.readRightInPlace)
    rhsView = viewOperand(rewriter, loc, rhs, match.rhs);
  else
    packedRhs = packOperand(rhs, match.rhs, cols);
}

void TiledProductBuilder::createTileLoop() {
  OpBuilder &b = rewriter;
  resultType = cast<RankedTensorType>(op->getResult(0).getType());
  Value result = init;
  if (epilogue) {
    Value epilogueInit = epilogue.getDpsInitOperand(0)->get();
    if (epilogueInit != op->getResult(0))
      result = epilogueInit;
    resultType = cast<RankedTensorType>(epilogue->getResult(0).getType());
  }
  accumulateInResult = resultType.getElementType() == acc;
  Value result3 = collapseTo3D(b, loc, result, match.resultGroups);

  int64_t rowTiles = llvm::divideCeil(match.m, tiles.rowBlock);
  int64_t colTiles = llvm::divideCeil(match.n, tiles.colBlock);
  forall = createForall(b, loc, {match.batch, rowTiles, colTiles}, result3);
  b.setInsertionPoint(forall.getTerminator());
  batchIndex = forall.getInductionVar(0);
  rowStart = arith::MulIOp::create(b, loc, forall.getInductionVar(1),
                                   index(b, loc, tiles.rowBlock));
  colStart = arith::MulIOp::create(b, loc, forall.getInductionVar(2),
                                   index(b, loc, tiles.colBlock));
  rowCount =
      minIndex(b, loc, index(b, loc, tiles.rowBlock),
               arith::SubIOp::create(b, loc, index(b, loc, match.m), rowStart));
  colCount =
      minIndex(b, loc, index(b, loc, tiles.colBlock),
               arith::SubIOp::create(b, loc, index(b, loc, match.n), colStart));
  offsets = {batchIndex, rowStart, colStart};
  sizes = {b.getIndexAttr(1), rowCount, colCount};
  strides.assign(3, b.getIndexAttr(1));
  auto tileType =
      RankedTensorType::get({ShapedType::kDynamic, ShapedType::kDynamic}, acc);
  if (accumulateInResult)
    tile = tensor::ExtractSliceOp::create(b, loc, tileType,
                                          forall.getRegionIterArgs().front(),
                                          offsets, sizes, strides);
  else
    tile = tensor::EmptyOp::create(b, loc, tileType.getShape(), acc,
                                   ValueRange{rowCount, colCount});

  zero = index(b, loc, 0);
  one = index(b, loc, 1);
  depth = index(b, loc, match.k);
  accRowType = VectorType::get({cols}, acc);
  rhsStepType = VectorType::get({cols}, rhsElement);
  accPadding = arith::ConstantOp::create(b, loc, b.getZeroAttr(acc));
  rhsPadding = arith::ConstantOp::create(b, loc, b.getZeroAttr(rhsElement));
  if (fill)
    startValue = vector::BroadcastOp::create(b, loc, accRowType, fillValue);
}

/// The depth blocks of a tile, each over its column and row register tiles.
/// With packLeftInTiles, the packed left block is carried through the depth
/// blocks, each packing over the last: one buffer per tile.
Value TiledProductBuilder::buildDepthLoop() {
  OpBuilder &b = rewriter;
  SmallVector<Value> depthInits = {tile};
  if (packLeftInTiles)
    depthInits.push_back(tensor::EmptyOp::create(
        b, loc,
        {static_cast<int64_t>(llvm::divideCeil(tiles.rowBlock, rows)),
         std::min(tiles.depthBlock, match.k), rows},
        lhsElement));
  auto depthLoop = scf::ForOp::create(
      b, loc, zero, depth, index(b, loc, tiles.depthBlock), depthInits,
      [&](OpBuilder &db, Location dl, Value kb, ValueRange depthArgs) {
        Value kEnd = minIndex(
            db, dl,
            arith::AddIOp::create(db, dl, kb, index(db, dl, tiles.depthBlock)),
            depth);
        if (packLeftInTiles) {
          lhsBlock = packBlock(db, dl, lhsSource, match.lhs.kInner, batchIndex,
                               rowStart, rowCount, kb, kEnd, rows, lanes,
                               depthArgs[1]);
        }
        auto colLoop = scf::ForOp::create(
            db, dl, zero, colCount, index(db, dl, cols),
            ValueRange{depthArgs[0]},
            [&](OpBuilder &cb, Location cl, Value jr, ValueRange colArgs) {
              auto rowLoop = scf::ForOp::create(
                  cb, cl, zero, rowCount, index(cb, cl, rows), colArgs,
                  [&](OpBuilder &rb, Location rl, Value ir,
                      ValueRange rowArgs) {
                    scf::YieldOp::create(rb, rl,
                                         buildRegisterTile(rb, rl, rowArgs[0],
                                                           kb, kEnd, jr, ir));
                  });
              scf::YieldOp::create(cb, cl, rowLoop.getResults());
            });
        SmallVector<Value> yielded = {colLoop.getResult(0)};
        if (packLeftInTiles)
          yielded.push_back(lhsBlock);
        scf::YieldOp::create(db, dl, yielded);
      });
  return depthLoop.getResult(0);
}

/// The register tile at (ir, jr) of the depth block [kb, kEnd): its steps
/// summed from zero, added to the tile's sums so far, and stored.
Value TiledProductBuilder::buildRegisterTile(OpBuilder &b, Location loc,
                                             Value tileValue, Value kb,
                                             Value kEnd, Value jr, Value ir) {
  RegisterTile at = locateRegisterTile(b, loc, tileValue, jr, ir);
  SmallVector<Value> steps = accumulateSteps(b, loc, at, kb, kEnd);
  SmallVector<Value> previous = previousSums(b, loc, at, kb);
  SmallVector<Value> sums;
  for (int64_t r = 0; r < rows; ++r)
    sums.push_back(add(b, loc, previous[r], steps[r]));
  return storeTile(b, loc, at, sums);
}

TiledProductBuilder::RegisterTile
TiledProductBuilder::locateRegisterTile(OpBuilder &b, Location loc,
                                        Value tileValue, Value jr, Value ir) {
  RegisterTile at;
  at.tileValue = tileValue;
  at.jr = jr;
  at.ir = ir;
  if (!readLeftInPlace)
    at.lhsPanel = arith::DivUIOp::create(
        b, loc,
        packLeftInTiles ? ir : arith::AddIOp::create(b, loc, rowStart, ir),
        index(b, loc, rows));
  if (!rhsView)
    at.rhsPanel = arith::DivUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, colStart, jr),
        index(b, loc, cols));
  at.lastRow = arith::SubIOp::create(b, loc, rowCount, index(b, loc, 1));
  // Interior register tiles (the common case) load and store whole rows;
  // masked transfers are slow on some x86 cores (vmaskmovps).
  Value rowsLeft = arith::SubIOp::create(b, loc, rowCount, ir);
  at.colsLeft = arith::SubIOp::create(b, loc, colCount, jr);
  at.full = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, rowsLeft,
                            index(b, loc, rows)),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, at.colsLeft,
                            index(b, loc, cols)));
  for (int64_t r = 0; r < rows; ++r)
    at.rowIndices.push_back(
        arith::AddIOp::create(b, loc, ir, index(b, loc, r)));
  // Read in place, rows past the operand read its last row: their sums are
  // never stored.
  if (readLeftInPlace) {
    Value lastLhsRow = index(b, loc, match.m - 1);
    for (Value row : at.rowIndices)
      at.lhsRows.push_back(minIndex(
          b, loc, arith::AddIOp::create(b, loc, rowStart, row), lastLhsRow));
    if (reader)
      for (Value row : at.lhsRows)
        at.lhsRowOffsets.push_back(reader->rowOffset(b, loc, batchIndex, row));
  }
  return at;
}

/// The steps [kb, kEnd) summed from zero: each depth block's sum is then
/// added to the tile's, so a long K rounds as a sum in blocks, not as one
/// sequential sum (a weight gradient's K is batch x height x width).
SmallVector<Value> TiledProductBuilder::accumulateSteps(OpBuilder &b,
                                                        Location loc,
                                                        const RegisterTile &at,
                                                        Value kb, Value kEnd) {
  Value lhsTensor =
      readLeftInPlace ? lhsView : (packLeftInTiles ? lhsBlock : packedLhs);
  Value zeroRow =
      arith::ConstantOp::create(b, loc, accRowType, b.getZeroAttr(accRowType));
  SmallVector<Value> accumulators(rows, zeroRow);
  auto steps = scf::ForOp::create(
      b, loc, kb, kEnd, one, accumulators,
      [&](OpBuilder &kbld, Location kl, Value k, ValueRange sums) {
        // Row r's element of step k: in place, at its row; packed, at lane r
        // of its panel (the tile's block holds the depth block's steps from
        // 0).
        Value step =
            packLeftInTiles ? arith::SubIOp::create(kbld, kl, k, kb) : k;
        auto lhsAt = [&](int64_t r) -> SmallVector<Value> {
          if (readLeftInPlace)
            return match.lhs.kInner
                       ? SmallVector<Value>{batchIndex, at.lhsRows[r], k}
                       : SmallVector<Value>{batchIndex, k, at.lhsRows[r]};
          SmallVector<Value> position = {at.lhsPanel, step, index(kbld, kl, r)};
          if (!packLeftInTiles)
            position.insert(position.begin(), batchIndex);
          return position;
        };
        Value bRow = rhsView ? vector::TransferReadOp::create(
                                   kbld, kl, rhsStepType, rhsView,
                                   ValueRange{batchIndex, k,
                                              arith::AddIOp::create(
                                                  kbld, kl, colStart, at.jr)},
                                   rhsPadding, ArrayRef<bool>{true})
                             : vector::TransferReadOp::create(
                                   kbld, kl, rhsStepType, packedRhs,
                                   ValueRange{batchIndex, at.rhsPanel, k, zero},
                                   rhsPadding, ArrayRef<bool>{true});
        bRow = applyCast(kbld, kl, match.rhsCast, bRow, acc);
        // Gathered in place: one lookup of the step's offset for all rows.
        Value stepOffset;
        if (readLeftInPlace && reader)
          stepOffset = reader->stepOffset(kbld, kl, k);
        auto lhsElementAt = [&](int64_t r) -> Value {
          if (stepOffset)
            return reader->readElement(kbld, kl, at.lhsRowOffsets[r],
                                       stepOffset);
          return tensor::ExtractOp::create(kbld, kl, lhsTensor, lhsAt(r));
        };
        if (lhsPrefetchBuffer)
          prefetchRowsAhead(kbld, kl, at, k);
        SmallVector<Value> next;
        for (int64_t r = 0; r < rows; ++r) {
          // One scalar load per row, which LLVM broadcasts from memory. Read
          // as one vector, the rows were spread with shuffles, on the
          // multiply-adds' ports: with 6 rows on AVX2 (Zen 3), 2048^3 took
          // 114-123 ms, and 103-107 ms this way.
          Value scalar =
              applyCast(kbld, kl, match.lhsCast, lhsElementAt(r), acc);
          Value spread =
              vector::BroadcastOp::create(kbld, kl, accRowType, scalar);
          next.push_back(multiplyAdd(kbld, kl, spread, bRow, sums[r]));
        }
        scf::YieldOp::create(kbld, kl, next);
      });
  return SmallVector<Value>(steps.getResults().begin(),
                            steps.getResults().end());
}

/// Prefetches the register tile's first and last elements of the left
/// operand's row `kPrefetchSteps` steps of K ahead (clamped to the last).
/// Read in place and transposed, each step of K reads a line or two of a
/// long row, one row apart: a pass over a depth block of operands out of
/// cache waited on memory for each (the GNN's weight gradient, 8192 x 128
/// transposed: 1.03 ms out of cache, 0.29 ms in it).
void TiledProductBuilder::prefetchRowsAhead(OpBuilder &b, Location loc,
                                            const RegisterTile &at, Value k) {
  Value ahead = minIndex(
      b, loc, arith::AddIOp::create(b, loc, k, index(b, loc, kPrefetchSteps)),
      index(b, loc, match.k - 1));
  for (Value row : {at.lhsRows.front(), at.lhsRows.back()})
    memref::PrefetchOp::create(b, loc, lhsPrefetchBuffer,
                               ValueRange{batchIndex, ahead, row},
                               /*isWrite=*/false, /*localityHint=*/3,
                               /*isDataCache=*/true);
}

/// The register tile's rows of the result tile, clamped at its edges.
SmallVector<Value> TiledProductBuilder::loadTile(OpBuilder &b, Location loc,
                                                 const RegisterTile &at) {
  auto loadRows = [&](OpBuilder &lb, Location ll, bool inBounds) {
    SmallVector<Value> loaded;
    for (int64_t r = 0; r < rows; ++r) {
      Value row = inBounds ? at.rowIndices[r]
                           : minIndex(lb, ll, at.rowIndices[r], at.lastRow);
      loaded.push_back(vector::TransferReadOp::create(
          lb, ll, accRowType, at.tileValue, ValueRange{row, at.jr}, accPadding,
          ArrayRef<bool>{inBounds}));
    }
    scf::YieldOp::create(lb, ll, loaded);
  };
  auto load = scf::IfOp::create(
      b, loc, at.full,
      [&](OpBuilder &ib, Location il) { loadRows(ib, il, true); },
      [&](OpBuilder &ib, Location il) { loadRows(ib, il, false); });
  return SmallVector<Value>(load.getResults().begin(), load.getResults().end());
}

/// The tile's sums so far: the fill value before the first depth block
/// (loading nothing), else the tile's rows.
SmallVector<Value> TiledProductBuilder::previousSums(OpBuilder &b, Location loc,
                                                     const RegisterTile &at,
                                                     Value kb) {
  if (!fill)
    return loadTile(b, loc, at);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kb, zero);
  auto start = scf::IfOp::create(
      b, loc, isFirst,
      [&](OpBuilder &ib, Location il) {
        scf::YieldOp::create(ib, il, SmallVector<Value>(rows, startValue));
      },
      [&](OpBuilder &ib, Location il) {
        scf::YieldOp::create(ib, il, loadTile(ib, il, at));
      });
  return SmallVector<Value>(start.getResults().begin(),
                            start.getResults().end());
}

/// Stores `sums` into the result tile. At the edges, rows past the tile get
/// an empty mask at a clamped index, and columns past it are masked off.
Value TiledProductBuilder::storeTile(OpBuilder &b, Location loc,
                                     const RegisterTile &at,
                                     ArrayRef<Value> sums) {
  auto storeRows = [&](OpBuilder &sb, Location sl, bool inBounds) {
    Value written = at.tileValue;
    Value none = index(sb, sl, 0);
    for (int64_t r = 0; r < rows; ++r) {
      Value sum = sums[r];
      if (inBounds) {
        written = vector::TransferWriteOp::create(
                      sb, sl, sum, written, ValueRange{at.rowIndices[r], at.jr},
                      ArrayRef<bool>{true})
                      .getResult();
        continue;
      }
      Value inside = arith::CmpIOp::create(sb, sl, arith::CmpIPredicate::slt,
                                           at.rowIndices[r], rowCount);
      Value count = arith::SelectOp::create(sb, sl, inside, at.colsLeft, none);
      written = writeMasked(
          sb, sl, sum, written,
          ValueRange{minIndex(sb, sl, at.rowIndices[r], at.lastRow), at.jr},
          count);
    }
    scf::YieldOp::create(sb, sl, written);
  };
  auto store = scf::IfOp::create(
      b, loc, at.full,
      [&](OpBuilder &ib, Location il) { storeRows(ib, il, true); },
      [&](OpBuilder &ib, Location il) { storeRows(ib, il, false); });
  return store.getResult(0);
}

/// Runs the epilogue on the finished tile `sums` and returns its tile of
/// the result.
Value TiledProductBuilder::fuseEpilogue(Value sums) {
  OpBuilder &b = rewriter;
  // The epilogue's loops are the result's dimensions: batch dimensions
  // (each a tile of one), then M and N.
  int64_t batchRank = match.resultGroups[0].size();
  SmallVector<OpFoldResult> epilogueOffsets, epilogueSizes;
  for (Value batchPosition : fuse::kernels::delinearize(
           b, loc, batchIndex, resultType.getShape().take_front(batchRank))) {
    epilogueOffsets.push_back(batchPosition);
    epilogueSizes.push_back(b.getIndexAttr(1));
  }
  epilogueOffsets.append({rowStart, colStart});
  epilogueSizes.append({rowCount, colCount});
  // Tiles carry the result's batch dimensions, of size 1, grouped with the
  // rows.
  ReassociationIndices rowsAndBatch;
  for (int64_t d = 0; d <= batchRank; ++d)
    rowsAndBatch.push_back(d);
  SmallVector<ReassociationIndices> tileGroups = {rowsAndBatch,
                                                  {batchRank + 1}};
  auto expandTile = [&](Value value) -> Value {
    if (batchRank == 0)
      return value;
    auto valueType = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape(batchRank, 1);
    shape.append({ShapedType::kDynamic, ShapedType::kDynamic});
    SmallVector<OpFoldResult> outputShape(batchRank, b.getIndexAttr(1));
    outputShape.append({rowCount, colCount});
    return tensor::ExpandShapeOp::create(b, loc, valueType.clone(shape), value,
                                         tileGroups, outputShape);
  };
  Value expandedSums = expandTile(sums);
  FailureOr<TilingResult> tiled =
      cast<TilingInterface>(epilogue.getOperation())
          .getTiledImplementation(b, epilogueOffsets, epilogueSizes);
  assert(succeeded(tiled) && "an elementwise generic tiles");
  auto tiledOp = cast<linalg::GenericOp>(tiled->tiledOps.front());
  // The slices of the product become the finished sums.
  for (OpOperand &operand : tiledOp->getOpOperands()) {
    auto slice = operand.get().getDefiningOp<tensor::ExtractSliceOp>();
    if (slice && slice.getSource() == op->getResult(0)) {
      operand.set(expandedSums);
      rewriter.eraseOp(slice);
    }
  }
  // The epilogue writes the tile of the shared result: over the sums when
  // they accumulate there, else into its own element type.
  OpOperand *tiledInit = tiledOp.getDpsInitOperand(0);
  if (tiledInit->get() != expandedSums) {
    Value old = tiledInit->get();
    Value target = expandedSums;
    if (!accumulateInResult) {
      auto outTileType =
          RankedTensorType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                                resultType.getElementType());
      b.setInsertionPoint(tiledOp);
      target = expandTile(tensor::ExtractSliceOp::create(
          b, loc, outTileType, forall.getRegionIterArgs().front(), offsets,
          sizes, strides));
    }
    tiledInit->set(target);
    if (old.use_empty())
      rewriter.eraseOp(old.getDefiningOp());
  }
  b.setInsertionPointAfter(tiledOp);
  tiledOp->getResult(0).setType(tiledInit->get().getType());
  Value epilogueResult = tiledOp->getResult(0);
  if (batchRank == 0)
    return epilogueResult;
  return tensor::CollapseShapeOp::create(b, loc, epilogueResult, tileGroups);
}

void TiledProductBuilder::replaceProduct() {
  rewriter.setInsertionPointAfter(forall);
  Value replacement = expandFrom3D(rewriter, loc, forall.getResult(0),
                                   resultType, match.resultGroups);
  if (epilogue) {
    rewriter.replaceOp(epilogue, replacement);
    rewriter.eraseOp(op);
  } else {
    rewriter.replaceOp(op, replacement);
  }
  if (fill && fill->use_empty())
    rewriter.eraseOp(fill);
  // The gathered copy is never written.
  if (gathered && gathered->copy->use_empty())
    rewriter.eraseOp(gathered->copy);
}

void TileContraction::rewrite(const ContractionMatch &match,
                              const ProductStart &start,
                              const ContractionTiles &tiles,
                              const GatheredOperand *gathered,
                              PatternRewriter &rewriter) const {
  TiledProductBuilder(match, start, tiles, gathered, rewriter).build();
}

/// A 3-D [batch, a, b] view whose `a` or `b` is 1 as [batch, a * b].
Value dropUnitDimension(OpBuilder &b, Location loc, Value view) {
  return tensor::CollapseShapeOp::create(
      b, loc, view, SmallVector<ReassociationIndices>{{0}, {1, 2}});
}

/// A matrix operand whose only dimensions out of the view's order are batch
/// dimensions: each batch's matrix is a strided slice of the operand, [X, K]
/// or [K, X] as its dimensions come.
struct BatchSlicedMatrix {
  /// The operand's batch dimensions, in the view's order.
  SmallVector<int64_t> batchDims;
  /// Whether K comes after X in the operand.
  bool kInner = true;
  /// The slice's dimensions (the operand's others, in order) that collapse
  /// into each of its two.
  SmallVector<ReassociationIndices> groups;
};

/// Whether `layout` transposes its operand only to bring the batch
/// dimensions first (and maybe to swap X and K), with X and K each a run of
/// consecutive dimensions of the operand.
std::optional<BatchSlicedMatrix>
matchBatchSlicedMatrix(const OperandLayout &layout) {
  if (layout.transpose.empty())
    return std::nullopt;
  auto sourceDims = [&](ArrayRef<int64_t> viewDims) {
    SmallVector<int64_t> dims;
    for (int64_t dim : viewDims)
      dims.push_back(layout.transpose[dim]);
    return dims;
  };
  auto isRun = [](ArrayRef<int64_t> dims) {
    for (auto [i, dim] : llvm::enumerate(dims))
      if (dim != dims.front() + static_cast<int64_t>(i))
        return false;
    return !dims.empty();
  };
  SmallVector<int64_t> x = sourceDims(layout.groups[layout.kInner ? 1 : 2]);
  SmallVector<int64_t> k = sourceDims(layout.groups[layout.kInner ? 2 : 1]);
  if (!isRun(x) || !isRun(k))
    return std::nullopt;
  BatchSlicedMatrix sliced;
  sliced.batchDims = sourceDims(layout.groups[0]);
  sliced.kInner = k.front() > x.front();
  int64_t firstSize = sliced.kInner ? x.size() : k.size();
  sliced.groups.resize(2);
  for (int64_t i = 0, e = x.size() + k.size(); i < e; ++i)
    sliced.groups[i < firstSize ? 0 : 1].push_back(i);
  return sliced;
}

/// Batch `batchIndex`'s matrix of `operand`, viewed as `sliced` says.
Value sliceBatchMatrix(OpBuilder &b, Location loc, Value operand,
                       const BatchSlicedMatrix &sliced, Value batchIndex) {
  auto type = cast<RankedTensorType>(operand.getType());
  SmallVector<int64_t> batchSizes;
  for (int64_t dim : sliced.batchDims)
    batchSizes.push_back(type.getDimSize(dim));
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
  for (int64_t size : type.getShape())
    sizes.push_back(b.getIndexAttr(size));
  for (auto [dim, coordinate] : llvm::zip_equal(
           sliced.batchDims,
           fuse::kernels::delinearize(b, loc, batchIndex, batchSizes))) {
    offsets[dim] = coordinate;
    sizes[dim] = b.getIndexAttr(1);
  }
  SmallVector<int64_t> kept;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (!llvm::is_contained(sliced.batchDims, dim))
      kept.push_back(type.getDimSize(dim));
  Value slice = tensor::ExtractSliceOp::create(
      b, loc, RankedTensorType::get(kept, type.getElementType()), operand,
      offsets, sizes, strides);
  return tensor::CollapseShapeOp::create(b, loc, slice, sliced.groups);
}

/// A matrix-vector product is bound by reading the matrix: it is read in
/// place, once, with full vectors, and nothing is packed. With K contiguous
/// in the matrix, `rowsAtOnce` rows are dotted with the vector at a time,
/// each into two vector accumulators reduced at the end; with the other
/// dimension contiguous, `vectorsAtOnce` vectors of results accumulate a
/// broadcast element of the vector times a row of the matrix per step of K.
/// Builds a matrix-vector product (M or N of 1), which is bound by memory:
/// one parallel loop over tiles of the result, each reading its part of the
/// matrix once, by rows (dot products along a contiguous K) or by columns
/// (vectors of results along a contiguous X).
class MatrixVectorBuilder {
public:
  MatrixVectorBuilder(const ContractionMatch &match, const ProductStart &start,
                      const ContractionTiles &tiles, PatternRewriter &rewriter);

  /// Replaces the product by the kernel.
  void build();

private:
  static constexpr int64_t rowsAtOnce = 4, vectorsPerRow = 2;
  /// A matrix [K, X] sums each block of this many steps of K from zero,
  /// then adds the blocks in order: an error of about (64 + K / 64) ulps of
  /// the sum of magnitudes rather than K ulps.
  static constexpr int64_t stepsPerBlock = 64;

  void createTileLoop();
  /// The indices of the matrix's element (row or column `x`, step `k`).
  SmallVector<Value> matrixAt(Value x, Value k) const;
  Value read(OpBuilder &b, Location loc, Value source, Value padding,
             ValueRange indices, bool inBounds, StringRef castName) const;
  Value finish(OpBuilder &b, Location loc, Value results, Value tileValue,
               Value position, Value valid) const;
  Value buildRowDots();
  SmallVector<Value> accumulateRows(OpBuilder &b, Location loc, Value k,
                                    ValueRange sums, ArrayRef<Value> rowIndices,
                                    bool inBounds) const;
  Value buildColumnSums();

  const ContractionMatch &match;
  const ProductStart &start;
  const ContractionTiles &tiles;
  PatternRewriter &rewriter;
  linalg::LinalgOp op;
  Location loc;
  /// The operand with the free dimension of more than one element is the
  /// matrix.
  bool matrixIsLhs;
  int64_t size;
  const OperandLayout &matrixLayout;
  Value matrixOperand, matrix, vector;
  StringRef matrixCast, vectorCast;
  Type acc;
  int64_t lanes;
  /// Where only the matrix's batch dimensions are out of place, each batch
  /// reads its slice where it is.
  std::optional<BatchSlicedMatrix> sliced;
  bool kContiguous;
  /// Vectors of results along X at once, no more than X fills.
  int64_t vectorsAtOnce;

  Value result3;
  scf::ForallOp forall;
  Value batchIndex, first, count, tile;
  SmallVector<OpFoldResult> offsets, sizes;
  Value zero, one, zeros, accPadding, matrixPadding, vectorPadding;
  VectorType accVectorType;
};

MatrixVectorBuilder::MatrixVectorBuilder(const ContractionMatch &match,
                                         const ProductStart &start,
                                         const ContractionTiles &tiles,
                                         PatternRewriter &rewriter)
    : match(match), start(start), tiles(tiles), rewriter(rewriter),
      op(match.op), loc(op.getLoc()), matrixIsLhs(match.n == 1),
      size(matrixIsLhs ? match.m : match.n),
      matrixLayout(matrixIsLhs ? match.lhs : match.rhs),
      matrixOperand(op->getOperand(matrixIsLhs ? 0 : 1)),
      matrixCast(matrixIsLhs ? match.lhsCast : match.rhsCast),
      vectorCast(matrixIsLhs ? match.rhsCast : match.lhsCast),
      acc(match.accumulatorType),
      lanes(vectorLanes(tiles, match.accumulatorType, match.accumulatorType)),
      sliced(matchBatchSlicedMatrix(matrixLayout)),
      kContiguous(sliced ? sliced->kInner : matrixLayout.kInner),
      vectorsAtOnce(std::min<int64_t>(4, llvm::divideCeil(size, lanes))) {}

void MatrixVectorBuilder::build() {
  OpBuilder &b = rewriter;
  b.setInsertionPoint(op);
  // Every element of the matrix is read once: a transposed copy of it would
  // cost as much as the product.
  if (!sliced)
    matrix = viewOperand(b, loc, matrixOperand, matrixLayout);
  const OperandLayout &vectorLayout = matrixIsLhs ? match.rhs : match.lhs;
  vector = dropUnitDimension(
      b, loc,
      viewOperand(b, loc, op->getOperand(matrixIsLhs ? 1 : 0), vectorLayout));
  createTileLoop();
  Value finished = kContiguous ? buildRowDots() : buildColumnSums();
  insertTile(b, loc, forall, finished, offsets, sizes);

  b.setInsertionPointAfter(forall);
  auto productType = cast<RankedTensorType>(op->getResult(0).getType());
  auto result3Type = cast<RankedTensorType>(result3.getType());
  Value view = tensor::ExpandShapeOp::create(
      b, loc, result3Type, forall.getResult(0),
      SmallVector<ReassociationIndices>{{0}, {1, 2}});
  rewriter.replaceOp(
      op, expandFrom3D(b, loc, view, productType, match.resultGroups));
  if (start.fill && start.fill->use_empty())
    rewriter.eraseOp(start.fill);
}

void MatrixVectorBuilder::createTileLoop() {
  OpBuilder &b = rewriter;
  result3 = collapseTo3D(b, loc, start.destination, match.resultGroups);
  Value result2 = dropUnitDimension(b, loc, result3);
  int64_t step = kContiguous ? rowsAtOnce : vectorsAtOnce * lanes;
  int64_t perTile = llvm::alignTo(
      std::max<int64_t>(1, llvm::divideCeil(size, 4 * tiles.threads)), step);
  int64_t tileCount = llvm::divideCeil(size, perTile);
  forall = createForall(b, loc, {match.batch, tileCount}, result2);
  b.setInsertionPoint(forall.getTerminator());
  batchIndex = forall.getInductionVar(0);
  first = arith::MulIOp::create(b, loc, forall.getInductionVar(1),
                                index(b, loc, perTile));
  count = minIndex(b, loc, index(b, loc, perTile),
                   arith::SubIOp::create(b, loc, index(b, loc, size), first));
  offsets = {batchIndex, first};
  sizes = {b.getIndexAttr(1), count};
  SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
  auto tileType = RankedTensorType::get({ShapedType::kDynamic}, acc);
  tile = tensor::ExtractSliceOp::create(b, loc, tileType,
                                        forall.getRegionIterArgs().front(),
                                        offsets, sizes, strides);
  if (sliced)
    matrix = sliceBatchMatrix(b, loc, matrixOperand, *sliced, batchIndex);

  zero = index(b, loc, 0);
  one = index(b, loc, 1);
  accVectorType = VectorType::get({lanes}, acc);
  zeros = arith::ConstantOp::create(b, loc, accVectorType,
                                    b.getZeroAttr(accVectorType));
  accPadding = arith::ConstantOp::create(b, loc, b.getZeroAttr(acc));
  matrixPadding = arith::ConstantOp::create(
      b, loc, b.getZeroAttr(getElementTypeOrSelf(matrixOperand.getType())));
  vectorPadding = arith::ConstantOp::create(
      b, loc, b.getZeroAttr(getElementTypeOrSelf(vector.getType())));
}

SmallVector<Value> MatrixVectorBuilder::matrixAt(Value x, Value k) const {
  SmallVector<Value> indices;
  if (!sliced)
    indices.push_back(batchIndex);
  indices.append(kContiguous ? SmallVector<Value>{x, k}
                             : SmallVector<Value>{k, x});
  return indices;
}

Value MatrixVectorBuilder::read(OpBuilder &b, Location loc, Value source,
                                Value padding, ValueRange indices,
                                bool inBounds, StringRef castName) const {
  Type element = getElementTypeOrSelf(source.getType());
  Value loaded = vector::TransferReadOp::create(
      b, loc, VectorType::get({lanes}, element), source, indices, padding,
      ArrayRef<bool>{inBounds});
  return applyCast(b, loc, castName, loaded, acc);
}

/// Adds `results` to what they start from and stores the first `valid`
/// lanes at `position` of the tile.
Value MatrixVectorBuilder::finish(OpBuilder &b, Location loc, Value results,
                                  Value tileValue, Value position,
                                  Value valid) const {
  auto type = cast<VectorType>(results.getType());
  Value initial;
  if (start.fill)
    initial = vector::BroadcastOp::create(b, loc, type, start.fillValue);
  else
    initial = vector::TransferReadOp::create(b, loc, type, tileValue,
                                             ValueRange{position}, accPadding,
                                             ArrayRef<bool>{false});
  return writeMasked(b, loc, add(b, loc, initial, results), tileValue,
                     ValueRange{position}, valid);
}

/// Chunk `k` of rows `rowIndices` of a matrix [batch, X, K], added to
/// `sums` (vectorsPerRow vectors per row).
SmallVector<Value>
MatrixVectorBuilder::accumulateRows(OpBuilder &b, Location loc, Value k,
                                    ValueRange sums, ArrayRef<Value> rowIndices,
                                    bool inBounds) const {
  SmallVector<Value> next(sums);
  for (int64_t u = 0; u < vectorsPerRow; ++u) {
    Value position = arith::AddIOp::create(b, loc, k, index(b, loc, u * lanes));
    Value x = read(b, loc, vector, vectorPadding,
                   ValueRange{batchIndex, position}, inBounds, vectorCast);
    for (int64_t r = 0; r < rowsAtOnce; ++r) {
      Value a = read(b, loc, matrix, matrixPadding,
                     matrixAt(rowIndices[r], position), inBounds, matrixCast);
      Value &sum = next[r * vectorsPerRow + u];
      sum = multiplyAdd(b, loc, a, x, sum);
    }
  }
  return next;
}

/// Matrix [batch, X, K]: dot products of rowsAtOnce rows, with full vectors
/// along K, then a masked tail.
Value MatrixVectorBuilder::buildRowDots() {
  OpBuilder &b = rewriter;
  int64_t chunk = lanes * vectorsPerRow;
  int64_t mainEnd = match.k / chunk * chunk;
  auto loop = scf::ForOp::create(
      b, loc, zero, count, index(b, loc, rowsAtOnce), ValueRange{tile},
      [&](OpBuilder &nb, Location nl, Value i, ValueRange args) {
        Value lastRow = arith::SubIOp::create(nb, nl, count, one);
        SmallVector<Value> rowIndices;
        for (int64_t r = 0; r < rowsAtOnce; ++r) {
          Value row = minIndex(
              nb, nl, arith::AddIOp::create(nb, nl, i, index(nb, nl, r)),
              lastRow);
          rowIndices.push_back(arith::AddIOp::create(nb, nl, first, row));
        }
        SmallVector<Value> initial(rowsAtOnce * vectorsPerRow, zeros);
        auto steps = scf::ForOp::create(
            nb, nl, zero, index(nb, nl, mainEnd), index(nb, nl, chunk), initial,
            [&](OpBuilder &kb, Location kl, Value k, ValueRange sums) {
              scf::YieldOp::create(
                  kb, kl, accumulateRows(kb, kl, k, sums, rowIndices, true));
            });
        SmallVector<Value> sums(steps.getResults());
        if (mainEnd != match.k)
          sums = accumulateRows(nb, nl, index(nb, nl, mainEnd), sums,
                                rowIndices, false);
        SmallVector<Value> dots;
        for (int64_t r = 0; r < rowsAtOnce; ++r) {
          Value pair = sums[r * vectorsPerRow];
          for (int64_t u = 1; u < vectorsPerRow; ++u)
            pair = add(nb, nl, pair, sums[r * vectorsPerRow + u]);
          dots.push_back(vector::ReductionOp::create(
              nb, nl, vector::CombiningKind::ADD, pair));
        }
        Value results = vector::FromElementsOp::create(
            nb, nl, VectorType::get({rowsAtOnce}, acc), dots);
        Value valid = arith::SubIOp::create(nb, nl, count, i);
        scf::YieldOp::create(nb, nl,
                             finish(nb, nl, results, args[0], i, valid));
      });
  return loop.getResult(0);
}

/// Matrix [batch, K, X]: vectorsAtOnce vectors of results along X, summed
/// over blocks of K.
Value MatrixVectorBuilder::buildColumnSums() {
  OpBuilder &b = rewriter;
  auto loop = scf::ForOp::create(
      b, loc, zero, count, index(b, loc, vectorsAtOnce * lanes),
      ValueRange{tile},
      [&](OpBuilder &nb, Location nl, Value j, ValueRange args) {
        SmallVector<Value> positions;
        for (int64_t u = 0; u < vectorsAtOnce; ++u)
          positions.push_back(
              arith::AddIOp::create(nb, nl, j, index(nb, nl, u * lanes)));
        SmallVector<Value> initial(vectorsAtOnce, zeros);
        auto accumulate = [&](OpBuilder &kb, Location kl, Value k,
                              ValueRange sums) {
          Value element = tensor::ExtractOp::create(kb, kl, vector,
                                                    ValueRange{batchIndex, k});
          element = applyCast(kb, kl, vectorCast, element, acc);
          Value spread =
              vector::BroadcastOp::create(kb, kl, accVectorType, element);
          SmallVector<Value> next;
          for (int64_t u = 0; u < vectorsAtOnce; ++u) {
            Value column = arith::AddIOp::create(kb, kl, first, positions[u]);
            Value a = read(kb, kl, matrix, matrixPadding, matrixAt(column, k),
                           false, matrixCast);
            next.push_back(multiplyAdd(kb, kl, spread, a, sums[u]));
          }
          scf::YieldOp::create(kb, kl, next);
        };
        // Blocks of K summed from zero, then added in order.
        Value depth = index(nb, nl, match.k);
        Value blockSteps = index(nb, nl, stepsPerBlock);
        auto steps = scf::ForOp::create(
            nb, nl, zero, depth, blockSteps, initial,
            [&](OpBuilder &ob, Location ol, Value blockStart,
                ValueRange totals) {
              Value blockEnd = minIndex(
                  ob, ol, arith::AddIOp::create(ob, ol, blockStart, blockSteps),
                  depth);
              auto block = scf::ForOp::create(ob, ol, blockStart, blockEnd, one,
                                              initial, accumulate);
              SmallVector<Value> next;
              for (auto [total, sum] :
                   llvm::zip_equal(totals, block.getResults()))
                next.push_back(add(ob, ol, total, sum));
              scf::YieldOp::create(ob, ol, next);
            });
        Value written = args[0];
        for (int64_t u = 0; u < vectorsAtOnce; ++u) {
          Value valid = arith::SubIOp::create(nb, nl, count, positions[u]);
          written =
              finish(nb, nl, steps.getResult(u), written, positions[u], valid);
        }
        scf::YieldOp::create(nb, nl, written);
      });
  return loop.getResult(0);
}

void TileContraction::rewriteMatrixVector(const ContractionMatch &match,
                                          const ProductStart &start,
                                          const ContractionTiles &tiles,
                                          PatternRewriter &rewriter) const {
  MatrixVectorBuilder(match, start, tiles, rewriter).build();
}

} // namespace

void fuse::populateTileContractionsPatterns(
    RewritePatternSet &patterns,
    std::shared_ptr<const ContractionPolicy> policy,
    const TileContractionsOptions &options) {
  patterns.add<TileContraction>(patterns.getContext(), std::move(policy),
                                options);
}
