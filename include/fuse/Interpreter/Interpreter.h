//===- Interpreter.h - reference evaluator of hlo ---------------*- C++ -*-===//
//
// Evaluates hlo programs on host tensors, op by op, with XLA's element
// semantics. It is the independent oracle that compiled code is checked
// against, so it uses none of fuse's lowerings.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_INTERPRETER_INTERPRETER_H
#define FUSE_INTERPRETER_INTERPRETER_H

#include "fuse/Interpreter/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Region.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

#include <vector>

namespace fuse::interp {

/// Evaluates `func` on `arguments` and returns the operands of its
/// func.return. Fails after emitting a diagnostic when the arguments do not
/// match the signature or the body holds an op the interpreter does not know.
llvm::FailureOr<llvm::SmallVector<Tensor>>
interpretFunction(mlir::func::FuncOp func, llvm::ArrayRef<Tensor> arguments);

/// Whether `func` is an SPMD program: it reads hlo.device_id or exchanges
/// tensors through hlo collectives (docs/HLO.md#collectives).
bool isSpmdFunction(mlir::func::FuncOp func);

/// Evaluates `func` on `deviceArguments.size()` devices at once, one thread
/// per device, device d on `deviceArguments[d]`; returns every device's
/// results. interpretFunction runs an SPMD program on one device, device 0.
llvm::FailureOr<std::vector<llvm::SmallVector<Tensor>>>
interpretOnDevices(mlir::func::FuncOp func,
                   llvm::ArrayRef<llvm::SmallVector<Tensor>> deviceArguments);

/// Evaluates the single block of `region` with its arguments bound to
/// `arguments` and returns the operands of its terminator (func.return,
/// hlo.return or hlo.yield). Used for function, fusion and reduce bodies.
llvm::FailureOr<llvm::SmallVector<Tensor>>
interpretRegion(mlir::Region &region, llvm::ArrayRef<Tensor> arguments);

} // namespace fuse::interp

#endif // FUSE_INTERPRETER_INTERPRETER_H
