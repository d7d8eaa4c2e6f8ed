//===- BatchNormBuilders.cpp - batch normalization as hlo ops -------------===//
//
// XLA's `batch-norm-training`, `batch-norm-inference` and `batch-norm-grad`
// (which TensorFlow emits) written out as the reductions and elementwise
// ops they stand for, in the operand's element type. The statistics are
// over every dimension but `feature_index`, N elements per feature, and
// the variance is the biased one (divided by N), as XLA's:
//
//   inference: y = (x - mean) * rsqrt(variance + epsilon) * scale + offset
//   training:  (y, mean, variance) with the batch's own mean and variance
//   grad:      with s = rsqrt(variance + epsilon) and x^ = (x - mean) * s,
//              grad_offset = sum(dy), grad_scale = sum(dy * x^),
//              dx = scale * s * (dy - grad_offset / N - x^ * grad_scale / N)
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// The shapes and attributes of one batch-norm instruction, and the ops
/// its formula is made of.
struct BatchNorm {
  InstructionEmission &e;
  RankedTensorType type;
  int64_t feature;
  double epsilon;

  /// Checks the operands: a float tensor, then per-feature vectors of its
  /// feature dimension's size and element type.
  static FailureOr<BatchNorm> get(InstructionEmission &e,
                                  ArrayRef<Value> operands) {
    auto type = cast<RankedTensorType>(operands.front().getType());
    FailureOr<int64_t> feature = e.integer("feature_index");
    FailureOr<const AttributeValue *> epsilon = e.attribute("epsilon");
    if (failed(feature) || failed(epsilon))
      return failure();
    double epsilonValue = 0;
    if (StringRef((*epsilon)->word).getAsDouble(epsilonValue))
      return e.emitError() << "epsilon '" << (*epsilon)->word
                           << "' is not a number";
    if (!isa<FloatType>(type.getElementType()))
      return e.emitError() << "'" << e.instruction.opcode
                           << "' takes a float operand, not " << type;
    if (*feature < 0 || *feature >= type.getRank())
      return e.emitError() << "feature_index " << *feature
                           << " is not a dimension of " << type;
    auto perFeature = RankedTensorType::get({type.getDimSize(*feature)},
                                            type.getElementType());
    for (Value operand : operands.drop_front())
      if (operand.getType() != perFeature)
        return e.emitError() << "'" << e.instruction.opcode
                             << "' takes per-feature operands of type "
                             << perFeature << ", not " << operand.getType();
    return BatchNorm{e, type, *feature, epsilonValue};
  }

  /// N: the elements of each feature.
  int64_t count() const {
    return type.getNumElements() / type.getDimSize(feature);
  }

  /// A per-feature vector along the operand's feature dimension.
  Value spread(Value vector) const {
    return hlo::BroadcastInDimOp::create(
        e.builder, e.loc, type, vector,
        e.builder.getDenseI64ArrayAttr({feature}));
  }

  /// The sums of `values` (of the operand's shape) per feature.
  Value sumPerFeature(Value values) const {
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (d != feature)
        dims.push_back(d);
    Value zero = e.splat(RankedTensorType::get({}, type.getElementType()), 0.0);
    return hlo::ReduceOp::create(e.builder, e.loc, values, zero, dims,
                                 hlo::ReductionKind::Add)
        .getResult(0);
  }

  /// `vector` (per feature) divided by N.
  Value perElement(Value vector) const {
    return hlo::DivOp::create(
        e.builder, e.loc, vector,
        e.splat(cast<RankedTensorType>(vector.getType()), count()));
  }

  /// rsqrt(variance + epsilon), per feature.
  Value inverseDeviation(Value variance) const {
    return hlo::RsqrtOp::create(
        e.builder, e.loc,
        hlo::AddOp::create(
            e.builder, e.loc, variance,
            e.splat(cast<RankedTensorType>(variance.getType()), epsilon)));
  }

  /// (x - mean) * rsqrt(variance + epsilon) * scale + offset.
  Value normalize(Value x, Value scale, Value offset, Value mean,
                  Value variance) const {
    Value factor =
        hlo::MulOp::create(e.builder, e.loc, inverseDeviation(variance), scale);
    Value centered = hlo::SubtractOp::create(e.builder, e.loc, x, spread(mean));
    return hlo::AddOp::create(
        e.builder, e.loc,
        hlo::MulOp::create(e.builder, e.loc, centered, spread(factor)),
        spread(offset));
  }
};

} // namespace

FailureOr<HloValue> buildBatchNormInference(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(5);
  if (failed(operands))
    return failure();
  FailureOr<BatchNorm> norm = BatchNorm::get(e, *operands);
  if (failed(norm))
    return failure();
  ArrayRef<Value> in = *operands;
  return HloValue{norm->normalize(in[0], in[1], in[2], in[3], in[4]), {}};
}

FailureOr<HloValue> buildBatchNormTraining(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(3);
  if (failed(operands))
    return failure();
  FailureOr<BatchNorm> norm = BatchNorm::get(e, *operands);
  if (failed(norm))
    return failure();
  Value x = (*operands)[0];
  Value mean = norm->perElement(norm->sumPerFeature(x));
  Value centered =
      hlo::SubtractOp::create(e.builder, e.loc, x, norm->spread(mean));
  Value variance = norm->perElement(norm->sumPerFeature(
      hlo::MulOp::create(e.builder, e.loc, centered, centered)));
  Value y = norm->normalize(x, (*operands)[1], (*operands)[2], mean, variance);
  return HloValue::tupleOf({y, mean, variance});
}

FailureOr<HloValue> buildBatchNormGrad(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(5);
  if (failed(operands))
    return failure();
  // The gradient of the output comes last, with the operand's shape.
  SmallVector<Value> perFeature(operands->begin(), operands->end() - 1);
  Value dy = operands->back();
  if (dy.getType() != (*operands)[0].getType())
    return e.emitError() << "the output gradient of '" << e.instruction.opcode
                         << "' has type " << dy.getType()
                         << ", not the operand's " << (*operands)[0].getType();
  FailureOr<BatchNorm> norm = BatchNorm::get(e, perFeature);
  if (failed(norm))
    return failure();
  Value x = (*operands)[0], scale = (*operands)[1], mean = (*operands)[2],
        variance = (*operands)[3];
  Value inverse = norm->inverseDeviation(variance);
  Value normalized = hlo::MulOp::create(
      e.builder, e.loc,
      hlo::SubtractOp::create(e.builder, e.loc, x, norm->spread(mean)),
      norm->spread(inverse));
  Value gradOffset = norm->sumPerFeature(dy);
  Value gradScale =
      norm->sumPerFeature(hlo::MulOp::create(e.builder, e.loc, dy, normalized));
  Value centeredDy = hlo::SubtractOp::create(
      e.builder, e.loc,
      hlo::SubtractOp::create(e.builder, e.loc, dy,
                              norm->spread(norm->perElement(gradOffset))),
      hlo::MulOp::create(e.builder, e.loc, normalized,
                         norm->spread(norm->perElement(gradScale))));
  Value dx = hlo::MulOp::create(
      e.builder, e.loc, centeredDy,
      norm->spread(hlo::MulOp::create(e.builder, e.loc, scale, inverse)));
  return HloValue::tupleOf({dx, gradScale, gradOffset});
}

} // namespace fuse::hlo_text
