//===- OutlinedFunctions.cpp - functions of outlined code, shared ---------===//

#include "fuse/Support/OutlinedFunctions.h"
#include "fuse/Support/StructuralKey.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

func::FuncOp fuse::createOutlinedFunction(Location loc, ValueRange arguments,
                                          TypeRange resultTypes,
                                          ArrayRef<Operation *> copies,
                                          IRMapping &inside) {
  // Built under a fixed name, so that its printed form identifies its body.
  OpBuilder builder(loc.getContext());
  auto type = builder.getFunctionType(arguments.getTypes(), resultTypes);
  auto function = func::FuncOp::create(builder, loc, "outlined", type);
  function.setPrivate();
  Block *body = function.addEntryBlock();
  builder.setInsertionPointToStart(body);
  for (auto [value, argument] :
       llvm::zip_equal(arguments, body->getArguments()))
    inside.map(value, argument);
  for (Operation *copy : copies)
    builder.clone(*copy, inside);
  return function;
}

StringRef
fuse::OutlinedFunctions::share(func::FuncOp function,
                               llvm::function_ref<std::string()> makeName) {
  auto [existing, inserted] =
      byBody.try_emplace(getStructuralKey(function), function);
  if (!inserted) {
    function.erase();
    return existing->second.getSymName();
  }
  function.setName(makeName());
  symbols.insert(function);
  return function.getSymName();
}
