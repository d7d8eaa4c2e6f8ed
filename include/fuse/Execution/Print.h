//===- Print.h - print host buffers like NumPy ------------------*- C++ -*-===//

#ifndef FUSE_EXECUTION_PRINT_H
#define FUSE_EXECUTION_PRINT_H

#include "fuse/Execution/HostBuffer.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace fuse::exec {

/// The shortest decimal that reads back as `value` in the float format
/// `elementType` ("1.5", "0.1", "1e+10", "nan", "-inf").
std::string formatFloat(double value, mlir::Type elementType);

/// One element of `buffer`: a float as formatFloat does, an integer in
/// decimal, i1 as true or false.
std::string formatElement(const HostBuffer &buffer, int64_t index);

/// Prints the elements as nested lists, one innermost row a line. With more
/// than `limit` elements, every dimension longer than 6 shows its first and
/// last 3 entries around "...", as NumPy summarizes.
void printBuffer(llvm::raw_ostream &os, const HostBuffer &buffer,
                 int64_t limit);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_PRINT_H
