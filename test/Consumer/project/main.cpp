// A consumer of the installed fuse package: parse hlo, run fuse passes by
// name, and build hlo ops with the C++ API.

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/InitAll.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

static const char *const kProgram = R"mlir(
func.func @f(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %r = hlo.fusion input(%x) : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4x8xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %e = hlo.exponential %a : tensor<4x8xf32>
    %s = hlo.reduce add(%e init %zero) dims = [1]
        : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    hlo.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
)mlir";

int main() {
  mlir::DialectRegistry registry;
  fuse::registerFuseDialects(registry);
  registry.insert<mlir::func::FuncDialect>();
  fuse::registerAllPasses();
  mlir::MLIRContext context(registry);

  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kProgram, &context);
  if (!module)
    return 1;
  int fusions = 0;
  module->walk([&](fuse::hlo::FusionOp) { ++fusions; });
  llvm::outs() << "parsed: " << fusions << " fusion\n";

  mlir::PassManager pm(&context);
  if (mlir::failed(mlir::parsePassPipeline(
          "func.func(hlo-inline-fusions,canonicalize)", pm)) ||
      mlir::failed(pm.run(*module)))
    return 1;
  llvm::outs() << "after hlo-inline-fusions,canonicalize:\n" << *module << "\n";

  mlir::OpBuilder builder(&context);
  mlir::Location loc = builder.getUnknownLoc();
  auto func = module->lookupSymbol<mlir::func::FuncOp>("f");
  builder.setInsertionPointToStart(&func.getBody().front());
  auto init = fuse::hlo::ConstantOp::create(
      builder, loc,
      mlir::DenseElementsAttr::get(
          mlir::RankedTensorType::get({}, builder.getF32Type()), -1.0f));
  auto max =
      fuse::hlo::ReduceOp::create(builder, loc, func.getArgument(0), init, {0},
                                  fuse::hlo::ReductionKind::Max);
  if (mlir::failed(mlir::verify(max)))
    return 1;
  llvm::outs() << "built: " << max << "\n";
  return 0;
}
