//===- HLODialect.cpp - hlo dialect ---------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;
using namespace fuse::hlo;

#include "fuse/Dialect/HLO/IR/HLODialect.cpp.inc"

void HLODialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "fuse/Dialect/HLO/IR/HLOOps.cpp.inc"
      >();
}

Operation *HLODialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}
