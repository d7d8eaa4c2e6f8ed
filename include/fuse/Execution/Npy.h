//===- Npy.h - NumPy .npy files of host buffers -----------------*- C++ -*-===//
//
// Reads and writes the .npy format (versions 1.0, 2.0 and 3.0 read; 1.0
// written, or 2.0 when the header needs it): little-endian, C order.
//
// The dtype of each element type is fuse::getElementTypes' (Support/
// ElementType.h), which the ahead-of-time driver's reader shares. NumPy has
// no bfloat16: bf16 is stored as its raw 16-bit patterns, "<u2", so a <u2
// file reads as bf16 unless ui16 is expected.
//
// Fortran order, big-endian data, other dtypes (objects, strings, complex)
// and truncated files are errors naming the file.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_NPY_H
#define FUSE_EXECUTION_NPY_H

#include "fuse/Execution/HostBuffer.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Error.h"

namespace fuse::exec {

/// Parses a whole .npy file held in `contents`; `name` is the file's name
/// for error messages. `expectedElementType`, when given, picks between the
/// types of one dtype (<u2: bf16 or ui16).
llvm::Expected<HostBuffer> parseNpy(llvm::StringRef contents,
                                    llvm::StringRef name,
                                    mlir::MLIRContext *context,
                                    mlir::Type expectedElementType = {});

/// Reads the .npy file at `path`; see parseNpy.
llvm::Expected<HostBuffer> readNpy(llvm::StringRef path,
                                   mlir::MLIRContext *context,
                                   mlir::Type expectedElementType = {});

/// The bytes of a .npy file holding `buffer`.
std::string printNpy(const HostBuffer &buffer);

/// Writes `buffer` to `path` as a .npy file, replacing it.
llvm::Error writeNpy(llvm::StringRef path, const HostBuffer &buffer);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_NPY_H
