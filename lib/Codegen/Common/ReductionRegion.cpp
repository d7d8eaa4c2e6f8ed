//===- ReductionRegion.cpp - applying an scf.reduce region ----------------===//

#include "fuse/Codegen/Common/ReductionRegion.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

Value fuse::applyReductionRegion(OpBuilder &builder, Region &region, Value lhs,
                                 Value rhs) {
  Block &block = region.front();
  IRMapping mapping;
  mapping.map(block.getArgument(0), lhs);
  mapping.map(block.getArgument(1), rhs);
  for (Operation &op : block.without_terminator())
    builder.clone(op, mapping);
  return mapping.lookupOrDefault(block.getTerminator()->getOperand(0));
}
