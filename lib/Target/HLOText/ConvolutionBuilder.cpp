//===- ConvolutionBuilder.cpp - `convolution` -----------------------------===//
//
// XLA writes a convolution's window as `window={size=3x3 stride=2x2
// pad=1_1x0_1 lhs_dilate=2x1 rhs_dilate=1x2 rhs_reversal=0x1}`, one value
// per spatial dimension joined by `x` (absent fields are 1, or 0 for padding
// and reversal), and its layouts as `dim_labels=b01f_01io->b01f`, which
// hlo.convolution keeps. A reversed dimension reverses the kernel there.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {

FailureOr<Value> emitConvolution(InstructionEmission &e, Value input,
                                 Value kernel, RankedTensorType type) {
  FailureOr<const AttributeValue *> labels = e.attribute("dim_labels");
  FailureOr<ArrayRef<int64_t>> groups =
      e.integers("feature_group_count", /*optional=*/true);
  FailureOr<ArrayRef<int64_t>> batchGroups =
      e.integers("batch_group_count", /*optional=*/true);
  if (failed(labels) || failed(groups) || failed(batchGroups))
    return failure();
  std::string error;
  FailureOr<hlo::ConvDimensions> dims =
      hlo::ConvDimensions::parse((*labels)->word, error);
  if (failed(dims))
    return emitError((*labels)->loc) << error;
  FailureOr<ParsedWindow> window = e.window(dims->getNumSpatial());
  if (failed(window))
    return failure();
  // The window sizes are the kernel's; hlo.convolution reads them there.
  auto kernelType = cast<RankedTensorType>(kernel.getType());
  for (auto [d, size] : llvm::enumerate(window->sizes))
    if (d >= dims->kernelSpatial.size() ||
        kernelType.getDimSize(dims->kernelSpatial[d]) != size)
      return e.emitError() << "window size " << size << " of spatial "
                           << "dimension " << d << " is not the kernel's";
  // XLA applies a reversed kernel dimension as the kernel reversed there.
  if (window->reversesKernel()) {
    SmallVector<int64_t> reversed;
    for (auto [d, flag] : llvm::enumerate(window->rhsReversal))
      if (flag)
        reversed.push_back(dims->kernelSpatial[d]);
    kernel = hlo::ReverseOp::create(e.builder, e.loc, kernel, reversed);
  }
  auto convolution = hlo::ConvolutionOp::create(
      e.builder, e.loc, Type(type), input, kernel, (*labels)->word,
      window->strides, window->low, window->high, window->lhsDilation,
      window->rhsDilation, groups->empty() ? 1 : groups->front(),
      batchGroups->empty() ? 1 : batchGroups->front());
  if (failed(e.finish(convolution)))
    return failure();
  return convolution.getResult();
}

namespace {

/// Whether every value of element type `from` is one of `to`.
bool isExactConversion(Type from, Type to) {
  if (from == to || from.isInteger(1))
    return true;
  auto fromInt = dyn_cast<IntegerType>(from);
  if (auto toFloat = dyn_cast<FloatType>(to)) {
    if (auto fromFloat = dyn_cast<FloatType>(from))
      return llvm::APFloatBase::isRepresentableBy(fromFloat.getFloatSemantics(),
                                                  toFloat.getFloatSemantics());
    return fromInt && fromInt.getWidth() - (fromInt.isUnsigned() ? 0 : 1) <=
                          llvm::APFloatBase::semanticsPrecision(
                              toFloat.getFloatSemantics());
  }
  auto toInt = dyn_cast<IntegerType>(to);
  if (!fromInt || !toInt)
    return false;
  if (fromInt.isUnsigned() == toInt.isUnsigned())
    return fromInt.getWidth() <= toInt.getWidth();
  return fromInt.isUnsigned() && fromInt.getWidth() < toInt.getWidth();
}

} // namespace

FailureOr<HloValue> buildConvolution(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  // The declared type, not the inferred one: a shape error is then the
  // verifier's located error, where inference would abort.
  FailureOr<RankedTensorType> type = e.resultType();
  if (failed(operands) || failed(type))
    return failure();
  // XLA may ask for a wider type than the operands' (bf16 -> f32, s8 ->
  // s32), or mix them (bf16 and s8); hlo.convolution computes in one type,
  // into which the operands convert exactly.
  Type element = type->getElementType();
  for (Value &operand : *operands) {
    Type given = cast<RankedTensorType>(operand.getType()).getElementType();
    if (!isExactConversion(given, element))
      return e.emitError() << "a convolution of " << given << " into "
                           << element << " is not supported: fuse converts "
                           << "the operands to the result's type only where "
                           << "that is exact";
    operand = convertElements(e, operand, element);
  }
  FailureOr<Value> convolution =
      emitConvolution(e, (*operands)[0], (*operands)[1], *type);
  if (failed(convolution))
    return failure();
  return HloValue{*convolution, {}};
}

} // namespace fuse::hlo_text
