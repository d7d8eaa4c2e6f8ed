//===- JacobiBuilders.cpp - LAPACK's eigh and SVD as Jacobi sweeps --------===//
//
// JAX's CPU lowering of `jnp.linalg.eigh` calls LAPACK's `syevd`, and that
// of `jnp.linalg.svd` calls `gesdd`. Both become parallel cyclic Jacobi
// methods built of whole-matrix hlo ops, so that batches need nothing more:
//
//   The n indices (made even with one zero row or column that no rotation
//   touches) are paired as (i, i + N/2). One step rotates every pair at
//   once, then moves the indices one place around a round-robin ring
//   (index 0 stays; the rest turn like a necklace), so that the N - 1 steps
//   of a sweep pair every two indices once and end in the starting order.
//
//   syevd (two-sided): each pair's rotation zeros its off-diagonal entry
//     (Golub and Van Loan's symmetric Schur step), which is then set to 0
//     and its diagonal to the exact update. Sweeps run until the
//     off-diagonal part is within eps of the whole (Frobenius norms).
//   gesdd (one-sided, Hestenes): the columns of A, or of A^T when A is
//     wide, are rotated pairwise until orthogonal within sqrt(rows) eps;
//     sweeps run until one rotates no pair. Then sigma_j = |column j|, and
//     U is the Q of a Householder QR of the sorted columns, its signs those
//     of R's diagonal: orthonormal even where sigma is zero, and full when
//     asked for.
//
// LAPACK's orders follow: eigenvalues ascending, singular values
// descending. At most 30 sweeps run; `info` is 0 when they converge, else
// 1 (as for NaN input), for which JAX returns NaN.
//
//===----------------------------------------------------------------------===//

#include "MatrixBatch.h"

#include <cmath>

using namespace mlir;

namespace fuse::hlo_text {
namespace {

constexpr int64_t kMaxSweeps = 30;

/// Jacobi's steps on one batch of matrices.
struct Jacobi : MatrixBatch {
  Value add(Value lhs, Value rhs) {
    return hlo::AddOp::create(b(), e.loc, lhs, rhs);
  }
  Value sub(Value lhs, Value rhs) {
    return hlo::SubtractOp::create(b(), e.loc, lhs, rhs);
  }
  Value mul(Value lhs, Value rhs) {
    return hlo::MulOp::create(b(), e.loc, lhs, rhs);
  }
  Value div(Value lhs, Value rhs) {
    return hlo::DivOp::create(b(), e.loc, lhs, rhs);
  }
  Value like(Value value, double scalar) {
    return splat(cast<RankedTensorType>(value.getType()), scalar);
  }
  /// The machine epsilon of the element type.
  double epsilon() { return element().isF32() ? 0x1p-23 : 0x1p-52; }
  /// Whether any matrix's `flag` is set, as an i1 scalar.
  Value any(Value flags) {
    return batch().empty() ? flags
                           : reduceFrom(flags, 0, hlo::ReductionKind::Or);
  }
  /// The tangent t of the rotation [[c, s], [-s, c]] (c = 1/sqrt(1 + t^2),
  /// s = t c) that diagonalizes each [[p, r], [r, q]]; 0 where r = 0.
  Value tangent(Value p, Value r, Value q) {
    Value tau = div(sub(q, p), mul(like(r, 2), r));
    Value sign =
        select(compare(hlo::ComparisonDirection::GE, tau, like(tau, 0)),
               like(tau, 1), like(tau, -1));
    Value t = div(sign, add(hlo::AbsOp::create(b(), e.loc, tau),
                            hlo::SqrtOp::create(
                                b(), e.loc, add(like(tau, 1), mul(tau, tau)))));
    return select(compare(hlo::ComparisonDirection::EQ, r, like(r, 0)),
                  like(t, 0), t);
  }
  /// (c, c) and (-s, s) of tangents `t`, one entry per index.
  std::pair<Value, Value> rotationOf(Value t) {
    Value c = hlo::RsqrtOp::create(b(), e.loc, add(like(t, 1), mul(t, t)));
    Value s = mul(t, c);
    int64_t last = rank() - 2;
    return {concat({c, c}, last),
            concat({hlo::NegOp::create(b(), e.loc, s), s}, last)};
  }
  /// `matrices` with each pair (i, i + N/2) of their rows (or columns)
  /// x_i, x_j replaced by c x_i - s x_j and s x_i + c x_j.
  Value rotatePairs(Value matrices, std::pair<Value, Value> rotation,
                    bool rows) {
    auto type = cast<RankedTensorType>(matrices.getType());
    int64_t dim = rank() - (rows ? 2 : 1), n = type.getDimSize(dim);
    Value swapped = concat(
        {slice(matrices, dim, n / 2, n), slice(matrices, dim, 0, n / 2)}, dim);
    return add(mul(spreadVector(rotation.first, type, rows), matrices),
               mul(spreadVector(rotation.second, type, rows), swapped));
  }
  /// `values` with dimension `dim` moved one step around the ring: the
  /// first index stays, the top row (0 .. N/2) turns right into the
  /// bottom row, which turns left.
  Value nextRound(Value values, int64_t dim) {
    int64_t n = cast<RankedTensorType>(values.getType()).getDimSize(dim);
    int64_t h = n / 2;
    if (h < 2)
      return values;
    SmallVector<Value> parts{slice(values, dim, 0, 1),
                             slice(values, dim, h, h + 1)};
    if (h > 2)
      parts.push_back(slice(values, dim, 1, h - 1));
    parts.push_back(slice(values, dim, h + 1, n));
    parts.push_back(slice(values, dim, h - 1, h));
    return concat(parts, dim);
  }
  /// Where the matrices of `type` hold the position pairs (i, i + N/2).
  Value pairPositions(RankedTensorType type) {
    RankedTensorType indices = type.clone(b().getI32Type());
    Value distance = sub(hlo::IotaOp::create(b(), e.loc, indices, rank() - 2),
                         hlo::IotaOp::create(b(), e.loc, indices, rank() - 1));
    int64_t h = type.getShape().back() / 2;
    return hlo::OrOp::create(
        b(), e.loc,
        compare(hlo::ComparisonDirection::EQ, distance, splat(indices, h)),
        compare(hlo::ComparisonDirection::EQ, distance, splat(indices, -h)));
  }
  /// Where entry i of `values` ([..., n]) comes k-th in order, ascending
  /// or descending, ties in index order: an i1 [..., n, n] permutation.
  Value order(Value values, bool descending) {
    auto type = cast<RankedTensorType>(values.getType());
    int64_t n = type.getShape().back();
    RankedTensorType square = perMatrix({n, n}, type.getElementType());
    Value mine = spreadVector(values, square, /*alongRows=*/true);
    Value other = spreadVector(values, square, /*alongRows=*/false);
    Value earlier =
        compareRowWithColumn(e, square, hlo::ComparisonDirection::GT);
    Value before = hlo::OrOp::create(
        b(), e.loc,
        compare(descending ? hlo::ComparisonDirection::GT
                           : hlo::ComparisonDirection::LT,
                other, mine),
        hlo::AndOp::create(b(), e.loc,
                           compare(hlo::ComparisonDirection::EQ, other, mine),
                           earlier));
    RankedTensorType counts = square.clone(b().getI64Type());
    Value place =
        sum(select(before, splat(counts, 1), splat(counts, 0)), rank() - 1);
    return compare(hlo::ComparisonDirection::EQ,
                   spreadVector(place, counts, /*alongRows=*/true),
                   hlo::IotaOp::create(b(), e.loc, counts, rank() - 1));
  }
  /// `values` ([..., n]) in the order `permutation` gives.
  Value permuteVector(Value values, Value permutation) {
    auto type = cast<RankedTensorType>(permutation.getType());
    RankedTensorType square = type.clone(element());
    return sum(select(permutation,
                      spreadVector(values, square, /*alongRows=*/true),
                      splat(square, 0)),
               rank() - 2);
  }
  /// The columns of `matrices` in the order `permutation` gives.
  Value permuteColumns(Value matrices, Value permutation) {
    auto type = cast<RankedTensorType>(permutation.getType()).clone(element());
    return product(matrices,
                   select(permutation, splat(type, 1), splat(type, 0)));
  }
  /// The sum of the squares of `values` per matrix, with only the entries
  /// off the diagonal when `offDiagonal` is set.
  Value squares(Value values, bool offDiagonal) {
    auto type = cast<RankedTensorType>(values.getType());
    Value squared = mul(values, values);
    if (offDiagonal)
      squared =
          select(compareRowWithColumn(e, type, hlo::ComparisonDirection::EQ),
                 splat(type, 0), squared);
    return reduceFrom(squared, rank() - 2, hlo::ReductionKind::Add);
  }
  /// Whether each matrix's off-diagonal part is within eps of the whole.
  Value diagonalized(Value a) {
    double tolerance = epsilon() * epsilon();
    Value whole = squares(a, false);
    return compare(hlo::ComparisonDirection::LE, squares(a, true),
                   mul(whole, like(whole, tolerance)));
  }
  /// LAPACK's info: 0 where `converged`, else 1.
  Value info(Value converged, RankedTensorType type) {
    return select(converged, splat(type, 0), splat(type, 1));
  }
};

/// One two-sided step on symmetric `a` and the rotations so far `v`.
SmallVector<Value> symmetricStep(Jacobi &j, Value a, Value v) {
  auto type = cast<RankedTensorType>(a.getType());
  int64_t n = type.getShape().back(), h = n / 2, rows = j.rank() - 2,
          cols = j.rank() - 1;
  Value d = j.diagonal(a);
  Value p = j.slice(d, rows, 0, h), q = j.slice(d, rows, h, n);
  Value r = j.diagonal(j.slice(j.slice(a, rows, 0, h), cols, h, n));
  Value t = j.tangent(p, r, q);
  std::pair<Value, Value> rotation = j.rotationOf(t);
  Value rotated =
      j.rotatePairs(j.rotatePairs(a, rotation, /*rows=*/true), rotation, false);
  // What the rotation zeros is set to 0; the diagonal gets its exact update.
  Value tr = j.mul(t, r);
  Value exactDiagonal = j.concat({j.sub(p, tr), j.add(q, tr)}, rows);
  rotated =
      j.select(compareRowWithColumn(j.e, type, hlo::ComparisonDirection::EQ),
               j.spreadVector(exactDiagonal, type, /*alongRows=*/true),
               j.select(j.pairPositions(type), j.splat(type, 0), rotated));
  return {j.nextRound(j.nextRound(rotated, rows), cols),
          j.nextRound(j.rotatePairs(v, rotation, /*rows=*/false), cols)};
}

/// One one-sided step on the columns `w`, the rotations so far `v`, and the
/// largest cosine between paired columns seen in this sweep, `worst`.
SmallVector<Value> orthogonalizingStep(Jacobi &j, Value w, Value v, Value worst,
                                       double tolerance) {
  auto type = cast<RankedTensorType>(w.getType());
  int64_t n = type.getShape().back(), h = n / 2, rows = j.rank() - 2,
          cols = j.rank() - 1;
  Value norms = j.sum(j.mul(w, w), rows);
  Value p = j.slice(norms, rows, 0, h), q = j.slice(norms, rows, h, n);
  Value r = j.sum(j.mul(j.slice(w, cols, 0, h), j.slice(w, cols, h, n)), rows);
  Value cosine = j.select(
      j.compare(hlo::ComparisonDirection::EQ, r, j.like(r, 0)), j.like(r, 0),
      j.div(hlo::AbsOp::create(j.b(), j.e.loc, r),
            j.mul(hlo::SqrtOp::create(j.b(), j.e.loc, p),
                  hlo::SqrtOp::create(j.b(), j.e.loc, q))));
  Value t = j.select(j.compare(hlo::ComparisonDirection::GT, cosine,
                               j.like(cosine, tolerance)),
                     j.tangent(p, r, q), j.like(r, 0));
  std::pair<Value, Value> rotation = j.rotationOf(t);
  Value largest = j.reduceFrom(cosine, rows, hlo::ReductionKind::Max);
  return {j.nextRound(j.rotatePairs(w, rotation, /*rows=*/false), cols),
          j.nextRound(j.rotatePairs(v, rotation, /*rows=*/false), cols),
          hlo::MaxOp::create(j.b(), j.e.loc, worst, largest)};
}

/// Sweeps of `step` over `state` while `unfinished` and fewer than
/// kMaxSweeps have run; `start` prepares each sweep's state.
FailureOr<SmallVector<Value>>
emitSweeps(Jacobi &j, int64_t indices, ValueRange state,
           function_ref<SmallVector<Value>(ValueRange)> step,
           function_ref<Value(ValueRange)> unfinished,
           function_ref<SmallVector<Value>(ValueRange)> start) {
  return emitCountedLoop(
      j.e, kMaxSweeps, state,
      [&](Value, ValueRange sweepState) {
        return emitCountedLoop(
            j.e, indices - 1, start(sweepState),
            [&](Value, ValueRange stepState) -> FailureOr<SmallVector<Value>> {
              return step(stepState);
            });
      },
      unfinished);
}

/// The `index`-th result type of `types` if it is an integer tensor of
/// one value per matrix, for LAPACK's info.
FailureOr<RankedTensorType> infoType(Jacobi &j, ArrayRef<Type> types,
                                     size_t index, StringRef what) {
  auto type = index < types.size() ? dyn_cast<RankedTensorType>(types[index])
                                   : RankedTensorType();
  if (!type || !isa<IntegerType>(type.getElementType()) ||
      type.getShape() != j.batch())
    return j.e.emitError() << what << " must give an integer info per matrix "
                           << "as its last result";
  return type;
}

} // namespace

FailureOr<HloValue> buildSyevd(InstructionEmission &e) {
  FailureOr<LapackCall> call = readLapackCall(e, "syevd");
  FailureOr<char> mode = lapackOption(e, "mode", "NV");
  FailureOr<char> uplo = lapackOption(e, "uplo", "LU");
  if (failed(call) || failed(mode) || failed(uplo))
    return failure();
  ArrayRef<Type> resultTypes = call->resultTypes;
  Value a = call->matrix;
  RankedTensorType type = call->type;
  Jacobi j{{e, type}};
  int64_t n = j.cols();
  RankedTensorType values = j.perMatrix({n}, j.element());
  if (j.rows() != n)
    return e.emitError() << "syevd takes square matrices, not " << type;
  if (resultTypes.size() != 3 || resultTypes[0] != type ||
      resultTypes[1] != values)
    return e.emitError() << "syevd of " << type << " gives (" << type << ", "
                         << values << ", info)";
  FailureOr<RankedTensorType> info = infoType(j, resultTypes, 2, "syevd");
  if (failed(info))
    return failure();
  if (n == 0)
    return HloValue::tupleOf(
        SmallVector<Value>{a, j.splat(values, 0), j.splat(*info, 0)});

  // The symmetric matrices of the triangle LAPACK reads, made even.
  Value symmetric = j.select(
      compareRowWithColumn(e, type,
                           *uplo == 'L' ? hlo::ComparisonDirection::GE
                                        : hlo::ComparisonDirection::LE),
      a, j.transposed(a));
  int64_t padding = n % 2, size = n + padding;
  if (padding)
    symmetric = j.padEnd(j.padEnd(symmetric, j.rank() - 2, 1), j.rank() - 1, 1);
  Value rotations = j.identity(cast<RankedTensorType>(symmetric.getType()));
  FailureOr<SmallVector<Value>> swept = emitSweeps(
      j, size, {symmetric, rotations},
      [&](ValueRange state) { return symmetricStep(j, state[0], state[1]); },
      [&](ValueRange state) {
        return j.any(
            hlo::NotOp::create(e.builder, e.loc, j.diagonalized(state[0])));
      },
      [](ValueRange state) { return SmallVector<Value>(state); });
  if (failed(swept))
    return failure();
  Value diagonal = (*swept)[0], vectors = (*swept)[1];
  Value eigenvalues = j.slice(j.diagonal(diagonal), j.rank() - 2, 0, n);
  vectors = j.slice(j.slice(vectors, j.rank() - 2, 0, n), j.rank() - 1, 0, n);
  Value ascending = j.order(eigenvalues, /*descending=*/false);
  return HloValue::tupleOf(
      SmallVector<Value>{j.permuteColumns(vectors, ascending),
                         j.permuteVector(eigenvalues, ascending),
                         j.info(j.diagonalized(diagonal), *info)});
}

FailureOr<HloValue> buildGesdd(InstructionEmission &e) {
  FailureOr<LapackCall> call = readLapackCall(e, "gesdd");
  FailureOr<char> mode = lapackOption(e, "mode", "ASN");
  if (failed(call) || failed(mode))
    return failure();
  ArrayRef<Type> resultTypes = call->resultTypes;
  Value a = call->matrix;
  RankedTensorType type = call->type;
  Jacobi j{{e, type}};
  int64_t m = j.rows(), n = j.cols(), k = std::min(m, n);
  bool full = *mode == 'A';
  RankedTensorType values = j.perMatrix({k}, j.element());
  RankedTensorType uType = j.perMatrix({m, full ? m : k}, j.element());
  RankedTensorType vtType = j.perMatrix({full ? n : k, n}, j.element());
  bool vectors = *mode != 'N';
  if (resultTypes.size() != 5 || resultTypes[0] != type ||
      resultTypes[1] != values ||
      (vectors && (resultTypes[2] != uType || resultTypes[3] != vtType)))
    return e.emitError() << "gesdd in mode '" << *mode << "' of " << type
                         << " gives (" << type << ", " << values << ", "
                         << uType << ", " << vtType << ", info)";
  FailureOr<RankedTensorType> info = infoType(j, resultTypes, 4, "gesdd");
  if (failed(info))
    return failure();
  if (k == 0)
    return HloValue::tupleOf(SmallVector<Value>{
        a, j.splat(values, 0),
        j.identity(cast<RankedTensorType>(resultTypes[2])),
        j.identity(cast<RankedTensorType>(resultTypes[3])), j.splat(*info, 0)});

  // The columns of the tall one of A and A^T, made even.
  bool wide = m < n;
  Value columns = wide ? j.transposed(a) : a;
  int64_t tall = std::max(m, n), size = k + k % 2;
  if (k % 2)
    columns = j.padEnd(columns, j.rank() - 1, 1);
  Jacobi tallJ{{e, cast<RankedTensorType>(columns.getType())}};
  double tolerance = std::sqrt(double(tall)) * j.epsilon();
  Value rotations = j.identity(j.perMatrix({size, size}, j.element()));
  Value worst = j.splat(j.scalars(), 1);
  FailureOr<SmallVector<Value>> swept = emitSweeps(
      tallJ, size, {columns, rotations, worst},
      [&](ValueRange state) {
        return orthogonalizingStep(tallJ, state[0], state[1], state[2],
                                   tolerance);
      },
      [&](ValueRange state) {
        return j.any(j.compare(hlo::ComparisonDirection::GT, state[2],
                               j.like(state[2], tolerance)));
      },
      [&](ValueRange state) {
        return SmallVector<Value>{state[0], state[1], j.like(state[2], 0)};
      });
  if (failed(swept))
    return failure();
  int64_t rows = j.rank() - 2, cols = j.rank() - 1;
  Value orthogonal = j.slice((*swept)[0], cols, 0, k);
  Value right = j.slice(j.slice((*swept)[1], rows, 0, k), cols, 0, k);
  Value converged = j.compare(hlo::ComparisonDirection::LE, (*swept)[2],
                              j.like((*swept)[2], tolerance));
  Value sigma = hlo::SqrtOp::create(e.builder, e.loc,
                                    j.sum(j.mul(orthogonal, orthogonal), rows));
  Value descending = j.order(sigma, /*descending=*/true);
  sigma = j.permuteVector(sigma, descending);
  if (!vectors)
    return HloValue::tupleOf(SmallVector<Value>{
        a, sigma, j.splat(cast<RankedTensorType>(resultTypes[2]), 0),
        j.splat(cast<RankedTensorType>(resultTypes[3]), 0),
        j.info(converged, *info)});
  orthogonal = j.permuteColumns(orthogonal, descending);
  right = j.permuteColumns(right, descending);

  // U from the QR of the orthogonal columns, R's signs moved into Q.
  FailureOr<std::pair<Value, Value>> factors =
      emitHouseholderFactors(e, orthogonal);
  if (failed(factors))
    return failure();
  Value packed = factors->first;
  Value signs = j.diagonal(j.slice(packed, rows, 0, k));
  signs =
      j.select(j.compare(hlo::ComparisonDirection::LT, signs, j.like(signs, 0)),
               j.like(signs, -1), j.like(signs, 1));
  if (full && tall > k) {
    packed = j.padEnd(packed, cols, tall - k);
    signs = j.concat({signs, j.splat(j.perMatrix({tall - k}, j.element()), 1)},
                     rows);
  }
  FailureOr<Value> q = emitHouseholderQ(e, packed, factors->second);
  if (failed(q))
    return failure();
  Value left =
      j.mul(*q, j.spreadVector(signs, cast<RankedTensorType>(q->getType()),
                               /*alongRows=*/false));
  Value u = wide ? right : left;
  Value vt = j.transposed(wide ? left : right);
  return HloValue::tupleOf(
      SmallVector<Value>{a, sigma, u, vt, j.info(converged, *info)});
}

} // namespace fuse::hlo_text
