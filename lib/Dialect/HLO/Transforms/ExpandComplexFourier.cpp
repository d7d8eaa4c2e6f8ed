//===- ExpandComplexFourier.cpp - transforms as real products
//--------------===//
//
// hlo.fft for hlo-expand-complex: each transformed dimension is a product
// with cosine and sine matrices, which iotas make at run time. That is
// O(N^2) work per dimension, against O(N log N) for a fast transform, with
// the rounding of a real product of length N.
//
//===----------------------------------------------------------------------===//

#include "ExpandComplex.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace fuse::hlo;
using namespace fuse::hlo::detail;

namespace {

/// Builds the discrete Fourier transforms of hlo.fft from real products.
class FourierEmitter {
public:
  FourierEmitter(OpBuilder &b, Location loc, FloatType element)
      : b(b), loc(loc), element(element) {}

  /// The DFT of (re, im) (im null for a real signal) along `dim`, keeping
  /// `outputs` frequencies: X[k] = scale sum_n x[n] exp(sign 2 pi i k n / N).
  ComplexParts transform(ComplexParts x, int64_t dim, int64_t outputs,
                         bool inverse) {
    int64_t size = typeOf(x.re).getDimSize(dim);
    double scale = inverse ? 1.0 / double(size) : 1.0;
    auto [cosines, sines] = angleMatrices(size, outputs, size, scale);
    // Forward, W = C - iS: (a + ic) W = (aC + cS) + i(cC - aS).
    // Inverse, W = C + iS: (a + ic) W = (aC - cS) + i(cC + aS).
    Value re = along(x.re, cosines, dim), im = neg(along(x.re, sines, dim));
    if (inverse)
      im = neg(im);
    if (x.im) {
      Value cs = along(x.im, sines, dim), cc = along(x.im, cosines, dim);
      re = inverse ? sub(re, cs) : add(re, cs);
      im = add(im, cc);
    }
    return {re, im};
  }

  /// The real signal of N = `length` points whose non-negative frequencies
  /// (N / 2 + 1, along the last dimension) are `x`: the inverse of RFFT.
  /// The imaginary parts of frequency 0 and N / 2 are not read.
  Value inverseOfReal(ComplexParts x, int64_t length) {
    int64_t dim = typeOf(x.re).getRank() - 1;
    int64_t half = typeOf(x.re).getDimSize(dim);
    // x[n] = 1/N sum_k w_k (a_k cos - c_k sin)(2 pi k n / N), w_k = 1 for
    // k = 0 and N / 2, 2 for the others, which stand for their conjugates.
    auto [cosines, sines] = angleMatrices(half, length, length, 1.0);
    Value weights = halfSpectrumWeights(half, length);
    Value reWeights = mulBy(weights, 1.0 / double(length));
    // The sine terms of frequencies 0 and N / 2 vanish: their weights are
    // 0, so that their imaginary parts are not read.
    Value imWeights =
        SelectOp::create(b, loc,
                         compare(b, loc, ComparisonDirection::EQ, weights,
                                 splat(b, loc, typeOf(weights), 1.0)),
                         splat(b, loc, typeOf(weights), 0.0), reWeights);
    Value re = along(x.re, mul(cosines, reWeights), dim);
    Value im = along(x.im, mul(sines, imWeights), dim);
    return sub(re, im);
  }

private:
  RankedTensorType matrixType(int64_t rows, int64_t cols) {
    return RankedTensorType::get({rows, cols}, element);
  }

  /// cos and sin of 2 pi (n k mod N) / N for n < rows and k < cols, times
  /// `scale`. The integer product's remainder keeps the angle within
  /// [0, 2 pi) at any size.
  std::pair<Value, Value> angleMatrices(int64_t rows, int64_t cols,
                                        int64_t period, double scale) {
    auto indices = RankedTensorType::get({rows, cols}, b.getI64Type());
    Value n = IotaOp::create(b, loc, indices, 0);
    Value k = IotaOp::create(b, loc, indices, 1);
    Value turns = RemOp::create(b, loc, MulOp::create(b, loc, n, k),
                                splat(b, loc, indices, double(period)));
    Value angles =
        mulBy(ConvertOp::create(b, loc, matrixType(rows, cols), turns),
              2.0 * llvm::numbers::pi / double(period));
    Value cosines = CosineOp::create(b, loc, angles);
    Value sines = SineOp::create(b, loc, angles);
    if (scale != 1.0) {
      cosines = mulBy(cosines, scale);
      sines = mulBy(sines, scale);
    }
    return {cosines, sines};
  }

  /// [half, length]: 1 in the rows of frequency 0 and (N even) N / 2, 2 in
  /// the others.
  Value halfSpectrumWeights(int64_t half, int64_t length) {
    auto indices = RankedTensorType::get({half, length}, b.getI64Type());
    Value k = IotaOp::create(b, loc, indices, 0);
    Value twiceK = AddOp::create(b, loc, k, k);
    Value once = OrOp::create(
        b, loc,
        compare(b, loc, ComparisonDirection::EQ, k, splat(b, loc, indices, 0)),
        compare(b, loc, ComparisonDirection::EQ, twiceK,
                splat(b, loc, indices, double(length))));
    RankedTensorType type = matrixType(half, length);
    return select(b, loc, once, splat(b, loc, type, 1.0),
                  splat(b, loc, type, 2.0));
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

  Value mulBy(Value x, double factor) {
    return mul(x, splat(b, loc, typeOf(x), factor));
  }
  Value mul(Value x, Value y) { return MulOp::create(b, loc, x, y); }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, loc, x, y); }
  Value neg(Value x) { return NegOp::create(b, loc, x); }

  OpBuilder &b;
  Location loc;
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
