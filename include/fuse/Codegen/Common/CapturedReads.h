//===- CapturedReads.h - loads a linalg op cannot write --------*- C++ -*-===//
//
// fuse-codegen-mark-captured-reads marks them; fuse-codegen-hoist-captured-
// reads hoists them out of the op's loops and drops the mark.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_COMMON_CAPTUREDREADS_H
#define FUSE_CODEGEN_COMMON_CAPTUREDREADS_H

namespace fuse {

/// The unit attribute on a memref.load, in a linalg op's body, of a buffer
/// defined outside the op.
inline constexpr char kCapturedReadAttr[] = "fuse.captured_read";

} // namespace fuse

#endif // FUSE_CODEGEN_COMMON_CAPTUREDREADS_H
