//===- Tensor.h - host tensor values for the interpreter --------*- C++ -*-===//
//
// A statically shaped tensor held in host memory in row-major order, as the
// reference interpreter reads and produces it. Floating-point elements are
// kept as doubles that always hold a value of the element format; complex
// numbers as two such doubles, the real part first; integers as int64_t
// sign-extended from the element width; i1 as 0 or 1.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_INTERPRETER_TENSOR_H
#define FUSE_INTERPRETER_TENSOR_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <complex>
#include <cstdint>
#include <vector>

namespace fuse::interp {

class Tensor {
public:
  /// Whether tensors of `elementType` can be held: the dialect's floats,
  /// integers and i1, and complex<f32> and complex<f64>.
  static bool isSupportedElementType(mlir::Type elementType);

  /// The bytes the interpreter holds for a value of tensor type: every
  /// element in 8 (a double or an int64), a complex one in 16; 0 for other
  /// values.
  static int64_t getHeldBytes(mlir::Value value);

  /// A tensor of `type` filled with zeros. `type` must have a static shape
  /// and a supported element type.
  explicit Tensor(mlir::RankedTensorType type);
  Tensor(llvm::ArrayRef<int64_t> shape, mlir::Type elementType);

  /// The elements of a constant, e.g. the value of an hlo.constant; its
  /// element type must be supported.
  static Tensor fromAttr(mlir::DenseElementsAttr attr);

  /// The elements as an attribute, to print or compare them.
  mlir::DenseElementsAttr toAttr() const;

  mlir::RankedTensorType getType() const { return type; }
  mlir::Type getElementType() const { return type.getElementType(); }
  llvm::ArrayRef<int64_t> getShape() const { return type.getShape(); }
  int64_t getRank() const { return type.getRank(); }
  int64_t getNumElements() const { return type.getNumElements(); }
  bool isFloat() const { return llvm::isa<mlir::FloatType>(getElementType()); }
  bool isComplex() const {
    return llvm::isa<mlir::ComplexType>(getElementType());
  }

  /// The element at a row-major linear index, of a float tensor.
  double getFloat(int64_t index) const { return floats[index]; }
  /// The element at a row-major linear index, of a complex tensor.
  std::complex<double> getComplex(int64_t index) const {
    return {floats[2 * index], floats[2 * index + 1]};
  }
  /// The element at a row-major linear index, of an integer or i1 tensor.
  int64_t getInt(int64_t index) const { return ints[index]; }

  /// Stores `value` rounded to the element format (nearest, ties to even).
  void setFloat(int64_t index, double value);
  /// Stores `value` with each part rounded to the parts' float format.
  void setComplex(int64_t index, std::complex<double> value);
  /// Stores `value` wrapped to the element width (i1 keeps the lowest bit).
  void setInt(int64_t index, int64_t value);
  /// Copies one element of `source`, which has the same element type.
  void setElementFrom(int64_t index, const Tensor &source, int64_t sourceIndex);
  /// The element at a row-major linear index, as a rank-0 tensor (the
  /// argument of a scalar body).
  Tensor getScalar(int64_t index) const;

  /// `value` rounded to the float format `elementType`.
  static double roundToFormat(double value, mlir::Type elementType);
  /// `value` wrapped to the width of the integer type `elementType`.
  static int64_t wrapToWidth(int64_t value, mlir::Type elementType);

  /// The distance in elements between neighbours along each dimension.
  llvm::SmallVector<int64_t> getStrides() const;
  /// The linear index of a multi-dimensional index.
  int64_t getLinearIndex(llvm::ArrayRef<int64_t> index) const;
  /// The multi-dimensional index of a linear index.
  llvm::SmallVector<int64_t> getMultiIndex(int64_t linearIndex) const;

private:
  mlir::RankedTensorType type;
  // Exactly one of the two holds the elements: `floats` for float and
  // complex tensors.
  std::vector<double> floats;
  std::vector<int64_t> ints;
};

/// The row-major strides of `shape`.
llvm::SmallVector<int64_t> getStrides(llvm::ArrayRef<int64_t> shape);

/// Calls `fn` with every index of `shape` in row-major order, together with
/// its linear index.
void forEachIndex(
    llvm::ArrayRef<int64_t> shape,
    llvm::function_ref<void(int64_t linearIndex, llvm::ArrayRef<int64_t> index)>
        fn);

} // namespace fuse::interp

#endif // FUSE_INTERPRETER_TENSOR_H
