//===- RngBitGenerator.cpp - hlo.rng_bit_generator ------------------------===//
//
// The verifier and the layout of the generator's words in the output
// (RngBitGenerator.h, docs/HLO.md).
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/RngBitGenerator.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;
using namespace fuse::hlo;

RngAlgorithm RngBitGeneratorOp::getEffectiveAlgorithm() {
  RngAlgorithm algorithm = getRngAlgorithm();
  return algorithm == RngAlgorithm::DEFAULT ? RngAlgorithm::PHILOX : algorithm;
}

LogicalResult RngBitGeneratorOp::verify() {
  auto state = cast<RankedTensorType>(getInitialState().getType());
  bool threeFry = getEffectiveAlgorithm() == RngAlgorithm::THREE_FRY;
  int64_t stateSize = state.getRank() == 1 ? state.getDimSize(0) : -1;
  // C1
  if (state.getElementTypeBitWidth() != 64 ||
      (threeFry ? stateSize != 2 : stateSize != 2 && stateSize != 3))
    return emitOpError("initial_state must be a u64 tensor of ")
           << (threeFry ? "2 elements (key, counter) for three_fry"
                        : "2 or 3 elements (key, counter) for philox")
           << ", got " << state;
  // C2
  if (getOutputState().getType() != state)
    return emitOpError("output_state must have the type of initial_state ")
           << state << ", got " << getOutputState().getType();
  return success();
}

/// The dimension whose index picks a Threefry block's word: the first of
/// even size, else the first of the largest.
static int64_t getWordDim(ArrayRef<int64_t> shape) {
  for (auto [dim, size] : llvm::enumerate(shape))
    if (size % 2 == 0)
      return dim;
  return std::max_element(shape.begin(), shape.end()) - shape.begin();
}

RngBitLayout RngBitLayout::get(RngBitGeneratorOp op) {
  auto output = cast<RankedTensorType>(op.getOutput().getType());
  RngBitLayout layout;
  layout.algorithm = op.getEffectiveAlgorithm();
  layout.wideElements = output.getElementTypeBitWidth() == 64;
  int64_t elements = output.getNumElements();
  if (layout.algorithm == RngAlgorithm::PHILOX) {
    layout.numBlocks = llvm::divideCeil(elements, layout.wideElements ? 2 : 4);
    return layout;
  }
  if (layout.wideElements) {
    layout.numBlocks = elements;
    return layout;
  }
  layout.blockShape = llvm::to_vector(output.getShape());
  if (layout.blockShape.empty())
    layout.blockShape = {1};
  layout.wordDim = getWordDim(layout.blockShape);
  layout.blockShape[layout.wordDim] =
      llvm::divideCeil(layout.blockShape[layout.wordDim], 2);
  layout.numBlocks = 1;
  for (int64_t size : layout.blockShape)
    layout.numBlocks *= size;
  return layout;
}

std::pair<int64_t, int64_t>
RngBitLayout::locate(ArrayRef<int64_t> index, ArrayRef<int64_t> shape) const {
  if (wordDim >= 0) {
    int64_t block = 0;
    for (auto [dim, size] : llvm::enumerate(blockShape)) {
      int64_t position = index.empty() ? 0 : index[dim];
      block = block * size +
              (static_cast<int64_t>(dim) == wordDim ? position / 2 : position);
    }
    return {block, index.empty() ? 0 : index[wordDim] % 2};
  }
  int64_t linear = 0;
  for (auto [position, size] : llvm::zip_equal(index, shape))
    linear = linear * size + position;
  if (algorithm == RngAlgorithm::THREE_FRY)
    return {linear, 0};
  int64_t perBlock = wideElements ? 2 : 4;
  return {linear / perBlock, (linear % perBlock) * (wideElements ? 2 : 1)};
}
