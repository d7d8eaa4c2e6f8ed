//===- TransferQueues.cpp - fuse-run as the program's outside -------------===//

#include "fuse/Execution/TransferQueues.h"

#include "fuse/Conversion/HLOToRuntime/HLOToRuntime.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Execution/Random.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cstring>

using namespace mlir;
using namespace fuse::exec;

namespace {

/// The queues compiled code's runtime calls reach; one per process.
std::atomic<TransferQueues *> compiledCodeQueues = nullptr;

/// A `memref<?xi8>` as the runtime functions' C interfaces receive it.
struct ByteDescriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;

  char *begin() const { return aligned + offset; }
};

TransferQueues &getCompiledCodeQueues() {
  if (TransferQueues *queues = compiledCodeQueues.load())
    return *queues;
  // The callers that compile such programs attach queues (fuse-run) or
  // refuse them (the C API); reaching here is a caller's defect.
  llvm::errs() << "fuse: error: the program transfers records with its "
                  "outside (hlo.infeed, hlo.outfeed), and this caller "
                  "provides none\n";
  std::_Exit(2);
}

void receiveTensor(int64_t channel, int64_t position, int64_t count,
                   ByteDescriptor *type, ByteDescriptor *data) {
  getCompiledCodeQueues().receiveBytes(
      channel, position, count, llvm::StringRef(type->begin(), type->size),
      data->begin(), data->size);
}

void sendTensor(int64_t channel, int64_t position, int64_t count,
                ByteDescriptor *type, ByteDescriptor *data) {
  getCompiledCodeQueues().sendBytes(channel, position, count,
                                    llvm::StringRef(type->begin(), type->size),
                                    data->begin(), data->size);
}

int64_t getChannel(const fuse::interp::TransferQueue &queue) {
  return queue.channel.value_or(-1);
}

/// The stream of the tensor at `position` of record `record` of a queue:
/// apart from the inputs' streams (below 2^63) and from each other.
uint64_t getRecordStream(int64_t device, int64_t channel, uint64_t record,
                         unsigned position) {
  uint64_t stream = 0xcbf29ce484222325ULL;
  for (uint64_t part :
       {static_cast<uint64_t>(device), static_cast<uint64_t>(channel), record,
        static_cast<uint64_t>(position)})
    stream = (stream ^ part) * 0x100000001b3ULL;
  return stream | (1ULL << 63);
}

} // namespace

bool fuse::exec::hasTransfers(func::FuncOp func) {
  auto module = func->getParentOfType<ModuleOp>();
  llvm::SmallPtrSet<Operation *, 8> visited;
  SmallVector<func::FuncOp> worklist = {func};
  while (!worklist.empty()) {
    func::FuncOp next = worklist.pop_back_val();
    if (!visited.insert(next).second)
      continue;
    WalkResult walk = next.walk([&](Operation *op) {
      if (isa<hlo::InfeedOp, hlo::OutfeedOp>(op))
        return WalkResult::interrupt();
      if (auto call = dyn_cast<func::CallOp>(op))
        if (auto callee =
                module ? module.lookupSymbol<func::FuncOp>(call.getCallee())
                       : func::FuncOp())
          worklist.push_back(callee);
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return true;
  }
  return false;
}

TransferQueues::TransferQueues(MLIRContext *context, uint64_t seed,
                               int64_t device)
    : context(context), seed(seed), device(device) {}

HostBuffer TransferQueues::draw(const interp::TransferQueue &queue,
                                unsigned position, RankedTensorType type) {
  std::lock_guard<std::mutex> lock(mutex);
  uint64_t &records = receivedRecords[{queue.device, getChannel(queue)}];
  if (position == 0)
    ++records;
  HostBuffer tensor(type);
  fillRandom(
      tensor, seed,
      getRecordStream(queue.device, getChannel(queue), records, position));
  return tensor;
}

void TransferQueues::keep(const interp::TransferQueue &queue, unsigned position,
                          HostBuffer tensor) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!keeping)
    return;
  std::pair<int64_t, int64_t> key = {queue.device, getChannel(queue)};
  if (position == 0) {
    std::string name = queue.channel
                           ? "channel " + std::to_string(*queue.channel)
                           : std::string("outfeed");
    openRecords[key] = sent.size();
    sent.emplace_back(std::move(name), queue.device);
  }
  sent[openRecords.at(key)].tensors.push_back(std::move(tensor));
}

fuse::interp::Tensor TransferQueues::receive(const interp::TransferQueue &queue,
                                             unsigned position, unsigned count,
                                             RankedTensorType type) {
  return draw(queue, position, type).toTensor();
}

void TransferQueues::send(const interp::TransferQueue &queue, unsigned position,
                          unsigned count, const interp::Tensor &tensor) {
  keep(queue, position, HostBuffer::fromTensor(tensor));
}

RankedTensorType TransferQueues::parseRecordType(StringRef text) {
  std::lock_guard<std::mutex> lock(mutex);
  return llvm::cast<RankedTensorType>(parseType(text, context));
}

fuse::interp::TransferQueue TransferQueues::getQueue(int64_t channel) const {
  return {device, channel < 0 ? std::nullopt : std::optional<int64_t>(channel)};
}

void TransferQueues::receiveBytes(int64_t channel, int64_t position,
                                  int64_t count, StringRef type, char *data,
                                  int64_t bytes) {
  HostBuffer tensor = draw(getQueue(channel), position, parseRecordType(type));
  std::memcpy(data, tensor.data(), std::min(bytes, tensor.getByteSize()));
}

void TransferQueues::sendBytes(int64_t channel, int64_t position, int64_t count,
                               StringRef type, const char *data,
                               int64_t bytes) {
  HostBuffer tensor(parseRecordType(type));
  std::memcpy(tensor.data(), data, std::min(bytes, tensor.getByteSize()));
  keep(getQueue(channel), position, std::move(tensor));
}

TransferQueues::ScopedForCompiledCode::ScopedForCompiledCode(
    TransferQueues &queues)
    : previous(compiledCodeQueues.exchange(&queues)) {}

TransferQueues::ScopedForCompiledCode::~ScopedForCompiledCode() {
  compiledCodeQueues.store(previous);
}

llvm::orc::SymbolMap
TransferQueues::getHookSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  auto add = [&](StringRef name, auto *function) {
    symbols[interner(("_mlir_ciface_" + name).str())] = {
        llvm::orc::ExecutorAddr::fromPtr(function),
        llvm::JITSymbolFlags::Exported};
  };
  add(kTransferReceiveFunction, &receiveTensor);
  add(kTransferSendFunction, &sendTensor);
  return symbols;
}
