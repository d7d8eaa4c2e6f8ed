//===- ExpandSpectral.cpp - hlo.eigh and hlo.svd as Jacobi sweeps ---------===//
//
// Both decompositions become parallel cyclic Jacobi methods built of
// whole-matrix hlo ops, so that batches need nothing more:
//
//   The n indices (made even with one zero row or column that no rotation
//   touches) are paired as (i, i + N/2). One step rotates every pair at
//   once, then moves the indices one place around a round-robin ring
//   (index 0 stays; the rest turn like a necklace), so that the N - 1 steps
//   of a sweep pair every two indices once and end in the starting order.
//
//   eigh (two-sided): each pair's rotation zeros its off-diagonal entry
//     (Golub and Van Loan's symmetric Schur step), which is then set to 0
//     and its diagonal to the exact update. Sweeps run until the
//     off-diagonal part is within eps of the whole (Frobenius norms).
//   svd (one-sided, Hestenes): the columns of A, or of A^T when A is wide,
//     are rotated pairwise until orthogonal within sqrt(rows) eps; sweeps
//     run until one rotates no pair. Then sigma_j = |column j|, and U is
//     the Q of a Householder QR of the sorted columns, its signs those of
//     R's diagonal: orthonormal even where sigma is zero, and full when
//     asked for.
//
// Then the op's conventions (docs/HLO.md): eigenvalues ascending, singular
// values descending, each vector (of U for svd) signed so that its entry
// of largest magnitude is positive. At most 30 sweeps run; `info` is 0 when
// they converge, else 1 (as for NaN input), and the results are then NaN.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Expansions/MatrixBatch.h"
#include "fuse/Dialect/HLO/Expansions/Passes.h"
#include "fuse/Dialect/HLO/Expansions/Patterns.h"

#include "mlir/Transforms/WalkPatternRewriteDriver.h"

#include <cmath>
#include <limits>

namespace fuse::hlo {
#define GEN_PASS_DEF_EXPANDSPECTRALPASS
#include "fuse/Dialect/HLO/Expansions/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

constexpr int64_t kMaxSweeps = 30;

/// Jacobi's steps on one batch of matrices.
struct Jacobi : MatrixBatch {
  Value add(Value lhs, Value rhs) { return AddOp::create(b(), loc, lhs, rhs); }
  Value sub(Value lhs, Value rhs) {
    return SubtractOp::create(b(), loc, lhs, rhs);
  }
  Value mul(Value lhs, Value rhs) { return MulOp::create(b(), loc, lhs, rhs); }
  Value div(Value lhs, Value rhs) { return DivOp::create(b(), loc, lhs, rhs); }
  Value like(Value value, double scalar) {
    return splat(cast<RankedTensorType>(value.getType()), scalar);
  }
  /// The machine epsilon of the element type.
  double epsilon() { return element().isF32() ? 0x1p-23 : 0x1p-52; }
  /// Whether any matrix's `flag` is set, as an i1 scalar.
  Value any(Value flags) {
    return batch().empty() ? flags : reduceFrom(flags, 0, ReductionKind::Or);
  }
  /// The tangent t of the rotation [[c, s], [-s, c]] (c = 1/sqrt(1 + t^2),
  /// s = t c) that diagonalizes each [[p, r], [r, q]]; 0 where r = 0.
  Value tangent(Value p, Value r, Value q) {
    Value tau = div(sub(q, p), mul(like(r, 2), r));
    Value sign = select(compare(ComparisonDirection::GE, tau, like(tau, 0)),
                        like(tau, 1), like(tau, -1));
    Value t = div(
        sign, add(AbsOp::create(b(), loc, tau),
                  SqrtOp::create(b(), loc, add(like(tau, 1), mul(tau, tau)))));
    return select(compare(ComparisonDirection::EQ, r, like(r, 0)), like(t, 0),
                  t);
  }
  /// (c, c) and (-s, s) of tangents `t`, one entry per index.
  std::pair<Value, Value> rotationOf(Value t) {
    Value c = RsqrtOp::create(b(), loc, add(like(t, 1), mul(t, t)));
    Value s = mul(t, c);
    int64_t last = rank() - 2;
    return {concat({c, c}, last),
            concat({NegOp::create(b(), loc, s), s}, last)};
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
    Value distance = sub(IotaOp::create(b(), loc, indices, rank() - 2),
                         IotaOp::create(b(), loc, indices, rank() - 1));
    int64_t h = type.getShape().back() / 2;
    return OrOp::create(
        b(), loc, compare(ComparisonDirection::EQ, distance, splat(indices, h)),
        compare(ComparisonDirection::EQ, distance, splat(indices, -h)));
  }
  /// Where entry i of `values` ([..., n]) comes k-th in order, ascending
  /// or descending, ties in index order: an i1 [..., n, n] permutation.
  Value order(Value values, bool descending) {
    auto type = cast<RankedTensorType>(values.getType());
    int64_t n = type.getShape().back();
    RankedTensorType square = perMatrix({n, n}, type.getElementType());
    Value mine = spreadVector(values, square, /*alongRows=*/true);
    Value other = spreadVector(values, square, /*alongRows=*/false);
    Value earlier = compareRowWithColumn(square, ComparisonDirection::GT);
    Value before = OrOp::create(
        b(), loc,
        compare(descending ? ComparisonDirection::GT : ComparisonDirection::LT,
                other, mine),
        AndOp::create(b(), loc, compare(ComparisonDirection::EQ, other, mine),
                      earlier));
    RankedTensorType counts = square.clone(b().getI64Type());
    Value place =
        sum(select(before, splat(counts, 1), splat(counts, 0)), rank() - 1);
    return compare(ComparisonDirection::EQ,
                   spreadVector(place, counts, /*alongRows=*/true),
                   IotaOp::create(b(), loc, counts, rank() - 1));
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
      squared = select(compareRowWithColumn(type, ComparisonDirection::EQ),
                       splat(type, 0), squared);
    return reduceFrom(squared, rank() - 2, ReductionKind::Add);
  }
  /// Whether each matrix's off-diagonal part is within eps of the whole.
  Value diagonalized(Value a) {
    double tolerance = epsilon() * epsilon();
    Value whole = squares(a, false);
    return compare(ComparisonDirection::LE, squares(a, true),
                   mul(whole, like(whole, tolerance)));
  }
  /// The op's info: 0 where `converged`, else 1.
  Value info(Value converged, RankedTensorType type) {
    return select(converged, splat(type, 0), splat(type, 1));
  }
  /// `values` ([batch..., ...]) where `converged` ([batch...]), else NaN.
  Value orNaN(Value values, Value converged) {
    auto type = cast<RankedTensorType>(values.getType());
    Value where = spread(converged, type.clone(b().getI1Type()), batchDims());
    return select(where, values,
                  splat(type, std::numeric_limits<double>::quiet_NaN()));
  }
  /// Per column of `matrices`, 1 or -1: the sign of its entry of largest
  /// magnitude, the first of equal ones (zero counts as positive).
  Value largestEntrySigns(Value matrices) {
    auto type = cast<RankedTensorType>(matrices.getType());
    int64_t rows = rank() - 2;
    Value magnitudes = AbsOp::create(b(), loc, matrices);
    Value largest = reduce(magnitudes, {rows}, ReductionKind::Max);
    Value isLargest = compare(ComparisonDirection::EQ, magnitudes,
                              spreadVector(largest, type, /*alongRows=*/false));
    RankedTensorType indices = type.clone(b().getI32Type());
    Value row = IotaOp::create(b(), loc, indices, rows);
    Value first = reduce(
        select(isLargest, row, splat(indices, double(type.getDimSize(rows)))),
        {rows}, ReductionKind::Min);
    Value isFirst = compare(ComparisonDirection::EQ, row,
                            spreadVector(first, indices, /*alongRows=*/false));
    Value entry = sum(select(isFirst, matrices, splat(type, 0)), rows);
    return select(compare(ComparisonDirection::LT, entry, like(entry, 0)),
                  like(entry, -1), like(entry, 1));
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
      j.select(j.compareRowWithColumn(type, ComparisonDirection::EQ),
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
  Value cosine = j.select(j.compare(ComparisonDirection::EQ, r, j.like(r, 0)),
                          j.like(r, 0),
                          j.div(AbsOp::create(j.b(), j.loc, r),
                                j.mul(SqrtOp::create(j.b(), j.loc, p),
                                      SqrtOp::create(j.b(), j.loc, q))));
  Value t = j.select(
      j.compare(ComparisonDirection::GT, cosine, j.like(cosine, tolerance)),
      j.tangent(p, r, q), j.like(r, 0));
  std::pair<Value, Value> rotation = j.rotationOf(t);
  Value largest = j.reduceFrom(cosine, rows, ReductionKind::Max);
  return {j.nextRound(j.rotatePairs(w, rotation, /*rows=*/false), cols),
          j.nextRound(j.rotatePairs(v, rotation, /*rows=*/false), cols),
          MaxOp::create(j.b(), j.loc, worst, largest)};
}

/// Sweeps of `step` over `state` while `unfinished` and fewer than
/// kMaxSweeps have run; `start` prepares each sweep's state.
SmallVector<Value> sweep(Jacobi &j, int64_t indices, ValueRange state,
                         function_ref<SmallVector<Value>(ValueRange)> step,
                         function_ref<Value(ValueRange)> unfinished,
                         function_ref<SmallVector<Value>(ValueRange)> start) {
  return j.loop(
      kMaxSweeps, state,
      [&](Value, ValueRange sweepState) {
        return j.loop(indices - 1, start(sweepState),
                      [&](Value, ValueRange stepState) -> SmallVector<Value> {
                        return step(stepState);
                      });
      },
      unfinished);
}

/// The eigenvectors, eigenvalues and info of `op`.
SmallVector<Value> expandEigh(EighOp op, PatternRewriter &rewriter) {
  Value a = op.getOperand();
  RankedTensorType type = op.getOperand().getType();
  Jacobi j{{rewriter, op.getLoc(), type}};
  int64_t n = j.cols();
  auto values = cast<RankedTensorType>(op.getValues().getType());
  auto info = cast<RankedTensorType>(op.getInfo().getType());
  if (n == 0)
    return {a, j.splat(values, 0), j.splat(info, 0)};

  // The symmetric matrices of the triangle that is read, made even.
  Value symmetric = j.select(
      j.compareRowWithColumn(type, op.getLower() ? ComparisonDirection::GE
                                                 : ComparisonDirection::LE),
      a, j.transposed(a));
  int64_t padding = n % 2, size = n + padding;
  if (padding)
    symmetric = j.padEnd(j.padEnd(symmetric, j.rank() - 2, 1), j.rank() - 1, 1);
  Value rotations = j.identity(cast<RankedTensorType>(symmetric.getType()));
  SmallVector<Value> swept = sweep(
      j, size, {symmetric, rotations},
      [&](ValueRange state) { return symmetricStep(j, state[0], state[1]); },
      [&](ValueRange state) {
        return j.any(
            NotOp::create(rewriter, op.getLoc(), j.diagonalized(state[0])));
      },
      [](ValueRange state) { return SmallVector<Value>(state); });
  Value diagonal = swept[0], vectors = swept[1];
  Value converged = j.diagonalized(diagonal);
  Value eigenvalues = j.slice(j.diagonal(diagonal), j.rank() - 2, 0, n);
  vectors = j.slice(j.slice(vectors, j.rank() - 2, 0, n), j.rank() - 1, 0, n);
  Value ascending = j.order(eigenvalues, /*descending=*/false);
  vectors = j.permuteColumns(vectors, ascending);
  vectors = j.mul(vectors, j.spreadVector(j.largestEntrySigns(vectors), type,
                                          /*alongRows=*/false));
  return {j.orNaN(vectors, converged),
          j.orNaN(j.permuteVector(eigenvalues, ascending), converged),
          j.info(converged, info)};
}

/// The singular values, U, V^T and info of `op`.
SmallVector<Value> expandSvd(SvdOp op, PatternRewriter &rewriter) {
  Location loc = op.getLoc();
  Value a = op.getOperand();
  RankedTensorType type = op.getOperand().getType();
  Jacobi j{{rewriter, loc, type}};
  int64_t m = j.rows(), n = j.cols(), k = std::min(m, n);
  bool full = op.getFullMatrices();
  auto uType = cast<RankedTensorType>(op.getU().getType());
  auto vtType = cast<RankedTensorType>(op.getVt().getType());
  auto info = cast<RankedTensorType>(op.getInfo().getType());
  if (k == 0)
    return {
        j.splat(cast<RankedTensorType>(op.getSingularValues().getType()), 0),
        j.identity(uType), j.identity(vtType), j.splat(info, 0)};

  // The columns of the tall one of A and A^T, made even.
  bool wide = m < n;
  Value columns = wide ? j.transposed(a) : a;
  int64_t tall = std::max(m, n), size = k + k % 2;
  if (k % 2)
    columns = j.padEnd(columns, j.rank() - 1, 1);
  Jacobi tallJ{{rewriter, loc, cast<RankedTensorType>(columns.getType())}};
  double tolerance = std::sqrt(double(tall)) * j.epsilon();
  Value rotations = j.identity(j.perMatrix({size, size}, j.element()));
  Value worst = j.splat(j.scalars(), 1);
  SmallVector<Value> swept = sweep(
      tallJ, size, {columns, rotations, worst},
      [&](ValueRange state) {
        return orthogonalizingStep(tallJ, state[0], state[1], state[2],
                                   tolerance);
      },
      [&](ValueRange state) {
        return j.any(j.compare(ComparisonDirection::GT, state[2],
                               j.like(state[2], tolerance)));
      },
      [&](ValueRange state) {
        return SmallVector<Value>{state[0], state[1], j.like(state[2], 0)};
      });
  int64_t rows = j.rank() - 2, cols = j.rank() - 1;
  Value orthogonal = j.slice(swept[0], cols, 0, k);
  Value right = j.slice(j.slice(swept[1], rows, 0, k), cols, 0, k);
  Value converged =
      j.compare(ComparisonDirection::LE, swept[2], j.like(swept[2], tolerance));
  Value sigma =
      SqrtOp::create(rewriter, loc, j.sum(j.mul(orthogonal, orthogonal), rows));
  Value descending = j.order(sigma, /*descending=*/true);
  sigma = j.orNaN(j.permuteVector(sigma, descending), converged);
  orthogonal = j.permuteColumns(orthogonal, descending);
  right = j.permuteColumns(right, descending);

  // U from the QR of the orthogonal columns, R's signs moved into Q.
  auto [packed, taus] = buildHouseholderFactors(rewriter, loc, orthogonal);
  Value signs = j.diagonal(j.slice(packed, rows, 0, k));
  signs = j.select(j.compare(ComparisonDirection::LT, signs, j.like(signs, 0)),
                   j.like(signs, -1), j.like(signs, 1));
  if (full && tall > k) {
    packed = j.padEnd(packed, cols, tall - k);
    signs = j.concat({signs, j.splat(j.perMatrix({tall - k}, j.element()), 1)},
                     rows);
  }
  Value q = buildHouseholderQ(rewriter, loc, packed, taus);
  Value left =
      j.mul(q, j.spreadVector(signs, cast<RankedTensorType>(q.getType()),
                              /*alongRows=*/false));
  // U's column j and V^T's row j change signs together, so that U's
  // largest entry is positive.
  Value u = wide ? right : left;
  Value v = wide ? left : right;
  Value pairSigns = j.largestEntrySigns(j.slice(u, cols, 0, k));
  auto signed_ = [&](Value vectors) {
    auto vectorsType = cast<RankedTensorType>(vectors.getType());
    int64_t count = vectorsType.getShape().back();
    Value spread = pairSigns;
    if (count > k)
      spread = j.concat(
          {spread, j.splat(j.perMatrix({count - k}, j.element()), 1)}, rows);
    return j.orNaN(j.mul(vectors, j.spreadVector(spread, vectorsType,
                                                 /*alongRows=*/false)),
                   converged);
  };
  return {sigma, signed_(u), j.transposed(signed_(v)), j.info(converged, info)};
}

/// Replaces an `OpTy` by the values `expand` builds.
template <typename OpTy, SmallVector<Value> (*expand)(OpTy, PatternRewriter &)>
struct Expansion : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, expand(op, rewriter));
    return success();
  }
};

struct ExpandSpectralPass
    : fuse::hlo::impl::ExpandSpectralPassBase<ExpandSpectralPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateExpandSpectralPatterns(patterns);
    // Each op is rewritten once, into ops no pattern matches: one walk.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void fuse::hlo::populateExpandSpectralPatterns(RewritePatternSet &patterns) {
  patterns.add<Expansion<EighOp, expandEigh>, Expansion<SvdOp, expandSvd>>(
      patterns.getContext());
}
