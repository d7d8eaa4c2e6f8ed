//===- ExpandLinearAlgebra.cpp - factorizations as blocked products -------===//
//
// hlo.cholesky and hlo.triangular_solve become hlo ops whose work is in
// hlo.dot_general. The recursion over halves runs here, at compile time,
// since every size is static; only the blocks of at most `blockSize` rows
// are loops (hlo.while) in the program. hlo.lu becomes a loop over panels
// of columns, as LAPACK's getrf. See the pass description and
// docs/expand-linear-algebra.md.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Expansions/Passes.h"
#include "fuse/Dialect/HLO/Expansions/Patterns.h"

#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace fuse::hlo {
#define GEN_PASS_DEF_EXPANDLINEARALGEBRAPASS
#include "fuse/Dialect/HLO/Expansions/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// A triangular matrix as the algorithms read it: the matrices of `matrix`
/// or, when `transposed`, their transposes, of which only the lower or upper
/// triangle counts, and not the diagonal when `unitDiagonal`.
struct Triangle {
  Value matrix;
  bool transposed;
  bool lower;
  bool unitDiagonal;
};

/// The most loops hlo.lu's panels are split into. Each loop's masked
/// trailing products cover the block its first panel leaves: n^3
/// multiply-adds in one loop, 0.63 n^3 in two, 0.47 n^3 in four (n^3 / 3
/// unmasked). Each loop is code of its own: on 2 cores, a 1024 x 1024 LU
/// took 46.7, 34.1 and 28.2 ms in one, two and four loops, and compiled in
/// 0.48, 0.74 and 1.39 s, with a peak that doubled past two.
constexpr int64_t kLuStages = 2;

/// Builds the blocked algorithms on batches of matrices: tensors whose last
/// two dimensions are rows and columns, the others batch dimensions.
class MatrixEmitter {
public:
  MatrixEmitter(OpBuilder &b, Location loc, int64_t blockSize,
                int64_t panelWidth)
      : b(b), loc(loc), blockSize(blockSize), panelWidth(panelWidth) {}

  /// The lower factor of the lower triangles of `a`.
  Value choleskyLower(Value a) {
    int64_t n = rows(a);
    if (n <= blockSize)
      return choleskyByColumns(a);
    int64_t n1 = splitPoint(n);
    Value l11 = choleskyLower(slice(a, 0, n1, 0, n1));
    // L21 L11^T = A21.
    Value l21 = solve({l11, /*transposed=*/true, /*lower=*/false, false},
                      slice(a, n1, n, 0, n1), /*leftSide=*/false);
    Value trailing =
        SubtractOp::create(b, loc, slice(a, n1, n, n1, n),
                           product(l21, false, l21, /*transposeY=*/true));
    Value l22 = choleskyLower(trailing);
    Value top = concatenate({l11, zeros(withMatrix(a, n1, n - n1))},
                            /*fromEnd=*/1);
    Value bottom = concatenate({l21, l22}, /*fromEnd=*/1);
    return concatenate({top, bottom}, /*fromEnd=*/2);
  }

  /// The X with T X = B (`leftSide`) or X T = B. The halves of T split B
  /// by rows (left) or columns (right); the half of X that needs no other is
  /// solved first, and the other with B's half less the off-diagonal block's
  /// product with it.
  Value solve(const Triangle &t, Value rhs, bool leftSide) {
    int64_t n = rows(t.matrix);
    if (n <= blockSize) {
      // op(M)^-1 = op(M^-1): the transpose is the product's to read.
      Value inverse = invert(t);
      return leftSide ? product(inverse, t.transposed, rhs, false)
                      : product(rhs, false, inverse, t.transposed);
    }
    int64_t n1 = splitPoint(n);
    Triangle first = diagonalBlock(t, 0, n1), second = diagonalBlock(t, n1, n);
    // T21 (lower) or T12 (upper), as a slice of the matrix and whether it is
    // read transposed.
    auto [offDiagonal, offTransposed] =
        t.lower ? block(t, n1, n, 0, n1) : block(t, 0, n1, n1, n);
    int64_t m = leftSide ? cols(rhs) : rows(rhs);
    Value rhs1 = leftSide ? slice(rhs, 0, n1, 0, m) : slice(rhs, 0, m, 0, n1);
    Value rhs2 = leftSide ? slice(rhs, n1, n, 0, m) : slice(rhs, 0, m, n1, n);
    // Left and lower, or right and upper: the first half needs no other,
    // and substitution runs forward.
    bool forward = leftSide == t.lower;
    Value known =
        forward ? solve(first, rhs1, leftSide) : solve(second, rhs2, leftSide);
    Value coupling = leftSide
                         ? product(offDiagonal, offTransposed, known, false)
                         : product(known, false, offDiagonal, offTransposed);
    Value rest = SubtractOp::create(b, loc, forward ? rhs2 : rhs1, coupling);
    Value other =
        forward ? solve(second, rest, leftSide) : solve(first, rest, leftSide);
    Value x1 = forward ? known : other;
    Value x2 = forward ? other : known;
    return concatenate({x1, x2}, /*fromEnd=*/leftSide ? 2 : 1);
  }

  /// Packed LU factors, pivots, and the permutation the pivots make: row i
  /// of the factored matrix is row permutation[i] of the original.
  struct LuFactors {
    Value packed, pivots, permutation;
  };

  /// The LU factors of square `a` with partial pivoting: its packed
  /// factors and its pivots (the row swapped into row j at step j, as
  /// LAPACK's, from 0). Loops over panels of `panelWidth` columns (the
  /// matrix padded with an identity block to a whole number of them)
  /// factor each panel a column at a time on all its rows, apply its row
  /// swaps to the rows (a gather), solve the panel's rows to its right with
  /// the unit lower L11 and update the trailing block by one product, as
  /// LAPACK's getrf does. Every panel of a loop has the same shape, so the
  /// trailing products are masked; the panels are split into up to
  /// kLuStages loops of about equal length, each on the block its panels
  /// have left, so that the masked products do fewer flops than one loop
  /// over the whole matrix would.
  std::pair<Value, Value> lu(Value a) {
    int64_t n = rows(a);
    int64_t width = std::min(panelWidth, n);
    if (n <= width) {
      LuFactors factors = luByColumns(a, index(0));
      return {factors.packed, factors.pivots};
    }
    int64_t panels = llvm::divideCeil(n, width), size = panels * width;
    Value matrix = padWithIdentity(a, size);
    RankedTensorType type = typeOf(matrix);
    SmallVector<int64_t> vectorShape(type.getShape().drop_back());
    Value pivots = zeros(RankedTensorType::get(vectorShape, b.getI32Type()));
    int64_t stages = std::min(kLuStages, panels);
    for (int64_t stage = 0; stage < stages; ++stage) {
      int64_t begin = panels * stage / stages;
      int64_t end = panels * (stage + 1) / stages;
      int64_t offset = begin * width;
      // The rows above `offset` are final; of the others, the columns left
      // of it only swap.
      SmallVector<Value> initial = {slice(matrix, offset, size, offset, size),
                                    pivots};
      if (offset > 0)
        initial.push_back(slice(matrix, offset, size, 0, offset));
      SmallVector<Value> results =
          loop(end - begin, initial,
               [&](Value p, ValueRange carried) -> SmallVector<Value> {
                 return luPanel(p, width, offset, carried);
               });
      pivots = results[1];
      if (offset == 0)
        matrix = results[0];
      else
        matrix = concatenate({slice(matrix, 0, offset, 0, size),
                              concatenate({results[2], results[0]}, 1)},
                             2);
    }
    return {slice(matrix, 0, n, 0, n), sliceVector(pivots, 0, n)};
  }

  /// Panel `p` of a stage of lu() on the rows and columns from `offset`:
  /// `carried` is the stage's trailing block, the pivots, and (when
  /// `offset` > 0) the rows' columns left of the block.
  SmallVector<Value> luPanel(Value p, int64_t width, int64_t offset,
                             ValueRange carried) {
    int64_t rank = typeOf(carried[0]).getRank(), size = rows(carried[0]);
    Value first = MulOp::create(b, loc, p, index(width));
    Value last = AddOp::create(b, loc, first, index(width - 1));
    LuFactors panel = luByColumns(
        dynamicSlice(carried[0], index(0), first, size, width), first);
    Value matrix = dynamicUpdate(gatherRows(carried[0], panel.permutation),
                                 panel.packed, index(0), first);
    // U12 = L11^-1 A12, the panel's rows right of it.
    Value l11 =
        invertLower(dynamicSlice(panel.packed, first, index(0), width, width),
                    /*unitDiagonal=*/true);
    Value panelRows = dynamicSlice(matrix, first, index(0), width, size);
    RankedTensorType rowsType = typeOf(panelRows);
    Value right = indexMask(rowsType, 1, last, ComparisonDirection::GT);
    Value u12 = SelectOp::create(b, loc, rowsType, right,
                                 product(l11, false, panelRows, false),
                                 zeros(rowsType));
    matrix = dynamicUpdate(
        matrix, SelectOp::create(b, loc, rowsType, right, u12, panelRows),
        first, index(0));
    // A22 -= L21 U12, the rows below the panel's.
    RankedTensorType panelType = typeOf(panel.packed);
    Value l21 =
        SelectOp::create(b, loc, panelType,
                         indexMask(panelType, 2, last, ComparisonDirection::GT),
                         panel.packed, zeros(panelType));
    matrix =
        SubtractOp::create(b, loc, matrix, product(l21, false, u12, false));
    // The pivots count rows from the whole matrix's first.
    Value pivotRows = panel.pivots;
    if (offset > 0)
      pivotRows = AddOp::create(
          b, loc, pivotRows, broadcastScalar(index(offset), typeOf(pivotRows)));
    SmallVector<Value> offsets(rank - 2, index(0));
    offsets.push_back(AddOp::create(b, loc, first, index(offset)));
    SmallVector<Value> next = {
        matrix,
        DynamicUpdateSliceOp::create(b, loc, carried[1], pivotRows, offsets)};
    if (carried.size() > 2)
      next.push_back(gatherRows(carried[2], panel.permutation));
    return next;
  }

  /// `a` (n x n) as the top-left block of size x size matrices whose other
  /// diagonal entries are 1: rows and columns that pivot onto themselves.
  Value padWithIdentity(Value a, int64_t size) {
    int64_t rank = typeOf(a).getRank(), n = rows(a);
    if (size == n)
      return a;
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
    high[rank - 2] = high[rank - 1] = size - n;
    RankedTensorType scalar =
        RankedTensorType::get({}, typeOf(a).getElementType());
    Value padded = PadOp::create(b, loc, a, zeros(scalar), low, high, interior);
    RankedTensorType type = typeOf(padded);
    Value added = AndOp::create(
        b, loc, indexMask(type, 2, index(n - 1), ComparisonDirection::GT),
        CompareOp::create(
            b, loc, ComparisonDirection::EQ,
            IotaOp::create(b, loc, type.clone(b.getI32Type()), rank - 2),
            IotaOp::create(b, loc, type.clone(b.getI32Type()), rank - 1),
            ComparisonTypeAttr()));
    return SelectOp::create(b, loc, type, added, splat(type, 1), padded);
  }

  /// The rows of `x` in the order `order` ([..., rows] i32) gives: row i of
  /// the result is row order[i], matrix by matrix.
  Value gatherRows(Value x, Value order) {
    int64_t rank = typeOf(x).getRank();
    auto batch = llvm::to_vector(llvm::seq<int64_t>(0, rank - 2));
    SmallVector<int64_t> sliceSizes(rank, 1);
    sliceSizes.back() = cols(x);
    RankedTensorType type = typeOf(x);
    return GatherOp::create(
        b, loc, type, x, order,
        /*offset_dims=*/ArrayRef<int64_t>{rank - 1},
        /*collapsed_slice_dims=*/ArrayRef<int64_t>{rank - 2},
        /*operand_batching_dims=*/batch,
        /*start_indices_batching_dims=*/batch,
        /*start_index_map=*/ArrayRef<int64_t>{rank - 2},
        /*index_vector_dim=*/rank - 1, sliceSizes,
        /*indices_are_sorted=*/false);
  }
  Value sliceVector(Value vector, int64_t begin, int64_t end) {
    int64_t rank = typeOf(vector).getRank();
    SmallVector<int64_t> starts(rank, 0), limits(typeOf(vector).getShape()),
        strides(rank, 1);
    starts.back() = begin;
    limits.back() = end;
    return SliceOp::create(b, loc, vector, starts, limits, strides);
  }
  /// `x` ([..., n, 1]) as [..., n].
  Value reshapeVector(Value x) {
    return ReshapeOp::create(
        b, loc, typeOf(x).clone(typeOf(x).getShape().drop_back()), x);
  }

  /// The LU factors of the m x w panel `a` whose column jj pivots on row
  /// `firstRow` + jj, a column at a time: the largest magnitude at or below
  /// that row (the first of equal ones, found as
  /// the least row index holding the maximum) is swapped into row j, the
  /// column below it is scaled by the pivot's reciprocal (by 1 for a zero
  /// pivot), and the trailing matrix loses their outer product with row j.
  /// Rows are swapped and found by masks, so that every matrix of a batch
  /// takes its own pivot.
  LuFactors luByColumns(Value a, Value firstRow) {
    int64_t m = rows(a), n = cols(a), rank = typeOf(a).getRank();
    RankedTensorType type = typeOf(a);
    RankedTensorType column = withMatrix(a, m, 1), row = withMatrix(a, 1, n),
                     entry = withMatrix(a, 1, 1);
    SmallVector<int64_t> pivotShape(type.getShape().drop_back());
    pivotShape.back() = n;
    auto pivotType = RankedTensorType::get(pivotShape, b.getI32Type());
    pivotShape.back() = m;
    auto permutationType = RankedTensorType::get(pivotShape, b.getI32Type());
    Value identity = IotaOp::create(b, loc, permutationType, rank - 2);
    SmallVector<Value> results = loop(
        n, ValueRange{a, zeros(pivotType), identity},
        [&](Value jj, ValueRange carried) -> SmallVector<Value> {
          // Column jj pivots on row j.
          Value j = AddOp::create(b, loc, firstRow, jj);
          Value matrix = carried[0], pivots = carried[1],
                permutation = carried[2];
          // The pivot row p of each matrix, as a [..., 1, 1] index.
          Value col = dynamicSlice(matrix, index(0), jj, m, 1);
          Value magnitude = SelectOp::create(
              b, loc, column, indexMask(column, 2, j, ComparisonDirection::GE),
              AbsOp::create(b, loc, col), splat(column, -1));
          Value largest = expand(
              reduce(magnitude, rank - 2, -1, ReductionKind::Max), rank - 2);
          RankedTensorType columnIndices = column.clone(b.getI32Type());
          Value rowIndex = IotaOp::create(b, loc, columnIndices, rank - 2);
          Value isLargest = CompareOp::create(
              b, loc, ComparisonDirection::EQ, magnitude,
              broadcastMatrices(largest, column), ComparisonTypeAttr());
          Value candidates =
              SelectOp::create(b, loc, columnIndices, isLargest, rowIndex,
                               splat(columnIndices, m));
          Value p = expand(reduce(candidates, rank - 2, m, ReductionKind::Min),
                           rank - 2);
          // Swap rows j and p.
          RankedTensorType indices = type.clone(b.getI32Type());
          Value rowOf = IotaOp::create(b, loc, indices, rank - 2);
          Value isP = CompareOp::create(b, loc, ComparisonDirection::EQ, rowOf,
                                        broadcastMatrices(p, indices),
                                        ComparisonTypeAttr());
          Value rowP = expand(
              reduce(SelectOp::create(b, loc, type, isP, matrix, zeros(type)),
                     rank - 2, 0, ReductionKind::Add),
              rank - 2);
          Value rowJ = dynamicSlice(matrix, j, index(0), 1, n);
          Value isJ = indexMask(type, 2, j, ComparisonDirection::EQ);
          Value swapped = SelectOp::create(
              b, loc, type, isJ, broadcastMatrices(rowP, type),
              SelectOp::create(b, loc, type, isP, broadcastMatrices(rowJ, type),
                               matrix));
          // Scale the column below the pivot and update the trailing matrix.
          Value pivot = dynamicSlice(swapped, j, jj, 1, 1);
          Value isZero =
              CompareOp::create(b, loc, ComparisonDirection::EQ, pivot,
                                zeros(entry), ComparisonTypeAttr());
          Value scale =
              SelectOp::create(b, loc, entry, isZero, splat(entry, 1),
                               DivOp::create(b, loc, splat(entry, 1), pivot));
          Value pivotColumn = dynamicSlice(swapped, index(0), jj, m, 1);
          Value below = indexMask(column, 2, j, ComparisonDirection::GT);
          Value multipliers =
              SelectOp::create(b, loc, column, below,
                               MulOp::create(b, loc, pivotColumn,
                                             broadcastMatrices(scale, column)),
                               zeros(column));
          Value pivotRow = dynamicSlice(swapped, j, index(0), 1, n);
          Value right = SelectOp::create(
              b, loc, row, indexMask(row, 1, jj, ComparisonDirection::GT),
              pivotRow, zeros(row));
          Value outer =
              MulOp::create(b, loc, broadcastMatrices(multipliers, type),
                            broadcastMatrices(right, type));
          Value updated = SubtractOp::create(b, loc, swapped, outer);
          Value newColumn =
              SelectOp::create(b, loc, column, below, multipliers, pivotColumn);
          updated = dynamicUpdate(updated, newColumn, index(0), jj);
          // pivots[..., j] = p, and the permutation's entries j and p swap.
          Value pAsVector = reshapeVector(p);
          SmallVector<Value> offsets(rank - 2, index(0));
          offsets.push_back(jj);
          Value newPivots =
              DynamicUpdateSliceOp::create(b, loc, pivots, pAsVector, offsets);
          Value position = IotaOp::create(b, loc, permutationType, rank - 2);
          auto spreadScalars = [&](Value v) {
            return BroadcastInDimOp::create(
                b, loc, permutationType, v,
                llvm::to_vector(llvm::seq<int64_t>(0, rank - 2)));
          };
          Value atP = CompareOp::create(
              b, loc, ComparisonDirection::EQ, position,
              spreadScalars(reshapeVector(pAsVector)), ComparisonTypeAttr());
          Value atJ = CompareOp::create(
              b, loc, ComparisonDirection::EQ, position,
              broadcastScalar(j, permutationType), ComparisonTypeAttr());
          Value fromP =
              reduce(SelectOp::create(b, loc, permutationType, atP, permutation,
                                      zeros(permutationType)),
                     rank - 2, 0, ReductionKind::Add);
          Value fromJ =
              reduce(SelectOp::create(b, loc, permutationType, atJ, permutation,
                                      zeros(permutationType)),
                     rank - 2, 0, ReductionKind::Add);
          Value newPermutation = SelectOp::create(
              b, loc, permutationType, atJ, spreadScalars(fromP),
              SelectOp::create(b, loc, permutationType, atP,
                               spreadScalars(fromJ), permutation));
          return {updated, newPivots, newPermutation};
        });
    return {results[0], results[1], results[2]};
  }

  /// Swaps rows and columns.
  Value transpose(Value x) {
    int64_t rank = typeOf(x).getRank();
    auto permutation = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    std::swap(permutation[rank - 2], permutation[rank - 1]);
    return TransposeOp::create(b, loc, x, permutation);
  }

private:
  static RankedTensorType typeOf(Value x) {
    return cast<RankedTensorType>(x.getType());
  }
  static int64_t rows(Value x) {
    return typeOf(x).getShape()[typeOf(x).getRank() - 2];
  }
  static int64_t cols(Value x) { return typeOf(x).getShape().back(); }
  /// `x`'s type with `r` x `c` matrices.
  static RankedTensorType withMatrix(Value x, int64_t r, int64_t c) {
    SmallVector<int64_t> shape(typeOf(x).getShape());
    shape[shape.size() - 2] = r;
    shape.back() = c;
    return typeOf(x).clone(shape);
  }

  /// The rows of the first half: about half, a multiple of the block size
  /// so that the blocks the loops see are full, and fewer than `n`.
  int64_t splitPoint(int64_t n) const {
    return llvm::alignTo(llvm::divideCeil(n, 2), blockSize);
  }

  /// Rows [row0, row1) and columns [col0, col1). A slice of a whole tensor
  /// is the tensor, and one within a piece of a concatenation is a slice of
  /// that piece, so that a block met again is the same value.
  Value slice(Value x, int64_t row0, int64_t row1, int64_t col0, int64_t col1) {
    int64_t rank = typeOf(x).getRank();
    if (row0 == 0 && col0 == 0 && row1 == rows(x) && col1 == cols(x))
      return x;
    auto concat = x.getDefiningOp<ConcatenateOp>();
    if (concat && concat.getDimension() + 2 >= uint64_t(rank)) {
      bool alongRows = concat.getDimension() == uint64_t(rank - 2);
      int64_t offset = 0;
      for (Value piece : concat.getInputs()) {
        int64_t size = alongRows ? rows(piece) : cols(piece);
        int64_t start = alongRows ? row0 : col0, end = alongRows ? row1 : col1;
        if (start >= offset && end <= offset + size)
          return alongRows
                     ? slice(piece, row0 - offset, row1 - offset, col0, col1)
                     : slice(piece, row0, row1, col0 - offset, col1 - offset);
        offset += size;
      }
    }
    SmallVector<int64_t> starts(rank, 0), limits(typeOf(x).getShape()),
        strides(rank, 1);
    starts[rank - 2] = row0;
    limits[rank - 2] = row1;
    starts[rank - 1] = col0;
    limits[rank - 1] = col1;
    return SliceOp::create(b, loc, x, starts, limits, strides);
  }

  Value concatenate(ArrayRef<Value> parts, int64_t fromEnd) {
    return ConcatenateOp::create(b, loc, parts,
                                 typeOf(parts.front()).getRank() - fromEnd);
  }

  /// op(x) op(y) for each matrix of the batch, op transposing where asked.
  Value product(Value x, bool transposeX, Value y, bool transposeY) {
    int64_t batch = typeOf(x).getRank() - 2;
    auto batchDims = llvm::to_vector(llvm::seq<int64_t>(0, batch));
    RankedTensorType type = withMatrix(x, transposeX ? cols(x) : rows(x),
                                       transposeY ? rows(y) : cols(y));
    return DotGeneralOp::create(
        b, loc, type, x, y, batchDims, batchDims,
        ArrayRef<int64_t>{transposeX ? batch : batch + 1},
        ArrayRef<int64_t>{transposeY ? batch + 1 : batch});
  }

  /// Rows [r0, r1) and columns [c0, c1) of T: a slice of its matrix, and
  /// whether to read it transposed.
  std::pair<Value, bool> block(const Triangle &t, int64_t r0, int64_t r1,
                               int64_t c0, int64_t c1) {
    if (t.transposed)
      return {slice(t.matrix, c0, c1, r0, r1), true};
    return {slice(t.matrix, r0, r1, c0, c1), false};
  }
  Triangle diagonalBlock(const Triangle &t, int64_t i0, int64_t i1) {
    return {slice(t.matrix, i0, i1, i0, i1), t.transposed, t.lower,
            t.unitDiagonal};
  }

  /// The inverse of the triangle of a block's matrix that T reads (T^-1
  /// is its transpose when T is transposed), inverted once per expansion.
  /// An upper matrix with its rows and columns reversed is lower, and so is
  /// its inverse.
  Value invert(const Triangle &t) {
    bool lowerOfMatrix = t.lower != t.transposed;
    Value &inverse =
        inverses[{t.matrix, unsigned(lowerOfMatrix) | (t.unitDiagonal << 1)}];
    if (!inverse)
      inverse =
          lowerOfMatrix
              ? invertLower(t.matrix, t.unitDiagonal)
              : reverseBoth(invertLower(reverseBoth(t.matrix), t.unitDiagonal));
    return inverse;
  }
  Value reverseBoth(Value x) {
    int64_t rank = typeOf(x).getRank();
    return ReverseOp::create(b, loc, x.getType(), x,
                             ArrayRef<int64_t>{rank - 2, rank - 1});
  }

  Value splat(RankedTensorType type, double value) {
    Attribute element =
        isa<FloatType>(type.getElementType())
            ? Attribute(b.getFloatAttr(type.getElementType(), value))
            : Attribute(b.getIntegerAttr(type.getElementType(),
                                         static_cast<int64_t>(value)));
    return ConstantOp::create(b, loc, DenseElementsAttr::get(type, element));
  }
  Value zeros(RankedTensorType type) { return splat(type, 0); }
  Value index(int64_t value) {
    return splat(RankedTensorType::get({}, b.getI32Type()), value);
  }
  /// `value` (a rank-0 tensor) in every element of `type`.
  Value broadcastScalar(Value value, RankedTensorType type) {
    return BroadcastInDimOp::create(b, loc, type, value, ArrayRef<int64_t>{});
  }
  /// `value`, whose matrices are 1x1, in every element of its matrices of
  /// `type`.
  Value broadcastMatrices(Value value, RankedTensorType type) {
    auto dims = llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    return BroadcastInDimOp::create(b, loc, type, value, dims);
  }
  /// Where `type`'s row (`fromEnd` = 2) or column (1) index compares with
  /// `position` (a rank-0 i32) as `direction` says.
  Value indexMask(RankedTensorType type, int64_t fromEnd, Value position,
                  ComparisonDirection direction) {
    RankedTensorType indices = type.clone(b.getI32Type());
    Value iota = IotaOp::create(b, loc, indices, type.getRank() - fromEnd);
    return CompareOp::create(b, loc, direction, iota,
                             broadcastScalar(position, indices),
                             ComparisonTypeAttr());
  }

  /// The r x c matrices of `x` at (row, col), `row` and `col` rank-0 i32.
  Value dynamicSlice(Value x, Value row, Value col, int64_t r, int64_t c) {
    int64_t rank = typeOf(x).getRank();
    SmallVector<Value> offsets(rank - 2, index(0));
    offsets.append({row, col});
    RankedTensorType type = withMatrix(x, r, c);
    return DynamicSliceOp::create(b, loc, type, x, offsets, type.getShape());
  }
  Value dynamicUpdate(Value x, Value update, Value row, Value col) {
    int64_t rank = typeOf(x).getRank();
    SmallVector<Value> offsets(rank - 2, index(0));
    offsets.append({row, col});
    return DynamicUpdateSliceOp::create(b, loc, x, update, offsets);
  }

  /// A loop over i in [0, n) that carries `initial` and updates it with
  /// `step(i, carried)`; its final values.
  SmallVector<Value>
  loop(int64_t n, ValueRange initial,
       llvm::function_ref<SmallVector<Value>(Value, ValueRange)> step) {
    Value start = index(0);
    SmallVector<Value> operands = {start};
    llvm::append_range(operands, initial);
    SmallVector<Type> types(ValueRange(operands).getTypes());
    auto whileOp = WhileOp::create(b, loc, types, operands);
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Location> locs(types.size(), loc);
    Block *cond = b.createBlock(&whileOp.getCond(), {}, types, locs);
    Value more =
        CompareOp::create(b, loc, ComparisonDirection::LT, cond->getArgument(0),
                          index(n), ComparisonTypeAttr());
    ReturnOp::create(b, loc, more);
    Block *body = b.createBlock(&whileOp.getBody(), {}, types, locs);
    Value i = body->getArgument(0);
    SmallVector<Value> next = {AddOp::create(b, loc, i, index(1))};
    llvm::append_range(next, step(i, body->getArguments().drop_front()));
    ReturnOp::create(b, loc, next);
    return SmallVector<Value>(whileOp.getResults().drop_front());
  }
  Value loop(int64_t n, Value initial,
             llvm::function_ref<Value(Value, Value)> step) {
    return loop(n, ValueRange{initial},
                [&](Value i, ValueRange carried) -> SmallVector<Value> {
                  return {step(i, carried.front())};
                })
        .front();
  }

  /// `x` reduced over its dimension `dim` from `init` by `kind`.
  Value reduce(Value x, int64_t dim, double init, ReductionKind kind) {
    RankedTensorType scalar =
        RankedTensorType::get({}, typeOf(x).getElementType());
    return ReduceOp::create(b, loc, x, splat(scalar, init),
                            ArrayRef<int64_t>{dim}, kind)
        .getResult(0);
  }
  /// `x` with a dimension of size 1 inserted before dimension `dim`.
  Value expand(Value x, int64_t dim) {
    SmallVector<int64_t> shape(typeOf(x).getShape());
    shape.insert(shape.begin() + dim, 1);
    return ReshapeOp::create(b, loc, typeOf(x).clone(shape), x);
  }

  /// The lower factor of the lower triangles of `a`, a column at a time:
  /// column j is (A[:, j] - L L[j, :]^T) / sqrt of its j-th entry, below
  /// the diagonal. A pivot that is not positive is NaN, which every later
  /// column then inherits.
  Value choleskyByColumns(Value a) {
    int64_t n = rows(a);
    RankedTensorType type = typeOf(a);
    RankedTensorType column = withMatrix(a, n, 1);
    RankedTensorType entry = withMatrix(a, 1, 1);
    return loop(n, zeros(type), [&](Value j, Value l) {
      Value rowOfL = dynamicSlice(l, j, index(0), 1, n);
      Value remaining =
          SubtractOp::create(b, loc, dynamicSlice(a, index(0), j, n, 1),
                             product(l, false, rowOfL, /*transposeY=*/true));
      Value pivot = dynamicSlice(remaining, j, index(0), 1, 1);
      Value positive = CompareOp::create(b, loc, ComparisonDirection::GT, pivot,
                                         zeros(entry), ComparisonTypeAttr());
      Value root = SelectOp::create(
          b, loc, entry, positive, SqrtOp::create(b, loc, pivot),
          splat(entry, std::numeric_limits<double>::quiet_NaN()));
      Value scaled =
          DivOp::create(b, loc, remaining, broadcastMatrices(root, column));
      Value below = indexMask(column, 2, j, ComparisonDirection::GE);
      Value col =
          SelectOp::create(b, loc, column, below, scaled, zeros(column));
      return dynamicUpdate(l, col, index(0), j);
    });
  }

  /// The inverse of the lower triangles of `l` (ones on the diagonal when
  /// `unitDiagonal`), a row at a time: row i is (e_i - L[i, :i] M) / L[i, i].
  Value invertLower(Value l, bool unitDiagonal) {
    int64_t n = rows(l);
    RankedTensorType type = typeOf(l);
    RankedTensorType row = withMatrix(l, 1, n);
    return loop(n, zeros(type), [&](Value i, Value inverse) {
      Value rowOfL = dynamicSlice(l, i, index(0), 1, n);
      Value strictlyBelow = SelectOp::create(
          b, loc, row, indexMask(row, 1, i, ComparisonDirection::LT), rowOfL,
          zeros(row));
      Value unit = SelectOp::create(
          b, loc, row, indexMask(row, 1, i, ComparisonDirection::EQ),
          splat(row, 1), zeros(row));
      Value rowOfInverse = SubtractOp::create(
          b, loc, unit, product(strictlyBelow, false, inverse, false));
      if (!unitDiagonal)
        rowOfInverse =
            DivOp::create(b, loc, rowOfInverse,
                          broadcastMatrices(dynamicSlice(l, i, i, 1, 1), row));
      return dynamicUpdate(inverse, rowOfInverse, i, index(0));
    });
  }

  OpBuilder &b;
  Location loc;
  int64_t blockSize;
  int64_t panelWidth;
  /// The inverses made so far, by matrix and (lower | unit diagonal << 1).
  llvm::DenseMap<std::pair<Value, unsigned>, Value> inverses;
};

/// The block size for matrices of order `n` when the pass is given none.
/// Smaller blocks pay where a step's work is small next to its kernel
/// calls, and compile a level of products more: a GP step at 512 points
/// ran 5-14% faster with 64 rows than with 128, and compiled in 4.6 s
/// against 2.3; at 1024 and 2048 points the steps were within noise and 9%
/// while the compile time doubled (docs/expand-linear-algebra.md).
int64_t getDefaultBlockSize(int64_t n) { return n <= 512 ? 64 : 128; }

/// Rewrites an `OpTy` into the values `expand` builds with an emitter of the
/// pass's block size (by the matrix's order when it is 0).
template <typename OpTy> struct Expansion : OpRewritePattern<OpTy> {
  Expansion(MLIRContext *context, int64_t blockSize, int64_t panelWidth)
      : OpRewritePattern<OpTy>(context), blockSize(blockSize),
        panelWidth(panelWidth) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    int64_t order =
        cast<RankedTensorType>(op->getOperand(0).getType()).getShape().back();
    MatrixEmitter emit(rewriter, op.getLoc(),
                       blockSize ? blockSize : getDefaultBlockSize(order),
                       panelWidth);
    rewriter.replaceOp(op, expand(op, emit));
    return success();
  }
  virtual SmallVector<Value> expand(OpTy op, MatrixEmitter &emit) const = 0;

  int64_t blockSize;
  int64_t panelWidth;
};

struct ExpandCholesky : Expansion<CholeskyOp> {
  using Expansion::Expansion;
  SmallVector<Value> expand(CholeskyOp op, MatrixEmitter &emit) const override {
    // U = L^T for the lower factor L of A^T, whose lower triangle is A's
    // upper one.
    if (op.getLower())
      return {emit.choleskyLower(op.getOperand())};
    return {
        emit.transpose(emit.choleskyLower(emit.transpose(op.getOperand())))};
  }
};

struct ExpandLu : Expansion<LuOp> {
  using Expansion::Expansion;
  SmallVector<Value> expand(LuOp op, MatrixEmitter &emit) const override {
    auto [packed, pivots] = emit.lu(op.getOperand());
    return {packed, pivots};
  }
};

struct ExpandTriangularSolve : Expansion<TriangularSolveOp> {
  using Expansion::Expansion;
  SmallVector<Value> expand(TriangularSolveOp op,
                            MatrixEmitter &emit) const override {
    // op(A) is lower when A is lower and not transposed, or upper and
    // transposed.
    bool transposed = op.getTransposeA();
    Triangle t{op.getA(), transposed, op.getLower() != transposed,
               op.getUnitDiagonal()};
    return {emit.solve(t, op.getB(), op.getLeftSide())};
  }
};

struct ExpandLinearAlgebraPass
    : fuse::hlo::impl::ExpandLinearAlgebraPassBase<ExpandLinearAlgebraPass> {
  using ExpandLinearAlgebraPassBase::ExpandLinearAlgebraPassBase;

  void runOnOperation() override {
    for (auto [name, value, least] :
         {std::tuple{"block-size", int64_t(blockSize), 0},
          std::tuple{"panel-width", int64_t(panelWidth), 1}})
      if (value < least) {
        getOperation()->emitError() << "hlo-expand-linear-algebra: " << name
                                    << " must be at least " << least
                                    << ", not " << value;
        return signalPassFailure();
      }
    RewritePatternSet patterns(&getContext());
    populateExpandLinearAlgebraPatterns(patterns, blockSize, panelWidth);
    // Each op is rewritten once, into ops no pattern matches: one walk.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void fuse::hlo::populateExpandLinearAlgebraPatterns(RewritePatternSet &patterns,
                                                    int64_t blockSize,
                                                    int64_t panelWidth) {
  patterns.add<ExpandCholesky, ExpandLu, ExpandTriangularSolve>(
      patterns.getContext(), blockSize, panelWidth);
}
