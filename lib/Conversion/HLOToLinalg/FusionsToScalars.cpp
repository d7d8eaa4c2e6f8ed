//===- FusionsToScalars.cpp - fusions of one element as scalar code -------===//
//
// JAX splits and folds PRNG keys with threefry: thousands of adds, xors and
// shifts on arrays of one element. As linalg, each op is a generic, and
// linalg's pairwise elementwise fusion clones the growing body at every
// step: the ViT step's key split (2,013 ops) took 185 ms of it. One element
// needs no loop: its fusion becomes the scalar ops themselves.
//
//===----------------------------------------------------------------------===//

#include "FusionsToLoopNests.h"

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

bool holdsOneElement(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() && tensor.getNumElements() == 1 &&
         tensor.getElementType().isIntOrFloat();
}

/// Ops whose one-element results are their operands' element: views, and
/// broadcasts of one element to one element.
bool forwardsElement(Operation *op) {
  return isa<ReshapeOp, BroadcastInDimOp, TransposeOp>(op);
}

/// Whether every value of `body` holds one element, but inputs that only
/// slices read, and every op has a scalar form.
bool isScalarBody(Block &body) {
  for (BlockArgument input : body.getArguments())
    if (!holdsOneElement(input.getType()) &&
        !llvm::all_of(input.getUsers(),
                      [](Operation *user) { return isa<SliceOp>(user); }))
      return false;
  for (Operation &op : body) {
    if (!llvm::all_of(op.getResultTypes(), holdsOneElement) ||
        op.getNumRegions() != 0)
      return false;
    if (isa<YieldOp>(op)) {
      if (!llvm::all_of(op.getOperandTypes(), holdsOneElement))
        return false;
      continue;
    }
    if (isa<SliceOp, ConstantOp>(op))
      continue;
    if (!llvm::all_of(op.getOperandTypes(), holdsOneElement) ||
        !(forwardsElement(&op) || fuse::isScalarizable(&op)))
      return false;
  }
  return true;
}

Value extractAt(OpBuilder &b, Location loc, Value tensor,
                ArrayRef<int64_t> position) {
  SmallVector<Value> indices = llvm::map_to_vector(position, [&](int64_t i) {
    return arith::ConstantIndexOp::create(b, loc, i).getResult();
  });
  return tensor::ExtractOp::create(b, loc, tensor, indices);
}

/// The scalar of each value of the fusion's body, computed before it.
class ScalarEmitter {
public:
  ScalarEmitter(RewriterBase &rewriter, FusionOp fusion)
      : rewriter(rewriter), fusion(fusion) {}

  FailureOr<SmallVector<Value>> emit() {
    Block &body = fusion.getBody().front();
    for (auto [argument, input] :
         llvm::zip_equal(body.getArguments(), fusion.getInputs()))
      if (holdsOneElement(argument.getType()))
        scalars[argument] = first(input);
    for (Operation &op : body.without_terminator())
      if (failed(emit(op)))
        return failure();
    SmallVector<Value> results;
    for (auto [value, type] : llvm::zip_equal(
             body.getTerminator()->getOperands(), fusion->getResultTypes()))
      results.push_back(tensor::FromElementsOp::create(
          rewriter, fusion.getLoc(), type, ValueRange{scalars.lookup(value)}));
    return results;
  }

private:
  Value first(Value tensor) {
    auto type = cast<RankedTensorType>(tensor.getType());
    return extractAt(rewriter, fusion.getLoc(), tensor,
                     SmallVector<int64_t>(type.getRank(), 0));
  }

  LogicalResult emit(Operation &op) {
    Location loc = op.getLoc();
    if (auto slice = dyn_cast<SliceOp>(op)) {
      Value source = slice.getOperand();
      auto argument = dyn_cast<BlockArgument>(source);
      scalars[slice] =
          scalars.contains(source)
              ? scalars.lookup(source)
              : extractAt(rewriter, loc,
                          fusion.getInputs()[argument.getArgNumber()],
                          slice.getStartIndices());
      return success();
    }
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense)
        return failure();
      scalars[constant] = arith::ConstantOp::create(
          rewriter, loc, cast<TypedAttr>(dense.getValues<Attribute>()[0]));
      return success();
    }
    SmallVector<Value> operands =
        llvm::map_to_vector(op.getOperands(), [&](Value operand) {
          return scalars.lookup(operand);
        });
    if (forwardsElement(&op)) {
      scalars[op.getResult(0)] = operands.front();
      return success();
    }
    FailureOr<Value> scalar = fuse::emitScalarOp(rewriter, loc, &op, operands);
    if (failed(scalar))
      return failure();
    scalars[op.getResult(0)] = *scalar;
    return success();
  }

  RewriterBase &rewriter;
  FusionOp fusion;
  llvm::DenseMap<Value, Value> scalars;
};

} // namespace

LogicalResult fuse::detail::lowerScalarFusion(RewriterBase &rewriter,
                                              FusionOp fusion) {
  if (!isScalarBody(fusion.getBody().front()))
    return failure();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(fusion);
  // The ops emitted so far are erased again if an op has no scalar form
  // after all (emitScalarOp refuses it).
  Operation *start = fusion->getPrevNode();
  FailureOr<SmallVector<Value>> results =
      ScalarEmitter(rewriter, fusion).emit();
  if (failed(results)) {
    Block *block = fusion->getBlock();
    Operation *first = start ? start->getNextNode() : &block->front();
    SmallVector<Operation *> emitted;
    for (Operation *op = first; op != fusion; op = op->getNextNode())
      emitted.push_back(op);
    for (Operation *op : llvm::reverse(emitted))
      rewriter.eraseOp(op);
    return failure();
  }
  rewriter.replaceOp(fusion, *results);
  return success();
}
