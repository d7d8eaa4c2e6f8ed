//===- BufferizeInParallel.cpp - kernels bufferized on every core ---------===//
//
// Upstream's module bufferization visits functions one at a time. A kernel
// that only reads its arguments and returns new buffers needs nothing from
// its callers and tells them nothing but which arguments it reads, so it
// can be bufferized in a module of its own while its callers are bufferized
// against a stand-in that reads what it reads.
//
//===----------------------------------------------------------------------===//

#include "LongestFirst.h"

#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace fuse {
#define GEN_PASS_DEF_BUFFERIZEINPARALLELPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using bufferization::AnalysisState;
using bufferization::OneShotBufferizationOptions;

namespace {

/// Whether a buffer that `argument` may alias could be written or returned:
/// every op reached through possibly aliasing results must bufferize to
/// no write of it, and none may be the return.
bool mayBeWrittenOrReturned(BlockArgument argument,
                            const AnalysisState &state) {
  llvm::SetVector<Value> aliases;
  aliases.insert(argument);
  for (size_t next = 0; next < aliases.size(); ++next) {
    for (OpOperand &use : aliases[next].getUses()) {
      Operation *user = use.getOwner();
      if (user->hasTrait<OpTrait::ReturnLike>() ||
          state.bufferizesToMemoryWrite(use))
        return true;
      for (const bufferization::AliasingValue &alias :
           state.getAliasingValues(use))
        aliases.insert(alias.value);
    }
  }
  return false;
}

/// Which arguments a kernel that can be bufferized apart from its callers
/// reads, or nothing: it must be a private definition that refers to no
/// symbol (no call, no global), takes ranked tensors, returns tensors of
/// static shapes and never writes nor returns what its arguments may alias.
std::optional<SmallVector<bool>> getArgumentReads(func::FuncOp function,
                                                  const AnalysisState &state) {
  if (!function.isPrivate() || function.isExternal())
    return std::nullopt;
  if (!llvm::all_of(function.getResultTypes(), [](Type type) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        return tensor && tensor.hasStaticShape();
      }))
    return std::nullopt;
  std::optional<SymbolTable::UseRange> symbols =
      SymbolTable::getSymbolUses(&function.getBody());
  if (!symbols || !symbols->empty())
    return std::nullopt;
  SmallVector<bool> reads;
  for (BlockArgument argument : function.getArguments()) {
    if (isa<UnrankedTensorType>(argument.getType()) ||
        mayBeWrittenOrReturned(argument, state))
      return std::nullopt;
    reads.push_back(isa<TensorType>(argument.getType()) &&
                    state.isValueRead(argument));
  }
  return reads;
}

/// A read-only buffer of `tensor`, with an identity layout (as function
/// boundaries have here).
Value createReadOnlyBuffer(OpBuilder &builder, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  return bufferization::ToBufferOp::create(
      builder, loc, MemRefType::get(type.getShape(), type.getElementType()),
      tensor, /*read_only=*/true);
}

/// A kernel taken out of its module, and the function standing in for it:
/// with the kernel's signature, it reads the arguments the kernel reads
/// and returns new tensors, which is all its callers' analysis asks of it.
/// (A declaration would do, but upstream assumes its results may alias its
/// arguments, and would copy them.)
struct DetachedKernel {
  OwningOpRef<ModuleOp> module;
  func::FuncOp standIn;
  size_t ops = 0;
};

func::FuncOp createStandIn(OpBuilder &builder, func::FuncOp kernel,
                           ArrayRef<bool> reads) {
  Location loc = kernel.getLoc();
  auto standIn = func::FuncOp::create(builder, loc, kernel.getSymName(),
                                      kernel.getFunctionType());
  standIn.setPrivate();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(standIn.addEntryBlock());
  for (auto [argument, read] : llvm::zip(standIn.getArguments(), reads))
    if (read)
      createReadOnlyBuffer(builder, loc, argument);
  SmallVector<Value> results;
  for (Type type : kernel.getResultTypes()) {
    auto tensor = cast<RankedTensorType>(type);
    results.push_back(tensor::EmptyOp::create(builder, loc, tensor.getShape(),
                                              tensor.getElementType()));
  }
  func::ReturnOp::create(builder, loc, results);
  return standIn;
}

DetachedKernel detach(func::FuncOp kernel, ArrayRef<bool> reads) {
  DetachedKernel detached;
  OpBuilder builder(kernel);
  detached.standIn = createStandIn(builder, kernel, reads);
  kernel->walk([&](Operation *) { ++detached.ops; });
  detached.module = ModuleOp::create(kernel.getLoc());
  kernel->remove();
  detached.module->getBody()->push_back(kernel);
  return detached;
}

/// Whether `use` only reads its value: it writes no buffer and makes no
/// alias of it. Calls of kernels bufferized apart are such reads (the
/// analysis state, which knows no callee, cannot say so). Loops and
/// branches are not asked: whether they read depends on their bodies'
/// uses, calls among them, which this state cannot follow.
bool isPlainRead(OpOperand &use, const AnalysisState &state,
                 const llvm::DenseSet<StringAttr> &readOnlyCallees) {
  Operation *user = use.getOwner();
  if (auto call = dyn_cast<func::CallOp>(user))
    return readOnlyCallees.contains(call.getCalleeAttr().getAttr());
  if (user->getNumRegions() != 0 && !isa<linalg::LinalgOp>(user))
    return false;
  return state.bufferizesToMemoryRead(use) &&
         !state.bufferizesToMemoryWrite(use) &&
         state.getAliasingValues(use).getNumAliases() == 0;
}

/// One-Shot's analysis visits, for each operand, every read of the
/// operand's alias set: a value read by N ops costs N^2 (an entry's
/// argument that every kernel of an unrolled loop reads; 0.68 s for 900
/// readers). An argument marked `bufferization.writable = false` is never
/// written (a write to it becomes a copy), so each plain read of it can
/// read its own tensor of the argument's buffer (a read-only `to_buffer`
/// once, a `restrict` `to_tensor` per read), an alias set of one. Both
/// bufferize back to the argument's buffer.
void splitReadsOfReadOnlyArguments(
    func::FuncOp function, const AnalysisState &state,
    const llvm::DenseSet<StringAttr> &readOnlyCallees) {
  if (function.isExternal())
    return;
  OpBuilder builder(function.getBody());
  for (BlockArgument argument : function.getArguments()) {
    auto tensor = dyn_cast<RankedTensorType>(argument.getType());
    auto writable = function.getArgAttrOfType<BoolAttr>(
        argument.getArgNumber(),
        bufferization::BufferizationDialect::kWritableAttrName);
    if (!tensor || !writable || writable.getValue())
      continue;
    SmallVector<OpOperand *> reads;
    for (OpOperand &use : argument.getUses())
      if (isPlainRead(use, state, readOnlyCallees))
        reads.push_back(&use);
    if (reads.size() < 2)
      continue;
    builder.setInsertionPointToStart(&function.getBody().front());
    Value buffer = createReadOnlyBuffer(builder, argument.getLoc(), argument);
    for (OpOperand *read : reads) {
      builder.setInsertionPoint(read->getOwner());
      read->set(bufferization::ToTensorOp::create(
          builder, argument.getLoc(), tensor, buffer, /*restrict=*/true,
          /*writable=*/false));
    }
  }
}

/// Two globals that bufferization made for equal constants are one.
using GlobalKey = std::tuple<Type, Attribute, Attribute, Attribute>;

GlobalKey getKey(memref::GlobalOp global) {
  return {global.getType(), global.getInitialValueAttr(),
          global.getConstantAttr(), global.getAlignmentAttr()};
}

/// Puts the bufferized kernel of `detached` back in place of its
/// stand-in, with its globals merged into `module`'s. Bufferization
/// refers to globals only through `memref.get_global`.
void attach(DetachedKernel &detached, SymbolTable &symbols,
            llvm::DenseMap<GlobalKey, StringAttr> &globals) {
  Block *body = detached.module->getBody();
  func::FuncOp kernel = *body->getOps<func::FuncOp>().begin();
  kernel->remove();
  Block::iterator position = std::next(Block::iterator(detached.standIn));
  symbols.erase(detached.standIn);
  symbols.insert(kernel, position);

  llvm::DenseMap<StringAttr, StringAttr> renamed;
  Block *moduleBody = &symbols.getOp()->getRegion(0).front();
  for (memref::GlobalOp global :
       llvm::make_early_inc_range(body->getOps<memref::GlobalOp>())) {
    StringAttr name = global.getSymNameAttr();
    auto [existing, added] = globals.try_emplace(getKey(global), name);
    if (added) {
      global->remove();
      existing->second = symbols.insert(global, moduleBody->begin());
    }
    if (existing->second != name)
      renamed[name] = existing->second;
  }
  if (renamed.empty())
    return;
  kernel.walk([&](memref::GetGlobalOp get) {
    if (StringAttr name = renamed.lookup(get.getNameAttr().getAttr()))
      get.setName(name);
  });
}

struct BufferizeInParallelPass
    : fuse::impl::BufferizeInParallelPassBase<BufferizeInParallelPass> {
  using Base::Base;

  FailureOr<OneShotBufferizationOptions> getOptions() {
    using Heuristic = OneShotBufferizationOptions::AnalysisHeuristic;
    std::optional<Heuristic> heuristic =
        llvm::StringSwitch<std::optional<Heuristic>>(analysisHeuristic)
            .Case("bottom-up", Heuristic::BottomUp)
            .Case("top-down", Heuristic::TopDown)
            .Case("bottom-up-from-terminators",
                  Heuristic::BottomUpFromTerminators)
            .Default(std::nullopt);
    if (!heuristic)
      return getOperation().emitError("unknown analysis-heuristic '")
             << analysisHeuristic
             << "' (bottom-up, top-down or bottom-up-from-terminators)";
    OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.setFunctionBoundaryTypeConversion(
        bufferization::LayoutMapOption::IdentityLayoutMap);
    options.allowReturnAllocsFromLoops = allowReturnAllocsFromLoops;
    options.analysisHeuristic = *heuristic;
    return options;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<OneShotBufferizationOptions> options = getOptions();
    if (failed(options))
      return signalPassFailure();

    AnalysisState state(*options);
    std::vector<DetachedKernel> kernels;
    for (func::FuncOp function :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (std::optional<SmallVector<bool>> reads =
              getArgumentReads(function, state))
        kernels.push_back(detach(function, *reads));
    llvm::DenseSet<StringAttr> readOnlyCallees;
    for (DetachedKernel &kernel : kernels)
      readOnlyCallees.insert(kernel.standIn.getSymNameAttr());
    for (func::FuncOp function : module.getOps<func::FuncOp>())
      splitReadsOfReadOnlyArguments(function, state, readOnlyCallees);
    // The module's own functions (the entry above all) and the kernels,
    // longest first; the kernels go back in the module's order.
    if (failed(fuse::forEachLongestFirst(
            module, ArrayRef(kernels), [&](Operation *task) {
              bufferization::BufferizationState bufferization;
              return bufferization::runOneShotModuleBufferize(task, *options,
                                                              bufferization);
            })))
      return signalPassFailure();

    SymbolTable symbols(module);
    llvm::DenseMap<GlobalKey, StringAttr> globals;
    for (memref::GlobalOp global : module.getOps<memref::GlobalOp>())
      globals.try_emplace(getKey(global), global.getSymNameAttr());
    for (DetachedKernel &kernel : kernels)
      attach(kernel, symbols, globals);
  }
};

} // namespace
