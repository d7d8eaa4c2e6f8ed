//===- SpectralBuilders.cpp - LAPACK's eigh and SVD as hlo ops ------------===//
//
// JAX's CPU lowering of `jnp.linalg.eigh` calls LAPACK's `syevd`, and that
// of `jnp.linalg.svd` calls `gesdd`: they become hlo.eigh and hlo.svd
// (docs/HLO.md), which the CPU pipeline computes with LAPACK and the GPU
// pipeline with Jacobi sweeps (--hlo-expand-spectral). The matrix result
// that LAPACK overwrites (`a`, left in an unspecified state) is the
// eigenvectors for syevd and the input for gesdd; gesdd in mode 'N' gives
// zeros for U and V^T, which are then left unused, so that no lowering
// computes them.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/Expansions/MatrixBatch.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// The call's info result (number `index`) from the op's i32 `info`, if
/// that result is an integer tensor of one value per matrix.
FailureOr<Value> lapackInfo(InstructionEmission &e, const LapackCall &call,
                            size_t index, Value info, StringRef routine) {
  ArrayRef<Type> types = call.resultTypes;
  auto type = index < types.size() ? dyn_cast<RankedTensorType>(types[index])
                                   : RankedTensorType();
  if (!type || !isa<IntegerType>(type.getElementType()) ||
      type.getShape() != cast<RankedTensorType>(info.getType()).getShape())
    return e.emitError() << routine << " must give an integer info per matrix "
                         << "as its last result";
  if (type == info.getType())
    return info;
  return Value(hlo::ConvertOp::create(e.builder, e.loc, type, info));
}

} // namespace

FailureOr<HloValue> buildSyevd(InstructionEmission &e) {
  FailureOr<LapackCall> call = readLapackCall(e, "syevd");
  FailureOr<char> mode = lapackOption(e, "mode", "NV");
  FailureOr<char> uplo = lapackOption(e, "uplo", "LU");
  if (failed(call) || failed(mode) || failed(uplo))
    return failure();
  RankedTensorType type = call->type;
  hlo::MatrixBatch matrices{e.builder, e.loc, type};
  int64_t n = matrices.cols();
  RankedTensorType values = matrices.perMatrix({n}, matrices.element());
  ArrayRef<Type> resultTypes = call->resultTypes;
  if (matrices.rows() != n)
    return e.emitError() << "syevd takes square matrices, not " << type;
  if (resultTypes.size() != 3 || resultTypes[0] != type ||
      resultTypes[1] != values)
    return e.emitError() << "syevd of " << type << " gives (" << type << ", "
                         << values << ", info)";
  auto eigh = hlo::EighOp::create(
      e.builder, e.loc,
      TypeRange{type, values, matrices.perMatrix({}, e.builder.getI32Type())},
      call->matrix, *uplo == 'L');
  if (failed(e.finish(eigh)))
    return failure();
  FailureOr<Value> info = lapackInfo(e, *call, 2, eigh.getInfo(), "syevd");
  if (failed(info))
    return failure();
  return HloValue::tupleOf(
      SmallVector<Value>{eigh.getVectors(), eigh.getValues(), *info});
}

FailureOr<HloValue> buildGesdd(InstructionEmission &e) {
  FailureOr<LapackCall> call = readLapackCall(e, "gesdd");
  FailureOr<char> mode = lapackOption(e, "mode", "ASN");
  if (failed(call) || failed(mode))
    return failure();
  RankedTensorType type = call->type;
  hlo::MatrixBatch matrices{e.builder, e.loc, type};
  Type element = matrices.element();
  int64_t m = matrices.rows(), n = matrices.cols(), k = std::min(m, n);
  bool full = *mode == 'A', vectors = *mode != 'N';
  RankedTensorType values = matrices.perMatrix({k}, element);
  RankedTensorType uType = matrices.perMatrix({m, full ? m : k}, element);
  RankedTensorType vtType = matrices.perMatrix({full ? n : k, n}, element);
  ArrayRef<Type> resultTypes = call->resultTypes;
  if (resultTypes.size() != 5 || resultTypes[0] != type ||
      resultTypes[1] != values ||
      (vectors && (resultTypes[2] != uType || resultTypes[3] != vtType)))
    return e.emitError() << "gesdd in mode '" << *mode << "' of " << type
                         << " gives (" << type << ", " << values << ", "
                         << uType << ", " << vtType << ", info)";
  auto svd = hlo::SvdOp::create(
      e.builder, e.loc,
      TypeRange{values, uType, vtType,
                matrices.perMatrix({}, e.builder.getI32Type())},
      call->matrix, full);
  if (failed(e.finish(svd)))
    return failure();
  FailureOr<Value> info = lapackInfo(e, *call, 4, svd.getInfo(), "gesdd");
  if (failed(info))
    return failure();
  Value u = svd.getU(), vt = svd.getVt();
  if (!vectors) {
    u = e.splat(cast<RankedTensorType>(resultTypes[2]), 0);
    vt = e.splat(cast<RankedTensorType>(resultTypes[3]), 0);
  }
  return HloValue::tupleOf(
      SmallVector<Value>{call->matrix, svd.getSingularValues(), u, vt, *info});
}

} // namespace fuse::hlo_text
