//===- TileContractionsLegality.cpp - which products the kernel takes -----===//
//
// A product is legal when its body is a multiply-accumulate (with at most one
// widening cast per operand) and its loops split into batch, M, N and K
// groups such that the result is [batch, M, N] with each group contiguous.
// Operands may list their groups in any order: a group order the packing
// cannot read directly is transposed first.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/TileContractions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace fuse;

namespace {

enum class LoopRole { Batch, M, N, K };

/// Follows `value` back through at most one cast to a block argument of
/// `body`; records the cast's name.
std::optional<unsigned> tracedArgument(Value value, Block &body,
                                       std::string &cast) {
  if (Operation *def = value.getDefiningOp()) {
    if (!isa<arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp, arith::SIToFPOp,
             arith::UIToFPOp>(def))
      return std::nullopt;
    cast = def->getName().getStringRef().str();
    value = def->getOperand(0);
  }
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != &body)
    return std::nullopt;
  return arg.getArgNumber();
}

/// Checks that the body is `yield(acc + cast(a) * cast(b))` and records the
/// casts in `match`; returns the reason when it is not.
std::string matchMultiplyAccumulate(ContractionMatch &match) {
  Block &body = match.op->getRegion(0).front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Operation *add = yield.getOperand(0).getDefiningOp();
  bool isFloat = isa<FloatType>(match.accumulatorType);
  bool isInteger = match.accumulatorType.isSignlessInteger();
  if (!add || !(isFloat ? isa<arith::AddFOp>(add)
                        : isInteger && isa<arith::AddIOp>(add)))
    return "the body does not end in an addition of the accumulator";
  BlockArgument acc = body.getArgument(2);
  Value product =
      add->getOperand(0) == acc ? add->getOperand(1) : add->getOperand(0);
  if (add->getOperand(0) != acc && add->getOperand(1) != acc)
    return "the addition does not read the accumulator";
  Operation *mul = product.getDefiningOp();
  if (!mul || !(isFloat ? isa<arith::MulFOp>(mul) : isa<arith::MulIOp>(mul)))
    return "the addend is not a product of the operands";
  std::string firstCast, secondCast;
  std::optional<unsigned> first =
      tracedArgument(mul->getOperand(0), body, firstCast);
  std::optional<unsigned> second =
      tracedArgument(mul->getOperand(1), body, secondCast);
  if (!first || !second || *first == *second || *first > 1 || *second > 1)
    return "the factors are not the two operands (through at most one cast)";
  match.lhsCast = *first == 0 ? firstCast : secondCast;
  match.rhsCast = *first == 0 ? secondCast : firstCast;
  // The yield, the add, the multiply and the casts: nothing else.
  size_t expectedOps = 3 + !firstCast.empty() + !secondCast.empty();
  if (body.getOperations().size() != expectedOps)
    return "the body computes more than a multiply-accumulate";
  return "";
}

/// The loops an indexing map reads, in the order of its results; fails on
/// anything but plain dimensions.
std::optional<SmallVector<unsigned>> mapLoops(AffineMap map) {
  SmallVector<unsigned> loops;
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      return std::nullopt;
    loops.push_back(dim.getPosition());
  }
  return loops;
}

SmallVector<unsigned> concat(ArrayRef<unsigned> a, ArrayRef<unsigned> b,
                             ArrayRef<unsigned> c) {
  SmallVector<unsigned> all(a);
  all.append(b.begin(), b.end());
  all.append(c.begin(), c.end());
  return all;
}

/// How an operand reading `loops` (its dimensions' loops) is viewed as
/// [batch, free, K] or [batch, K, free], transposing when its groups are
/// interleaved (`preferKInner` then picks the order).
std::optional<OperandLayout> layoutOperand(ArrayRef<unsigned> loops,
                                           ArrayRef<unsigned> batch,
                                           ArrayRef<unsigned> free,
                                           ArrayRef<unsigned> contracted,
                                           bool preferKInner) {
  if (loops.size() != batch.size() + free.size() + contracted.size())
    return std::nullopt;
  SmallVector<unsigned> freeInner = concat(batch, contracted, free);
  SmallVector<unsigned> kInner = concat(batch, free, contracted);
  OperandLayout layout;
  ArrayRef<unsigned> order;
  if (loops == ArrayRef<unsigned>(kInner)) {
    layout.kInner = true;
  } else if (loops == ArrayRef<unsigned>(freeInner)) {
    layout.kInner = false;
  } else {
    layout.kInner = preferKInner;
    order = preferKInner ? kInner : freeInner;
    for (unsigned loop : order) {
      const unsigned *position = llvm::find(loops, loop);
      if (position == loops.end())
        return std::nullopt;
      layout.transpose.push_back(position - loops.begin());
    }
  }
  int64_t next = 0;
  auto group = [&](size_t size) {
    SmallVector<int64_t, 2> dims;
    for (size_t i = 0; i < size; ++i)
      dims.push_back(next++);
    layout.groups.push_back(dims);
  };
  group(batch.size());
  group(layout.kInner ? free.size() : contracted.size());
  group(layout.kInner ? contracted.size() : free.size());
  return layout;
}

int64_t product(ArrayRef<int64_t> ranges, ArrayRef<unsigned> loops) {
  int64_t size = 1;
  for (unsigned loop : loops)
    size *= ranges[loop];
  return size;
}

} // namespace

ContractionMatch fuse::matchContraction(linalg::LinalgOp op) {
  ContractionMatch match;
  match.op = op;
  auto refuse = [&](const Twine &reason) {
    match.refusal = reason.str();
    return match;
  };
  if (!op.hasPureTensorSemantics())
    return refuse("it does not work on tensors");
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return refuse("it does not have two operands and one result");
  if (op.hasDynamicShape())
    return refuse("its shapes are dynamic");
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  match.accumulatorType = resultType.getElementType();
  if (!isa<FloatType>(match.accumulatorType) &&
      !match.accumulatorType.isSignlessInteger())
    return refuse("it accumulates neither floats nor integers");
  if (std::string reason = matchMultiplyAccumulate(match); !reason.empty())
    return refuse(reason);

  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims))
    return refuse("its loops are not batch, M, N and K loops");
  if (dims->k.empty())
    return refuse("it has no contracted loop");

  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  std::optional<SmallVector<unsigned>> lhsLoops = mapLoops(maps[0]);
  std::optional<SmallVector<unsigned>> rhsLoops = mapLoops(maps[1]);
  std::optional<SmallVector<unsigned>> resultLoops = mapLoops(maps[2]);
  if (!lhsLoops || !rhsLoops || !resultLoops)
    return refuse("an indexing map is not a permutation of loops");

  // The result fixes the order of the batch, M and N loops; the left
  // operand the order of the K loops.
  SmallVector<LoopRole> roles(op.getNumLoops(), LoopRole::K);
  for (unsigned loop : dims->batch)
    roles[loop] = LoopRole::Batch;
  for (unsigned loop : dims->m)
    roles[loop] = LoopRole::M;
  for (unsigned loop : dims->n)
    roles[loop] = LoopRole::N;
  SmallVector<unsigned> batch, m, n, k;
  for (unsigned loop : *resultLoops) {
    LoopRole role = roles[loop];
    SmallVector<unsigned> &group = role == LoopRole::Batch ? batch
                                   : role == LoopRole::M   ? m
                                                           : n;
    if (role == LoopRole::K ||
        (role == LoopRole::Batch && !(m.empty() && n.empty())) ||
        (role == LoopRole::M && !n.empty()))
      return refuse("the result is not laid out as [batch, M, N]");
    group.push_back(loop);
  }
  for (unsigned loop : *lhsLoops)
    if (roles[loop] == LoopRole::K)
      k.push_back(loop);

  std::optional<OperandLayout> lhs =
      layoutOperand(*lhsLoops, batch, m, k, /*preferKInner=*/true);
  std::optional<OperandLayout> rhs =
      layoutOperand(*rhsLoops, batch, n, k, /*preferKInner=*/false);
  if (!lhs || !rhs)
    return refuse("an operand reads loops of the other operand's group");
  match.lhs = *lhs;
  match.rhs = *rhs;

  int64_t next = 0;
  for (size_t size : {batch.size(), m.size(), n.size()}) {
    SmallVector<int64_t, 2> dims;
    for (size_t i = 0; i < size; ++i)
      dims.push_back(next++);
    match.resultGroups.push_back(dims);
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  match.batch = product(ranges, batch);
  match.m = product(ranges, m);
  match.n = product(ranges, n);
  match.k = product(ranges, k);
  if (match.batch == 0 || match.m == 0 || match.n == 0 || match.k == 0)
    return refuse("it is empty");
  return match;
}

FailureOr<GatheredOperand>
fuse::matchGatheredOperand(Value operand, const OperandLayout &layout,
                           std::string &reason) {
  auto refuse = [&](const Twine &why) {
    reason = why.str();
    return failure();
  };
  auto copy = operand.getDefiningOp<linalg::GenericOp>();
  if (!copy)
    return refuse("the left operand is not made by a linalg.generic");
  if (copy.getNumDpsInputs() != 1 || copy.getNumDpsInits() != 1 ||
      copy.getNumParallelLoops() != copy.getNumLoops())
    return refuse("the left operand's generic is not a parallel copy of one "
                  "input");
  Block &body = copy.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (body.getOperations().size() != 1 ||
      yield.getOperand(0) != body.getArgument(0))
    return refuse("the left operand's generic computes more than a copy");
  if (!layout.transpose.empty())
    return refuse("the left operand is transposed before it is viewed");
  Value source = copy.getDpsInputOperand(0)->get();
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  auto copyType = cast<RankedTensorType>(operand.getType());
  if (!sourceType || !sourceType.hasStaticShape() || !copyType.hasStaticShape())
    return refuse("the copy's shapes are not static");
  SmallVector<AffineMap> maps = copy.getIndexingMapsArray();
  if (!maps[1].isIdentity())
    return refuse("the copy does not write its result in order");
  AffineMap read = maps[0];
  if (read.getNumSymbols() != 0 ||
      llvm::any_of(read.getResults(),
                   [](AffineExpr expr) { return !expr.isPureAffine(); }))
    return refuse("the copy's read is not linear in its loops");

  // The source's flat offset of a point of the loops, and each loop's
  // coefficient in it.
  SmallVector<int64_t> strides(sourceType.getRank(), 1);
  for (int64_t d = sourceType.getRank() - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * sourceType.getDimSize(d + 1);
  auto offset = [&](ArrayRef<int64_t> point) {
    int64_t flat = 0;
    for (auto [stride, position] :
         llvm::zip_equal(strides, read.compose(point)))
      flat += stride * position;
    return flat;
  };
  unsigned loops = read.getNumDims();
  SmallVector<int64_t> point(loops, 0);
  GatheredOperand gathered;
  gathered.copy = copy;
  gathered.source = source;
  gathered.base = offset(point);
  SmallVector<int64_t> coefficients;
  for (unsigned loop = 0; loop < loops; ++loop) {
    point[loop] = 1;
    coefficients.push_back(offset(point) - gathered.base);
    point[loop] = 0;
  }
  auto collect = [&](ArrayRef<int64_t> dims, SmallVector<int64_t> &sizes,
                     SmallVector<int64_t> &coefficientsOut) {
    for (int64_t dim : dims) {
      sizes.push_back(copyType.getDimSize(dim));
      coefficientsOut.push_back(coefficients[dim]);
    }
  };
  collect(layout.groups[0], gathered.batchSizes, gathered.batchCoefficients);
  collect(layout.groups[layout.kInner ? 1 : 2], gathered.rowSizes,
          gathered.rowCoefficients);
  collect(layout.groups[layout.kInner ? 2 : 1], gathered.stepSizes,
          gathered.stepCoefficients);
  gathered.kInner = layout.kInner;
  if (layout.kInner && !gathered.stepCoefficients.empty() &&
      gathered.stepCoefficients.back() == 1)
    gathered.contiguousSteps = gathered.stepSizes.back();
  gathered.repeats = static_cast<double>(copyType.getNumElements()) /
                     std::max<int64_t>(1, sourceType.getNumElements());
  return gathered;
}

std::string fuse::refuseGatheredReads(const GatheredOperand &gathered,
                                      const ContractionTiles &tiles,
                                      int64_t lanes) {
  if (tiles.leftPacking == LeftPacking::InPlace)
    return "";
  if (!gathered.kInner)
    return "packed, the left operand's steps of K are not its inner "
           "dimension";
  if (gathered.contiguousSteps % lanes != 0)
    return "packed, the left operand's steps of K are not contiguous in "
           "the copy's source for a whole vector";
  if (tiles.depthBlock % lanes != 0)
    return "packed, the depth blocks do not start at whole vectors of steps";
  return "";
}

std::string fuse::refuseRightInPlace(const ContractionMatch &match,
                                     int64_t cols) {
  if (match.rhs.kInner)
    return "the right operand's columns are not contiguous";
  if (!match.rhs.transpose.empty())
    return "the right operand is transposed before it is viewed";
  if (match.n % cols != 0)
    return "the register tile's columns do not divide N";
  return "";
}
