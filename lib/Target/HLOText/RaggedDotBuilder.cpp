//===- RaggedDotBuilder.cpp - ragged-dot as a masked dot_general ----------===//
//
// XLA's `ragged-dot` splits one lhs dimension (the ragged one) into
// consecutive groups whose sizes `group_sizes` gives at run time. Group j
// holds indices [start_j, end_j) with end_j the running sum of the sizes.
// There are three modes, by the kind of the ragged dimension:
//
//   non-contracting: rhs has a group dimension; each lhs row of group j
//     meets rhs's group j. [b, m, k] x [g, b, k, n] -> [b, m, n], rows past
//     the last group are zero.
//   contracting: each group contracts its own span of k, one result per
//     group. [b, m, k] x [b, k, n] -> [g, b, m, n].
//   batch: a plain dot_general, as JAX computes it.
//
// `group_sizes` is [g], or [b..., x..., g] with the lhs batch dimensions and
// the lhs dimensions of the ragged one's kind that come before it. The
// first two modes become a dot_general over every group with a membership
// mask, as JAX's own CPU lowering does: g times the multiplications of the
// ragged product, exact in every element.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/TypeInference.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

enum class RaggedKind { NonContracting, Contracting, Batch };

struct RaggedDot {
  InstructionEmission &e;
  Value lhs, rhs, groupSizes;
  DotDimensionNumbers numbers;
  int64_t ragged;
  std::optional<int64_t> rhsGroup;
  RaggedKind kind;

  RankedTensorType lhsType() const {
    return cast<RankedTensorType>(lhs.getType());
  }
  RankedTensorType sizesType() const {
    return cast<RankedTensorType>(groupSizes.getType());
  }
  int64_t groupCount() const { return sizesType().getShape().back(); }

  /// The lhs dimensions `group_sizes` may lead with, in its order: the
  /// batch dimensions, then those of the ragged one's kind before it.
  SmallVector<int64_t> sizeDimensions() const {
    SmallVector<int64_t> dims;
    if (kind != RaggedKind::Batch)
      llvm::append_range(dims, numbers.lhsBatch);
    for (int64_t d = 0; d < ragged; ++d)
      if (kindOf(d) == kind)
        dims.push_back(d);
    return dims;
  }

  RaggedKind kindOf(int64_t lhsDim) const { return kindOf(numbers, lhsDim); }
  static RaggedKind kindOf(const DotDimensionNumbers &numbers, int64_t lhsDim) {
    if (llvm::is_contained(numbers.lhsBatch, lhsDim))
      return RaggedKind::Batch;
    if (llvm::is_contained(numbers.lhsContracting, lhsDim))
      return RaggedKind::Contracting;
    return RaggedKind::NonContracting;
  }

  /// Checks the ragged and group dimensions and the sizes' shape.
  LogicalResult verify() const {
    bool needsGroup = kind == RaggedKind::NonContracting;
    if (needsGroup != rhsGroup.has_value())
      return e.emitError() << "'ragged-dot' with a "
                           << (needsGroup ? "non-contracting"
                                          : "contracting "
                                            "or batch")
                           << " ragged dimension takes "
                           << (needsGroup ? "one" : "no") << " rhs_group_dims";
    RankedTensorType sizes = sizesType();
    if (!isa<IntegerType>(sizes.getElementType()) || sizes.getRank() == 0)
      return e.emitError() << "'ragged-dot' takes integer group sizes, not "
                           << sizes;
    if (rhsGroup &&
        cast<RankedTensorType>(rhs.getType()).getDimSize(*rhsGroup) !=
            groupCount())
      return e.emitError()
             << "'ragged-dot' has " << groupCount()
             << " group sizes for rhs group dimension " << *rhsGroup << " of "
             << cast<RankedTensorType>(rhs.getType()).getDimSize(*rhsGroup);
    if (sizes.getRank() == 1)
      return success();
    SmallVector<int64_t> expected;
    for (int64_t d : sizeDimensions())
      expected.push_back(lhsType().getDimSize(d));
    expected.push_back(groupCount());
    if (sizes.getShape() != ArrayRef<int64_t>(expected))
      return e.emitError() << "'ragged-dot' group sizes of " << sizes
                           << " do not lead with the lhs dimensions "
                           << "the mode asks for";
    return success();
  }

  /// Whether index i of the ragged dimension is in group j: a pred tensor
  /// of the sizes' leading dimensions, then [ragged size, g].
  Value membership() const {
    RankedTensorType sizes = sizesType();
    int64_t g = groupCount();
    int64_t lead = sizes.getRank() - 1;
    Type element = sizes.getElementType();
    // The running sums end_j = sum over l <= j of size_l, as a reduction
    // of the sizes spread over [..., l, j] under the triangle l <= j.
    SmallVector<int64_t> pairShape(sizes.getShape());
    pairShape.push_back(g);
    auto pairs = RankedTensorType::get(pairShape, element);
    auto square = RankedTensorType::get({g, g}, element);
    Value triangle = hlo::SelectOp::create(
        e.builder, e.loc,
        compare(hlo::ComparisonDirection::LE,
                hlo::IotaOp::create(e.builder, e.loc, square, 0),
                hlo::IotaOp::create(e.builder, e.loc, square, 1)),
        e.splat(square, 1), e.splat(square, 0));
    Value spreadSizes = hlo::BroadcastInDimOp::create(
        e.builder, e.loc, pairs, groupSizes, iotaDims(0, lead + 1));
    Value spreadTriangle = hlo::BroadcastInDimOp::create(
        e.builder, e.loc, pairs, triangle, iotaDims(lead, lead + 2));
    Value ends =
        hlo::ReduceOp::create(
            e.builder, e.loc,
            hlo::MulOp::create(e.builder, e.loc, spreadSizes, spreadTriangle),
            e.splat(RankedTensorType::get({}, element), 0),
            ArrayRef<int64_t>{lead}, hlo::ReductionKind::Add)
            .getResult(0);
    Value starts = hlo::SubtractOp::create(e.builder, e.loc, ends, groupSizes);
    // Compare each index with its group's bounds over [..., i, j].
    SmallVector<int64_t> maskShape(sizes.getShape().drop_back());
    maskShape.append({lhsType().getDimSize(ragged), g});
    auto indexType = RankedTensorType::get(maskShape, element);
    Value index = hlo::IotaOp::create(e.builder, e.loc, indexType, lead);
    auto boundDims = llvm::to_vector(llvm::seq<int64_t>(0, lead));
    boundDims.push_back(lead + 1);
    auto spread = [&](Value bound) -> Value {
      return hlo::BroadcastInDimOp::create(
          e.builder, e.loc, indexType, bound,
          e.builder.getDenseI64ArrayAttr(boundDims));
    };
    return hlo::AndOp::create(
        e.builder, e.loc,
        compare(hlo::ComparisonDirection::GE, index, spread(starts)),
        compare(hlo::ComparisonDirection::LT, index, spread(ends)));
  }

  /// `values` where the mask (spread into its shape by `maskDims`) holds,
  /// zero elsewhere.
  Value masked(Value values, Value mask, ArrayRef<int64_t> maskDims) const {
    auto type = cast<RankedTensorType>(values.getType());
    Value spreadMask = hlo::BroadcastInDimOp::create(
        e.builder, e.loc, type.clone(e.builder.getI1Type()), mask,
        e.builder.getDenseI64ArrayAttr(maskDims));
    return hlo::SelectOp::create(e.builder, e.loc, spreadMask, values,
                                 e.splat(type, 0));
  }

  /// Where the mask's dimensions go in a tensor whose dimensions are the
  /// lhs's moved by `position`: the sizes' leading dimensions, the ragged
  /// one, then the group at `groupAt`.
  SmallVector<int64_t> maskDimensions(function_ref<int64_t(int64_t)> position,
                                      int64_t groupAt) const {
    SmallVector<int64_t> dims;
    if (sizesType().getRank() > 1)
      for (int64_t d : sizeDimensions())
        dims.push_back(position(d));
    dims.append({position(ragged), groupAt});
    return dims;
  }

  Value compare(hlo::ComparisonDirection direction, Value a, Value b) const {
    return hlo::CompareOp::create(e.builder, e.loc, direction, a, b,
                                  hlo::ComparisonTypeAttr());
  }

  DenseI64ArrayAttr iotaDims(int64_t from, int64_t to) const {
    return e.builder.getDenseI64ArrayAttr(
        llvm::to_vector(llvm::seq<int64_t>(from, to)));
  }

  /// The lhs's dimensions that are neither batch nor contracting, in order.
  SmallVector<int64_t> lhsFree() const {
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < lhsType().getRank(); ++d)
      if (kindOf(d) == RaggedKind::NonContracting)
        dims.push_back(d);
    return dims;
  }

  Value dot(Value a, Value b, ArrayRef<int64_t> aBatch,
            ArrayRef<int64_t> aContracting, Type elementType) const {
    auto aType = cast<RankedTensorType>(a.getType());
    auto bType = cast<RankedTensorType>(b.getType());
    FailureOr<RankedTensorType> type =
        hlo::inferDotGeneral(e.loc, aType, bType, aBatch, numbers.rhsBatch,
                             aContracting, numbers.rhsContracting);
    return hlo::DotGeneralOp::create(e.builder, e.loc, type->clone(elementType),
                                     a, b, aBatch, numbers.rhsBatch,
                                     aContracting, numbers.rhsContracting);
  }

  /// The result of mode NonContracting: the dot with every group, masked
  /// to each row's own group and summed over the groups.
  Value nonContracting(Type elementType) const {
    int64_t batchCount = numbers.lhsBatch.size();
    SmallVector<int64_t> free = lhsFree();
    Value product =
        dot(lhs, rhs, numbers.lhsBatch, numbers.lhsContracting, elementType);
    // dot_general's result: batch, lhs free, rhs free (the group among
    // them, at its rank among rhs's free dimensions).
    int64_t groupAt = batchCount + free.size();
    for (int64_t d = 0; d < *rhsGroup; ++d)
      if (!llvm::is_contained(numbers.rhsBatch, d) &&
          !llvm::is_contained(numbers.rhsContracting, d))
        ++groupAt;
    auto position = [&](int64_t lhsDim) -> int64_t {
      if (const auto *it = llvm::find(numbers.lhsBatch, lhsDim);
          it != numbers.lhsBatch.end())
        return it - numbers.lhsBatch.begin();
      return batchCount + (llvm::find(free, lhsDim) - free.begin());
    };
    Value kept =
        masked(product, membership(), maskDimensions(position, groupAt));
    auto type = cast<RankedTensorType>(kept.getType());
    return hlo::ReduceOp::create(
               e.builder, e.loc, kept,
               e.splat(RankedTensorType::get({}, type.getElementType()), 0),
               ArrayRef<int64_t>{groupAt}, hlo::ReductionKind::Add)
        .getResult(0);
  }

  /// The result of mode Contracting: lhs copied per group with the other
  /// groups' span of k zeroed, contracted, the group dimension first.
  Value contracting(Type elementType) const {
    RankedTensorType type = lhsType();
    int64_t g = groupCount();
    SmallVector<int64_t> perGroupShape{g};
    llvm::append_range(perGroupShape, type.getShape());
    auto perGroupType =
        RankedTensorType::get(perGroupShape, type.getElementType());
    Value perGroup = hlo::BroadcastInDimOp::create(
        e.builder, e.loc, perGroupType, lhs, iotaDims(1, type.getRank() + 1));
    auto shifted = [](int64_t lhsDim) { return lhsDim + 1; };
    Value kept = masked(perGroup, membership(), maskDimensions(shifted, 0));
    auto shift = [](ArrayRef<int64_t> dims) {
      return llvm::map_to_vector(dims, [](int64_t d) { return d + 1; });
    };
    Value product = dot(kept, rhs, shift(numbers.lhsBatch),
                        shift(numbers.lhsContracting), elementType);
    // dot_general puts its batch dimensions first; the group leads the
    // lhs's free dimensions right after them.
    int64_t batchCount = numbers.lhsBatch.size();
    int64_t rank = cast<RankedTensorType>(product.getType()).getRank();
    SmallVector<int64_t> permutation{batchCount};
    for (int64_t d = 0; d < rank; ++d)
      if (d != batchCount)
        permutation.push_back(d);
    return hlo::TransposeOp::create(e.builder, e.loc, product, permutation);
  }
};

} // namespace

FailureOr<HloValue> buildRaggedDot(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(3);
  FailureOr<DotDimensionNumbers> dims = DotDimensionNumbers::read(e);
  FailureOr<ArrayRef<int64_t>> lhsRagged = e.integers("lhs_ragged_dims");
  FailureOr<ArrayRef<int64_t>> rhsGroup = e.integers("rhs_group_dims", true);
  if (failed(operands) || failed(dims) || failed(lhsRagged) || failed(rhsGroup))
    return failure();
  auto [lhs, rhs, groupSizes] =
      std::tuple((*operands)[0], (*operands)[1], (*operands)[2]);
  int64_t lhsRank = cast<RankedTensorType>(lhs.getType()).getRank();
  int64_t rhsRank = cast<RankedTensorType>(rhs.getType()).getRank();
  if (lhsRagged->size() != 1 || (*lhsRagged)[0] < 0 ||
      (*lhsRagged)[0] >= lhsRank)
    return e.emitError() << "'ragged-dot' takes one lhs_ragged_dims, a "
                         << "dimension of the rank-" << lhsRank << " lhs";
  if (rhsGroup->size() > 1 ||
      (rhsGroup->size() == 1 &&
       ((*rhsGroup)[0] < 0 || (*rhsGroup)[0] >= rhsRank)))
    return e.emitError() << "'ragged-dot' takes at most one rhs_group_dims, a "
                         << "dimension of the rank-" << rhsRank << " rhs";
  int64_t raggedDim = (*lhsRagged)[0];
  RaggedDot ragged{e,
                   lhs,
                   rhs,
                   groupSizes,
                   *dims,
                   raggedDim,
                   rhsGroup->empty() ? std::nullopt
                                     : std::optional((*rhsGroup)[0]),
                   RaggedDot::kindOf(*dims, raggedDim)};
  if (failed(ragged.verify()))
    return failure();
  // The group dimension is no batch or contracting dimension of rhs; the
  // dot_general below checks the rest of the dimension numbers.
  if (ragged.rhsGroup &&
      (llvm::is_contained(dims->rhsBatch, *ragged.rhsGroup) ||
       llvm::is_contained(dims->rhsContracting, *ragged.rhsGroup)))
    return e.emitError() << "rhs group dimension " << *ragged.rhsGroup
                         << " of 'ragged-dot' is also a batch or contracting "
                         << "dimension";
  if (failed(hlo::inferDotGeneral(e.loc, cast<RankedTensorType>(lhs.getType()),
                                  cast<RankedTensorType>(rhs.getType()),
                                  dims->lhsBatch, dims->rhsBatch,
                                  dims->lhsContracting, dims->rhsContracting)))
    return failure();
  if (!e.instruction.shape)
    return e.emitError() << "'ragged-dot' needs its shape written out";
  FailureOr<RankedTensorType> type = e.resultType();
  if (failed(type))
    return failure();
  // As for dot: compute in the result's element type, which the operands
  // widen to exactly.
  Type elementType = type->getElementType();
  ragged.lhs = convertElements(e, ragged.lhs, elementType);
  ragged.rhs = convertElements(e, ragged.rhs, elementType);
  Value result;
  switch (ragged.kind) {
  case RaggedKind::NonContracting:
    result = ragged.nonContracting(elementType);
    break;
  case RaggedKind::Contracting:
    result = ragged.contracting(elementType);
    break;
  case RaggedKind::Batch:
    result = ragged.dot(ragged.lhs, ragged.rhs, dims->lhsBatch,
                        dims->lhsContracting, elementType);
    break;
  }
  if (result.getType() != Type(*type))
    return e.emitError() << "'ragged-dot' has type " << result.getType()
                         << " but its shape says " << *type;
  return e.finish(result.getDefiningOp());
}

} // namespace fuse::hlo_text
