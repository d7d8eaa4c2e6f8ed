//===- HostBuffer.cpp - raw tensor bytes in host memory -------------------===//

#include "fuse/Execution/HostBuffer.h"

#include "fuse/Execution/ElementTypes.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SwapByteOrder.h"

#include <cassert>
#include <cstring>

using namespace mlir;

// Buffers, .npy files and compiled code all use the host's byte order,
// which the .npy reader and writer take to be little-endian.
static_assert(llvm::sys::IsLittleEndianHost,
              "fuse runs on little-endian hosts");

namespace fuse::exec {

bool HostBuffer::isSupportedElementType(Type elementType) {
  return fuse::exec::getElementType(elementType).has_value();
}

int64_t HostBuffer::getElementByteSize(Type elementType) {
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * getElementByteSize(complex.getElementType());
  return llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8);
}

HostBuffer::HostBuffer(RankedTensorType type)
    : type(type), elementByteSize(getElementByteSize(type.getElementType())) {
  assert(type.hasStaticShape() && "host buffers need static shapes");
  assert(isSupportedElementType(type.getElementType()) &&
         "unsupported element type");
  // aligned_alloc wants a multiple of the alignment, and a zero-element
  // buffer still gets a distinct, valid pointer.
  size_t size = llvm::alignTo(std::max<int64_t>(getByteSize(), 1), kAlignment);
  storage.reset(static_cast<char *>(std::aligned_alloc(kAlignment, size)));
  if (!storage)
    llvm::report_bad_alloc_error("fuse: cannot allocate a host buffer");
  std::memset(storage.get(), 0, size);
}

HostBuffer HostBuffer::fromTensor(const interp::Tensor &tensor) {
  HostBuffer buffer(tensor.getType());
  for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i) {
    if (buffer.isFloat())
      buffer.setFloat(i, tensor.getFloat(i));
    else if (buffer.isComplex())
      for (int part = 0; part < 2; ++part)
        buffer.setComplexPart(i, part,
                              part ? tensor.getComplex(i).imag()
                                   : tensor.getComplex(i).real());
    else
      buffer.setInt(i, tensor.getInt(i));
  }
  return buffer;
}

interp::Tensor HostBuffer::toTensor() const {
  interp::Tensor tensor(type);
  for (int64_t i = 0, e = getNumElements(); i < e; ++i) {
    if (isFloat())
      tensor.setFloat(i, getFloat(i));
    else if (isComplex())
      tensor.setComplex(i, {getComplexPart(i, 0), getComplexPart(i, 1)});
    else
      tensor.setInt(i, getInt(i));
  }
  return tensor;
}

/// The float of format `type` (`bytes` wide) stored at `element`,
/// exactly.
static double readFloat(const char *element, FloatType type, int64_t bytes) {
  if (type.isF64()) {
    double value;
    std::memcpy(&value, element, sizeof(value));
    return value;
  }
  if (type.isF32()) {
    float value;
    std::memcpy(&value, element, sizeof(value));
    return value;
  }
  // f16, bf16 and the f8 types: decode the bit pattern; every value
  // converts exactly.
  uint64_t bits = 0;
  std::memcpy(&bits, element, bytes); // little-endian host
  llvm::APFloat value(type.getFloatSemantics(), llvm::APInt(bytes * 8, bits));
  return value.convertToDouble();
}

/// Stores `value` at `element` rounded to the float format `type` (nearest,
/// ties to even).
static void writeFloat(char *element, FloatType type, int64_t bytes,
                       double value) {
  if (type.isF64()) {
    std::memcpy(element, &value, sizeof(value));
    return;
  }
  if (type.isF32()) {
    // The hardware conversion rounds to nearest, ties to even.
    float narrowed = static_cast<float>(value);
    std::memcpy(element, &narrowed, sizeof(narrowed));
    return;
  }
  llvm::APFloat rounded(value);
  bool losesInfo;
  rounded.convert(type.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven,
                  &losesInfo);
  uint64_t bits = rounded.bitcastToAPInt().getZExtValue();
  std::memcpy(element, &bits, bytes); // little-endian host
}

double HostBuffer::getFloat(int64_t index) const {
  return readFloat(data() + index * elementByteSize,
                   cast<FloatType>(getElementType()), elementByteSize);
}

void HostBuffer::setFloat(int64_t index, double value) {
  writeFloat(data() + index * elementByteSize,
             cast<FloatType>(getElementType()), elementByteSize, value);
}

double HostBuffer::getComplexPart(int64_t index, int part) const {
  int64_t partBytes = elementByteSize / 2;
  return readFloat(
      data() + index * elementByteSize + part * partBytes,
      cast<FloatType>(cast<ComplexType>(getElementType()).getElementType()),
      partBytes);
}

void HostBuffer::setComplexPart(int64_t index, int part, double value) {
  int64_t partBytes = elementByteSize / 2;
  writeFloat(
      data() + index * elementByteSize + part * partBytes,
      cast<FloatType>(cast<ComplexType>(getElementType()).getElementType()),
      partBytes, value);
}

int64_t HostBuffer::getInt(int64_t index) const {
  const char *element = data() + index * elementByteSize;
  uint64_t bits = 0;
  std::memcpy(&bits, element, elementByteSize); // little-endian host
  unsigned width = getElementType().getIntOrFloatBitWidth();
  if (width == 1)
    return bits & 1;
  // Unsigned integers are held zero-extended, as the interpreter holds them.
  if (getElementType().isUnsignedInteger())
    return static_cast<int64_t>(bits);
  return llvm::SignExtend64(bits, width);
}

void HostBuffer::setInt(int64_t index, int64_t value) {
  char *element = data() + index * elementByteSize;
  uint64_t bits = interp::Tensor::wrapToWidth(value, getElementType());
  // Compiled code reads an i4 or i2 from a byte whose other bits are zero.
  bits &= llvm::maskTrailingOnes<uint64_t>(
      getElementType().getIntOrFloatBitWidth());
  std::memcpy(element, &bits, elementByteSize); // little-endian host
}

} // namespace fuse::exec
