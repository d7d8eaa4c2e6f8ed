//===- WindowOps.cpp - hlo.reduce_window and hlo.select_and_scatter -------===//
//
// The shape rules of the window ops (docs/HLO.md, C1, C2, ...): both slide a
// window over a padded (for reduce_window also dilated) operand, which
// gives one result element per window position.
//
//===----------------------------------------------------------------------===//

#include "ShapeChecker.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/TypeInference.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// The window of an op, per operand dimension.
struct Window {
  ArrayRef<int64_t> sizes, strides, low, high, baseDilations, windowDilations;
};

/// The number of window positions along each dimension of `shape`, after
/// checking the window's attributes (C2, C3); failure after an error.
FailureOr<SmallVector<int64_t>>
inferWindowPositions(std::optional<Location> loc, ArrayRef<int64_t> shape,
                     const Window &window) {
  ShapeChecker check{loc};
  int64_t rank = shape.size();
  // C2
  for (auto [name, values] : {std::pair<StringRef, ArrayRef<int64_t>>{
                                  "window_dimensions", window.sizes},
                              {"window_strides", window.strides},
                              {"padding_low", window.low},
                              {"padding_high", window.high},
                              {"base_dilations", window.baseDilations},
                              {"window_dilations", window.windowDilations}})
    if (static_cast<int64_t>(values.size()) != rank)
      return check.fail(name + " has " + Twine(values.size()) +
                        " values for an operand of rank " + Twine(rank));
  // C3
  for (auto [name, values] : {std::pair<StringRef, ArrayRef<int64_t>>{
                                  "window_dimensions", window.sizes},
                              {"window_strides", window.strides},
                              {"base_dilations", window.baseDilations},
                              {"window_dilations", window.windowDilations}})
    if (llvm::any_of(values, [](int64_t v) { return v < 1; }))
      return check.fail(name + " must be at least 1");
  SmallVector<int64_t> positions;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t dilated =
        shape[d] == 0 ? 0 : (shape[d] - 1) * window.baseDilations[d] + 1;
    int64_t padded = dilated + window.low[d] + window.high[d];
    int64_t extent = (window.sizes[d] - 1) * window.windowDilations[d] + 1;
    positions.push_back(
        padded < extent ? 0 : (padded - extent) / window.strides[d] + 1);
  }
  return positions;
}

/// Whether `region` takes two rank-0 tensors of `element` and returns one
/// value of `returned`.
bool isScalarBinaryBody(Region &region, Type element, Type returned) {
  auto scalar = RankedTensorType::get({}, element);
  Block &block = region.front();
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  return block.getArgumentTypes() == TypeRange{scalar, scalar} && ret &&
         ret.getResults().getTypes() ==
             TypeRange{RankedTensorType::get({}, returned)};
}

} // namespace

//===----------------------------------------------------------------------===//
// reduce_window
//===----------------------------------------------------------------------===//

LogicalResult ReduceWindowOp::inferReturnTypes(MLIRContext *,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &results) {
  ShapeChecker check{loc};
  TypeRange inputs = adaptor.getInputs().getTypes();
  TypeRange inits = adaptor.getInitValues().getTypes();
  // C1
  if (inputs.empty() || inputs.size() != inits.size())
    return check.fail("takes one or more inputs and as many init values");
  auto first = cast<RankedTensorType>(inputs.front());
  for (auto [input, init] : llvm::zip_equal(inputs, inits)) {
    auto inputType = cast<RankedTensorType>(input);
    auto initType = cast<RankedTensorType>(init);
    if (inputType.getShape() != first.getShape())
      return check.fail("the inputs differ in shape");
    // C4
    if (initType.getRank() != 0 ||
        initType.getElementType() != inputType.getElementType())
      return check.fail(
          "each init value must be a rank-0 tensor of its input's "
          "element type");
  }
  Window window{adaptor.getWindowDimensions(), adaptor.getWindowStrides(),
                adaptor.getPaddingLow(),       adaptor.getPaddingHigh(),
                adaptor.getBaseDilations(),    adaptor.getWindowDilations()};
  FailureOr<SmallVector<int64_t>> positions =
      inferWindowPositions(loc, first.getShape(), window);
  if (failed(positions))
    return failure();
  for (Type input : inputs)
    results.push_back(cast<RankedTensorType>(input).clone(*positions));
  return success();
}

LogicalResult ReduceWindowOp::verifyRegions() {
  // C5
  return verifyReduceRegion(*this, getBody(), getInitValues().getTypes());
}

//===----------------------------------------------------------------------===//
// select_and_scatter
//===----------------------------------------------------------------------===//

LogicalResult
SelectAndScatterOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &results) {
  results.push_back(adaptor.getOperand().getType());
  return success();
}

LogicalResult SelectAndScatterOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto source = cast<RankedTensorType>(getSource().getType());
  auto init = cast<RankedTensorType>(getInitValue().getType());
  SmallVector<int64_t> ones(operand.getRank(), 1);
  Window window{getWindowDimensions(),
                getWindowStrides(),
                getPaddingLow(),
                getPaddingHigh(),
                ones,
                ones};
  FailureOr<SmallVector<int64_t>> positions =
      inferWindowPositions(getLoc(), operand.getShape(), window);
  if (failed(positions))
    return failure();
  // C4
  if (init.getRank() != 0 || init.getElementType() != source.getElementType())
    return emitOpError("init_value must be a rank-0 tensor of the source's "
                       "element type");
  // C6
  if (source.getShape() != ArrayRef<int64_t>(*positions))
    return emitOpError("source has shape (")
           << source.getShape() << ") but the operand has ("
           << ArrayRef<int64_t>(*positions) << ") windows";
  if (source.getElementType() != operand.getElementType())
    return emitOpError("source and operand differ in element type");
  return success();
}

LogicalResult SelectAndScatterOp::verifyRegions() {
  Type element =
      cast<RankedTensorType>(getOperand().getType()).getElementType();
  // C7
  if (!isScalarBinaryBody(getSelect(), element,
                          IntegerType::get(getContext(), 1)))
    return emitOpError("select must take two rank-0 tensors of the element "
                       "type and return a tensor<i1>");
  // C8
  if (!isScalarBinaryBody(getScatter(), element, element))
    return emitOpError("scatter must take two rank-0 tensors of the element "
                       "type and return one");
  return success();
}
