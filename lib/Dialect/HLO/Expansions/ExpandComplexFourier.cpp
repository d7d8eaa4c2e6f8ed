//===- ExpandComplexFourier.cpp - transforms as real products
//--------------===//
//
// hlo.fft for hlo-expand-complex: each transformed dimension is a product
// with cosine and sine matrices, constants of the program (computed in
// double) or, for large ones, made from iotas when it runs. That is O(N^2)
// work per dimension, against O(N log N) for a fast transform, with the
// rounding of a real product of length N.
//
//===----------------------------------------------------------------------===//

#include "ExpandComplex.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace fuse::hlo;
using namespace fuse::hlo::detail;

namespace {

/// Matrices of this many entries or fewer are constants of the program;
/// larger ones, which would make the binary large, are computed when it
/// runs.
constexpr int64_t kMaxConstantEntries = 1 << 18;

/// Builds the discrete Fourier transforms of hlo.fft from real products.
class FourierEmitter {
public:
  FourierEmitter(OpBuilder &b, Location loc, FloatType element)
      : b(b), loc(loc), ops(b, loc), element(element) {}

  /// The DFT of (re, im) (im null for a real signal) along `dim`, keeping
  /// `outputs` frequencies: X[k] = scale sum_n x[n] exp(sign 2 pi i k n / N).
  ComplexParts transform(ComplexParts x, int64_t dim, int64_t outputs,
                         bool inverse) {
    int64_t size = typeOf(x.re).getDimSize(dim);
    double scale = inverse ? 1.0 / double(size) : 1.0;
    auto unit = [](int64_t) { return 1.0; };
    // W = C + iS' with S' = -S forward and S inverse:
    // (a + ic) W = (aC - cS') + i(aS' + cC).
    Value cosines = angleMatrix(size, outputs, size, Trig::Cos, scale, unit);
    Value sines = angleMatrix(size, outputs, size, Trig::Sin,
                              inverse ? scale : -scale, unit);
    Value re = along(x.re, cosines, dim), im = along(x.re, sines, dim);
    if (x.im) {
      re = ops.sub(re, along(x.im, sines, dim));
      im = ops.add(im, along(x.im, cosines, dim));
    }
    return {re, im};
  }

  /// The real signal of N = `length` points whose non-negative frequencies
  /// (N / 2 + 1, along the last dimension) are `x`: the inverse of RFFT.
  /// The imaginary parts of frequency 0 and N / 2 are not read.
  Value inverseOfReal(ComplexParts x, int64_t length) {
    int64_t dim = typeOf(x.re).getRank() - 1;
    int64_t half = typeOf(x.re).getDimSize(dim);
    // x[n] = 1/N sum_k (w_k a_k cos - v_k c_k sin)(2 pi k n / N): w_k is 1
    // for k = 0 and N / 2 and 2 for the others, which stand for their
    // conjugates; v_k is 0 for k = 0 and N / 2, whose sines vanish, so that
    // their imaginary parts are not read.
    auto once = [&](int64_t k) { return k == 0 || 2 * k == length; };
    Value cosines =
        angleMatrix(half, length, length, Trig::Cos, 1.0 / double(length),
                    [&](int64_t k) { return once(k) ? 1.0 : 2.0; });
    Value sines =
        angleMatrix(half, length, length, Trig::Sin, -1.0 / double(length),
                    [&](int64_t k) { return once(k) ? 0.0 : 2.0; });
    return ops.add(along(x.re, cosines, dim), along(x.im, sines, dim));
  }

private:
  enum class Trig { Cos, Sin };

  /// `value` rounded once to the element type.
  APFloat rounded(double value) {
    APFloat result(value);
    bool losesInfo;
    result.convert(element.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                   &losesInfo);
    return result;
  }

  RankedTensorType matrixType(int64_t rows, int64_t cols) {
    return RankedTensorType::get({rows, cols}, element);
  }

  /// scale * rowWeight(n) * cos or sin of 2 pi (n k mod N) / N, for n <
  /// rows and k < cols. The integer product's remainder keeps the angle
  /// within [0, 2 pi) at any size.
  Value angleMatrix(int64_t rows, int64_t cols, int64_t period, Trig trig,
                    double scale,
                    llvm::function_ref<double(int64_t)> rowWeight) {
    double step = 2.0 * llvm::numbers::pi / double(period);
    RankedTensorType type = matrixType(rows, cols);
    if (rows * cols <= kMaxConstantEntries) {
      // Computed in double and rounded once.
      SmallVector<APFloat> entries;
      entries.reserve(rows * cols);
      for (int64_t n = 0; n < rows; ++n)
        for (int64_t k = 0; k < cols; ++k) {
          double angle = step * double((n * k) % period);
          entries.push_back(
              rounded(scale * rowWeight(n) *
                      (trig == Trig::Cos ? std::cos(angle) : std::sin(angle))));
        }
      return ConstantOp::create(b, loc, DenseElementsAttr::get(type, entries));
    }
    auto indices = RankedTensorType::get({rows, cols}, b.getI64Type());
    Value n = IotaOp::create(b, loc, indices, 0);
    Value k = IotaOp::create(b, loc, indices, 1);
    Value turns = RemOp::create(b, loc, MulOp::create(b, loc, n, k),
                                ops.constant(indices, double(period)));
    Value angles = ops.mul(ConvertOp::create(b, loc, type, turns),
                           ops.constant(type, step));
    Value values = trig == Trig::Cos ? Value(CosineOp::create(b, loc, angles))
                                     : Value(SineOp::create(b, loc, angles));
    // The row weights times the scale, one per row, across the columns.
    SmallVector<APFloat> weights;
    for (int64_t row = 0; row < rows; ++row)
      weights.push_back(rounded(scale * rowWeight(row)));
    Value column = ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(RankedTensorType::get({rows}, element),
                               weights));
    return ops.mul(values, BroadcastInDimOp::create(b, loc, type, column,
                                                    ArrayRef<int64_t>{0}));
  }

  /// `x` with dimension `dim` contracted against the rows of `matrix`; the
  /// matrix's columns take dimension `dim`'s place.
  Value along(Value x, Value matrix, int64_t dim) {
    RankedTensorType type = typeOf(x);
    int64_t rank = type.getRank();
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim)
        shape.push_back(type.getDimSize(d));
    shape.push_back(typeOf(matrix).getDimSize(1));
    Value product =
        DotGeneralOp::create(b, loc, RankedTensorType::get(shape, element), x,
                             matrix, ArrayRef<int64_t>{}, ArrayRef<int64_t>{},
                             ArrayRef<int64_t>{dim}, ArrayRef<int64_t>{0});
    if (dim == rank - 1)
      return product;
    // The product's last dimension goes back to `dim`.
    SmallVector<int64_t> permutation;
    for (int64_t d = 0; d < rank - 1; ++d) {
      if (d == dim)
        permutation.push_back(rank - 1);
      permutation.push_back(d);
    }
    return TransposeOp::create(b, loc, product, permutation);
  }

  OpBuilder &b;
  Location loc;
  RealOps ops;
  FloatType element;
};

} // namespace

SmallVector<Value> fuse::hlo::detail::expandFourierTransform(OpBuilder &b,
                                                             FftOp op,
                                                             ComplexParts x) {
  FftType type = op.getFftType();
  ArrayRef<int64_t> length = op.getFftLength();
  int64_t rank = op.getOperand().getType().getRank();
  int64_t first = rank - static_cast<int64_t>(length.size());
  auto element = cast<FloatType>(typeOf(x.re).getElementType());
  FourierEmitter emit(b, op.getLoc(), element);
  bool inverse = type == FftType::IFFT || type == FftType::IRFFT;
  // RFFT transforms its last dimension first, from the real signal to
  // N / 2 + 1 frequencies; IRFFT transforms it last, to the real signal.
  if (type == FftType::RFFT)
    x = emit.transform(x, rank - 1, length.back() / 2 + 1, inverse);
  int64_t fullDims =
      type == FftType::FFT || type == FftType::IFFT ? rank : rank - 1;
  for (int64_t d = first; d < fullDims; ++d)
    x = emit.transform(x, d, typeOf(x.re).getDimSize(d), inverse);
  if (type == FftType::IRFFT)
    return {emit.inverseOfReal(x, length.back())};
  return {x.re, x.im};
}
