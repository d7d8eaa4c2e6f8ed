//===- LinearAlgebraBuilders.cpp - factorizations and solves --------------===//
//
// XLA's `cholesky` and `triangular-solve`, and the LAPACK custom calls that
// JAX's CPU lowering emits (`lapack_?potrf_ffi`, `lapack_?getrf_ffi`,
// `lapack_?trsm_ffi`, typed FFI with their options as characters in the
// backend config), become hlo.cholesky, hlo.lu and hlo.triangular_solve;
// `geqrf` and `orgqr` are loops of their own (HouseholderBuilders.cpp), and
// `syevd` and `gesdd` become hlo.eigh and hlo.svd (SpectralBuilders.cpp).
// A potrf result keeps, as LAPACK does, the input's values in the triangle
// it does not factor; getrf's pivots count from 1; each `info` is LAPACK's:
// 0, or the 1-based column of the first pivot that is not positive
// (potrf) or is zero (getrf).
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/Expansions/MatrixBatch.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// `values` reduced over its matrices from `init` by `kind`.
Value reduceMatrices(InstructionEmission &e, Value values, int64_t init,
                     hlo::ReductionKind kind) {
  auto type = cast<RankedTensorType>(values.getType());
  int64_t rank = type.getRank();
  Value start = e.splat(RankedTensorType::get({}, type.getElementType()), init);
  return hlo::ReduceOp::create(e.builder, e.loc, values, start,
                               ArrayRef<int64_t>{rank - 2, rank - 1}, kind)
      .getResult(0);
}

/// LAPACK's info of a factor: 0, or 1 + the number of finite diagonal
/// entries (those before the first failed pivot, after which all are NaN).
Value potrfInfo(InstructionEmission &e, Value factor, RankedTensorType info) {
  auto type = cast<RankedTensorType>(factor.getType());
  int64_t n = type.getShape().back();
  Value onDiagonal =
      compareRowWithColumn(e, type, hlo::ComparisonDirection::EQ);
  RankedTensorType counts = type.clone(info.getElementType());
  Value finite = hlo::SelectOp::create(
      e.builder, e.loc, counts,
      hlo::AndOp::create(e.builder, e.loc, onDiagonal,
                         hlo::IsFiniteOp::create(e.builder, e.loc, factor)),
      e.splat(counts, 1), e.splat(counts, 0));
  Value count = reduceMatrices(e, finite, 0, hlo::ReductionKind::Add);
  Value complete = hlo::CompareOp::create(
      e.builder, e.loc, hlo::ComparisonDirection::EQ, count, e.splat(info, n),
      hlo::ComparisonTypeAttr());
  return hlo::SelectOp::create(
      e.builder, e.loc, info, complete, e.splat(info, 0),
      hlo::AddOp::create(e.builder, e.loc, count, e.splat(info, 1)));
}

FailureOr<HloValue> buildPotrf(InstructionEmission &e) {
  FailureOr<LapackCall> call = readLapackCall(e);
  FailureOr<char> uplo = lapackOption(e, "uplo", "LU");
  if (failed(call) || failed(uplo))
    return failure();
  ArrayRef<Type> resultTypes = call->resultTypes;
  auto info = resultTypes.size() == 2
                  ? dyn_cast<RankedTensorType>(resultTypes[1])
                  : RankedTensorType();
  if (!info || !isa<IntegerType>(info.getElementType()))
    return e.emitError() << "potrf must have a tuple shape of the factor and "
                            "an integer info";
  Value a = call->matrix;
  bool lower = *uplo == 'L';
  auto cholesky = hlo::CholeskyOp::create(e.builder, e.loc, a, lower);
  if (failed(e.finish(cholesky)))
    return failure();
  RankedTensorType type = call->type;
  Value factor = hlo::SelectOp::create(
      e.builder, e.loc, type,
      compareRowWithColumn(e, type,
                           lower ? hlo::ComparisonDirection::GE
                                 : hlo::ComparisonDirection::LE),
      cholesky.getResult(), a);
  HloValue result;
  result.elements = {HloValue{factor, {}},
                     HloValue{potrfInfo(e, cholesky.getResult(), info), {}}};
  return result;
}

/// LAPACK getrf's info of a factor: 0, or 1 + the first row whose diagonal
/// entry of U is exactly zero.
Value getrfInfo(InstructionEmission &e, Value lu, RankedTensorType info) {
  auto type = cast<RankedTensorType>(lu.getType());
  int64_t rank = type.getRank(), n = type.getShape().back();
  RankedTensorType indices = type.clone(info.getElementType());
  Value row = hlo::IotaOp::create(e.builder, e.loc, indices, rank - 2);
  Value zeroOnDiagonal = hlo::AndOp::create(
      e.builder, e.loc,
      compareRowWithColumn(e, type, hlo::ComparisonDirection::EQ),
      hlo::CompareOp::create(e.builder, e.loc, hlo::ComparisonDirection::EQ, lu,
                             e.splat(type, 0), hlo::ComparisonTypeAttr()));
  Value candidates = hlo::SelectOp::create(
      e.builder, e.loc, indices, zeroOnDiagonal, row, e.splat(indices, n));
  Value first = reduceMatrices(e, candidates, n, hlo::ReductionKind::Min);
  Value found = hlo::CompareOp::create(
      e.builder, e.loc, hlo::ComparisonDirection::LT, first, e.splat(info, n),
      hlo::ComparisonTypeAttr());
  return hlo::SelectOp::create(
      e.builder, e.loc, info, found,
      hlo::AddOp::create(e.builder, e.loc, first, e.splat(info, 1)),
      e.splat(info, 0));
}

FailureOr<HloValue> buildGetrf(InstructionEmission &e) {
  FailureOr<LapackCall> call = readLapackCall(e);
  if (failed(call))
    return failure();
  ArrayRef<Type> resultTypes = call->resultTypes;
  Value a = call->matrix;
  RankedTensorType type = call->type;
  if (type.getRank() < 2 ||
      type.getShape().back() != type.getShape()[type.getRank() - 2])
    return e.emitError() << "getrf of " << type
                         << " is not supported: fuse factors square "
                            "matrices only";
  auto pivotsType = resultTypes.size() == 3
                        ? dyn_cast<RankedTensorType>(resultTypes[1])
                        : RankedTensorType();
  auto info = resultTypes.size() == 3
                  ? dyn_cast<RankedTensorType>(resultTypes[2])
                  : RankedTensorType();
  if (!pivotsType || !info || !pivotsType.getElementType().isInteger(32))
    return e.emitError() << "getrf must have a tuple shape of the factors, "
                            "s32 pivots and an integer info";
  auto lu = hlo::LuOp::create(e.builder, e.loc, TypeRange{type, pivotsType}, a);
  if (failed(e.finish(lu)))
    return failure();
  // LAPACK counts pivot rows from 1.
  Value pivots = hlo::AddOp::create(e.builder, e.loc, lu.getPivots(),
                                    e.splat(pivotsType, 1));
  HloValue result;
  result.elements = {HloValue{lu.getLu(), {}}, HloValue{pivots, {}},
                     HloValue{getrfInfo(e, lu.getLu(), info), {}}};
  return result;
}

FailureOr<HloValue> buildTrsm(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<char> side = lapackOption(e, "side", "LR");
  FailureOr<char> uplo = lapackOption(e, "uplo", "LU");
  FailureOr<char> trans = lapackOption(e, "trans_x", "NTC");
  FailureOr<char> diag = lapackOption(e, "diag", "NU");
  if (failed(operands) || failed(side) || failed(uplo) || failed(trans) ||
      failed(diag))
    return failure();
  // For real matrices the conjugate transpose ('C') is the transpose.
  return e.finish(hlo::TriangularSolveOp::create(
      e.builder, e.loc, (*operands)[1].getType(), (*operands)[0],
      (*operands)[1], *side == 'L', *uplo == 'L', *diag == 'U', *trans != 'N'));
}

} // namespace

FailureOr<char> lapackOption(InstructionEmission &e, StringRef key,
                             StringRef allowed) {
  auto config = e.instruction.attributes.find("backend_config");
  int64_t code = 0;
  if (config == e.instruction.attributes.end() ||
      StringRef(config->second.fields.lookup(key)).getAsInteger(10, code) ||
      code < 0 || code > 127 || !allowed.contains(static_cast<char>(code)))
    return e.emitError() << "'" << e.instruction.opcode << "' to LAPACK needs "
                         << key << " in its backend_config, one of '" << allowed
                         << "' as a character code";
  return static_cast<char>(code);
}

FailureOr<RankedTensorType> realMatrices(InstructionEmission &e, Value a,
                                         StringRef what) {
  auto type = cast<RankedTensorType>(a.getType());
  if (type.getRank() < 2 ||
      !(type.getElementType().isF32() || type.getElementType().isF64()))
    return e.emitError() << what << " of " << type
                         << " is not supported: fuse factors f32 and f64 "
                            "matrices";
  return type;
}

FailureOr<LapackCall> readLapackCall(InstructionEmission &e,
                                     StringRef realRoutine) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  LapackCall call;
  if (failed(operands) || failed(e.resultTypes(call.resultTypes)))
    return failure();
  call.matrix = operands->front();
  call.type = cast<RankedTensorType>(call.matrix.getType());
  if (!realRoutine.empty() && failed(realMatrices(e, call.matrix, realRoutine)))
    return failure();
  return call;
}

Value compareRowWithColumn(InstructionEmission &e, RankedTensorType type,
                           hlo::ComparisonDirection direction) {
  return hlo::MatrixBatch{e.builder, e.loc, type}.compareRowWithColumn(
      type, direction);
}

FailureOr<HloValue> buildCholesky(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  if (failed(operands))
    return failure();
  return e.finish(hlo::CholeskyOp::create(e.builder, e.loc, (*operands)[0],
                                          e.flag("lower")));
}

FailureOr<HloValue> buildTriangularSolve(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<const AttributeValue *> transpose = e.attribute("transpose_a");
  if (failed(operands) || failed(transpose))
    return failure();
  StringRef mode = (*transpose)->word;
  if (mode != "NO_TRANSPOSE" && mode != "TRANSPOSE" && mode != "ADJOINT")
    return emitError((*transpose)->loc)
           << "transpose_a must be NO_TRANSPOSE, TRANSPOSE or ADJOINT, not "
           << mode;
  // ADJOINT of real matrices is their transpose.
  return e.finish(hlo::TriangularSolveOp::create(
      e.builder, e.loc, (*operands)[1].getType(), (*operands)[0],
      (*operands)[1], e.flag("left_side"), e.flag("lower"),
      e.flag("unit_diagonal"), mode != "NO_TRANSPOSE"));
}

namespace {

/// The builder of `lapack_<s|d><routine>_ffi`, for the routines imported;
/// null for any other target.
OpBuilderFn lapackBuilder(StringRef target) {
  static const std::pair<StringRef, OpBuilderFn> routines[] = {
      {"potrf", buildPotrf}, {"getrf", buildGetrf}, {"trsm", buildTrsm},
      {"geqrf", buildGeqrf}, {"orgqr", buildOrgqr}, {"syevd", buildSyevd},
      {"gesdd", buildGesdd}};
  if (!target.consume_front("lapack_") || !target.consume_back("_ffi") ||
      !(target.consume_front("s") || target.consume_front("d")))
    return nullptr;
  for (auto [routine, build] : routines)
    if (target == routine)
      return build;
  return nullptr;
}

} // namespace

bool isLapackCall(StringRef target) { return lapackBuilder(target); }

FailureOr<HloValue> buildLapackCall(InstructionEmission &e, StringRef target) {
  return lapackBuilder(target)(e);
}

} // namespace fuse::hlo_text
