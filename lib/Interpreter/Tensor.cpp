//===- Tensor.cpp - host tensor values for the interpreter ----------------===//

#include "fuse/Interpreter/Tensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/MathExtras.h"

#include <cassert>

using namespace mlir;

namespace fuse::interp {

int64_t Tensor::getHeldBytes(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return 0;
  int64_t parts = isa<ComplexType>(type.getElementType()) ? 2 : 1;
  return type.getNumElements() * parts * static_cast<int64_t>(sizeof(double));
}

bool Tensor::isSupportedElementType(Type elementType) {
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return complex.getElementType().isF32() || complex.getElementType().isF64();
  // Floats of up to 64 bits are held exactly as doubles; the 8-bit ones
  // must have a sign, as the dialect's do.
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return floatType.getWidth() <= 64 &&
           llvm::APFloat::semanticsHasSignedRepr(
               floatType.getFloatSemantics()) &&
           llvm::APFloat::semanticsHasZero(floatType.getFloatSemantics());
  if (elementType.isSignlessInteger(1))
    return true;
  auto integer = dyn_cast<IntegerType>(elementType);
  return integer && !integer.isSigned() &&
         llvm::is_contained({2u, 4u, 8u, 16u, 32u, 64u}, integer.getWidth());
}

Tensor::Tensor(RankedTensorType type) : type(type) {
  assert(type.hasStaticShape() && "the interpreter needs static shapes");
  assert(isSupportedElementType(type.getElementType()) &&
         "unsupported element type");
  if (isFloat() || isComplex())
    floats.assign(type.getNumElements() * (isComplex() ? 2 : 1), 0.0);
  else
    ints.assign(type.getNumElements(), 0);
}

Tensor::Tensor(ArrayRef<int64_t> shape, Type elementType)
    : Tensor(RankedTensorType::get(shape, elementType)) {}

Tensor Tensor::fromAttr(DenseElementsAttr attr) {
  Tensor tensor(cast<RankedTensorType>(attr.getType()));
  int64_t index = 0;
  if (tensor.isFloat()) {
    // Every format of the dialect converts to double exactly.
    for (const llvm::APFloat &value : attr.getValues<llvm::APFloat>())
      tensor.floats[index++] = value.convertToDouble();
    return tensor;
  }
  if (tensor.isComplex()) {
    for (const std::complex<llvm::APFloat> &value :
         attr.getValues<std::complex<llvm::APFloat>>()) {
      tensor.floats[index++] = value.real().convertToDouble();
      tensor.floats[index++] = value.imag().convertToDouble();
    }
    return tensor;
  }
  // i1 and unsigned integers are held zero-extended, the others
  // sign-extended.
  bool zeroExtends = tensor.getElementType().isInteger(1) ||
                     tensor.getElementType().isUnsignedInteger();
  for (const llvm::APInt &value : attr.getValues<llvm::APInt>())
    tensor.ints[index++] = zeroExtends
                               ? static_cast<int64_t>(value.getZExtValue())
                               : value.getSExtValue();
  return tensor;
}

DenseElementsAttr Tensor::toAttr() const {
  if (auto floatType = dyn_cast<FloatType>(getElementType())) {
    SmallVector<llvm::APFloat> values;
    values.reserve(floats.size());
    for (double value : floats) {
      // Exact: the value is already of the element format.
      llvm::APFloat element(value);
      bool losesInfo;
      element.convert(floatType.getFloatSemantics(),
                      llvm::APFloat::rmNearestTiesToEven, &losesInfo);
      values.push_back(element);
    }
    return DenseElementsAttr::get(type, values);
  }
  if (isComplex()) {
    // Exact: each part is already of the parts' format.
    bool isF32 = cast<ComplexType>(getElementType()).getElementType().isF32();
    SmallVector<std::complex<llvm::APFloat>> values;
    values.reserve(floats.size() / 2);
    for (size_t i = 0; i < floats.size(); i += 2)
      values.push_back(
          isF32
              ? std::complex<llvm::APFloat>(llvm::APFloat(float(floats[i])),
                                            llvm::APFloat(float(floats[i + 1])))
              : std::complex<llvm::APFloat>(llvm::APFloat(floats[i]),
                                            llvm::APFloat(floats[i + 1])));
    return DenseElementsAttr::get(type, values);
  }
  unsigned width = getElementType().getIntOrFloatBitWidth();
  SmallVector<llvm::APInt> values;
  values.reserve(ints.size());
  bool isSigned = width != 1 && !getElementType().isUnsignedInteger();
  for (int64_t value : ints)
    values.push_back(llvm::APInt(width, static_cast<uint64_t>(value), isSigned,
                                 /*implicitTrunc=*/true));
  return DenseElementsAttr::get(type, values);
}

double Tensor::roundToFormat(double value, Type elementType) {
  auto floatType = cast<FloatType>(elementType);
  if (floatType.isF64())
    return value;
  llvm::APFloat rounded(value);
  bool losesInfo;
  rounded.convert(floatType.getFloatSemantics(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return rounded.convertToDouble();
}

int64_t Tensor::wrapToWidth(int64_t value, Type elementType) {
  unsigned width = elementType.getIntOrFloatBitWidth();
  if (width == 1)
    return value & 1;
  if (elementType.isUnsignedInteger())
    return static_cast<int64_t>(static_cast<uint64_t>(value) &
                                llvm::maskTrailingOnes<uint64_t>(width));
  return llvm::SignExtend64(static_cast<uint64_t>(value), width);
}

void Tensor::setFloat(int64_t index, double value) {
  floats[index] = roundToFormat(value, getElementType());
}

void Tensor::setComplex(int64_t index, std::complex<double> value) {
  Type part = cast<ComplexType>(getElementType()).getElementType();
  floats[2 * index] = roundToFormat(value.real(), part);
  floats[2 * index + 1] = roundToFormat(value.imag(), part);
}

void Tensor::setInt(int64_t index, int64_t value) {
  ints[index] = wrapToWidth(value, getElementType());
}

void Tensor::setElementFrom(int64_t index, const Tensor &source,
                            int64_t sourceIndex) {
  assert(source.getElementType() == getElementType() &&
         "copying between element types");
  if (isFloat())
    floats[index] = source.floats[sourceIndex];
  else if (isComplex())
    setComplex(index, source.getComplex(sourceIndex));
  else
    ints[index] = source.ints[sourceIndex];
}

Tensor Tensor::getScalar(int64_t index) const {
  Tensor scalar({}, getElementType());
  scalar.setElementFrom(0, *this, index);
  return scalar;
}

SmallVector<int64_t> Tensor::getStrides() const {
  return interp::getStrides(getShape());
}

int64_t Tensor::getLinearIndex(ArrayRef<int64_t> index) const {
  assert(static_cast<int64_t>(index.size()) == getRank() && "index rank");
  int64_t linear = 0;
  for (auto [position, size] : llvm::zip_equal(index, getShape()))
    linear = linear * size + position;
  return linear;
}

SmallVector<int64_t> Tensor::getMultiIndex(int64_t linearIndex) const {
  SmallVector<int64_t> index(getRank());
  for (int64_t d = getRank() - 1; d >= 0; --d) {
    index[d] = linearIndex % getShape()[d];
    linearIndex /= getShape()[d];
  }
  return index;
}

SmallVector<int64_t> getStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

void forEachIndex(
    ArrayRef<int64_t> shape,
    llvm::function_ref<void(int64_t linearIndex, ArrayRef<int64_t> index)> fn) {
  if (llvm::is_contained(shape, 0))
    return;
  SmallVector<int64_t> index(shape.size(), 0);
  for (int64_t linear = 0;; ++linear) {
    fn(linear, index);
    // Advance like an odometer: the last dimension moves fastest.
    int64_t d = static_cast<int64_t>(shape.size()) - 1;
    for (; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}

} // namespace fuse::interp
