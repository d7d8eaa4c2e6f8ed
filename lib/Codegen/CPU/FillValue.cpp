//===- FillValue.cpp - the scalar a fill writes ---------------------------===//

#include "FillValue.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;

Value fuse::getFilledValue(Value tensor) {
  if (auto fill = tensor.getDefiningOp<linalg::FillOp>())
    return fill.value();
  auto generic = tensor.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic->getNumResults() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      llvm::any_of(generic.getDpsInputs(), [](Value input) {
        return isa<ShapedType>(input.getType());
      }))
    return nullptr;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 1)
    return nullptr;
  Value yielded = body.getTerminator()->getOperand(0);
  if (auto argument = dyn_cast<BlockArgument>(yielded))
    return argument.getOwner() == &body &&
                   argument.getArgNumber() < generic.getNumDpsInputs()
               ? generic.getDpsInputs()[argument.getArgNumber()]
               : Value();
  return generic.getRegion().isAncestor(yielded.getParentRegion()) ? Value()
                                                                   : yielded;
}
