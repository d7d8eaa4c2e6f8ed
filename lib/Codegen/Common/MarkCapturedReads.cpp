//===- MarkCapturedReads.cpp - reads a linalg op's loops may hoist --------===//
//
// A linalg op on buffers writes only its outputs. A buffer its body reads
// through a load (a gather's table and indices: tensor.extract of a captured
// tensor, bufferized) is not one of them: bufferization gives the op's
// outputs buffers that no read inside the op sees written. The mark carries
// that fact past the op's conversion to loops, for
// fuse-codegen-hoist-captured-reads.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/CapturedReads.h"
#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace fuse {
#define GEN_PASS_DEF_MARKCAPTUREDREADSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

struct MarkCapturedReadsPass
    : fuse::impl::MarkCapturedReadsPassBase<MarkCapturedReadsPass> {
  void runOnOperation() override {
    auto mark = UnitAttr::get(&getContext());
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (!op.hasPureBufferSemantics())
        return;
      Region &body = op->getRegion(0);
      body.walk([&](memref::LoadOp load) {
        if (!body.isAncestor(load.getMemRef().getParentRegion()))
          load->setAttr(fuse::kCapturedReadAttr, mark);
      });
    });
  }
};

} // namespace
