//===- HouseholderBuilders.cpp - LAPACK's QR as hlo loops -----------------===//
//
// JAX's CPU lowering of `jnp.linalg.qr` calls LAPACK's `geqrf` and
// `orgqr`; both become the blocked Householder loops of
// fuse/Dialect/HLO/Expansions/MatrixBatch.h, with LAPACK's conventions, so
// that R's signs and the packed form match what JAX's programs read.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/Expansions/MatrixBatch.h"

using namespace mlir;

namespace fuse::hlo_text {

FailureOr<HloValue> buildGeqrf(InstructionEmission &e) {
  FailureOr<LapackCall> call = readLapackCall(e, "geqrf");
  if (failed(call))
    return failure();
  ArrayRef<Type> resultTypes = call->resultTypes;
  RankedTensorType type = call->type;
  hlo::MatrixBatch matrices{e.builder, e.loc, type};
  int64_t k = std::min(matrices.rows(), matrices.cols());
  RankedTensorType tauType = matrices.perMatrix({k}, matrices.element());
  if (resultTypes.size() != 2 || resultTypes[0] != type ||
      resultTypes[1] != tauType)
    return e.emitError() << "geqrf of " << type << " gives (" << type << ", "
                         << tauType << ")";
  auto [packed, taus] =
      hlo::buildHouseholderFactors(e.builder, e.loc, call->matrix);
  return HloValue::tupleOf(SmallVector<Value>{packed, taus});
}

FailureOr<HloValue> buildOrgqr(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<RankedTensorType> resultType = e.resultType();
  if (failed(operands) || failed(resultType))
    return failure();
  Value packed = (*operands)[0], taus = (*operands)[1];
  FailureOr<RankedTensorType> type = realMatrices(e, packed, "orgqr");
  if (failed(type))
    return failure();
  hlo::MatrixBatch matrices{e.builder, e.loc, *type};
  auto tauType = cast<RankedTensorType>(taus.getType());
  int64_t k = tauType.getShape().empty() ? -1 : tauType.getShape().back();
  if (*resultType != *type || k < 0 || k > matrices.cols() ||
      tauType != matrices.perMatrix({k}, matrices.element()))
    return e.emitError() << "orgqr takes " << *type
                         << " reflectors and their scales, and gives " << *type;
  return HloValue{hlo::buildHouseholderQ(e.builder, e.loc, packed, taus), {}};
}

} // namespace fuse::hlo_text
