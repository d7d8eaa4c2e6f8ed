//===- GPULaunchKernels.cpp - block/thread loop nests to gpu.launch -------===//

#include "fuse/Codegen/Common/ReductionRegion.h"
#include "fuse/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace fuse {
#define GEN_PASS_DEF_GPULAUNCHKERNELSPASS
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

bool isMappedTo(scf::ParallelOp loop, gpu::Processor processor) {
  auto mapping = loop->getAttrOfType<ArrayAttr>(gpu::getMappingAttrName());
  if (!mapping || mapping.size() != 1)
    return false;
  auto dim = dyn_cast<gpu::ParallelLoopDimMappingAttr>(mapping[0]);
  return dim && dim.getProcessor() == processor;
}

bool isThreadLoop(Operation *op) {
  auto loop = dyn_cast<scf::ParallelOp>(op);
  return loop && isMappedTo(loop, gpu::Processor::ThreadX);
}

bool containsThreadLoop(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isThreadLoop(nested) ? WalkResult::interrupt()
                                    : WalkResult::advance();
      })
      .wasInterrupted();
}

bool writesMemory(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
        if (effects && effects.hasEffect<MemoryEffects::Write>())
          return WalkResult::interrupt();
        if (!effects && !nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// The trip count of a loop from 0 with step 1 and a constant bound.
std::optional<int64_t> getSimpleTripCount(scf::ParallelOp loop) {
  if (loop.getNumLoops() != 1)
    return std::nullopt;
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()[0]);
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound()[0]);
  std::optional<int64_t> step = getConstantIntValue(loop.getStep()[0]);
  if (!lb || !ub || !step || *lb != 0 || *step != 1)
    return std::nullopt;
  return ub;
}

class KernelLauncher {
public:
  explicit KernelLauncher(RewriterBase &rewriter) : rewriter(rewriter) {}

  LogicalResult launch(scf::ParallelOp blockLoop);

private:
  LogicalResult distribute(Block &block);
  LogicalResult inlineThreadLoop(scf::ParallelOp loop);
  /// `value` extended to `wide`, and back: exact both ways.
  Value widen(Location loc, Value value, Type wide);
  Value narrow(Location loc, Value value, Type type);

  RewriterBase &rewriter;
  Value thread;
  int64_t blockSize = 1;
};

LogicalResult KernelLauncher::launch(scf::ParallelOp blockLoop) {
  std::optional<int64_t> grid = getSimpleTripCount(blockLoop);
  if (!grid)
    return blockLoop.emitOpError("mapped to blocks must be one loop from 0 "
                                 "with step 1 and a constant bound");
  std::optional<int64_t> threads;
  WalkResult walk = blockLoop.walk([&](scf::ParallelOp loop) {
    if (!isMappedTo(loop, gpu::Processor::ThreadX))
      return WalkResult::advance();
    std::optional<int64_t> count = getSimpleTripCount(loop);
    if (!count || (threads && *threads != *count)) {
      loop.emitOpError("mapped to threads must be one loop from 0 with step "
                       "1 and the same constant bound as its siblings");
      return WalkResult::interrupt();
    }
    threads = count;
    return WalkResult::skip();
  });
  if (walk.wasInterrupted())
    return failure();
  blockSize = threads.value_or(1);

  Location loc = blockLoop.getLoc();
  rewriter.setInsertionPoint(blockLoop);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  };
  Value one = constant(1);
  auto launch = gpu::LaunchOp::create(rewriter, loc, constant(*grid), one, one,
                                      constant(blockSize), one, one);
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToStart(&body);
  IRMapping mapping;
  mapping.map(blockLoop.getInductionVars()[0], launch.getBlockIds().x);
  for (Operation &op : blockLoop.getBody()->without_terminator())
    rewriter.clone(op, mapping);
  gpu::TerminatorOp::create(rewriter, loc);
  thread = launch.getThreadIds().x;
  if (failed(distribute(body)))
    return failure();
  rewriter.eraseOp(blockLoop);
  return success();
}

LogicalResult KernelLauncher::distribute(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block.without_terminator())) {
    if (isThreadLoop(&op)) {
      if (failed(inlineThreadLoop(cast<scf::ParallelOp>(op))))
        return failure();
      continue;
    }
    if (containsThreadLoop(&op)) {
      // Control flow around thread loops (the grid striding over rows) is
      // the same for every thread of the block.
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          if (failed(distribute(nested)))
            return failure();
      continue;
    }
    if (!writesMemory(&op))
      continue;
    if (op.getNumResults() != 0)
      return op.emitOpError("writes memory at block level and has results; "
                            "cannot run it on one thread of the block");
    rewriter.setInsertionPoint(&op);
    Location loc = op.getLoc();
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        thread, zero);
    auto guard = scf::IfOp::create(rewriter, loc, first, /*withElse=*/false);
    rewriter.moveOpBefore(&op, guard.thenBlock()->getTerminator());
  }
  return success();
}

/// The type a value of `type` is shuffled as: f32 for narrower floats, i32
/// for narrower integers, else `type` itself.
Type getShuffleType(Type type) {
  if (type.getIntOrFloatBitWidth() >= 32)
    return type;
  MLIRContext *context = type.getContext();
  return isa<FloatType>(type) ? Type(Float32Type::get(context))
                              : Type(IntegerType::get(context, 32));
}

Value KernelLauncher::widen(Location loc, Value value, Type wide) {
  if (value.getType() == wide)
    return value;
  if (isa<FloatType>(wide))
    return arith::ExtFOp::create(rewriter, loc, wide, value);
  return arith::ExtUIOp::create(rewriter, loc, wide, value);
}

Value KernelLauncher::narrow(Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (isa<FloatType>(type))
    return arith::TruncFOp::create(rewriter, loc, type, value);
  return arith::TruncIOp::create(rewriter, loc, type, value);
}

LogicalResult KernelLauncher::inlineThreadLoop(scf::ParallelOp loop) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  // What the block wrote before is visible to every thread.
  gpu::BarrierOp::create(rewriter, loc);
  IRMapping mapping;
  mapping.map(loop.getInductionVars()[0], thread);
  for (Operation &op : loop.getBody()->without_terminator())
    rewriter.clone(op, mapping);

  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  SmallVector<Value> results;
  for (auto [operand, region, init] : llvm::zip(
           reduce.getOperands(), reduce.getReductions(), loop.getInitVals())) {
    Value partial = mapping.lookupOrDefault(operand);
    // Warp shuffles move 32 or 64 bits: narrower values travel widened and
    // are combined in their own type.
    Type type = partial.getType();
    Type wide = getShuffleType(type);
    auto allReduce =
        gpu::AllReduceOp::create(rewriter, loc, widen(loc, partial, wide),
                                 /*op=*/nullptr, /*uniform=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Block *body = rewriter.createBlock(&allReduce.getBody(), {}, {wide, wide},
                                         {loc, loc});
      Value combined = fuse::applyReductionRegion(
          rewriter, region, narrow(loc, body->getArgument(0), type),
          narrow(loc, body->getArgument(1), type));
      gpu::YieldOp::create(rewriter, loc, widen(loc, combined, wide));
    }
    results.push_back(fuse::applyReductionRegion(rewriter, region, init,
                                                 narrow(loc, allReduce, type)));
  }
  // What the threads wrote is visible to the code after the loop.
  gpu::BarrierOp::create(rewriter, loc);
  rewriter.replaceOp(loop, results);
  return success();
}

struct GPULaunchKernelsPass
    : fuse::impl::GPULaunchKernelsPassBase<GPULaunchKernelsPass> {
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> blockLoops;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (isMappedTo(loop, gpu::Processor::BlockX))
        blockLoops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    KernelLauncher launcher(rewriter);
    for (scf::ParallelOp loop : blockLoops)
      if (failed(launcher.launch(loop)))
        return signalPassFailure();
  }
};

} // namespace
