//===- SpectralToCalls.cpp - hlo.eigh and hlo.svd as calls to LAPACK ------===//
//
// One call of the host runtime per op, for its whole batch; the runtime
// calls LAPACK on each matrix (docs/Passes/HLOToRuntimePasses.md).
//
//===----------------------------------------------------------------------===//

#include "RuntimeBuffers.h"
#include "fuse/Conversion/HLOToRuntime/HLOToRuntime.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace fuse {
#define GEN_PASS_DEF_CONVERTHLOSPECTRALTOCALLSPASS
#include "fuse/Conversion/HLOToRuntime/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using namespace fuse;

namespace {

/// The number of matrices in `type`'s leading dimensions.
int64_t countMatrices(RankedTensorType type) {
  int64_t count = 1;
  for (int64_t size : type.getShape().drop_back(2))
    count *= size;
  return count;
}

/// Calls `function` with the buffers' bytes and the sizes as i64.
void callRuntime(OpBuilder &b, Location loc, StringRef function,
                 ArrayRef<Value> buffers, ArrayRef<int64_t> sizes) {
  SmallVector<Value> operands;
  for (Value buffer : buffers)
    operands.push_back(asBytes(b, loc, buffer));
  for (int64_t size : sizes)
    operands.push_back(arith::ConstantIntOp::create(b, loc, size, 64));
  func::CallOp::create(b, loc, function, TypeRange{}, operands);
}

/// A fresh buffer for the elements of `value`, and its view.
std::pair<Value, Value> storageFor(OpBuilder &b, Location loc, Value value) {
  return allocateStorage(b, loc, cast<RankedTensorType>(value.getType()));
}

/// A fresh buffer holding a copy of `tensor`, which the runtime may
/// overwrite, and its view.
std::pair<Value, Value> copyOf(OpBuilder &b, Location loc, Value tensor) {
  auto storage = storageFor(b, loc, tensor);
  copyInto(b, loc, tensor, storage.second);
  return storage;
}

struct EighToCall : OpRewritePattern<hlo::EighOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::EighOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getOperand().getType();
    auto [matrices, vectors] = copyOf(rewriter, loc, op.getOperand());
    auto [valueBytes, values] = storageFor(rewriter, loc, op.getValues());
    auto [infoBytes, info] = storageFor(rewriter, loc, op.getInfo());
    callRuntime(rewriter, loc, kLapackEighFunction,
                {matrices, valueBytes, infoBytes},
                {countMatrices(type), type.getShape().back(), op.getLower(),
                 type.getElementType().isF64()});
    rewriter.replaceOp(op, {filledTensor(rewriter, loc, vectors),
                            filledTensor(rewriter, loc, values),
                            filledTensor(rewriter, loc, info)});
    return success();
  }
};

struct SvdToCall : OpRewritePattern<hlo::SvdOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(hlo::SvdOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getOperand().getType();
    Value matrices = copyOf(rewriter, loc, op.getOperand()).first;
    auto [valueBytes, values] =
        storageFor(rewriter, loc, op.getSingularValues());
    auto [infoBytes, info] = storageFor(rewriter, loc, op.getInfo());
    // Unused vectors are not computed; the runtime reads no buffer for them.
    bool vectors = !op.getU().use_empty() || !op.getVt().use_empty();
    auto [uBytes, u] = vectors ? storageFor(rewriter, loc, op.getU())
                               : std::pair<Value, Value>();
    auto [vtBytes, vt] = vectors ? storageFor(rewriter, loc, op.getVt())
                                 : std::pair<Value, Value>();
    int64_t rank = type.getRank();
    callRuntime(rewriter, loc, kLapackSvdFunction,
                {matrices, valueBytes, vectors ? uBytes : valueBytes,
                 vectors ? vtBytes : valueBytes, infoBytes},
                {countMatrices(type), type.getDimSize(rank - 2),
                 type.getShape().back(), op.getFullMatrices(), vectors,
                 type.getElementType().isF64()});
    rewriter.replaceAllUsesWith(op.getSingularValues(),
                                filledTensor(rewriter, loc, values));
    rewriter.replaceAllUsesWith(op.getInfo(),
                                filledTensor(rewriter, loc, info));
    if (vectors) {
      rewriter.replaceAllUsesWith(op.getU(), filledTensor(rewriter, loc, u));
      rewriter.replaceAllUsesWith(op.getVt(), filledTensor(rewriter, loc, vt));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct ConvertHLOSpectralToCallsPass
    : fuse::impl::ConvertHLOSpectralToCallsPassBase<
          ConvertHLOSpectralToCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    WalkResult found = module.walk([](Operation *op) {
      return isa<hlo::EighOp, hlo::SvdOp>(op) ? WalkResult::interrupt()
                                              : WalkResult::advance();
    });
    if (!found.wasInterrupted())
      return;
    declareLapackFunctions(module);
    RewritePatternSet patterns(&getContext());
    populateHLOSpectralToCallsPatterns(patterns);
    // Each op is rewritten once, into ops no pattern matches: one walk.
    walkAndApplyPatterns(module, std::move(patterns));
  }
};

} // namespace

void fuse::populateHLOSpectralToCallsPatterns(RewritePatternSet &patterns) {
  patterns.add<EighToCall, SvdToCall>(patterns.getContext());
}

void fuse::declareLapackFunctions(ModuleOp module) {
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto bytes = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  Type i64 = b.getI64Type();
  std::pair<StringRef, FunctionType> functions[] = {
      {kLapackEighFunction,
       b.getFunctionType({bytes, bytes, bytes, i64, i64, i64, i64}, {})},
      {kLapackSvdFunction, b.getFunctionType({bytes, bytes, bytes, bytes, bytes,
                                              i64, i64, i64, i64, i64, i64},
                                             {})}};
  for (auto [name, type] : functions) {
    if (module.lookupSymbol(name))
      continue;
    auto function = func::FuncOp::create(b, module.getLoc(), name, type);
    function.setPrivate();
    function->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  }
}
