//===- Evaluators.h - the interpreter's op groups ---------------*- C++ -*-===//
//
// Private to the interpreter: the bindings of values to tensors, and one
// entry point per group of ops, each group in its own file, called by the op
// dispatch of Interpreter.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_INTERPRETER_EVALUATORS_H
#define FUSE_LIB_INTERPRETER_EVALUATORS_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Interpreter/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace fuse::interp {

/// The tensors bound to the values of the region being evaluated. A region
/// that is not isolated from above (a reduce body) may also use the values of
/// the regions around it, which `enclosing` holds.
class Scope {
public:
  explicit Scope(const Scope *enclosing) : enclosing(enclosing) {}

  void bind(mlir::Value value, Tensor tensor);
  /// The tensor of a value that has been evaluated in this or an enclosing
  /// scope; dominance in verified IR guarantees there is one.
  const Tensor &lookup(mlir::Value value) const;

private:
  const Scope *enclosing;
  llvm::DenseMap<mlir::Value, Tensor> values;
};

/// Zero tensors of the types of `op`'s results.
llvm::SmallVector<Tensor> createResultTensors(mlir::Operation *op);

/// Evaluates the single block of `region` with its arguments bound to
/// `arguments`, looking up values from outside the region in `enclosing`
/// (null for a region isolated from above).
llvm::FailureOr<llvm::SmallVector<Tensor>>
interpretRegion(mlir::Region &region, llvm::ArrayRef<Tensor> arguments,
                const Scope *enclosing);

/// XLA's convert of `operand` to `type`'s element type (a float is rounded
/// to a narrower format once).
Tensor evaluateConvert(const Tensor &operand, mlir::RankedTensorType type);

/// The value of an op on complex numbers: an elementwise op with complex
/// operands or results, hlo.complex, hlo.real, hlo.imag and hlo.fft;
/// std::nullopt for any other op.
std::optional<Tensor> evaluateComplexOp(mlir::Operation *op,
                                        llvm::ArrayRef<Tensor> operands);

/// The value of an elementwise op (unary, binary, is_finite, compare, select,
/// clamp, convert); std::nullopt when `op` is none of these.
std::optional<Tensor> evaluateElementwiseOp(mlir::Operation *op,
                                            llvm::ArrayRef<Tensor> operands);

/// A double's bits as a signed integer in IEEE-754's total order (negative
/// values have their magnitude bits flipped). Widening a narrower float to
/// double keeps its place in that order.
int64_t totalOrderKey(double value);

/// The element functions of a binary elementwise op, with XLA's semantics
/// and before rounding or wrapping to the element type. `onFloat` is null
/// for the bitwise ops, `onInt` for atan2.
struct BinaryElementFns {
  double (*onFloat)(double, double);
  int64_t (*onInt)(int64_t, int64_t);
};
/// The element functions of `op`; std::nullopt when it is not a binary
/// elementwise op.
std::optional<BinaryElementFns> getBinaryElementFns(mlir::Operation *op);

/// The value of an iota or of an op that moves data (broadcast_in_dim,
/// reshape, transpose, slices, concatenate, pad, reverse); std::nullopt when
/// `op` is none of these.
std::optional<Tensor> evaluateShapeOp(mlir::Operation *op,
                                      llvm::ArrayRef<Tensor> operands);

/// The results of hlo.reduce; fails when its body cannot be evaluated.
/// `scope` holds the values the body may use from around the reduce.
llvm::FailureOr<llvm::SmallVector<Tensor>>
evaluateReduce(hlo::ReduceOp op, llvm::ArrayRef<Tensor> operands,
               const Scope &scope);

/// The result of hlo.convolution.
Tensor evaluateConvolution(hlo::ConvolutionOp op, const Tensor &lhs,
                           const Tensor &rhs);

/// The result of hlo.gather.
Tensor evaluateGather(hlo::GatherOp op, const Tensor &operand,
                      const Tensor &indices);

/// The result of hlo.scatter; fails when its body cannot be evaluated.
llvm::FailureOr<Tensor>
evaluateScatter(hlo::ScatterOp op, const Tensor &operand, const Tensor &indices,
                const Tensor &updates, const Scope &scope);

/// The results of hlo.reduce_window; fails when its body cannot be
/// evaluated.
llvm::FailureOr<llvm::SmallVector<Tensor>>
evaluateReduceWindow(hlo::ReduceWindowOp op, llvm::ArrayRef<Tensor> operands,
                     const Scope &scope);

/// The result of hlo.select_and_scatter; fails when a body cannot be
/// evaluated.
llvm::FailureOr<Tensor> evaluateSelectAndScatter(hlo::SelectAndScatterOp op,
                                                 const Tensor &operand,
                                                 const Tensor &source,
                                                 const Tensor &init,
                                                 const Scope &scope);

/// The results of hlo.sort; fails when its comparator cannot be evaluated.
llvm::FailureOr<llvm::SmallVector<Tensor>>
evaluateSort(hlo::SortOp op, llvm::ArrayRef<Tensor> inputs, const Scope &scope);

/// The values and indices of hlo.topk.
llvm::SmallVector<Tensor> evaluateTopK(hlo::TopKOp op, const Tensor &operand);

/// The factors of hlo.cholesky, computed in double (LinearAlgebra.cpp).
Tensor evaluateCholesky(hlo::CholeskyOp op, const Tensor &operand);
/// The factors and pivots of hlo.lu, by elimination in double.
llvm::SmallVector<Tensor> evaluateLu(hlo::LuOp op, const Tensor &operand);
/// The solutions of hlo.triangular_solve, by substitution in double.
Tensor evaluateTriangularSolve(hlo::TriangularSolveOp op, const Tensor &a,
                               const Tensor &b);

/// The eigenvectors, eigenvalues and info of hlo.eigh, and the singular
/// values, U, V^T and info of hlo.svd, by Jacobi rotations in double
/// (Spectral.cpp).
llvm::SmallVector<Tensor> evaluateEigh(hlo::EighOp op, const Tensor &operand);
llvm::SmallVector<Tensor> evaluateSvd(hlo::SvdOp op, const Tensor &operand);

/// The new state and the random bits of rng_bit_generator.
llvm::SmallVector<Tensor> evaluateRngBitGenerator(hlo::RngBitGeneratorOp op,
                                                  const Tensor &state);

/// The result of hlo.dot_general.
Tensor evaluateDotGeneral(hlo::DotGeneralOp op, const Tensor &lhs,
                          const Tensor &rhs);

/// The result of hlo.dot.
Tensor evaluateDot(hlo::DotOp op, const Tensor &lhs, const Tensor &rhs);

/// The ops around a distributed loop (shard collectives, index arithmetic,
/// tensor.from_elements / extract); nullopt for other ops.
std::optional<llvm::FailureOr<Tensor>>
evaluateDistributionOp(mlir::Operation *op, llvm::ArrayRef<Tensor> operands);

/// The number of ranks of the grid `func`'s collectives run on, if any.
std::optional<int64_t> getDistributedRanks(mlir::func::FuncOp func);

/// The value of an hlo collective or hlo.device_id on the calling thread's
/// simulated device; nullopt for other ops.
std::optional<llvm::FailureOr<Tensor>>
evaluateCollectiveOp(mlir::Operation *op, llvm::ArrayRef<Tensor> operands);

/// The records hlo.infeed receives from, or the none hlo.outfeed gives, the
/// attached TransferPeer (Transfers.h); nullopt for other ops.
std::optional<llvm::FailureOr<llvm::SmallVector<Tensor>>>
evaluateTransferOp(mlir::Operation *op, llvm::ArrayRef<Tensor> operands);

} // namespace fuse::interp

#endif // FUSE_LIB_INTERPRETER_EVALUATORS_H
