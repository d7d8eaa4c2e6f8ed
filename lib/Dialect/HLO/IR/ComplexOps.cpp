//===- ComplexOps.cpp - complex numbers and Fourier transforms ------------===//
//
// Which ops compute on complex numbers, and the result types of hlo.complex,
// hlo.real, hlo.imag, hlo.fft and hlo.abs (whose result is real for complex
// operands). Each check cites the constraint of docs/HLO.md it enforces.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/TypeInference.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace fuse::hlo;

bool fuse::hlo::hasComplexValues(Operation *op) {
  auto isComplex = [](Type type) {
    return isa<ComplexType>(getElementTypeOrSelf(type));
  };
  return llvm::any_of(op->getOperandTypes(), isComplex) ||
         llvm::any_of(op->getResultTypes(), isComplex);
}

LogicalResult ComplexOp::inferReturnTypes(MLIRContext *, OptionalLoc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  auto real = cast<RankedTensorType>(adaptor.getReal().getType());
  results.push_back(real.clone(ComplexType::get(real.getElementType())));
  return success();
}

static LogicalResult inferPart(Value operand, SmallVectorImpl<Type> &results) {
  auto type = cast<RankedTensorType>(operand.getType());
  results.push_back(
      type.clone(cast<ComplexType>(type.getElementType()).getElementType()));
  return success();
}

LogicalResult AbsOp::inferReturnTypes(MLIRContext *, OptionalLoc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  Type type = adaptor.getOperand().getType();
  if (isa<ComplexType>(cast<RankedTensorType>(type).getElementType()))
    return inferPart(adaptor.getOperand(), results);
  results.push_back(type);
  return success();
}

LogicalResult RealOp::inferReturnTypes(MLIRContext *, OptionalLoc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  return inferPart(adaptor.getOperand(), results);
}

LogicalResult ImagOp::inferReturnTypes(MLIRContext *, OptionalLoc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  return inferPart(adaptor.getOperand(), results);
}

LogicalResult FftOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
  ArrayRef<int64_t> length = adaptor.getFftLength();
  FftType type = adaptor.getFftType();
  auto report = [&](auto &&...args) {
    return emitOptionalError(loc, "'hlo.fft' op ", args...);
  };
  // C1
  if (length.empty() || length.size() > 3 ||
      int64_t(length.size()) > operand.getRank())
    return report("transforms 1 to 3 trailing dimensions of a rank-",
                  operand.getRank(), " operand, not ", length.size());
  for (int64_t size : length)
    if (size < 1)
      return report("needs positive lengths, got ", size);
  // C2
  Type element = operand.getElementType();
  bool realInput = type == FftType::RFFT;
  if (realInput != !isa<ComplexType>(element) ||
      (realInput && !element.isF32() && !element.isF64()))
    return report(stringifyFftType(type), " takes ",
                  realInput ? "f32 or f64" : "complex", " elements, not ",
                  element);
  // C3: the operand's trailing dimensions; IRFFT's last one holds the
  // non-negative frequencies of the real side's length.
  int64_t first = operand.getRank() - length.size();
  SmallVector<int64_t> shape(operand.getShape());
  for (auto [i, size] : llvm::enumerate(length)) {
    bool halved = type == FftType::IRFFT && i + 1 == length.size();
    int64_t expected = halved ? size / 2 + 1 : size;
    if (operand.getDimSize(first + i) != expected)
      return report("operand dimension ", first + i, " has size ",
                    operand.getDimSize(first + i), " but ",
                    stringifyFftType(type), " with length ", size, " needs ",
                    expected);
    shape[first + i] = size;
  }
  if (type == FftType::RFFT) {
    shape.back() = length.back() / 2 + 1;
    element = ComplexType::get(element);
  } else if (type == FftType::IRFFT) {
    element = cast<ComplexType>(element).getElementType();
  }
  results.push_back(RankedTensorType::get(shape, element));
  return success();
}
