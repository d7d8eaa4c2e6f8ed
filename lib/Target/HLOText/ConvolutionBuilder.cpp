//===- ConvolutionBuilder.cpp - `convolution` -----------------------------===//
//
// XLA writes a convolution's window as `window={size=3x3 stride=2x2
// pad=1_1x0_1 lhs_dilate=2x1 rhs_dilate=1x2}`, one value per spatial
// dimension joined by `x` (absent fields are 1, or 0 for padding), and its
// layouts as `dim_labels=b01f_01io->b01f`, which hlo.convolution keeps.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {

namespace {

/// The convolution's window, per spatial dimension.
struct Window {
  SmallVector<int64_t> sizes, strides, low, high, lhsDilation, rhsDilation;
};

/// Splits `text` at `x` into integers; a `_`-joined pair per dimension
/// when `pairs` (padding), filling `first` and `second`.
LogicalResult parseDimensions(StringRef text, SmallVectorImpl<int64_t> &first,
                              SmallVectorImpl<int64_t> *second = nullptr) {
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  for (StringRef part : parts) {
    auto [a, b] = part.split('_');
    int64_t value = 0, other = 0;
    if (a.getAsInteger(10, value) || (second && b.getAsInteger(10, other)) ||
        (!second && !b.empty()))
      return failure();
    first.push_back(value);
    if (second)
      second->push_back(other);
  }
  return success();
}

FailureOr<Window> parseWindow(InstructionEmission &e, int64_t spatial) {
  Window window;
  auto it = e.instruction.attributes.find("window");
  llvm::StringMap<std::string> fields;
  if (it != e.instruction.attributes.end())
    fields = it->second.fields;
  for (const auto &field : fields) {
    StringRef key = field.getKey(), text = field.getValue();
    LogicalResult parsed = failure();
    if (key == "size")
      parsed = parseDimensions(text, window.sizes);
    else if (key == "stride")
      parsed = parseDimensions(text, window.strides);
    else if (key == "pad")
      parsed = parseDimensions(text, window.low, &window.high);
    else if (key == "lhs_dilate")
      parsed = parseDimensions(text, window.lhsDilation);
    else if (key == "rhs_dilate")
      parsed = parseDimensions(text, window.rhsDilation);
    else
      return e.emitError() << "unsupported convolution window field '" << key
                           << "'";
    if (failed(parsed))
      return e.emitError() << "cannot read window field " << key << "=" << text;
  }
  auto orDefault = [&](SmallVectorImpl<int64_t> &values, int64_t value) {
    if (values.empty())
      values.assign(spatial, value);
  };
  orDefault(window.strides, 1);
  orDefault(window.low, 0);
  orDefault(window.high, 0);
  orDefault(window.lhsDilation, 1);
  orDefault(window.rhsDilation, 1);
  return window;
}

} // namespace

FailureOr<HloValue> buildConvolution(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<const AttributeValue *> labels = e.attribute("dim_labels");
  FailureOr<ArrayRef<int64_t>> groups =
      e.integers("feature_group_count", /*optional=*/true);
  FailureOr<ArrayRef<int64_t>> batchGroups =
      e.integers("batch_group_count", /*optional=*/true);
  if (failed(operands) || failed(labels) || failed(groups) ||
      failed(batchGroups))
    return failure();
  std::string error;
  FailureOr<hlo::ConvDimensions> dims =
      hlo::ConvDimensions::parse((*labels)->word, error);
  if (failed(dims))
    return emitError((*labels)->loc) << error;
  FailureOr<Window> window = parseWindow(e, dims->getNumSpatial());
  if (failed(window))
    return failure();
  // The window sizes are the kernel's; hlo.convolution reads them there.
  auto kernel = cast<RankedTensorType>((*operands)[1].getType());
  for (auto [d, size] : llvm::enumerate(window->sizes))
    if (d >= dims->kernelSpatial.size() ||
        kernel.getDimSize(dims->kernelSpatial[d]) != size)
      return e.emitError() << "window size " << size << " of spatial "
                           << "dimension " << d << " is not the kernel's";
  auto convolution = hlo::ConvolutionOp::create(
      e.builder, e.loc, (*operands)[0], (*operands)[1], (*labels)->word,
      window->strides, window->low, window->high, window->lhsDilation,
      window->rhsDilation, groups->empty() ? 1 : groups->front(),
      batchGroups->empty() ? 1 : batchGroups->front());
  return e.finish(convolution);
}

} // namespace fuse::hlo_text
