//===- MemRefDescriptor.h - memref descriptors as C sees them ---*- C++ -*-===//
//
// The C interface of a function (`llvm.emit_c_interface`) passes each
// memref as a pointer to {T *allocated, T *aligned, int64 offset,
// int64 sizes[R], int64 strides[R]} (rank 0: the first three fields), and
// several results as one struct of such descriptors. Every field is 8 bytes,
// so a descriptor is 3 + 2R consecutive 64-bit words, whatever the rank.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_EXECUTION_MEMREFDESCRIPTOR_H
#define FUSE_LIB_EXECUTION_MEMREFDESCRIPTOR_H

#include "fuse/Execution/HostBuffer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace fuse::exec {

/// The number of 64-bit words in a descriptor of rank `rank`.
inline int64_t getDescriptorWords(int64_t rank) { return 3 + 2 * rank; }

/// Appends a descriptor of `buffer` (offset 0, row-major strides) to
/// `words`; the compiled code reads the buffer through it.
/// Appends the descriptor of a row-major tensor of `shape` at `data`.
void appendDescriptor(const void *data, llvm::ArrayRef<int64_t> shape,
                      llvm::SmallVectorImpl<int64_t> &words);

/// A descriptor the compiled code wrote, read from `words`.
struct ResultDescriptor {
  void *allocated;
  const char *aligned;
  int64_t offset;
  llvm::ArrayRef<int64_t> sizes;
  llvm::ArrayRef<int64_t> strides;

  ResultDescriptor(llvm::ArrayRef<int64_t> words, int64_t rank);
};

} // namespace fuse::exec

#endif // FUSE_LIB_EXECUTION_MEMREFDESCRIPTOR_H
