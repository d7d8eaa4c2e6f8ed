//===- WidenFloats.h - a program's floats computed in f64 -------*- C++ -*-===//
//
// The float64 reference of `fuse-run --check=f64`: a copy of a program whose
// f16, bf16 and f32 values are f64, so that the interpreter computes it with
// (nearly) exact arithmetic on the same inputs. Ops whose meaning is the
// bits of their format (bitcast_convert, reduce_precision), and conversions
// to a narrower float (the program's own rounding), keep their types, with
// converts around them.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_INTERPRETER_WIDENFLOATS_H
#define FUSE_INTERPRETER_WIDENFLOATS_H

#include "fuse/Interpreter/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/LogicalResult.h"

namespace fuse::interp {

/// Rewrites every function of `module` in place to compute in f64 (see
/// above). Fails, after emitting a diagnostic, when the rewritten module
/// does not verify.
llvm::LogicalResult widenFloats(mlir::ModuleOp module);

/// Evaluates `func` as interpretFunction does, on a widened copy of its
/// module: the arguments are widened exactly, and the results rounded once
/// to `func`'s result types. Fails as interpretFunction or widenFloats do.
llvm::FailureOr<llvm::SmallVector<Tensor>>
interpretFunctionInF64(mlir::func::FuncOp func,
                       llvm::ArrayRef<Tensor> arguments);

} // namespace fuse::interp

#endif // FUSE_INTERPRETER_WIDENFLOATS_H
