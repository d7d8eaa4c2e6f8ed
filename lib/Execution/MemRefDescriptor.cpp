//===- MemRefDescriptor.cpp - memref descriptors as C sees them -----------===//

#include "MemRefDescriptor.h"

#include "fuse/Interpreter/Tensor.h"

#include <cassert>
#include <cstring>

namespace fuse::exec {

void appendDescriptor(const void *data, llvm::ArrayRef<int64_t> shape,
                      llvm::SmallVectorImpl<int64_t> &words) {
  auto address = reinterpret_cast<intptr_t>(data);
  words.append({address, address, 0});
  llvm::append_range(words, shape);
  llvm::append_range(words, interp::getStrides(shape));
}

ResultDescriptor::ResultDescriptor(llvm::ArrayRef<int64_t> words, int64_t rank)
    : allocated(reinterpret_cast<void *>(words[0])),
      aligned(reinterpret_cast<const char *>(words[1])), offset(words[2]),
      sizes(words.slice(3, rank)), strides(words.slice(3 + rank, rank)) {}

HostBuffer ResultDescriptor::copyOut(mlir::RankedTensorType type) const {
  HostBuffer buffer(type);
  copyInto(buffer.data(), type);
  return buffer;
}

void ResultDescriptor::copyInto(char *destination,
                                mlir::RankedTensorType type) const {
  assert(sizes == type.getShape() && "the result has another shape");
  int64_t numElements = type.getNumElements();
  if (numElements == 0)
    return;
  int64_t elementBytes = HostBuffer::getElementByteSize(type.getElementType());
  const char *base = aligned + offset * elementBytes;
  if (strides == llvm::ArrayRef(interp::getStrides(sizes))) {
    std::memcpy(destination, base, numElements * elementBytes);
    return;
  }
  interp::forEachIndex(sizes, [&](int64_t linear, llvm::ArrayRef<int64_t> at) {
    int64_t position = 0;
    for (auto [index, stride] : llvm::zip_equal(at, strides))
      position += index * stride;
    std::memcpy(destination + linear * elementBytes,
                base + position * elementBytes, elementBytes);
  });
}

} // namespace fuse::exec
