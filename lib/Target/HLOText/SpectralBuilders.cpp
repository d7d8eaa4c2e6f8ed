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

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// The shape of one value per matrix of `type`, with `tail` appended.
RankedTensorType perMatrix(RankedTensorType type, ArrayRef<int64_t> tail,
                           Type element) {
  SmallVector<int64_t> shape(type.getShape().drop_back(2));
  llvm::append_range(shape, tail);
  return RankedTensorType::get(shape, element);
}

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
  int64_t n = type.getShape().back();
  RankedTensorType values = perMatrix(type, {n}, type.getElementType());
  ArrayRef<Type> resultTypes = call->resultTypes;
  if (type.getDimSize(type.getRank() - 2) != n)
    return e.emitError() << "syevd takes square matrices, not " << type;
  if (resultTypes.size() != 3 || resultTypes[0] != type ||
      resultTypes[1] != values)
    return e.emitError() << "syevd of " << type << " gives (" << type << ", "
                         << values << ", info)";
  auto eigh = hlo::EighOp::create(
      e.builder, e.loc,
      TypeRange{type, values, perMatrix(type, {}, e.builder.getI32Type())},
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
  Type element = type.getElementType();
  int64_t m = type.getDimSize(type.getRank() - 2), n = type.getShape().back();
  int64_t k = std::min(m, n);
  bool full = *mode == 'A', vectors = *mode != 'N';
  RankedTensorType values = perMatrix(type, {k}, element);
  RankedTensorType uType = perMatrix(type, {m, full ? m : k}, element);
  RankedTensorType vtType = perMatrix(type, {full ? n : k, n}, element);
  ArrayRef<Type> resultTypes = call->resultTypes;
  if (resultTypes.size() != 5 || resultTypes[0] != type ||
      resultTypes[1] != values ||
      (vectors && (resultTypes[2] != uType || resultTypes[3] != vtType)))
    return e.emitError() << "gesdd in mode '" << *mode << "' of " << type
                         << " gives (" << type << ", " << values << ", "
                         << uType << ", " << vtType << ", info)";
  auto svd =
      hlo::SvdOp::create(e.builder, e.loc,
                         TypeRange{values, uType, vtType,
                                   perMatrix(type, {}, e.builder.getI32Type())},
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
