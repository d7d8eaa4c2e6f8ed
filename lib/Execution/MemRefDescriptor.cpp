//===- MemRefDescriptor.cpp - memref descriptors as C sees them -----------===//

#include "MemRefDescriptor.h"

#include "fuse/Interpreter/Tensor.h"

#include <cassert>
#include <cstring>

namespace fuse::exec {

void appendDescriptor(const HostBuffer &buffer,
                      llvm::SmallVectorImpl<int64_t> &words) {
  auto address = reinterpret_cast<intptr_t>(buffer.data());
  words.append({address, address, 0});
  llvm::append_range(words, buffer.getShape());
  llvm::append_range(words, interp::getStrides(buffer.getShape()));
}

ResultDescriptor::ResultDescriptor(llvm::ArrayRef<int64_t> words, int64_t rank)
    : allocated(reinterpret_cast<void *>(words[0])),
      aligned(reinterpret_cast<const char *>(words[1])), offset(words[2]),
      sizes(words.slice(3, rank)), strides(words.slice(3 + rank, rank)) {}

HostBuffer ResultDescriptor::copyOut(mlir::RankedTensorType type) const {
  HostBuffer buffer(type);
  assert(sizes == type.getShape() && "the result has another shape");
  if (buffer.getNumElements() == 0)
    return buffer;
  int64_t elementBytes = buffer.getElementByteSize();
  const char *base = aligned + offset * elementBytes;
  if (strides == llvm::ArrayRef(interp::getStrides(sizes))) {
    std::memcpy(buffer.data(), base, buffer.getByteSize());
    return buffer;
  }
  interp::forEachIndex(sizes, [&](int64_t linear, llvm::ArrayRef<int64_t> at) {
    int64_t position = 0;
    for (auto [index, stride] : llvm::zip_equal(at, strides))
      position += index * stride;
    std::memcpy(buffer.data() + linear * elementBytes,
                base + position * elementBytes, elementBytes);
  });
  return buffer;
}

} // namespace fuse::exec
