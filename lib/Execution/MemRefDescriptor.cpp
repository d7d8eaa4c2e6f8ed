//===- MemRefDescriptor.cpp - memref descriptors as C sees them -----------===//

#include "MemRefDescriptor.h"

#include "fuse/Interpreter/Tensor.h"

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

} // namespace fuse::exec
