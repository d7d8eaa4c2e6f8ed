//===- InstrumentKernels.cpp - timing hooks around kernels ----------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Support/Location.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_INSTRUMENTKERNELSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// XLA's instruction names: the mnemonic and a number that counts the ops of
/// a function in order, those of fusion bodies included. Fusions are
/// numbered across the module instead ("fusion.<n>"), as the fusion report
/// and its Graphviz dump number them.
class KernelNamer {
public:
  explicit KernelNamer(unsigned &fusionCount) : fusionCount(fusionCount) {}

  std::string name(Operation *op) {
    if (isa<FusionOp>(op)) {
      ++count;
      return "fusion." + std::to_string(fusionCount++);
    }
    return (op->getName().stripDialect() + "." + Twine(count++)).str();
  }

private:
  unsigned count = 0;
  unsigned &fusionCount;
};

/// The private declaration of hook `name`, taking a kernel id, built at
/// `builder`; null (with an error) when the module has a symbol of that name.
func::FuncOp declareHook(OpBuilder &builder, ModuleOp module, StringRef name) {
  if (module.lookupSymbol(name)) {
    module.emitError() << "cannot declare @" << name
                       << ": the module has a symbol of that name";
    return nullptr;
  }
  FunctionType type = builder.getFunctionType(builder.getI64Type(), {});
  auto hook = func::FuncOp::create(builder, module.getLoc(), name, type);
  hook.setPrivate();
  return hook;
}

struct InstrumentKernelsPass
    : fuse::hlo::impl::InstrumentKernelsPassBase<InstrumentKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SmallVector<func::FuncOp> functions;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal())
        functions.push_back(func);
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    func::FuncOp begin = declareHook(builder, module, kTraceBeginHook);
    func::FuncOp end = declareHook(builder, module, kTraceEndHook);
    if (!begin || !end)
      return signalPassFailure();

    SmallVector<Attribute> kernels;
    unsigned fusionCount = 0;
    for (func::FuncOp func : functions) {
      KernelNamer namer(fusionCount);
      for (Block &block : func.getBody())
        instrumentBlock(block, namer, kernels, begin, end);
    }
    module->setAttr(kKernelsAttrName, ArrayAttr::get(context, kernels));
  }

  /// Brackets every kernel of `block`, and every loop or branch as a whole,
  /// and then the kernels in the loop and branch bodies.
  static void instrumentBlock(Block &block, KernelNamer &namer,
                              SmallVectorImpl<Attribute> &kernels,
                              func::FuncOp begin, func::FuncOp end) {
    MLIRContext *context = block.getParentOp()->getContext();
    // Early increment: the calls placed after an op are not visited.
    for (Operation &op :
         llvm::make_early_inc_range(block.without_terminator())) {
      std::string name = namer.name(&op);
      SmallVector<Attribute> fused;
      if (auto fusion = dyn_cast<FusionOp>(op))
        for (Operation &inner : fusion.getBody().front().without_terminator())
          fused.push_back(StringAttr::get(context, namer.name(&inner)));
      // Constants become globals or splats: no work of their own.
      if (!isa_and_nonnull<HLODialect>(op.getDialect()) || isa<ConstantOp>(op))
        continue;

      NamedAttrList kernel;
      kernel.append("name", StringAttr::get(context, name));
      kernel.append("op",
                    StringAttr::get(context, op.getName().getStringRef()));
      std::string location =
          llvm::join(fuse::getSourcePositions(op.getLoc()), ", ");
      if (!location.empty())
        kernel.append("location", StringAttr::get(context, location));
      if (auto fusion = dyn_cast<FusionOp>(op)) {
        kernel.append(
            "fusion_kind",
            StringAttr::get(context, stringifyFusionKind(fusion.getKind())));
        kernel.append("fused_ops", ArrayAttr::get(context, fused));
      }
      bracket(op, kernels.size(), begin, end);
      kernels.push_back(kernel.getDictionary(context));
      if (isa<WhileOp, CaseOp>(op))
        for (Region &region : op.getRegions())
          for (Block &inner : region)
            instrumentBlock(inner, namer, kernels, begin, end);
    }
  }

  /// Calls `begin` before `op` and `end` after it, with kernel id `id`.
  static void bracket(Operation &op, int64_t id, func::FuncOp begin,
                      func::FuncOp end) {
    OpBuilder builder(&op);
    Location loc = op.getLoc();
    Value idValue =
        arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), id);
    func::CallOp::create(builder, loc, begin, idValue);
    builder.setInsertionPointAfter(&op);
    func::CallOp::create(builder, loc, end, idValue);
  }
};

} // namespace
