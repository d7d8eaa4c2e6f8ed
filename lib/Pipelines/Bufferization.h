//===- Bufferization.h - the pipelines' shared bufferization ----*- C++ -*-===//

#ifndef FUSE_LIB_PIPELINES_BUFFERIZATION_H
#define FUSE_LIB_PIPELINES_BUFFERIZATION_H

#include "mlir/Pass/PassManager.h"

namespace fuse {

/// One-shot bufferization across functions (identity layouts at function
/// boundaries), deallocation, and bufferization ops lowered to memref.
/// With `resultsInPlace`, functions take their results as trailing
/// arguments; a result the function allocated is built in that buffer.
void addBufferizationPasses(mlir::OpPassManager &pm,
                            bool resultsInPlace = false);

} // namespace fuse

#endif // FUSE_LIB_PIPELINES_BUFFERIZATION_H
