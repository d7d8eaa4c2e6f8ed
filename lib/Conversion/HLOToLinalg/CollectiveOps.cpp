//===- CollectiveOps.cpp - an SPMD program's collectives on one device ----===//
//
// Compiled code runs an SPMD program on one device, device 0: its id is 0,
// and each collective whose group of device 0 is {0} returns the operand
// (all_reduce, all_gather, reduce_scatter and all_to_all over one device
// leave it as it is). A collective_permute returns the operand when device 0
// sends to itself, and zeros otherwise. A group that names another device
// needs a run on more devices, under mpirun (convert-hlo-collectives-to-shard) or in
// the interpreter: the op is reported, not guessed at.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/ReplicaGroups.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Reports a collective whose groups or pairs name device `id` > 0.
LogicalResult reportOtherDevice(Operation *op, int64_t id) {
  return op->emitError() << "the compiled code runs an SPMD program on one "
                            "device, and this collective names device "
                         << id
                         << "; run it on N devices with `mpirun -np N "
                            "fuse-run` or `fuse-run --interpret --devices=N`";
}

struct DeviceIdLowering : OpConversionPattern<DeviceIdOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DeviceIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = RankedTensorType::get(
        {}, rewriter.getIntegerType(
                cast<RankedTensorType>(op.getType()).getElementTypeBitWidth()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(
                type, rewriter.getZeroAttr(type.getElementType())));
    return success();
  }
};

/// all_reduce, all_gather, reduce_scatter and all_to_all over the group
/// {0}: the operand.
template <typename Op> struct OneDeviceGroupLowering : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t largest = getLargestDeviceId(op.getGroups());
    if (largest > 0)
      return reportOtherDevice(op, largest);
    if (op.getOperand().getType() != op.getType())
      return op.emitError() << "the result is not the operand's type, as it "
                               "is over a group of one device; the compiled "
                               "code runs an SPMD program on one device";
    rewriter.replaceOp(op, adaptor.getOperand());
    return success();
  }
};

struct CollectivePermuteLowering : OpConversionPattern<CollectivePermuteOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CollectivePermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<int64_t> ids(op.getPairs().getValues<int64_t>());
    for (int64_t id : ids)
      if (id > 0)
        return reportOtherDevice(op, id);
    if (!ids.empty()) {
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    auto type = cast<RankedTensorType>(adaptor.getOperand().getType());
    Value zero = arith::ConstantOp::create(
        rewriter, op.getLoc(), rewriter.getZeroAttr(type.getElementType()));
    rewriter.replaceOp(op, fuse::detail::createFilledTensor(
                               rewriter, op.getLoc(), type, zero));
    return success();
  }
};

} // namespace

void fuse::detail::populateCollectiveLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DeviceIdLowering, OneDeviceGroupLowering<AllReduceOp>,
               OneDeviceGroupLowering<AllGatherOp>,
               OneDeviceGroupLowering<ReduceScatterOp>,
               OneDeviceGroupLowering<AllToAllOp>, CollectivePermuteLowering>(
      patterns.getContext());
}
