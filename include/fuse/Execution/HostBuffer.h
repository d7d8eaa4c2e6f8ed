//===- HostBuffer.h - raw tensor bytes in host memory -----------*- C++ -*-===//
//
// The bytes of a statically shaped tensor as compiled code reads and writes
// them: row-major, little-endian, each element in its machine format (f16
// and bf16 as 16-bit patterns, i1 as one byte holding 0 or 1), 64-byte
// aligned. It is what .npy files, random inputs and the JIT exchange; the
// reference interpreter's fuse::interp::Tensor converts to and from it.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_HOSTBUFFER_H
#define FUSE_EXECUTION_HOSTBUFFER_H

#include "fuse/Interpreter/Tensor.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cstdint>
#include <cstdlib>
#include <memory>

namespace fuse::exec {

class HostBuffer {
public:
  /// The alignment of the storage, enough for any vector load.
  static constexpr int64_t kAlignment = 64;

  /// Whether buffers of `elementType` can be held: the element types of the
  /// interpreter (f16, bf16, f32, f64, i1, i8, i16, i32, i64).
  static bool isSupportedElementType(mlir::Type elementType);
  /// The bytes one element of `elementType` takes (1 for i1).
  static int64_t getElementByteSize(mlir::Type elementType);

  /// A zero-filled buffer of `type`, which has a static shape and a
  /// supported element type.
  explicit HostBuffer(mlir::RankedTensorType type);

  static HostBuffer fromTensor(const interp::Tensor &tensor);
  interp::Tensor toTensor() const;

  mlir::RankedTensorType getType() const { return type; }
  mlir::Type getElementType() const { return type.getElementType(); }
  llvm::ArrayRef<int64_t> getShape() const { return type.getShape(); }
  int64_t getNumElements() const { return type.getNumElements(); }
  int64_t getElementByteSize() const { return elementByteSize; }
  int64_t getByteSize() const { return getNumElements() * elementByteSize; }
  bool isFloat() const { return llvm::isa<mlir::FloatType>(getElementType()); }
  bool isComplex() const {
    return llvm::isa<mlir::ComplexType>(getElementType());
  }

  char *data() { return storage.get(); }
  const char *data() const { return storage.get(); }

  /// The element at a row-major linear index of a float buffer, exactly.
  double getFloat(int64_t index) const;
  /// Stores `value` rounded to the float format (nearest, ties to even).
  void setFloat(int64_t index, double value);
  /// Part `part` (0 real, 1 imaginary) of the element at a row-major linear
  /// index of a complex buffer.
  double getComplexPart(int64_t index, int part) const;
  /// Stores `value`, rounded to the parts' format, as part `part`.
  void setComplexPart(int64_t index, int part, double value);
  /// The element at a row-major linear index of an integer buffer,
  /// sign-extended (i1 reads 0 or 1).
  int64_t getInt(int64_t index) const;
  /// Stores `value` wrapped to the element width (i1 keeps the lowest bit).
  void setInt(int64_t index, int64_t value);

private:
  struct FreeDeleter {
    void operator()(char *pointer) const { std::free(pointer); }
  };

  mlir::RankedTensorType type;
  int64_t elementByteSize;
  std::unique_ptr<char[], FreeDeleter> storage;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_HOSTBUFFER_H
