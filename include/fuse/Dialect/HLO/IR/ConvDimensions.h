//===- ConvDimensions.h - the layouts of a convolution ----------*- C++ -*-===//
//
// XLA writes the layouts of a convolution as `dim_labels`, e.g.
// `b01f_01io->b01f`: per tensor dimension, `b` batch, `f` feature, `i`/`o`
// the kernel's input/output feature, and a digit N spatial dimension N.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_CONVDIMENSIONS_H
#define FUSE_DIALECT_HLO_IR_CONVDIMENSIONS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <string>

namespace fuse::hlo {

/// The tensor dimension of each role; spatial dimensions in spatial order.
struct ConvDimensions {
  int64_t inputBatch = -1, inputFeature = -1;
  llvm::SmallVector<int64_t> inputSpatial;
  int64_t kernelInputFeature = -1, kernelOutputFeature = -1;
  llvm::SmallVector<int64_t> kernelSpatial;
  int64_t outputBatch = -1, outputFeature = -1;
  llvm::SmallVector<int64_t> outputSpatial;

  int64_t getNumSpatial() const { return inputSpatial.size(); }

  /// Parses `labels`; on failure, `error` says why.
  static llvm::FailureOr<ConvDimensions> parse(llvm::StringRef labels,
                                               std::string &error);
};

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_IR_CONVDIMENSIONS_H
