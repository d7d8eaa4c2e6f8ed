//===- ExpandComplex.h - complex numbers as real parts ----------*- C++ -*-===//
//
// What the three files of hlo-expand-complex share: the conversion and its
// patterns (ExpandComplex.cpp) build real ops from the formulas of the
// arithmetic (ExpandComplexMath.cpp) and of the Fourier transforms
// (ExpandComplexFourier.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_DIALECT_HLO_TRANSFORMS_EXPANDCOMPLEX_H
#define FUSE_LIB_DIALECT_HLO_TRANSFORMS_EXPANDCOMPLEX_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"

namespace fuse::hlo::detail {

/// The real and imaginary parts of a complex value; a real value is its own
/// real part and has no imaginary one.
struct ComplexParts {
  mlir::Value re, im;
};

mlir::RankedTensorType typeOf(mlir::Value value);

/// Builds real hlo ops at one location: the words of the formulas.
class RealOps {
public:
  RealOps(mlir::OpBuilder &builder, mlir::Location loc)
      : builder(builder), loc(loc) {}

  mlir::Value add(mlir::Value x, mlir::Value y);
  mlir::Value sub(mlir::Value x, mlir::Value y);
  mlir::Value mul(mlir::Value x, mlir::Value y);
  mlir::Value div(mlir::Value x, mlir::Value y);
  mlir::Value neg(mlir::Value x);
  mlir::Value abs(mlir::Value x);
  /// hlo.compare in the element type's own order.
  mlir::Value compare(ComparisonDirection direction, mlir::Value x,
                      mlir::Value y);
  /// `x` where `predicate` holds, `y` elsewhere.
  mlir::Value select(mlir::Value predicate, mlir::Value x, mlir::Value y);
  mlir::Value both(mlir::Value p, mlir::Value q);
  mlir::Value either(mlir::Value p, mlir::Value q);
  /// A splat constant of the tensor type `type`.
  mlir::Value constant(mlir::RankedTensorType type, double value);
  /// A splat constant of `like`'s type.
  mlir::Value constantLike(mlir::Value like, double value);

  mlir::OpBuilder &builder;
  mlir::Location loc;
};

/// |re + i im|, without overflow or underflow in the squares.
mlir::Value complexModulus(RealOps &ops, mlir::Value re, mlir::Value im);

/// The parts of the complex result of `op` (add, subtract, negate,
/// multiply, divide, exponential, log, sqrt, rsqrt, sine, cosine or sign)
/// on its operands' parts; failure for any other op.
llvm::FailureOr<ComplexParts>
expandComplexElementwise(mlir::OpBuilder &b, mlir::Operation *op,
                         llvm::ArrayRef<ComplexParts> operands);

/// The transform `op` computes on its operand's parts `x`, as real products:
/// the result's parts, or for IRFFT its real result alone.
llvm::SmallVector<mlir::Value> expandFourierTransform(mlir::OpBuilder &b,
                                                      FftOp op, ComplexParts x);

} // namespace fuse::hlo::detail

#endif // FUSE_LIB_DIALECT_HLO_TRANSFORMS_EXPANDCOMPLEX_H
