//===- Complex.cpp - complex numbers in the interpreter -------------------===//
//
// Elementwise ops on complex elements, the parts and their pairing, and
// Fourier transforms. Everything computes in std::complex<double>;
// Tensor::setComplex then rounds each part to the element's float format.
// Transforms are direct sums over each dimension (no fast algorithm), so
// that they check the compiled code's independently.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

#include "llvm/Support/MathExtras.h"
#include <cmath>

using namespace mlir;

namespace fuse::interp {
namespace {

using Complex = std::complex<double>;

RankedTensorType resultType(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType());
}

/// The element function of a unary or binary op on complex numbers;
/// nullopt for an op that takes none.
std::optional<Complex (*)(Complex)> getUnaryFn(Operation *op) {
  if (isa<hlo::NegOp>(op))
    return [](Complex x) { return -x; };
  if (isa<hlo::ExpOp>(op))
    return [](Complex x) { return std::exp(x); };
  if (isa<hlo::LogOp>(op))
    return [](Complex x) { return std::log(x); };
  if (isa<hlo::SqrtOp>(op))
    return [](Complex x) { return std::sqrt(x); };
  if (isa<hlo::RsqrtOp>(op))
    return [](Complex x) { return 1.0 / std::sqrt(x); };
  if (isa<hlo::SineOp>(op))
    return [](Complex x) { return std::sin(x); };
  if (isa<hlo::CosineOp>(op))
    return [](Complex x) { return std::cos(x); };
  if (isa<hlo::SignOp>(op))
    return [](Complex x) { return x == 0.0 ? x : x / std::abs(x); };
  return std::nullopt;
}

std::optional<Complex (*)(Complex, Complex)> getBinaryFn(Operation *op) {
  if (isa<hlo::AddOp>(op))
    return [](Complex a, Complex b) { return a + b; };
  if (isa<hlo::SubtractOp>(op))
    return [](Complex a, Complex b) { return a - b; };
  if (isa<hlo::MulOp>(op))
    return [](Complex a, Complex b) { return a * b; };
  if (isa<hlo::DivOp>(op))
    return [](Complex a, Complex b) { return a / b; };
  return std::nullopt;
}

/// Any element of `tensor` as a complex number.
Complex getAsComplex(const Tensor &tensor, int64_t index) {
  if (tensor.isComplex())
    return tensor.getComplex(index);
  if (tensor.isFloat())
    return tensor.getFloat(index);
  Type element = tensor.getElementType();
  int64_t value = tensor.getInt(index);
  // i1 and unsigned integers are held zero-extended.
  if (element.isInteger(1) || element.isUnsignedInteger())
    return static_cast<double>(static_cast<uint64_t>(value));
  return static_cast<double>(value);
}

/// The elements of `tensor` as complex numbers in double.
std::vector<Complex> toComplexes(const Tensor &tensor) {
  std::vector<Complex> values(tensor.getNumElements());
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i)
    values[i] = getAsComplex(tensor, i);
  return values;
}

/// Transforms `values` (of `shape`) along dimension `dim` in place:
/// X[k] = scale * sum_n x[n] exp(sign * 2 pi i k n / N).
void transformDimension(std::vector<Complex> &values, ArrayRef<int64_t> shape,
                        int64_t dim, int sign, double scale) {
  int64_t size = shape[dim];
  int64_t stride = getStrides(shape)[dim];
  int64_t total = static_cast<int64_t>(values.size());
  std::vector<Complex> line(size);
  for (int64_t start = 0; start < total; ++start) {
    // Each line starts where dimension `dim`'s index is 0.
    if ((start / stride) % size != 0)
      continue;
    for (int64_t k = 0; k < size; ++k) {
      Complex sum = 0.0;
      for (int64_t n = 0; n < size; ++n) {
        // k * n mod N keeps the angle exact for any N.
        double angle = sign * 2.0 * llvm::numbers::pi *
                       static_cast<double>((k * n) % size) /
                       static_cast<double>(size);
        sum += values[start + n * stride] * std::polar(1.0, angle);
      }
      line[k] = sum * scale;
    }
    for (int64_t k = 0; k < size; ++k)
      values[start + k * stride] = line[k];
  }
}

Tensor evaluateFft(hlo::FftOp op, const Tensor &operand) {
  Tensor result(resultType(op));
  ArrayRef<int64_t> length = op.getFftLength();
  int64_t rank = operand.getRank();
  int64_t first = rank - static_cast<int64_t>(length.size());
  hlo::FftType type = op.getFftType();
  bool inverse = type == hlo::FftType::IFFT || type == hlo::FftType::IRFFT;
  int sign = inverse ? 1 : -1;
  auto scaleOf = [&](int64_t dim, ArrayRef<int64_t> shape) {
    return inverse ? 1.0 / static_cast<double>(shape[dim]) : 1.0;
  };

  if (type != hlo::FftType::IRFFT) {
    // FFT, IFFT and RFFT transform the operand's full dimensions; RFFT
    // then keeps the first N / 2 + 1 frequencies of the last.
    std::vector<Complex> values = toComplexes(operand);
    for (int64_t d = first; d < rank; ++d)
      transformDimension(values, operand.getShape(), d, sign,
                         scaleOf(d, operand.getShape()));
    int64_t operandLast = operand.getShape().back();
    int64_t resultLast = result.getShape().back();
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
      result.setComplex(
          i, values[(i / resultLast) * operandLast + i % resultLast]);
    return result;
  }

  // IRFFT, as numpy's irfftn: the inverse over the leading transformed
  // dimensions first, which are full; then along the last, whose N / 2 + 1
  // frequencies stand for a real signal's N: X[N - k] = conj(X[k]). Its
  // zero and N / 2 frequencies count with their real parts only.
  std::vector<Complex> spectrum = toComplexes(operand);
  for (int64_t d = first; d < rank - 1; ++d)
    transformDimension(spectrum, operand.getShape(), d, sign,
                       scaleOf(d, operand.getShape()));
  SmallVector<int64_t> fullShape(result.getShape());
  int64_t full = fullShape.back(), half = operand.getShape().back();
  std::vector<Complex> values(result.getNumElements());
  for (int64_t row = 0, rows = result.getNumElements() / full; row < rows;
       ++row)
    for (int64_t k = 0; k < full; ++k) {
      int64_t source = k < half ? k : full - k;
      Complex value = spectrum[row * half + source];
      if (source == 0 || 2 * source == full)
        value = value.real();
      values[row * full + k] = k < half ? value : std::conj(value);
    }
  transformDimension(values, fullShape, rank - 1, sign,
                     scaleOf(rank - 1, fullShape));
  for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
    result.setFloat(i, values[i].real());
  return result;
}

} // namespace

std::optional<Tensor> evaluateComplexOp(Operation *op,
                                        ArrayRef<Tensor> operands) {
  if (auto fft = dyn_cast<hlo::FftOp>(op))
    return evaluateFft(fft, operands[0]);
  if (isa<hlo::ComplexOp>(op)) {
    Tensor result(resultType(op));
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
      result.setComplex(i, {operands[0].getFloat(i), operands[1].getFloat(i)});
    return result;
  }
  if (isa<hlo::AbsOp>(op) && operands[0].isComplex()) {
    Tensor result(resultType(op));
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
      result.setFloat(i, std::abs(operands[0].getComplex(i)));
    return result;
  }
  if (isa<hlo::RealOp, hlo::ImagOp>(op)) {
    Tensor result(resultType(op));
    bool real = isa<hlo::RealOp>(op);
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i) {
      Complex value = operands[0].getComplex(i);
      result.setFloat(i, real ? value.real() : value.imag());
    }
    return result;
  }
  bool complexResult =
      op->getNumResults() == 1 &&
      isa<ComplexType>(getElementTypeOrSelf(op->getResult(0).getType()));
  if (isa<hlo::ConvertOp>(op) && complexResult) {
    Tensor result(resultType(op));
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
      result.setComplex(i, getAsComplex(operands[0], i));
    return result;
  }
  if (auto compare = dyn_cast<hlo::CompareOp>(op);
      compare && operands[0].isComplex()) {
    Tensor result(resultType(op));
    bool equal =
        compare.getComparisonDirection() == hlo::ComparisonDirection::EQ;
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
      result.setInt(
          i, (operands[0].getComplex(i) == operands[1].getComplex(i)) == equal);
    return result;
  }
  if (!complexResult ||
      !isa<hlo::AddOp, hlo::SubtractOp, hlo::MulOp, hlo::DivOp, hlo::NegOp,
           hlo::ExpOp, hlo::LogOp, hlo::SqrtOp, hlo::RsqrtOp, hlo::SineOp,
           hlo::CosineOp, hlo::SignOp>(op))
    return std::nullopt;
  Tensor result(resultType(op));
  if (auto fn = getUnaryFn(op))
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
      result.setComplex(i, (*fn)(operands[0].getComplex(i)));
  else if (auto binary = getBinaryFn(op))
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
      result.setComplex(
          i, (*binary)(operands[0].getComplex(i), operands[1].getComplex(i)));
  return result;
}

} // namespace fuse::interp
