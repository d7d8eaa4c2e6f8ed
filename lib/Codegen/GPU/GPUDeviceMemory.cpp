//===- GPUDeviceMemory.cpp - the host code's buffers on the device --------===//

#include "fuse/Codegen/GPU/Passes.h"

#include "mlir/Analysis/AliasAnalysis.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace fuse {
#define GEN_PASS_DEF_GPUDEVICEMEMORYPASS
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

bool isInKernel(Operation *op) {
  return op->getParentOfType<gpu::LaunchOp>() ||
         op->getParentOfType<gpu::GPUModuleOp>();
}

Value allocateOnDevice(RewriterBase &rewriter, Location loc, MemRefType type,
                       ValueRange dynamicSizes, ValueRange symbols) {
  return gpu::AllocOp::create(rewriter, loc, type, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/{}, dynamicSizes, symbols,
                              /*hostShared=*/nullptr)
      .getMemref();
}

/// A device copy of the constant `global`, freed at the end of its block
/// unless the block passes it on.
void copyGlobalToDevice(RewriterBase &rewriter, memref::GetGlobalOp global) {
  Location loc = global.getLoc();
  rewriter.setInsertionPointAfter(global);
  Value device = allocateOnDevice(rewriter, loc, global.getType(), {}, {});
  gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(), {}, device,
                        global.getResult());
  rewriter.replaceAllUsesExcept(global.getResult(), device,
                                device.getDefiningOp()->getNextNode());
  Operation *terminator = global->getBlock()->getTerminator();
  if (llvm::is_contained(terminator->getOperands(), device))
    return;
  rewriter.setInsertionPoint(terminator);
  gpu::DeallocOp::create(rewriter, loc, /*asyncToken=*/Type(), {}, device);
}

/// Reads the element of a rank-0 device buffer through a host slot: the
/// predicate of a loop or the index of a branch, which the host decides on.
void readScalarToHost(RewriterBase &rewriter, memref::LoadOp load) {
  Location loc = load.getLoc();
  auto slotType = MemRefType::get({}, load.getType());
  Value slot = memref::AllocaOp::create(rewriter, loc, slotType);
  gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(), {}, slot,
                        load.getMemRef());
  rewriter.replaceOpWithNewOp<memref::LoadOp>(load, slot, ValueRange{});
}

/// A host read of a rank-0 device buffer as readScalarToHost writes it: the
/// device buffer it copies, or null.
Value readSource(memref::LoadOp load) {
  auto slot = load.getMemRef().getDefiningOp<memref::AllocaOp>();
  auto copy = dyn_cast_or_null<gpu::MemcpyOp>(load->getPrevNode());
  if (!slot || !copy || copy.getDst() != slot.getResult() ||
      copy.getAsyncToken() || !copy.getAsyncDependencies().empty())
    return {};
  return copy.getSrc();
}

/// The memory `op` and the ops inside it write: each write's value, or a
/// null value for memory not known; nullopt when an op's effects are not
/// known. A barrier or terminator of a kernel writes nothing.
std::optional<SmallVector<Value>> writtenMemory(Operation *op) {
  SmallVector<Value> written;
  WalkResult walked = op->walk([&](Operation *nested) {
    if (isa<gpu::BarrierOp, gpu::TerminatorOp>(nested) ||
        nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances)
      if (isa<MemoryEffects::Write>(instance.getEffect()))
        written.push_back(instance.getValue());
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return std::nullopt;
  return written;
}

/// Whether two buffers of a function may share memory: MLIR's alias
/// analysis, which cannot tell a loop's carried buffers apart, and the
/// element types, which can where the function never reinterprets memory.
class BufferAliases {
public:
  explicit BufferAliases(func::FuncOp function) : analysis(function) {
    reinterprets =
        function
            ->walk([](Operation *op) {
              return isa<memref::ViewOp, memref::ReinterpretCastOp>(op)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
  }

  bool mayAlias(Value a, Value b) {
    auto typeA = dyn_cast<MemRefType>(a.getType());
    auto typeB = dyn_cast<MemRefType>(b.getType());
    if (!reinterprets && typeA && typeB &&
        typeA.getElementType() != typeB.getElementType())
      return false;
    return !analysis.alias(a, b).isNo();
  }

private:
  AliasAnalysis analysis;
  bool reinterprets = false;
};

/// The host reads the same rank-0 device buffer again and again where a
/// scan reads its step's index for each slice it takes: each read waits
/// for the device. A read takes the value of the last read of its buffer
/// in the block when nothing between may write that buffer: no kernel,
/// copy or call that writes memory that may alias it.
void reuseScalarReads(Block &block, BufferAliases &aliases) {
  llvm::MapVector<Value, Value> lastRead;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto load = dyn_cast<memref::LoadOp>(&op)) {
      if (Value source = readSource(load)) {
        auto known = lastRead.find(source);
        if (known == lastRead.end()) {
          lastRead[source] = load.getResult();
          continue;
        }
        Operation *copy = load->getPrevNode();
        Operation *slot = load.getMemRef().getDefiningOp();
        load.getResult().replaceAllUsesWith(known->second);
        load.erase();
        copy->erase();
        if (slot->use_empty())
          slot->erase();
        continue;
      }
    }
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        reuseScalarReads(nested, aliases);
    // A read's copy writes its host slot only.
    auto next = dyn_cast_or_null<memref::LoadOp>(op.getNextNode());
    if (lastRead.empty() || (next && readSource(next)))
      continue;
    std::optional<SmallVector<Value>> written = writtenMemory(&op);
    if (!written) {
      lastRead.clear();
      continue;
    }
    for (Value value : *written) {
      if (!value) {
        lastRead.clear();
        break;
      }
      lastRead.remove_if([&](const auto &entry) {
        return aliases.mayAlias(entry.first, value);
      });
    }
  }
}

/// Writes the element of a rank-0 device buffer through a host slot: a value
/// the host computed (the first slice offset of a rank).
void writeScalarToDevice(RewriterBase &rewriter, memref::StoreOp store) {
  Location loc = store.getLoc();
  auto slotType = MemRefType::get({}, store.getValueToStore().getType());
  Value slot = memref::AllocaOp::create(rewriter, loc, slotType);
  memref::StoreOp::create(rewriter, loc, store.getValueToStore(), slot,
                          ValueRange{});
  gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(), {},
                        store.getMemRef(), slot);
  rewriter.eraseOp(store);
}

/// Runs an MPI all-reduce of device buffers through host buffers: MPI
/// libraries built without CUDA read and write host memory only. The two
/// host buffers differ, as MPI wants of a send and a receive buffer.
void stageAllReduceThroughHost(RewriterBase &rewriter,
                               mpi::AllReduceOp reduce) {
  Location loc = reduce.getLoc();
  rewriter.setInsertionPoint(reduce);
  auto stage = [&](Value buffer) -> Value {
    return memref::AllocOp::create(rewriter, loc,
                                   cast<MemRefType>(buffer.getType()));
  };
  Value send = stage(reduce.getSendbuf());
  Value receive = stage(reduce.getRecvbuf());
  gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(), {}, send,
                        reduce.getSendbuf());
  Value result = reduce.getRecvbuf();
  rewriter.modifyOpInPlace(reduce, [&] {
    reduce.getSendbufMutable().set(send);
    reduce.getRecvbufMutable().set(receive);
  });
  rewriter.setInsertionPointAfter(reduce);
  gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(), {}, result,
                        receive);
  memref::DeallocOp::create(rewriter, loc, send);
  memref::DeallocOp::create(rewriter, loc, receive);
}

/// Whether `buffer` holds host bookkeeping rather than tensor data: the base
/// pointers and ownership flags that lowered deallocations keep for buffers
/// passed around a loop. No kernel, copy, return or loop reads it; only host
/// loads and stores, casts, deallocation and calls of the private helpers
/// that deallocation lowering adds.
bool isHostBookkeeping(Value buffer) {
  SmallVector<Value> worklist{buffer};
  while (!worklist.empty()) {
    for (OpOperand &use : worklist.pop_back_val().getUses()) {
      Operation *user = use.getOwner();
      if (isInKernel(user))
        return false;
      if (isa<memref::CastOp>(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      auto store = dyn_cast<memref::StoreOp>(user);
      if ((store && use.get() == store.getMemRef()) ||
          isa<memref::LoadOp, memref::DeallocOp, func::CallOp>(user))
        continue;
      return false;
    }
  }
  return true;
}

/// The buffer that `value` views through casts.
Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return value;
}

struct GPUDeviceMemoryPass
    : fuse::impl::GPUDeviceMemoryPassBase<GPUDeviceMemoryPass> {
  void runOnOperation() override {
    llvm::DenseSet<Value> bookkeeping;
    SmallVector<Operation *> hostOps;
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      // Private functions are the helpers of lowered deallocations, which
      // work on bookkeeping buffers only.
      if (function.isPrivate())
        continue;
      function.walk([&](Operation *op) {
        if (isInKernel(op))
          return;
        if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
            isHostBookkeeping(op->getResult(0))) {
          bookkeeping.insert(op->getResult(0));
          return;
        }
        if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
                memref::GetGlobalOp, memref::LoadOp, memref::StoreOp,
                memref::CopyOp, mpi::AllReduceOp>(op) ||
            (isa<mpi::MPIDialect>(op->getDialect()) &&
             llvm::any_of(op->getOperandTypes(), llvm::IsaPred<MemRefType>)))
          hostOps.push_back(op);
      });
    }
    auto isBookkeeping = [&](Value buffer) {
      return bookkeeping.contains(stripCasts(buffer));
    };
    IRRewriter rewriter(&getContext());
    // Staged after the allocations moved to the device, so that the host
    // buffers stay on the host.
    SmallVector<mpi::AllReduceOp> stagedReductions;
    for (Operation *op : hostOps) {
      rewriter.setInsertionPoint(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        rewriter.replaceOp(alloc, allocateOnDevice(rewriter, alloc.getLoc(),
                                                   alloc.getType(),
                                                   alloc.getDynamicSizes(),
                                                   alloc.getSymbolOperands()));
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        if (isBookkeeping(dealloc.getMemref()))
          continue;
        gpu::DeallocOp::create(rewriter, dealloc.getLoc(), Type(), {},
                               dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        copyGlobalToDevice(rewriter, global);
      } else if (auto load = dyn_cast<memref::LoadOp>(op);
                 load && isBookkeeping(load.getMemRef())) {
        continue;
      } else if (auto store = dyn_cast<memref::StoreOp>(op);
                 store && isBookkeeping(store.getMemRef())) {
        continue;
      } else if (auto load = dyn_cast<memref::LoadOp>(op);
                 load && load.getMemRefType().getRank() == 0) {
        readScalarToHost(rewriter, load);
      } else if (auto store = dyn_cast<memref::StoreOp>(op);
                 store && store.getMemRefType().getRank() == 0) {
        writeScalarToDevice(rewriter, store);
      } else if (auto reduce = dyn_cast<mpi::AllReduceOp>(op)) {
        stagedReductions.push_back(reduce);
      } else {
        op->emitOpError("accesses tensor data in host code, which the GPU "
                        "pipeline does not support (other than reading or "
                        "writing a rank-0 tensor: a dynamic index or a stack "
                        "buffer outside the kernels)");
        return signalPassFailure();
      }
    }
    for (mpi::AllReduceOp reduce : stagedReductions)
      stageAllReduceThroughHost(rewriter, reduce);
    for (auto function : getOperation().getOps<func::FuncOp>()) {
      if (function.isPrivate() || function.isExternal())
        continue;
      BufferAliases aliases(function);
      for (Block &block : function.getBody())
        reuseScalarReads(block, aliases);
    }
  }
};

} // namespace
