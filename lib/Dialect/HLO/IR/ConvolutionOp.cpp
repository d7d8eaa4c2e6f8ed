//===- ConvolutionOp.cpp - hlo.convolution --------------------------------===//
//
// The dimension labels of a convolution and its shape rules (docs/HLO.md,
// C1, C2, ...).
//
//===----------------------------------------------------------------------===//

#include "ShapeChecker.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Reads one tensor's labels: each of `roles` once, and the digits 0..N-1
/// once each, which land in `spatial` by digit.
LogicalResult parseLayout(StringRef text, StringRef roles,
                          SmallVectorImpl<int64_t *> &roleDims,
                          SmallVectorImpl<int64_t> &spatial,
                          std::string &error) {
  SmallVector<int64_t> byDigit(text.size(), -1);
  int64_t digits = 0;
  for (auto [dim, label] : llvm::enumerate(text)) {
    size_t role = roles.find(label);
    if (role != StringRef::npos) {
      if (*roleDims[role] != -1) {
        error = "'" + text.str() + "' names '" + label + "' twice";
        return failure();
      }
      *roleDims[role] = dim;
      continue;
    }
    if (label < '0' || label > '9' || label - '0' >= (int)text.size() ||
        byDigit[label - '0'] != -1) {
      error = "'" + text.str() + "' has an unexpected label '" + label + "'";
      return failure();
    }
    byDigit[label - '0'] = dim;
    ++digits;
  }
  for (int64_t *dim : roleDims)
    if (*dim == -1) {
      error = "'" + text.str() + "' lacks one of '" + roles.str() + "'";
      return failure();
    }
  for (int64_t digit = 0; digit < digits; ++digit) {
    if (byDigit[digit] == -1) {
      error = "'" + text.str() + "' lacks spatial dimension " +
              std::to_string(digit);
      return failure();
    }
    spatial.push_back(byDigit[digit]);
  }
  return success();
}

} // namespace

FailureOr<ConvDimensions> ConvDimensions::parse(StringRef labels,
                                                std::string &error) {
  auto [operands, output] = labels.split("->");
  auto [input, kernel] = operands.split('_');
  if (output.empty() || kernel.empty()) {
    error = "dim_labels must read like 'b01f_01io->b01f'";
    return failure();
  }
  ConvDimensions dims;
  SmallVector<int64_t *> inputRoles{&dims.inputBatch, &dims.inputFeature};
  SmallVector<int64_t *> kernelRoles{&dims.kernelInputFeature,
                                     &dims.kernelOutputFeature};
  SmallVector<int64_t *> outputRoles{&dims.outputBatch, &dims.outputFeature};
  if (failed(parseLayout(input, "bf", inputRoles, dims.inputSpatial, error)) ||
      failed(
          parseLayout(kernel, "io", kernelRoles, dims.kernelSpatial, error)) ||
      failed(parseLayout(output, "bf", outputRoles, dims.outputSpatial, error)))
    return failure();
  if (dims.kernelSpatial.size() != dims.inputSpatial.size() ||
      dims.outputSpatial.size() != dims.inputSpatial.size()) {
    error = "the input, kernel and output of '" + labels.str() +
            "' differ in their number of spatial dimensions";
    return failure();
  }
  return dims;
}

bool ConvolutionOp::splitsDilatedInput(int64_t d) {
  return getLhsDilation()[d] > 1 && getWindowStrides()[d] == 1 &&
         getRhsDilation()[d] == 1;
}

ConvDimensions ConvolutionOp::getDimensions() {
  std::string error;
  return *ConvDimensions::parse(getDimLabels(), error);
}

LogicalResult ConvolutionOp::inferReturnTypes(MLIRContext *,
                                              std::optional<Location> loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &results) {
  ShapeChecker check{loc};
  auto lhs = cast<RankedTensorType>(adaptor.getLhs().getType());
  auto rhs = cast<RankedTensorType>(adaptor.getRhs().getType());
  std::string error;
  // C1
  FailureOr<ConvDimensions> parsed =
      ConvDimensions::parse(adaptor.getDimLabels(), error);
  if (failed(parsed))
    return check.fail(error);
  const ConvDimensions &dims = *parsed;
  int64_t spatial = dims.getNumSpatial();
  // C2
  if (lhs.getRank() != spatial + 2 || rhs.getRank() != spatial + 2)
    return check.fail("dim_labels '" + adaptor.getDimLabels() +
                      "' describe rank " + Twine(spatial + 2) +
                      " tensors, not ranks " + Twine(lhs.getRank()) + " and " +
                      Twine(rhs.getRank()));
  // C3
  for (auto [name, values] : {std::pair<StringRef, ArrayRef<int64_t>>{
                                  "window_strides", adaptor.getWindowStrides()},
                              {"padding_low", adaptor.getPaddingLow()},
                              {"padding_high", adaptor.getPaddingHigh()},
                              {"lhs_dilation", adaptor.getLhsDilation()},
                              {"rhs_dilation", adaptor.getRhsDilation()}})
    if (static_cast<int64_t>(values.size()) != spatial)
      return check.fail(name + " has " + Twine(values.size()) + " values for " +
                        Twine(spatial) + " spatial dimensions");
  // C4
  for (auto [name, values] : {std::pair<StringRef, ArrayRef<int64_t>>{
                                  "window_strides", adaptor.getWindowStrides()},
                              {"lhs_dilation", adaptor.getLhsDilation()},
                              {"rhs_dilation", adaptor.getRhsDilation()}})
    if (llvm::any_of(values, [](int64_t v) { return v < 1; }))
      return check.fail(name + " must be at least 1");
  // C5
  int64_t groups = adaptor.getFeatureGroupCount();
  int64_t batchGroups = adaptor.getBatchGroupCount();
  if (groups < 1 || batchGroups < 1 || (groups > 1 && batchGroups > 1))
    return check.fail(
        "feature_group_count and batch_group_count must be at least "
        "1, and not both above 1");
  int64_t batch = lhs.getDimSize(dims.inputBatch);
  int64_t features = lhs.getDimSize(dims.inputFeature);
  int64_t kernelIn = rhs.getDimSize(dims.kernelInputFeature);
  int64_t kernelOut = rhs.getDimSize(dims.kernelOutputFeature);
  // C6
  if (features % groups != 0 || features / groups != kernelIn)
    return check.fail("the input's " + Twine(features) + " features in " +
                      Twine(groups) + " groups do not match the kernel's " +
                      Twine(kernelIn) + " input features");
  // C7
  if (kernelOut % groups != 0 || kernelOut % batchGroups != 0)
    return check.fail("the kernel's " + Twine(kernelOut) +
                      " output features are not divisible by the group count");
  // C8
  if (batch % batchGroups != 0)
    return check.fail("the batch of " + Twine(batch) +
                      " is not divisible by batch_group_count " +
                      Twine(batchGroups));
  // C9
  if (lhs.getElementType() != rhs.getElementType())
    return check.fail("the input and the kernel differ in element type");

  SmallVector<int64_t> shape(spatial + 2);
  shape[dims.outputBatch] = batch / batchGroups;
  shape[dims.outputFeature] = kernelOut;
  for (int64_t d = 0; d < spatial; ++d) {
    int64_t in = lhs.getDimSize(dims.inputSpatial[d]);
    int64_t window = rhs.getDimSize(dims.kernelSpatial[d]);
    int64_t dilatedIn =
        in == 0 ? 0 : (in - 1) * adaptor.getLhsDilation()[d] + 1;
    int64_t padded =
        dilatedIn + adaptor.getPaddingLow()[d] + adaptor.getPaddingHigh()[d];
    int64_t dilatedWindow =
        window == 0 ? 0 : (window - 1) * adaptor.getRhsDilation()[d] + 1;
    shape[dims.outputSpatial[d]] =
        padded < dilatedWindow || dilatedWindow == 0
            ? 0
            : (padded - dilatedWindow) / adaptor.getWindowStrides()[d] + 1;
  }
  results.push_back(RankedTensorType::get(shape, lhs.getElementType()));
  return success();
}
