//===- GPUModulesToBinaries.cpp - kernels' modules compiled at once -------===//
//
// Each target of a gpu.module serializes it in an LLVM context of its own
// (translation, optimization, PTX, ptxas in a process of its own), so
// modules can be compiled side by side. What the translation may load into
// the MLIR context (dialects, translation interfaces) is loaded by the
// first module, compiled alone; the attributes of the objects are uniqued
// by the context, which is thread-safe. The gpu.binary ops are built after
// the threads are done, in the modules' order.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/StringSwitch.h"

namespace fuse {
#define GEN_PASS_DEF_GPUMODULESTOBINARIESPASS
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// The objects of every target of `module`, or failure with an error at it.
FailureOr<SmallVector<Attribute>>
serializeModule(gpu::GPUModuleOp module, const gpu::TargetOptions &options) {
  if (!module.getTargetsAttr())
    return module.emitError("the kernel module has no target");
  SmallVector<Attribute> objects;
  for (Attribute attribute : module.getTargetsAttr()) {
    auto target = cast<gpu::TargetAttrInterface>(attribute);
    std::optional<SmallVector<char, 0>> serialized =
        target.serializeToObject(module, options);
    if (!serialized)
      return module.emitError("the kernel module could not be compiled for ")
             << attribute;
    Attribute object = target.createObject(module, *serialized, options);
    if (!object)
      return module.emitError("no object for the kernel module's code for ")
             << attribute;
    objects.push_back(object);
  }
  return objects;
}

struct GPUModulesToBinariesPass
    : fuse::impl::GPUModulesToBinariesPassBase<GPUModulesToBinariesPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<gpu::CompilationTarget> target =
        llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(format)
            .Case("isa", gpu::CompilationTarget::Assembly)
            .Case("bin", gpu::CompilationTarget::Binary)
            .Case("fatbin", gpu::CompilationTarget::Fatbin)
            .Default(std::nullopt);
    if (!target) {
      getOperation().emitError()
          << "format '" << format << "' is not isa, bin or fatbin";
      return signalPassFailure();
    }
    // Built before the threads: a target may look symbols up.
    SymbolTable symbols(getOperation());
    auto getSymbols = [&]() -> SymbolTable * { return &symbols; };
    gpu::TargetOptions options(toolkit, /*librariesToLink=*/{},
                               /*cmdOptions=*/"", /*elfSection=*/"", *target,
                               getSymbols);

    SmallVector<gpu::GPUModuleOp> modules(
        getOperation().getOps<gpu::GPUModuleOp>());
    if (modules.empty())
      return;
    std::vector<SmallVector<Attribute>> objects(modules.size());
    auto compile = [&](size_t i) -> LogicalResult {
      FailureOr<SmallVector<Attribute>> compiled =
          serializeModule(modules[i], options);
      if (failed(compiled))
        return failure();
      objects[i] = std::move(*compiled);
      return success();
    };
    if (failed(compile(0)) || failed(failableParallelForEachN(
                                  &getContext(), 1, modules.size(), compile)))
      return signalPassFailure();

    OpBuilder builder(&getContext());
    for (auto [module, moduleObjects] : llvm::zip_equal(modules, objects)) {
      builder.setInsertionPointAfter(module);
      gpu::BinaryOp::create(builder, module.getLoc(), module.getName(),
                            module.getOffloadingHandlerAttr(),
                            builder.getArrayAttr(moduleObjects));
      module->erase();
    }
  }
};

} // namespace
