//===- SendRecvBuilders.cpp - send and recv between devices ---------------===//
//
// XLA writes a transfer between the devices of one program as a `send` and
// a `recv` on one channel, each finished by its `-done`, and names the
// devices in the frontend attribute `_xla_send_recv_source_target_pairs`.
// Together the halves are a collective permute: each target's recv gets its
// source's send operand. They are matched by channel and pairs within a
// computation, and the permute is emitted at the later half; a recv seen first
// stands in for its data until its send comes. XLA's newer HLO may leave the
// channel out; such halves are matched by their pairs alone, in text order.
//
// A send or recv without the pairs has its other end outside the program
// (the host, or another program): OutsideTransferBuilders.cpp.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace fuse::hlo_text {

namespace {

/// What a `send` or `recv` says of its transfer (`kNoChannel` when it names
/// no channel).
struct Transfer {
  int64_t channel;
  DenseIntElementsAttr pairs;

  PendingTransfers::Key key() const { return {channel, pairs}; }
};

/// "on channel 3", or "without a channel".
std::string onChannel(int64_t channel) {
  return channel == PendingTransfers::kNoChannel
             ? "without a channel"
             : "on channel " + std::to_string(channel);
}

FailureOr<Transfer> readTransfer(InstructionEmission &e) {
  int64_t channel = PendingTransfers::kNoChannel;
  if (e.instruction.attributes.count("channel_id")) {
    FailureOr<int64_t> id = e.integer("channel_id");
    if (failed(id))
      return failure();
    channel = *id;
  }
  FailureOr<DenseIntElementsAttr> pairs = permutePairs(e, kSendRecvPairs);
  if (failed(pairs))
    return failure();
  return Transfer{channel, *pairs};
}

/// The permute of `data`, sent over `transfer`, that a recv of
/// `receivedType` gets.
FailureOr<Value> emitPermute(InstructionEmission &e, const Transfer &transfer,
                             Value data, Type receivedType) {
  if (data.getType() != receivedType)
    return e.emitError() << "the transfer " << onChannel(transfer.channel)
                         << " sends " << data.getType() << " but receives "
                         << receivedType;
  auto permute = hlo::CollectivePermuteOp::create(
      e.builder, e.loc, data.getType(), data, transfer.pairs);
  if (failed(e.finish(permute)))
    return failure();
  return permute.getResult();
}

/// The tuple operand of a `-done`, as its start made it.
FailureOr<const HloValue *> startOperand(InstructionEmission &e) {
  if (e.operands.size() != 1 || e.operands[0].elements.size() != 3)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes the tuple of its start";
  return &e.operands[0];
}

} // namespace

HloValue transferContext(InstructionEmission &e, HloValue data) {
  auto context = RankedTensorType::get(
      {}, IntegerType::get(e.builder.getContext(), 32, IntegerType::Unsigned));
  HloValue tuple;
  tuple.elements = {std::move(data), HloValue{e.splat(context, 0.0), {}},
                    HloValue{}};
  return tuple;
}

FailureOr<HloValue> buildSend(InstructionEmission &e) {
  if (isOutsideTransfer(e))
    return buildOutsideSend(e);
  FailureOr<Transfer> transfer = readTransfer(e);
  if (failed(transfer))
    return failure();
  if (e.operands.size() != 2 || e.operands[0].isTuple())
    return e.emitError() << "'send' takes an array and a token";
  Value data = e.operands[0].tensor;
  PendingTransfers &pending = e.emitter.getPendingTransfers();
  auto recv = pending.recvs.find(transfer->key());
  if (recv == pending.recvs.end()) {
    if (!pending.sends
             .try_emplace(transfer->key(), PendingTransfers::Half{data, e.loc})
             .second)
      return e.emitError() << "a second 'send' " << onChannel(transfer->channel)
                           << " before its 'recv'";
    return transferContext(e, HloValue{data, {}});
  }

  Value standIn = recv->second.value;
  FailureOr<Value> received =
      emitPermute(e, *transfer, data, standIn.getType());
  if (failed(received))
    return failure();
  // What the recv's stand-in fed must come after the permute.
  Block *block = received->getParentBlock();
  for (OpOperand &use : standIn.getUses()) {
    Operation *user = block->findAncestorOpInBlock(*use.getOwner());
    if (!user || user->isBeforeInBlock(received->getDefiningOp()))
      return emitError(use.getOwner()->getLoc())
             << "the data of the 'recv' " << onChannel(transfer->channel)
             << " is used before its 'send'";
  }
  pending.arrived.emplace_back(standIn, *received);
  pending.recvs.erase(recv);
  return transferContext(e, HloValue{data, {}});
}

FailureOr<HloValue> buildRecv(InstructionEmission &e) {
  if (isOutsideTransfer(e))
    return buildOutsideRecv(e);
  FailureOr<Transfer> transfer = readTransfer(e);
  if (failed(transfer))
    return failure();
  auto shape = dyn_cast_if_present<TupleType>(e.instruction.shape);
  if (e.operands.size() != 1 || !shape || shape.size() != 3 ||
      !isa<RankedTensorType>(shape.getType(0)))
    return e.emitError() << "'recv' takes a token and gives (array, u32[], "
                            "token[])";
  PendingTransfers &pending = e.emitter.getPendingTransfers();
  auto send = pending.sends.find(transfer->key());
  if (send == pending.sends.end()) {
    Value standIn = UnrealizedConversionCastOp::create(
                        e.builder, e.loc, shape.getType(0), ValueRange{})
                        .getResult(0);
    if (!pending.recvs
             .try_emplace(transfer->key(),
                          PendingTransfers::Half{standIn, e.loc})
             .second)
      return e.emitError() << "a second 'recv' " << onChannel(transfer->channel)
                           << " before its 'send'";
    return transferContext(e, HloValue{standIn, {}});
  }

  FailureOr<Value> data =
      emitPermute(e, *transfer, send->second.value, shape.getType(0));
  if (failed(data))
    return failure();
  pending.sends.erase(send);
  return transferContext(e, HloValue{*data, {}});
}

FailureOr<HloValue> buildSendDone(InstructionEmission &e) {
  if (failed(startOperand(e)))
    return failure();
  return HloValue{};
}

FailureOr<HloValue> buildRecvDone(InstructionEmission &e) {
  FailureOr<const HloValue *> start = startOperand(e);
  if (failed(start))
    return failure();
  HloValue done;
  done.elements = {(*start)->elements[0], HloValue{}};
  return done;
}

LogicalResult checkTransfersMatched(const PendingTransfers &transfers,
                                    const ParsedComputation &computation) {
  for (auto [what, halves, other] :
       {std::make_tuple("send", &transfers.sends, "recv"),
        std::make_tuple("recv", &transfers.recvs, "send")})
    for (const auto &[key, half] : *halves)
      return emitError(half.loc)
             << "the '" << what << "' " << onChannel(key.first) << " has no '"
             << other << "' with its pairs in computation '" << computation.name
             << "'; fuse imports transfers whose halves are in one "
                "computation";
  return success();
}

} // namespace fuse::hlo_text
