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

SmallVector<func::FuncOp> fuse::getDefinedFunctions(ModuleOp module) {
  return llvm::filter_to_vector(module.getOps<func::FuncOp>(),
                                [](func::FuncOp f) { return !f.isExternal(); });
}

StringRef fuse::OutlinedFunctions::insert(func::FuncOp function,
                                          func::FuncOp parent, StringRef kind) {
  std::string prefix = (parent.getSymName() + "_" + kind).str();
  function.setName(prefix + std::to_string(counts[prefix]++));
  symbols.insert(function);
  return function.getSymName();
}

StringRef fuse::OutlinedFunctions::share(func::FuncOp function,
                                         func::FuncOp parent, StringRef kind) {
  return share(function, parent, kind, getStructuralKey(function));
}

StringRef fuse::OutlinedFunctions::share(func::FuncOp function,
                                         func::FuncOp parent, StringRef kind,
                                         std::string key) {
  auto [existing, inserted] = byBody.try_emplace(key, function);
  if (inserted)
    return insert(function, parent, kind);
  function.erase();
  return existing->second.getSymName();
}
