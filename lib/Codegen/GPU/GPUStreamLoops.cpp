//===- GPUStreamLoops.cpp - a loop's launches on one stream ---------------===//
//
// gpu-async-region makes a stream per block and waits for it at the block's
// end, so the host waits for the device once per iteration of a loop that
// launches kernels. Here every GPU op of such a loop goes on the stream of
// the GPU work before it (or a new one), waited for once after it. The
// host's wait before each cuBLASLt product goes too: the product runs on
// the legacy default stream, which orders it with every other stream.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace fuse {
#define GEN_PASS_DEF_GPUSTREAMLOOPSPASS
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

bool isToken(Value value) { return isa<gpu::AsyncTokenType>(value.getType()); }

/// Whether `op` calls the runtime's cuBLASLt product
/// (fuse-gpu-library-products). It runs on the legacy default stream, so it
/// waits for the work submitted before it to every stream the runtime makes
/// (blocking streams), and their work submitted after it waits for it: the
/// host need not wait around it.
bool callsLegacyStreamProduct(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  return call && call.getCallee() == "fuseCudaMatmul";
}

bool launchesKernel(Operation *op) {
  return op->walk([](gpu::LaunchFuncOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Why the GPU ops inside `root` cannot all go on one stream made before it,
/// or nothing when they can.
std::optional<StringRef> whyNotOneStream(Operation *root) {
  if (llvm::any_of(root->getResults(), isToken) ||
      llvm::any_of(root->getOperands(), isToken))
    return StringRef("an async token passes its boundary");
  std::optional<StringRef> reason;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    for (Value operand : op->getOperands())
      if (isToken(operand) &&
          !root->isAncestor(operand.getParentRegion()->getParentOp())) {
        reason = "a GPU op depends on work from before it";
        return WalkResult::interrupt();
      }
    if (isa<gpu::WaitOp>(op) || callsLegacyStreamProduct(op))
      return WalkResult::advance();
    if (auto async = dyn_cast<gpu::AsyncOpInterface>(op)) {
      if (!async.getAsyncToken())
        reason = "a synchronous GPU op";
      else if (async.getAsyncDependencies().size() != 1)
        reason = "a GPU op that does not depend on exactly one token";
      return reason ? WalkResult::interrupt() : WalkResult::advance();
    }
    if (llvm::any_of(op->getOperands(), isToken) ||
        llvm::any_of(op->getResults(), isToken)) {
      reason = "an async token passes through an op other than a GPU op";
      return WalkResult::interrupt();
    }
    // A loop or branch: its body is walked next.
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(op))
      return WalkResult::advance();
    reason = "an op with effects on the host";
    return WalkResult::interrupt();
  });
  return reason;
}

/// Whether the host's `wait` is the last use of its only token: every
/// other use comes before it in its block (inside ops there too).
bool waitsLast(gpu::WaitOp wait) {
  if (wait.getAsyncToken() || wait.getAsyncDependencies().size() != 1)
    return false;
  Block *block = wait->getBlock();
  return llvm::all_of(
      wait.getAsyncDependencies().front().getUsers(), [&](Operation *user) {
        Operation *ancestor = block->findAncestorOpInBlock(*user);
        return ancestor &&
               (ancestor == wait || ancestor->isBeforeInBlock(wait));
      });
}

/// The token of the stream that the GPU work just before `root` ran on,
/// taking the host's wait for it away, or a new stream's.
Value takeStreamBefore(Operation *root) {
  auto wait = dyn_cast_or_null<gpu::WaitOp>(root->getPrevNode());
  if (wait && waitsLast(wait)) {
    Value token = wait.getAsyncDependencies().front();
    wait.erase();
    return token;
  }
  OpBuilder builder(root);
  return gpu::WaitOp::create(builder, root->getLoc(),
                             gpu::AsyncTokenType::get(root->getContext()),
                             ValueRange{})
      .getAsyncToken();
}

/// Hands `stream` on to the GPU work after `root` when nothing of the host
/// comes between (that work would make a new stream, used by GPU ops alone),
/// else waits for it.
void handStreamOn(Operation *root, Value stream) {
  auto continuesStream = [](gpu::WaitOp wait) {
    Value token = wait.getAsyncToken();
    // A join would wait where its token's stream was made: before `root`.
    return token && wait.getAsyncDependencies().empty() && !token.use_empty() &&
           llvm::all_of(token.getUsers(), [](Operation *user) {
             return isa<gpu::AsyncOpInterface>(user) && !isa<gpu::WaitOp>(user);
           });
  };
  for (Operation *next = root->getNextNode(); next;
       next = next->getNextNode()) {
    auto wait = dyn_cast<gpu::WaitOp>(next);
    if (wait && continuesStream(wait)) {
      wait.getAsyncToken().replaceAllUsesWith(stream);
      wait.erase();
      return;
    }
    if (next->getNumRegions() || !isMemoryEffectFree(next))
      break;
  }
  OpBuilder builder(root->getContext());
  builder.setInsertionPointAfter(root);
  gpu::WaitOp::create(builder, root->getLoc(), Type(), stream);
}

/// Puts every GPU op inside `root` on the stream of the work before it: that
/// stream's token becomes every op's only dependency and replaces every
/// token made inside, and the waits inside go.
void runOnOneStream(Operation *root) {
  Value stream = takeStreamBefore(root);
  SmallVector<gpu::WaitOp> waits;
  root->walk([&](Operation *op) {
    if (auto wait = dyn_cast<gpu::WaitOp>(op)) {
      waits.push_back(wait);
      return;
    }
    auto async = dyn_cast<gpu::AsyncOpInterface>(op);
    if (!async)
      return;
    op->replaceUsesOfWith(async.getAsyncDependencies().front(), stream);
    async.getAsyncToken().replaceAllUsesWith(stream);
  });
  for (gpu::WaitOp wait : waits) {
    if (Value token = wait.getAsyncToken())
      token.replaceAllUsesWith(stream);
    wait.erase();
  }
  handStreamOn(root, stream);
}

/// The stream whose work a product call waited for on the host goes on
/// past the call, where the next GPU work would start a new stream.
void continueStreamPast(func::CallOp product) {
  auto wait = dyn_cast_or_null<gpu::WaitOp>(product->getPrevNode());
  if (!wait || !waitsLast(wait))
    return;
  Value stream = wait.getAsyncDependencies().front();
  wait.erase();
  handStreamOn(product, stream);
}

struct GPUStreamLoopsPass
    : fuse::impl::GPUStreamLoopsPassBase<GPUStreamLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<func::CallOp> products;
    getOperation().walk([&](func::CallOp call) {
      if (callsLegacyStreamProduct(call))
        products.push_back(call);
    });
    for (func::CallOp product : products)
      continueStreamPast(product);
    for (Block &block : getOperation().getBody())
      runOnBlock(block);
  }

  /// Takes the outermost ops of `block` with regions that launch kernels;
  /// where one cannot, tries the ops inside it.
  void runOnBlock(Block &block) {
    // The rewrite erases waits next to these ops, never one of them.
    SmallVector<Operation *> candidates;
    for (Operation &op : block)
      if (op.getNumRegions() && launchesKernel(&op))
        candidates.push_back(&op);
    for (Operation *op : candidates) {
      std::optional<StringRef> reason = whyNotOneStream(op);
      if (!reason) {
        runOnOneStream(op);
        continue;
      }
      if (explain)
        op->emitRemark("the host waits for this region's GPU work at every "
                       "block end (loops inside are tried alone): ")
            << *reason;
      for (Region &region : op->getRegions())
        for (Block &nested : region)
          runOnBlock(nested);
    }
  }
};

} // namespace
